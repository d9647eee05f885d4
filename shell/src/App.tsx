import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from '@fitconnect/shared-ui';
import { AppRoutes } from './AppRoutes';
import type { AreaLoader } from './federation/areaLoader';
import { AreaLoaderProvider } from './federation/AreaOutlet';
import { usePreloadOnIntent } from './federation/preloadOnIntent';
import { createDefaultAreaLoader } from './federation/runtime';
import { Layout } from './layout/Layout';

export interface ShellProps {
  /** Loads remotes' routes modules (tests pass one with a fake federation runtime). */
  loader: AreaLoader;
  queryClient: QueryClient;
}

/**
 * Everything but the router: the ONE query client, theme (+ GlobalStyle) and toaster for the whole
 * page (remotes reach them through context), the layout and the routes.
 */
export function Shell({ loader, queryClient }: ShellProps) {
  usePreloadOnIntent(loader);
  return (
    <AppProviders queryClient={queryClient}>
      <AreaLoaderProvider value={loader}>
        <Layout>
          <AppRoutes />
        </Layout>
      </AreaLoaderProvider>
    </AppProviders>
  );
}

/** The shell application (browser router, real Module Federation runtime). */
export function App({ children, queryClient: given }: { children?: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [loader] = useState(createDefaultAreaLoader);
  return (
    <BrowserRouter>
      <Shell loader={loader} queryClient={queryClient} />
      {children}
    </BrowserRouter>
  );
}
