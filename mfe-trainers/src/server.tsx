// The trainers area on the server (issue 32 stage 2, docs/ssr.md): exposed as ./ssr by the area's server build
// (rspack.server.config.js, dist-server/), loaded by the shell's static server through the Module Federation
// runtime's Node support (scripts/ssr/react.mjs). Not part of the browser build.
//
//   prefetch(url, { queryClient, api }): reads what the page shows into the query client, under the same query
//     keys the page's hooks use, so its first render has every answer (and the browser gets them dehydrated);
//     resolves { ok: false } for a URL this module does not render (the page is then rendered in the browser).
//     Pages: /trainers/:id (the profile) and /trainers with its search in the query (the directory).
//   area: the area's routes module, the very object its browser build exposes as ./routes: the host renders it
//     inside the shell's own tree (the shell's server build, shell/src/server.tsx), so the page hydrates.
//   render(url, { queryClient }): the profile page alone (the host wraps it in its router): for a host without
//     the shell's server build (scripts/test/ssr-react.test.ts).
//
// react, react-dom, react-router-dom, @tanstack/react-query and styled-components are the host's (shared
// singletons without a fallback here), so one React renders the page and one style sheet collects its styles.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { matchPath, Route, Routes } from 'react-router-dom';
import { AppThemeProvider, CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { parseRouteId } from '@fitconnect/contracts/trainers';
import { TrainerProfilePage } from './features/profile/components/TrainerProfilePage';
import { preloadProfile } from './features/profile/lazy';
import { trainerKey } from './features/profile/api/get-trainer';
import { trainerReviewsKey } from './features/profile/api/get-trainer-reviews';
import { slotsKey } from './features/bookings/api/get-slots';
import { trainersPageQueryOptions, trainersUrl, type TrainersPage } from './features/directory/api/get-trainers';
import { parseDirectoryQuery, type DirectoryQuery } from './features/directory/lib/query';
import { TRAINER_LIST_HEADERS, type TrainerListItem } from '@fitconnect/contracts/trainers';

export { default as area } from './routes';

import type { SsrApi, SsrPrefetchResult as PrefetchResult } from '@fitconnect/shared-ui';

export type { SsrApi, PrefetchResult };

const PROFILE = '/trainers/:id';
const DIRECTORY = '/trainers';
/**
 * A shared directory link asks for pages 1..page at once (each its own query): the server renders up to this many
 * (one API call each); a link asking for more is rendered in the browser, as before.
 */
const DIRECTORY_MAX_PAGES = 5;

/** The URLs this module renders: /trainers/:id with a valid id (not /trainers/me/...). */
function profileId(pathname: string): number | null {
  const m = matchPath(PROFILE, pathname);
  if (!m || m.params.id === 'me') return null;
  return parseRouteId(m.params.id);
}

/**
 * One page of the directory as its query holds it (get-trainers.ts `getTrainers`): the list AND its headers
 * (X-Total-Count, X-Has-More, X-Location-Resolved).
 */
async function readTrainersPage(api: SsrApi, q: DirectoryQuery, page: number): Promise<TrainersPage> {
  const { data: body, headers } = await api.withHeaders(trainersUrl(q, page));
  const header = (name: string) => headers[name.toLowerCase()] ?? null;
  const totalHeader = header(TRAINER_LIST_HEADERS.totalCount);
  const total = Number(totalHeader);
  const resolved = header(TRAINER_LIST_HEADERS.locationResolved);
  // The very shape getTrainers gives the browser (its first render reads this answer).
  return {
    trainers: Array.isArray(body) ? (body as TrainerListItem[]) : [],
    total: totalHeader !== null && totalHeader !== '' && Number.isFinite(total) ? total : null,
    hasMore: header(TRAINER_LIST_HEADERS.hasMore) === 'true',
    locationResolved: resolved === null ? null : resolved === 'true',
  };
}

/** /trainers?location=...&filters: pages 1..page of the search, under the keys useTrainerPages reads. */
async function prefetchDirectory(search: string, queryClient: QueryClient, api: SsrApi): Promise<PrefetchResult> {
  const q = parseDirectoryQuery(new URLSearchParams(search));
  if (q.page > DIRECTORY_MAX_PAGES) return { ok: false };
  const pages = await Promise.all(Array.from({ length: q.page }, (_, i) => readTrainersPage(api, q, i + 1)));
  pages.forEach((data, i) => queryClient.setQueryData(trainersPageQueryOptions(q, i + 1).queryKey, data));
  return { ok: true, page: `directory ${trainersUrl(q, q.page)}` };
}

export async function prefetch(url: string, { queryClient, api }: { queryClient: QueryClient; api: SsrApi }): Promise<PrefetchResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  if (pathname === DIRECTORY) {
    // A signed-out visitor (the host renders only those): the current user is null, as /api/auth/user's 401 gives.
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    return prefetchDirectory(search, queryClient, api);
  }
  const id = profileId(pathname);
  if (id === null || id <= 0) return { ok: false };
  // A signed-out visitor (the host renders only those): the current user is null, as /api/auth/user's 401 gives.
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  const [trainer, reviews, slots] = await Promise.all([
    api(`/api/trainers/${id}`),
    api(`/api/trainers/${id}/reviews`),
    api(`/api/trainers/${id}/slots`),
    // The page shows itself whole, booking panel included (TrainerProfilePage.tsx): its chunk first, and the
    // routes module's lazy profile page (features/profile/lazy.ts), which then renders with no Suspense boundary.
    preloadProfile(),
  ]);
  queryClient.setQueryData(trainerKey(id), trainer);
  queryClient.setQueryData(trainerReviewsKey(id), Array.isArray(reviews) ? reviews : []);
  queryClient.setQueryData(slotsKey(id, '', ''), slots);
  return { ok: true, page: `trainer ${id}` };
}

export function render(_url: string, { queryClient }: { queryClient: QueryClient }): ReactNode {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <Routes>
          <Route path={PROFILE} element={<TrainerProfilePage />} />
        </Routes>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
