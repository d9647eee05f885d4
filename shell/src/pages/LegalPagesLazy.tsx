import { preloadablePage } from '@fitconnect/shared-ui';

/*
 * The legal pages (privacy policy, terms of service) load when first visited, like the shell's other lazy pages,
 * and can ALSO be loaded before they render (shared-ui's preloadablePage): they come rendered from the server
 * (issue 32 stage 2, docs/ssr.md; `prefetch` in ../server.tsx), and the browser's first render must be the
 * server's. So:
 * - in the browser, bootstrap awaits `prepareShellPage(pathname)` before hydrateRoot (as an area's `prepare`);
 * - on the server, ../server.tsx gives the pages their modules at once (`provide`: the server build is one file).
 */
export const PrivacyPolicyPage = preloadablePage(() => import('./PrivacyPolicyPage'), 'PrivacyPolicyPage');
export const TermsOfServicePage = preloadablePage(() => import('./TermsOfServicePage'), 'TermsOfServicePage');

/** The shell's pages rendered on the server that load a module of their own, by path. */
export const PRELOADED_SHELL_PAGES: Readonly<Record<string, { preload: () => Promise<unknown> }>> = {
  '/privacy-policy': PrivacyPolicyPage,
  '/terms-of-service': TermsOfServicePage,
};

/** Loads what the shell's page at `pathname` renders, before the server's HTML of it is hydrated. */
export const prepareShellPage = (pathname: string): Promise<unknown> | undefined => PRELOADED_SHELL_PAGES[pathname]?.preload();
