import type { ComponentType } from 'react';

/**
 * The contract between the shell and a feature remote, declared once.
 *
 * Each remote exposes `./routes` whose default export is a `RemoteAreaModule`. A remote may also expose, each
 * with a React component as its default export (the shell loads one only from the remotes whose
 * mf-manifest.json lists it, and never loads the routes module for it):
 *   `./navBadge`         a small badge next to the area's nav entries (top bar and bottom tabs), signed in
 *                        only, inside an error boundary that shows nothing if it fails (e.g. an unread count);
 *   `./dashboardWidget`  a small card for the signed-in user's /profile dashboard, inside its own error
 *                        boundary; it should render nothing when it has nothing to show.
 * The shell knows only area names, their route prefixes and where their manifests live
 * (`/remotes.json`); it renders the area's routes inside its own router, query client
 * and theme, behind an error boundary.
 */
export interface AreaRoute {
  /** Absolute path pattern as react-router understands it, e.g. '/workout-plan/:id'. */
  path: string;
  /** The page. Rendered inside the shell's providers. */
  Component: ComponentType;
  /** Signed-out users are sent to /signin?redirect=<path> by the shell before rendering. */
  requiresAuth?: boolean;
}

export interface RemoteAreaModule {
  /** Area name, matches the key in /remotes.json (workouts, trainers, messages, community, challenges). */
  area: string;
  routes: AreaRoute[];
  /**
   * Optional: loads what a page of the area renders only once it is loaded (a chunk its page loads in an
   * effect), so that a page the server rendered hydrates with the same first render. The shell awaits it
   * before hydrateRoot (issue 32 stage 2, docs/ssr.md); it should resolve even when the part failed to load.
   * `search` is the page's query string ('?tab=reviews', or ''): a page can show different parts by it.
   */
  prepare?: (pathname: string, search?: string) => Promise<unknown>;
}

/**
 * The server side of the contract (issue 32, docs/ssr.md): an area whose public pages are rendered on the server
 * has a server build exposing `./ssr` with `area` (its RemoteAreaModule, the same object as `./routes`) and
 * `prefetch(url, { queryClient, api })`, which puts the page's answers into the query client under the keys its
 * hooks use and says whether it renders that URL.
 */
export interface SsrApi {
  /** A public API read: the parsed JSON (rejects on a non-2xx answer, the status on the error). */
  (path: string): Promise<unknown>;
  /** The same, with the answer's headers (lower-case names): for a list whose total or next page travels in them. */
  withHeaders(path: string): Promise<{ data: unknown; headers: Record<string, string> }>;
}

export interface SsrPrefetchResult {
  /** false: this URL is not rendered on the server (the browser renders it, as without a server build). */
  ok: boolean;
  /** What the page is about (for the host's logs and tests). */
  page?: string;
}

/** Area names and the route prefixes each one owns (the shell's only knowledge of features). */
export const AREAS = {
  workouts: ['/ai-workout', '/workout-plan', '/workouts', '/exercise-tutorials', '/my-training'],
  trainers: ['/trainers', '/trainer-profile', '/trainer-signup', '/partners'],
  messages: ['/messages'],
  community: ['/community'],
  challenges: ['/challenges'],
} as const;
export type AreaName = keyof typeof AREAS;

/** Which area owns a pathname, or null (then it is a shell page or the 404). */
export function areaForPath(pathname: string): AreaName | null {
  for (const [area, prefixes] of Object.entries(AREAS) as [AreaName, readonly string[]][]) {
    if (prefixes.some((p) => pathname === p || pathname.startsWith(p + '/'))) return area;
  }
  return null;
}

/** The remotes manifest served by the deployment at /remotes.json. */
export interface RemotesManifest {
  remotes: Array<{ area: AreaName; name: string; entry: string }>;
}
