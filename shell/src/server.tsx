// The shell on the server (issue 32 stage 2, docs/ssr.md): built by rspack.server.config.js into
// dist-server/server.js (CommonJS, not served), required by the shell's static server (scripts/serve-static.mjs
// through scripts/ssr/react.mjs) to render a public page around the area's own routes module, which the
// renderer loaded from the area's server build (the version /remotes.json gives this visitor).
//
// The tree is the browser's (./Shell.tsx inside a router), so the page hydrates: StaticRouter instead of
// BrowserRouter, and an area loader that already holds the one area the page shows (the browser's bootstrap
// loads that area before hydrateRoot, so its first render has it too).
//
// react, react-dom, react-router-dom, @tanstack/react-query and styled-components are NOT in this build: they are
// the rendering process's own (externals), the very modules it also gives the areas' server builds, so one
// React renders the page, one router context and one query client reach the area, and one styled-components
// ServerStyleSheet collects the styles of both.
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY, type AreaName, type RemoteAreaModule } from '@fitconnect/shared-ui';

/** Which area owns a page's path (the shell's routing rule), for the server to pick the area to render. */
export { areaForPath } from '@fitconnect/shared-ui';
import type { AreaLoader } from './federation/areaLoader';
import { Shell } from './Shell';
import { PrivacyPolicyPage, TermsOfServicePage } from './pages/LegalPagesLazy';
import * as privacyPolicy from './pages/PrivacyPolicyPage';
import * as termsOfService from './pages/TermsOfServicePage';

// The legal pages are lazy in the browser (./pages/LegalPagesLazy.tsx); here their modules are in this one file
// already: given to their lazies now, so the server renders the page itself, directly, never its loading state
// (nor a Suspense boundary that React would stream after its fallback, shown later by a script: LegalPagesLazy).
PrivacyPolicyPage.provide(privacyPolicy);
TermsOfServicePage.provide(termsOfService);

export interface RenderPageOptions {
  /** The page's path and query, e.g. '/trainers/3'. */
  url: string;
  /** Filled by the area's prefetch (the current user is null: only signed-out visitors are rendered here). */
  queryClient: QueryClient;
  /** null: one of the shell's own pages. */
  area: AreaName | null;
  /** The area's routes module (its ./routes default export), from its server build; null for a shell page. */
  module: RemoteAreaModule | null;
}

/**
 * What AreaOutlet reads of the loader while rendering: peek() has the page's area. Nothing else can be loaded
 * on the server (another area's outlet renders its loading state, as the browser's first render does).
 */
function serverLoader(area: AreaName | null, module: RemoteAreaModule | null): AreaLoader {
  const never = () => new Promise<RemoteAreaModule>(() => {});
  const loader = {
    peek: (name: AreaName) => (name === area && module ? module : undefined),
    load: never,
    retry: never,
  };
  return loader as unknown as AreaLoader;
}

/**
 * The shell's own pages rendered on the server (their data: none but the current user; the legal pages' text is
 * in their module, shell/public/legal/*.json). The browser loads a legal page's chunk before hydrating it
 * (./bootstrap.tsx, prepareShellPage).
 */
const SHELL_PAGES = new Set(['/', '/privacy-policy', '/terms-of-service']);

/**
 * A shell page's answers for `url` (a signed-out visitor's: the current user is null, as /api/auth/user's 401
 * gives); `{ ok: false }` for a page the server does not render.
 */
export function prefetch(url: string, { queryClient }: { queryClient: QueryClient }): { ok: boolean; page?: string } {
  const { pathname } = new URL(url, 'http://localhost');
  if (!SHELL_PAGES.has(pathname)) return { ok: false };
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  return { ok: true, page: `shell ${pathname}` };
}

/** The whole page's element for `url` (render it with renderToPipeableStream inside a ServerStyleSheet). */
export function renderPage({ url, queryClient, area, module }: RenderPageOptions): ReactNode {
  return (
    <StaticRouter location={url}>
      <Shell loader={serverLoader(area, module)} queryClient={queryClient} />
    </StaticRouter>
  );
}
