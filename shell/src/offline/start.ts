import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';

/**
 * The page's side of offline use (issue 31; docs/offline.md), kept tiny: it is in every page's first load.
 *  - registers the service worker (/sw.js) after the page's `load` event, production builds only;
 *  - the signed-in user's data cache (./persist.ts: react-query persisted in IndexedDB) is a chunk of its
 *    own, loaded only for a signed-in visitor: at once when this browser holds a persisted cache (restored
 *    BEFORE the app renders, so an offline reload shows the saved plans), else when a user signs in.
 */

/** Set (localStorage) while this browser holds a signed-in user's persisted cache. */
export const PERSISTED_FLAG = 'fitconnect:offline-cache';

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('[offline] service worker not registered', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function hasPersistedCache(): boolean {
  try {
    return localStorage.getItem(PERSISTED_FLAG) === '1';
  } catch {
    return false;
  }
}

/** Resolves when the app may render (after the persisted cache, if any, is restored). */
export function startOffline(queryClient: QueryClient): Promise<void> {
  registerServiceWorker();
  const load = () => import(/* webpackChunkName: "offline" */ './persist').then((m) => m.persistSignedInCache(queryClient));
  if (hasPersistedCache()) return load().catch(() => undefined);
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== JSON.stringify(CURRENT_USER_KEY)) return;
    if (!(event.query.state.data as { user?: unknown } | undefined)?.user) return;
    unsubscribe();
    load().catch(() => undefined);
  });
  return Promise.resolve();
}
