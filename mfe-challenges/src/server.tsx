// The challenges area on the server (issue 32 stage 2, docs/ssr.md): exposed as ./ssr by the area's server build
// (rspack.server.config.js, dist/server/), loaded by the shell's static server through the Module Federation
// runtime's Node support (scripts/ssr/react.mjs). Not part of the browser build.
//
//   prefetch(url, { queryClient, api }): reads what the page shows into the query client, under the same query
//     keys the page's hooks use, so its first render has every answer (and the browser gets them dehydrated);
//     resolves { ok: false } for a URL this module does not render (the page is then rendered in the browser).
//     Rendered: /challenges (the list: featured, popular, the first page of community challenges, past ones) and
//     /challenges/:id (the challenge and the top of its leaderboard), as a signed-out visitor sees them.
//   area: the area's routes module, the very object its browser build exposes as ./routes: the host renders it
//     inside the shell's own tree (the shell's server build), so the page hydrates.
//
// The pages compute "Active Now" and "Days Left" from the time and show dates in a time zone: the render time
// goes with the answers (RENDER_NOW_KEY) and dates are UTC until hydrated (features/challenges/lib/clock.ts).
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { parseRouteId } from '@fitconnect/contracts/challenges';
import { challengeKey, challengesKey, leaderboardKey } from './features/challenges/api/keys';
import { communityChallengesKey } from './features/challenges/api/get-community-challenges';
import { LEADERBOARD_TOP_ROWS } from './features/challenges/api/get-leaderboard';
import { RENDER_NOW_KEY } from './features/challenges/lib/clock';
import { ChallengeDetailPage } from './features/challenges/lazy';

export { default as area } from './routes';

import type { SsrApi, SsrPrefetchResult as PrefetchResult } from '@fitconnect/shared-ui';

export type { SsrApi, PrefetchResult };

const statusOf = (err: unknown) => (err && typeof err === 'object' && 'status' in err ? (err as { status: unknown }).status : undefined);

export async function prefetch(url: string, { queryClient, api }: { queryClient: QueryClient; api: SsrApi }): Promise<PrefetchResult> {
  const pathname = new URL(url, 'http://localhost').pathname.replace(/\/+$/, '') || '/';
  const list = pathname === '/challenges';
  const detail = matchPath('/challenges/:id', pathname);
  const id = detail ? parseRouteId(detail.params.id) : null;
  if (!list && (id === null || id <= 0)) return { ok: false };
  // A signed-out visitor (the host renders only those): the current user is null, as /api/auth/user's 401 gives.
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  if (list) {
    const [challenges, community] = await Promise.all([api('/api/challenges'), api('/api/challenges/community')]);
    queryClient.setQueryData(challengesKey(null), Array.isArray(challenges) ? challenges : []);
    // useCommunityChallenges is an infinite query: its first page, asked without a cursor.
    queryClient.setQueryData(communityChallengesKey(null), { pages: [community], pageParams: [null] });
  } else {
    const challengeId = id as number;
    try {
      const [challenge, board] = await Promise.all([
        api(`/api/challenges/${challengeId}`),
        api(`/api/challenges/${challengeId}/leaderboard?limit=${LEADERBOARD_TOP_ROWS}`),
        // The routes module's lazy detail page (features/challenges/lazy.ts): loaded, it renders with no Suspense boundary.
        ChallengeDetailPage.preload(),
      ]);
      queryClient.setQueryData(challengeKey(challengeId, null), challenge);
      queryClient.setQueryData(leaderboardKey(challengeId, null, LEADERBOARD_TOP_ROWS), board);
    } catch (err) {
      // No such challenge (or a hidden one): the browser shows its "Challenge Not Found".
      if (statusOf(err) === 404) return { ok: false };
      throw err;
    }
  }
  // The time the page is rendered at: the same on both sides of hydration.
  queryClient.setQueryData(RENDER_NOW_KEY, Date.now());
  return { ok: true, page: list ? 'challenges' : `challenge ${id}` };
}
