/// <reference lib="webworker" />
// Pages (navigations) in the service worker: NETWORK FIRST.
//
// Online, every navigation is the server's own answer: a fresh CSP nonce, and a CSP naming the remote
// origins of the visitor's rollout assignment of NOW (scripts/serve-static.mjs). A cached page is never
// served while the network answers, so a cached page can never pin the remote origins of an older
// deploy or assignment online.
//
// Offline (the network fails), the answer is the LAST page the server gave this browser, kept under one
// key whatever its path (the client-side router shows the page asked for): its CSP names the origins of the
// last /remotes.json the worker saw online, which is what the page will load offline. A cached response
// keeps its headers, so its CSP and the nonce in its <script>/<meta csp-nonce> tags still match: the page
// runs. (That nonce is reused offline; the page is the static shell, with no user content in its HTML.)
// Before any page was cached (right after install), the precached /index.html answers (sw.ts).
import type { WorkboxPlugin } from 'workbox-core/types';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

export const PAGES_CACHE = 'fc-pages';
/** The one key the last page answer is kept under. */
export const LAST_PAGE_KEY = '/__fc/last-page';

/** A navigation this worker answers: a page of this origin, not the API's (an OAuth redirect, a download). */
export function isPageNavigation(url: URL, request: Request): boolean {
  return request.mode === 'navigate' && request.method === 'GET' && url.origin === self.location.origin && !/^\/api(\/|$)/.test(url.pathname);
}

const lastPage: WorkboxPlugin = {
  // Read and write the same single entry, whatever the path.
  cacheKeyWillBeUsed: async () => new Request(new URL(LAST_PAGE_KEY, self.location.origin).href),
  // Only a whole HTML page (not a redirect, an error page or a file opened in the tab).
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && response.type === 'basic' && (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null,
};

export const pages = new NetworkFirst({ cacheName: PAGES_CACHE, matchOptions: { ignoreVary: true, ignoreSearch: true }, plugins: [lastPage] });

/**
 * A new worker (a deploy of the shell) drops the kept page: its <script> tags name the previous deploy's
 * files, which the new precache no longer holds (cleanupOutdatedCaches). Until the next online navigation,
 * the new precached index.html answers offline.
 */
export function forgetPagesOnActivate(): void {
  self.addEventListener('activate', (event) => {
    event.waitUntil(caches.delete(PAGES_CACHE));
  });
}
