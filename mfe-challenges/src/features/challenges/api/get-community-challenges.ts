import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ChallengeSummary } from '@fitconnect/contracts';
import { CHALLENGE_QUERY_RETRY } from './keys';

export interface CommunityChallengesPage {
  challenges: ChallengeSummary[];
  nextCursor: string | null;
}

/** The key starts with '/api/challenges', so a join, a log or a create refreshes it with the other lists. */
export const communityChallengesKey = (userId: number | null) => ['/api/challenges/community', userId ?? 0] as const;

/** GET /api/challenges/community?cursor=: people's challenges (not the curated ones), not ended, newest first. */
export function useCommunityChallenges(userId: number | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: communityChallengesKey(userId),
    queryFn: ({ pageParam }) =>
      apiRequest<CommunityChallengesPage>('GET', pageParam ? `/api/challenges/community?cursor=${encodeURIComponent(pageParam)}` : '/api/challenges/community'),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CommunityChallengesPage) => last.nextCursor ?? undefined,
    retry: CHALLENGE_QUERY_RETRY,
    enabled,
  });
}
