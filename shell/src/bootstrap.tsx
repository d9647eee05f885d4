import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AREAS, createQueryClient, noteHydratedQueries, type AreaName } from '@fitconnect/shared-ui';
import type { QueryClient } from '@tanstack/react-query';
import type { DehydratedState } from '@tanstack/react-query';
import { App } from './App';
import type { AreaLoader } from './federation/areaLoader';
import { createDefaultAreaLoader } from './federation/runtime';
import { startOffline } from './offline/start';
import { forgetHeldClicks, markHydrated } from './ssrPage';
import { prepareShellPage } from './pages/LegalPagesLazy';

/**
 * A page the shell's server rendered with React (issue 32 stage 2, docs/ssr.md: `<div id="root" data-ssr="<area>">`,
 * or data-ssr="shell" for a page of the shell's own
 * and its queries' answers in `#fc-ssr-state`): everything the server's render had is made ready before
 * hydrateRoot, so the browser's first render is the server's: the area's routes module (this visitor's version,
 * as the server used), what the area's pages load in effects (its `prepare`), and the answers, put into the query
 * client and noted so the page does not fetch them again. null: not ready (the area failed to load): render anew.
 */
async function prepareHydration(area: string, queryClient: QueryClient): Promise<AreaLoader | null> {
  // 'shell': one of the shell's own pages (no area to load).
  if (area !== 'shell' && !(area in AREAS)) return null;
  try {
    const stateEl = document.getElementById('fc-ssr-state');
    const state = stateEl?.textContent ? (JSON.parse(stateEl.textContent) as DehydratedState) : null;
    const loader = createDefaultAreaLoader();
    const module = area === 'shell' ? null : await loader.load(area as AreaName);
    // What the page loads on its own (a shell page's lazy module, an area's effects' chunks), loaded now.
    await (area === 'shell' ? prepareShellPage(window.location.pathname) : module?.prepare?.(window.location.pathname, window.location.search));
    if (state) {
      // The server's answers, as fetched when it rendered. dehydrate() keeps successful queries only, so their data
      // and time are all there is to restore: setQueryData does it (query-core's hydrate() is not in the pages'
      // shared subset of react-query, and would be another file on every server-rendered page).
      const queries = (state.queries ?? []).filter((q) => q.state.status === 'success');
      for (const q of queries) queryClient.setQueryData(q.queryKey, q.state.data, { updatedAt: q.state.dataUpdatedAt });
      noteHydratedQueries(queries.map((q) => q.queryHash));
    }
    return loader;
  } catch (err) {
    console.warn('[shell] the server-rendered page is rendered again in the browser:', err);
    return null;
  }
}

/** Its effect runs once the page is hydrated: from then on, a page rendered in the app is a fresh one (../ssrPage). */
function Hydrated() {
  useEffect(markHydrated, []);
  return null;
}

const el = document.getElementById('root');
if (el) {
  // The page's one query client, made here so a signed-in user's persisted cache is restored before the
  // first render (./offline/start.ts); the service worker is registered after `load`.
  const queryClient = createQueryClient();
  void startOffline(queryClient).then(async () => {
    const area = el.getAttribute('data-ssr');
    const loader = area ? await prepareHydration(area, queryClient) : null;
    if (loader) {
      // In a transition, so React hydrates in slices of a few milliseconds with the browser free between them,
      // instead of one task (docs/performance.md, "Total blocking time"): the server's page is on screen meanwhile.
      startTransition(() => {
        hydrateRoot(el, <App queryClient={queryClient} loader={loader}><Hydrated /></App>, {
          // A mismatch is repaired by React (it renders that part again); it is logged so tests and operators see it.
          onRecoverableError: (error) => console.error('[shell] hydration:', error),
        });
      });
      return;
    }
    if (area) {
      forgetHeldClicks();
      el.replaceChildren();
      el.removeAttribute('data-ssr');
    }
    // In a transition too: rendered in slices, the page appearing in one commit all the same.
    const root = createRoot(el);
    startTransition(() => root.render(<App queryClient={queryClient} />));
  });
}
