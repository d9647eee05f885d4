import { useState, type ComponentType } from 'react';
import { lazyPage } from '@fitconnect/shared-ui';

/*
 * The legal pages (privacy policy, terms of service) load when first visited, like the shell's other lazy pages
 * (lazyPage: a spinner meanwhile), and can ALSO be loaded before they render: they come rendered from the server
 * (issue 32 stage 2, docs/ssr.md; `prefetch` in ../server.tsx), and the browser's first render must be the
 * server's. So:
 * - in the browser, bootstrap awaits `prepareShellPage(pathname)` before hydrateRoot (as an area's `prepare`);
 * - on the server, ../server.tsx gives the pages their modules at once (`provide`: the server build is one file).
 * A page whose module is there when it mounts renders it directly, with no Suspense boundary, on both sides:
 * React's server moves a large boundary's content (these pages are several KB of HTML) after its fallback,
 * hidden, and shows it with an inline script once the page's first part has been read: the visitor would see the
 * spinner first. Mounted before its module is there (a visit from within the app), the page is lazyPage's: its
 * loading state, then the page. Every other page keeps them lazy: their chunks load only when one is visited.
 */
export type PreloadablePage<K extends string> = ComponentType & {
  /** Loads the page's module (once; a failed load is tried again next time). */
  preload: () => Promise<unknown>;
  /** Hands the page its module, already there (the server's build). */
  provide: (module: Record<K, ComponentType>) => void;
};

function preloadablePage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PreloadablePage<K> {
  let loaded: ComponentType | null = null;
  let loading: Promise<Record<K, ComponentType>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m[name];
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazyPage(preload, name);
  function LazyPage() {
    // Read once, when mounted: a page does not change from one to the other while it is shown.
    const [Page] = useState(() => loaded);
    return Page ? <Page /> : <Lazy />;
  }
  return Object.assign(LazyPage, {
    preload,
    provide: (m: Record<K, ComponentType>) => {
      loaded = m[name];
    },
  });
}

export const PrivacyPolicyPage = preloadablePage(() => import('./PrivacyPolicyPage'), 'PrivacyPolicyPage');
export const TermsOfServicePage = preloadablePage(() => import('./TermsOfServicePage'), 'TermsOfServicePage');

/** The shell's pages rendered on the server that load a module of their own, by path. */
export const PRELOADED_SHELL_PAGES: Readonly<Record<string, { preload: () => Promise<unknown> }>> = {
  '/privacy-policy': PrivacyPolicyPage,
  '/terms-of-service': TermsOfServicePage,
};

/** Loads what the shell's page at `pathname` renders, before the server's HTML of it is hydrated. */
export const prepareShellPage = (pathname: string): Promise<unknown> | undefined => PRELOADED_SHELL_PAGES[pathname]?.preload();
