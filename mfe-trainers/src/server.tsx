// The trainers area on the server (issue 32 stage 2, docs/ssr.md): exposed as ./ssr by the area's server build
// (rspack.server.config.js, dist-server/), loaded by the shell's static server through the Module Federation
// runtime's Node support (scripts/ssr/react.mjs). Not part of the browser build.
//
//   prefetch(url, { queryClient, api }): reads what the page shows into the query client, under the same query
//     keys the page's hooks use, so its first render has every answer (and the browser gets them dehydrated);
//     resolves { ok: false } for a URL this module does not render (the page is then rendered in the browser).
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
import { TrainerProfilePage, preloadBookingPanel } from './features/profile/components/TrainerProfilePage';
import { trainerKey } from './features/profile/api/get-trainer';
import { trainerReviewsKey } from './features/profile/api/get-trainer-reviews';
import { slotsKey } from './features/bookings/api/get-slots';

export { default as area } from './routes';

/** The host's read of a public API answer: `path` like `/api/trainers/3`; parsed JSON, or rejects (status on the error). */
export type SsrApi = (path: string) => Promise<unknown>;

export interface PrefetchResult {
  ok: boolean;
  /** What the page is about (for the host's logs and tests). */
  page?: string;
}

const PROFILE = '/trainers/:id';

/** The URLs this module renders: /trainers/:id with a valid id (not /trainers/me/...). */
function profileId(pathname: string): number | null {
  const m = matchPath(PROFILE, pathname);
  if (!m || m.params.id === 'me') return null;
  return parseRouteId(m.params.id);
}

export async function prefetch(url: string, { queryClient, api }: { queryClient: QueryClient; api: SsrApi }): Promise<PrefetchResult> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const id = profileId(pathname);
  if (id === null || id <= 0) return { ok: false };
  // A signed-out visitor (the host renders only those): the current user is null, as /api/auth/user's 401 gives.
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  const [trainer, reviews, slots] = await Promise.all([
    api(`/api/trainers/${id}`),
    api(`/api/trainers/${id}/reviews`),
    api(`/api/trainers/${id}/slots`),
    // The page shows itself whole, booking panel included (TrainerProfilePage.tsx): its chunk first.
    preloadBookingPanel(),
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
