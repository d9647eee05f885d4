import { preloadablePage } from '@fitconnect/shared-ui';

/**
 * The public profile page, split from the routes module: the directory (nearly every first visit of the area)
 * no longer carries it (issue 35.3: the /trainers visit's JavaScript). It is loaded ahead of the click instead:
 * - on intent, from the directory's links to a profile (a pointer over one, focus, a touch: `preloadProfile`),
 * - before a server-rendered profile is hydrated (the routes module's `prepare`), and on the server before it
 *   renders (../../server.tsx), so the first render in the browser is the server's and no spinner shows;
 * - otherwise (a link from another page, no intent) with its first render: lazyPage's spinner, then the page.
 */
export const TrainerProfilePage = preloadablePage(() => import('./components/TrainerProfilePage'), 'TrainerProfilePage');

/** The profile page's chunk and its booking panel's (the page shows itself whole once both are in). */
export function preloadProfile(): Promise<unknown> {
  return TrainerProfilePage.preload().then((m) => m.preloadBookingPanel());
}

/** Intent to open a profile: start its files, quietly (a failed load is tried again when the page renders). */
export function preloadProfileOnIntent(): void {
  preloadProfile().catch(() => undefined);
}
