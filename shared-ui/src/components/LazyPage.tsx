import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Spinner } from './Spinner';

/**
 * Route-level code splitting for a remote's routes module: the page (a named export of its module) is
 * loaded with its first render, together with whatever only it imports, and a spinner shows meanwhile.
 * A first visit of an area then loads the page it opens, not every page of the area.
 *
 *   const TrainersPage = lazyPage(() => import('./features/directory/components/TrainersPage'), 'TrainersPage');
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return function LazyPage() {
    return (
      <Suspense fallback={<Spinner center label="Loading page" />}>
        <Lazy />
      </Suspense>
    );
  };
}

/** A lazy page that can also be loaded before it renders (see preloadablePage). */
export type PreloadablePage<K extends string, M extends Record<K, ComponentType> = Record<K, ComponentType>> = ComponentType & {
  /** Loads the page's module (once; a failed load is tried again next time). */
  preload: () => Promise<M>;
  /** Hands the page its module, already there (a server build that has it in its own file). */
  provide: (module: M) => void;
};

/**
 * A lazy page (lazyPage: its chunk loads with its first render, a spinner meanwhile) that can ALSO be loaded before
 * it renders: on intent (a pointer over a link to it), or before a server-rendered page is hydrated (an area's
 * `prepare`, the shell's `prepareShellPage`), since the browser's first render must be the server's.
 *
 * A page whose module is there when it mounts renders it directly, with no Suspense boundary, on both sides:
 * React's server moves a large boundary's content after its fallback, hidden, and shows it with an inline script
 * once the page's first part has been read (the visitor would see the spinner first). Mounted before its module
 * is there (a visit from within the app without intent), it is lazyPage's: its loading state, then the page.
 *
 *   const PrivacyPolicyPage = preloadablePage(() => import('./PrivacyPolicyPage'), 'PrivacyPolicyPage');
 *   await PrivacyPolicyPage.preload(); // then hydrate
 */
export function preloadablePage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): PreloadablePage<K, M> {
  let loaded: ComponentType | null = null;
  let loading: Promise<M> | null = null;
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
    provide: (m: M) => {
      loaded = m[name];
    },
  });
}
