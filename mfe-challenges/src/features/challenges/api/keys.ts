import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Query keys: the first element is the path the shared query function GETs (SPEC §7); reads whose answer
 * depends on who asks carry the user id second, so another account never sees a cached answer.
 */
export const challengesKey = (userId: number | null) => ['/api/challenges', userId ?? 0] as const;
export const challengeKey = (id: number, userId: number | null) => [`/api/challenges/${id}`, userId ?? 0] as const;
/** The board of the challenge page: the top `limit` rows and the caller's own rank (`me`), so the user id too. */
export const leaderboardKey = (id: number, userId: number | null, limit: number) => [`/api/challenges/${id}/leaderboard?limit=${limit}`, userId ?? 0] as const;
export const userChallengesKey = (userId: number | null) => ['/api/user/challenges', userId ?? 0] as const;

/** SPEC §4: challenge queries retry 2 times. */
export const CHALLENGE_QUERY_RETRY = 2;

/** Every cached challenges read: the list, details, leaderboards and /api/user/challenges. */
export function isChallengesQuery(query: Pick<Query, 'queryKey'>): boolean {
  const head = query.queryKey[0];
  return typeof head === 'string' && (head.startsWith('/api/challenges') || head.startsWith('/api/user/challenges'));
}

/** SPEC §4/§7: after a join, a progress log or a create, the related lists refresh. */
export function refreshChallenges(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: isChallengesQuery });
}
