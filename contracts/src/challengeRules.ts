// The challenges' rules that need no schema: when a challenge is upcoming, active or ended, and what counts as
// popular. No zod here: the challenges list (the area's first visit) uses these and no schema, so its entry
// ('@fitconnect/contracts/challenge-rules', ../challenge-rules.ts) loads without zod. ./challenges.ts re-exports them.

export type ChallengeTiming = 'upcoming' | 'active' | 'ended';

/** SPEC §4: upcoming before startDate, active between start and end (inclusive), ended after endDate. */
export function challengeTiming(startDate: Date | string, endDate: Date | string, now: Date = new Date()): ChallengeTiming {
  const t = now.getTime();
  if (t < new Date(startDate).getTime()) return 'upcoming';
  if (t > new Date(endDate).getTime()) return 'ended';
  return 'active';
}

/** Popular: not ended, not featured, at least this many participants, most participants first. */
export const POPULAR_CHALLENGE_MIN_PARTICIPANTS = 2;
