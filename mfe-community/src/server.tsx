// The community area on the server (issue 32 stage 2, docs/ssr.md): exposed as ./ssr by the area's server build
// (rspack.server.config.js, dist/server/), loaded by the shell's static server through the Module Federation
// runtime's Node support (scripts/ssr/react.mjs). Not part of the browser build.
//
//   prefetch(url, { queryClient, api }): reads what /community shows a signed-out visitor into the query
//     client, under the same query keys the page's hooks use: the feed tab (sample posts, Recent activity),
//     the reviews tab (?tab=reviews[&category=&sort=]: the first page of public reviews), the feedback tab
//     (a form: nothing to read). Resolves { ok: false } for a URL it does not render (rendered in the browser).
//   area: the area's routes module, the very object its browser build exposes as ./routes.
//
// Only public answers are read (the host asks the API without a cookie): an anonymous review comes as
// `user: null` and renders as "Anonymous User" on the server as in the browser.
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, type CommunityReview } from '@fitconnect/contracts/community';
import type { ActivityPage } from '@fitconnect/contracts';
import { parseTab } from './features/community/parseTab';
import { preloadTabFor } from './features/community/lazyTabs';
import { parseCategory, parseSort } from './features/reviews/lib/filter';
import { reviewsQueryOptions, type ReviewsPage } from './features/reviews/api/get-reviews';
import { ACTIVITY_KEY } from './features/activity/api/get-activity';
import { RENDERED_AT_KEY } from './lib/relativeTime';

export { default as area } from './routes';

import type { SsrApi, SsrPrefetchResult as PrefetchResult } from '@fitconnect/shared-ui';

export type { SsrApi, PrefetchResult };

export async function prefetch(url: string, { queryClient, api }: { queryClient: QueryClient; api: SsrApi }): Promise<PrefetchResult> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname !== '/community') return { ok: false };
  const tab = parseTab(searchParams.get('tab'));
  // The routes module's lazy tab (features/community/lazyTabs.ts): loaded, it renders with no Suspense boundary.
  await preloadTabFor(`?${searchParams.toString()}`);

  if (tab === 'feed') {
    const activity = (await api(ACTIVITY_KEY)) as ActivityPage;
    if (!activity || !Array.isArray(activity.items)) return { ok: false };
    queryClient.setQueryData([ACTIVITY_KEY, 0], { pages: [activity], pageParams: [null] });
  } else if (tab === 'reviews') {
    const category = parseCategory(searchParams.get('category'));
    const sort = parseSort(searchParams.get('sort'));
    // The list's total and next page's cursor travel in response headers (X-Total-Count, X-Next-Cursor): the very
    // page getReviews gives the browser (get-reviews.ts).
    const params = new URLSearchParams();
    if (category !== 'all') params.set('category', category);
    if (sort !== 'newest') params.set('sort', sort);
    const qs = params.toString();
    const { data: body, headers } = await api.withHeaders(`/api/community-reviews${qs ? `?${qs}` : ''}`);
    if (!Array.isArray(body)) return { ok: false };
    const reviews = body as CommunityReview[];
    const totalHeader = headers[TOTAL_COUNT_HEADER.toLowerCase()];
    const total = Number(totalHeader);
    const page: ReviewsPage = {
      reviews,
      nextCursor: headers[NEXT_CURSOR_HEADER.toLowerCase()] || null,
      total: totalHeader !== undefined && Number.isFinite(total) ? total : reviews.length,
    };
    queryClient.setQueryData(reviewsQueryOptions(category, sort, null).queryKey, { pages: [page], pageParams: [null] });
  }

  // A signed-out visitor (the host renders only those): the current user is null, as /api/auth/user's 401 gives.
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  // The relative times ('2 hours ago') are computed from this instant on the server and while hydrating.
  queryClient.setQueryData(RENDERED_AT_KEY, Date.now());
  return { ok: true, page: `community ${tab}` };
}
