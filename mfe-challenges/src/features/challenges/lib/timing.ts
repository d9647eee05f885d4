import { challengeTiming, type ChallengeTiming } from '@fitconnect/contracts/challenge-rules';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §2 labels for the three timing states. */
export const TIMING_LABELS: Record<ChallengeTiming, string> = {
  upcoming: 'Starts Soon',
  active: 'Active Now',
  ended: 'Ended',
};

/** The timing state from the current time (SPEC §4: inclusive of both dates). */
export function timingOf(c: { startDate: string; endDate: string }, now: Date = new Date()): ChallengeTiming {
  return challengeTiming(c.startDate, c.endDate, now);
}

export function timingLabel(c: { startDate: string; endDate: string }, now: Date = new Date()): string {
  return TIMING_LABELS[timingOf(c, now)];
}

/** Days left until the end date, rounded up (0 once ended). */
export function daysLeft(endDate: string, now: Date = new Date()): number {
  const ms = new Date(endDate).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** The challenge's length in days, rounded up (at least 1). */
export function durationDays(startDate: string, endDate: string): number {
  const ms = new Date(endDate).getTime() - new Date(startDate).getTime();
  return Math.max(1, Math.ceil(ms / DAY_MS));
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
