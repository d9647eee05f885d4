import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '@fitconnect/shared-ui';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type CommunityReview,
  type CommunityReviewFilter,
  type CommunityReviewSort,
} from '@fitconnect/contracts/community';

export const COMMUNITY_REVIEWS_KEY = '/api/community-reviews';

export interface ReviewsPage {
  reviews: CommunityReview[];
  nextCursor: string | null;
  total: number;
}

/**
 * GET /api/community-reviews?category=&sort=&cursor=: one page. The body is the array (SPEC §7); the next
 * page's cursor and the total come in the X-Next-Cursor / X-Total-Count headers.
 */
export async function getReviewsPage(opts: {
  category: CommunityReviewFilter;
  sort: CommunityReviewSort;
  cursor?: string | null;
  signal?: AbortSignal;
}): Promise<ReviewsPage> {
  const params = new URLSearchParams();
  if (opts.category !== 'all') params.set('category', opts.category);
  if (opts.sort !== 'newest') params.set('sort', opts.sort);
  if (opts.cursor) params.set('cursor', opts.cursor);
  const qs = params.toString();
  const res = await fetch(`${COMMUNITY_REVIEWS_KEY}${qs ? `?${qs}` : ''}`, {
    credentials: 'include',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    signal: opts.signal,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  const body: unknown = text ? JSON.parse(text) : [];
  const reviews = Array.isArray(body) ? (body as CommunityReview[]) : [];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return { reviews, nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null, total: Number.isFinite(total) && res.headers.has(TOTAL_COUNT_HEADER) ? total : reviews.length };
}

/** The category (and sort, and who is asking: votedHelpful / isMine depend on it) are part of the key. */
export function reviewsQueryOptions(category: CommunityReviewFilter, sort: CommunityReviewSort, viewerId: number | null) {
  return infiniteQueryOptions({
    queryKey: [COMMUNITY_REVIEWS_KEY, category, sort, viewerId ?? 0] as const,
    queryFn: ({ pageParam, signal }) => getReviewsPage({ category, sort, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReviewsPage) => last.nextCursor ?? undefined,
  });
}

export function useReviews(category: CommunityReviewFilter, sort: CommunityReviewSort, viewerId: number | null, enabled = true) {
  return useInfiniteQuery({ ...reviewsQueryOptions(category, sort, viewerId), enabled });
}
