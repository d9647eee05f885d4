import { useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry } from '@fitconnect/contracts';
import { CHALLENGE_QUERY_RETRY, participantsKey } from './keys';

/** The leaderboard refreshes itself this often while the page is visible. */
export const LEADERBOARD_REFRESH_MS = 30_000;

/** GET /api/challenges/{id}/participants: the leaderboard, refetched every 30 s while the page is visible. */
export function useParticipants(id: number | null) {
  return useQuery<LeaderboardEntry[]>({
    queryKey: participantsKey(id ?? 0),
    enabled: id !== null,
    retry: CHALLENGE_QUERY_RETRY,
    refetchInterval: LEADERBOARD_REFRESH_MS,
    // Paused while the tab is hidden (react-query's focus manager follows document visibility).
    refetchIntervalInBackground: false,
  });
}
