import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from './auth';
import type { RemoteAreaModule } from './federation';

/**
 * An area's pages as routes: the one place that turns a RemoteAreaModule into react-router routes
 * (the shell and a remote's standalone page both render through it). Pages marked requiresAuth are
 * wrapped in RequireAuth; anything else under the area gets `fallback`.
 */
export function AreaRoutes({ module, fallback }: { module: RemoteAreaModule; fallback: ReactNode }) {
  return (
    <Routes>
      {module.routes.map(({ path, Component: Page, requiresAuth }) => (
        <Route
          key={path}
          path={path}
          element={
            requiresAuth ? (
              <RequireAuth>
                <Page />
              </RequireAuth>
            ) : (
              <Page />
            )
          }
        />
      ))}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
