/// <reference lib="webworker" />
// FitConnect's service worker (/sw.js), built by the shell's rspack config (its `sw` compilation) and given
// its precache list by Workbox's injectManifest (workbox-build). What it does (docs/offline.md):
//
//   - pages (navigations): network first, so online every page is the server's fresh answer (its own CSP
//     nonce, the CSP of the visitor's assignment of now); offline, the last page answer (./pages.ts), else
//     the precached index.html;
//   - precaches the shell: index.html (the offline answer before any page was kept) and its JS/CSS;
//   - /remotes.json: network-first (the visitor's rollout assignment as the API gives it now), the last
//     answer offline;
//   - each remote's mf-manifest.json and remoteEntry.js: network-first, the last answer offline;
//   - each remote's content-hashed chunks: cache-first in a cache of that remote's VERSION
//     (fc-remote-<area>-<version>, see ./remotes.ts); once online a new deploy or rollout assignment
//     makes a new version cache and the area's older ones are deleted;
//   - once a signed-in visitor has opened the workouts area, the page asks (message 'fc:cache-area') for
//     that remote's whole current version: every file its exposed modules need (plans, plan view, session);
//   - push notifications (contract with the notifications API): `push` -> showNotification,
//     `notificationclick` -> focus/navigate a same-origin window to the notification's path.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { forgetPagesOnActivate, isPageNavigation, pages } from './pages';
import { RemoteCaches } from './remotes';
import { handleNotificationClick, parsePush } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new worker takes over at once (a deploy's shell files are precached by then); the page reloads nothing.
void self.skipWaiting();
clientsClaim();

// Pages first (routes match in the order they are registered): the precache route would otherwise answer
// a navigation to / or /index.html from the precache even online, with the CSP (remote origins) and nonce
// of install time. Network first; offline the last page the server gave (./pages.ts).
registerRoute(({ url, request }) => isPageNavigation(url, request), pages);
forgetPagesOnActivate();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const remotes = new RemoteCaches();

// The visitor's remotes manifest (per visitor, from the rollout API): network first, so an online page
// always follows today's assignment; the remote caches follow it (RemoteCaches.remotesJson).
const remotesJson = new NetworkFirst({ cacheName: 'fc-remotes-json', matchOptions: { ignoreVary: true }, plugins: [remotes.remotesJsonPlugin] });
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === '/remotes.json' && request.method === 'GET',
  async (options) => {
    const response = await remotesJson.handle(options);
    await remotes.remotesJson(response.clone());
    return response;
  },
);

// A remote's manifest, entry and chunks, for the remotes /remotes.json names.
registerRoute(
  ({ url, request }) => request.method === 'GET' && remotes.owns(url),
  (options) => remotes.handle(options),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    // Offline with no page kept yet (the worker was just installed): the precached app shell.
    const shell = await matchPrecache('/index.html');
    if (shell) return shell;
  }
  return Response.error();
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; area?: unknown } | null;
  if (data && data.type === 'fc:cache-area' && typeof data.area === 'string') {
    const area = data.area;
    event.waitUntil(
      (async () => {
        // The page read /remotes.json before this worker controlled it (its first visit): read it now.
        if (!(await remotes.knowsArea(area))) {
          const response = await remotesJson.handle({ event, request: new Request('/remotes.json', { cache: 'no-store', headers: { Accept: 'application/json' } }) });
          await remotes.remotesJson(response);
        }
        await remotes.cacheWholeArea(area, event);
      })().catch((err: unknown) => console.warn('[sw] could not cache the area', err)),
    );
  }
});

self.addEventListener('push', (event) => {
  const message = parsePush(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(handleNotificationClick(self, event.notification.data));
});
