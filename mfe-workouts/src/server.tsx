// The workouts area on the server (issue 32 stage 2, docs/ssr.md): exposed as ./ssr by the area's server build
// (rspack.server.config.js, dist/server/), loaded by the shell's static server through the Module Federation
// runtime's Node support (scripts/ssr/react.mjs). Not part of the browser build.
//
//   prefetch(url, { queryClient, api }): reads what the page shows into the query client, under the same query
//     keys the page's hooks use (features/tutorials/api/exercises.ts), so its first render has every answer (and
//     the browser gets them dehydrated); resolves { ok: false } for a URL this module does not render (the page
//     is then rendered in the browser): everything but the exercise tutorials, so the planner, a workout plan,
//     a session and /my-training (signed-in pages) never are.
//   area: the area's routes module, the very object its browser build exposes as ./routes: the host renders it
//     inside the shell's own tree (the shell's server build, shell/src/server.tsx), so the page hydrates.
//
// react, react-dom, react-router-dom, @tanstack/react-query and styled-components are the host's (shared
// singletons without a fallback here), so one React renders the page and one style sheet collects its styles.
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { ExerciseSlug } from '@fitconnect/contracts/exercises';
import { exerciseKey, exercisePageKey } from './features/tutorials/api/exercises';
import { fromSearch, toApiSearch } from './features/tutorials/lib/url';
import { preloadExerciseDetail } from './routes';

export { default as area } from './routes';

import type { SsrApi, SsrPrefetchResult as PrefetchResult } from '@fitconnect/shared-ui';

export type { SsrApi, PrefetchResult };

const LIBRARY = '/exercise-tutorials';
const DETAIL = '/exercise-tutorials/:slug';

const statusOf = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined);

export async function prefetch(url: string, { queryClient, api }: { queryClient: QueryClient; api: SsrApi }): Promise<PrefetchResult> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (matchPath(LIBRARY, pathname)) {
    // The list the page asks for: its URL's search, filters and page as the page reads them (anything the API's
    // schema refuses is the default there too), so the query's key and request are the browser's.
    const qs = toApiSearch(fromSearch(searchParams));
    const list = await api(`/api/exercises?${qs}`);
    // A signed-out visitor (the host renders only those): the current user is null, as /api/auth/user's 401 gives.
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    queryClient.setQueryData(exercisePageKey(qs), list);
    return { ok: true, page: `exercises ${qs}` };
  }
  const detail = matchPath(DETAIL, pathname);
  if (detail) {
    const slug = ExerciseSlug.safeParse(detail.params.slug);
    // Not a slug: the page's 'Exercise not found' is rendered in the browser (an error is not dehydrated).
    if (!slug.success) return { ok: false };
    let exercise: unknown;
    try {
      // The page's module too: it renders without suspending, as it does in the browser (routes.tsx).
      [exercise] = await Promise.all([api(`/api/exercises/${encodeURIComponent(slug.data)}`), preloadExerciseDetail()]);
    } catch (err) {
      if (statusOf(err) === 404 || statusOf(err) === 400) return { ok: false };
      throw err;
    }
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    queryClient.setQueryData(exerciseKey(slug.data), exercise);
    return { ok: true, page: `exercise ${slug.data}` };
  }
  // The planner, workout plans, sessions and /my-training: signed-in pages, rendered in the browser.
  return { ok: false };
}
