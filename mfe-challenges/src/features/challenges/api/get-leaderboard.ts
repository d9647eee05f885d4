import { useQuery } from '@tanstack/react-query';
import type { ChallengeLeaderboard } from '@fitconnect/contracts';
import { CHALLENGE_QUERY_RETRY, leaderboardKey } from './keys';

/**
 * Rows the page asks for first, and the most the API answers (the contracts' LEADERBOARD_TOP_ROWS and
 * LEADERBOARD_MAX_ROWS). Copied, not imported: the contracts are a shared Module Federation singleton, and a
 * shell built before these constants existed would hand this remote a copy without them.
 */
export const LEADERBOARD_TOP_ROWS = 10;
export const LEADERBOARD_MAX_ROWS = 500;

/** The leaderboard refreshes itself this often while the page is visible. */
export const LEADERBOARD_REFRESH_MS = 30_000;

/**
 * GET /api/challenges/{id}/leaderboard?limit=N (issue 35.4): the top N rows and, for a signed-in participant,
 * their own row with their rank however far down they are; refetched every 30 s while the page is visible.
 * The answer depends on who asks (`me`), so the key carries the user id. While a larger N loads, the rows
 * shown stay, but only the same person's: another account never sees the previous one's own row.
 */
export function useLeaderboard(id: number | null, userId: number | null, limit: number, enabled = true) {
  return useQuery<ChallengeLeaderboard>({
    queryKey: leaderboardKey(id ?? 0, userId, limit),
    enabled: id !== null && enabled,
    retry: CHALLENGE_QUERY_RETRY,
    refetchInterval: LEADERBOARD_REFRESH_MS,
    // Paused while the tab is hidden (react-query's focus manager follows document visibility).
    refetchIntervalInBackground: false,
    placeholderData: (previous, previousQuery) => {
      const [path, who] = previousQuery?.queryKey ?? [];
      return who === (userId ?? 0) && String(path).startsWith(`/api/challenges/${id}/leaderboard?`) ? previous : undefined;
    },
  });
}
