import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ActivityPage } from '@fitconnect/contracts';

export const ACTIVITY_KEY = '/api/activity';

/** GET /api/activity?cursor=: one page of public events, newest first. */
export function getActivityPage(cursor: string | null): Promise<ActivityPage> {
  return apiRequest<ActivityPage>('GET', cursor ? `${ACTIVITY_KEY}?cursor=${encodeURIComponent(cursor)}` : ACTIVITY_KEY);
}

/**
 * The feed's "Recent activity", paged by cursor. The viewer is part of the key: a signed-in viewer with a
 * location sees new trainers near them only. Fetched afresh on each visit of the feed (it is live data).
 */
export function useActivity(viewerId: number | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: [ACTIVITY_KEY, viewerId ?? 0] as const,
    queryFn: ({ pageParam }) => getActivityPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ActivityPage) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    refetchOnMount: true,
    enabled,
  });
}
