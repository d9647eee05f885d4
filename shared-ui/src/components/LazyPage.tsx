import { lazy, Suspense, type ComponentType } from 'react';
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
