import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@fitconnect/shared-ui';
import { AppRoutes } from './AppRoutes';
import type { AreaLoader } from './federation/areaLoader';
import { AreaLoaderProvider } from './federation/AreaOutlet';
import { usePreloadOnIntent } from './federation/preloadOnIntent';
import { Layout } from './layout/Layout';
import { useWarmIntlWhenIdle } from './warmIntl';

export interface ShellProps {
  /** Loads remotes' routes modules (tests pass one with a fake federation runtime; the server one that has the area). */
  loader: AreaLoader;
  queryClient: QueryClient;
}

/**
 * Everything but the router: the ONE query client, theme (+ GlobalStyle) and toaster for the whole
 * page (remotes reach them through context), the layout and the routes. The browser renders it inside
 * BrowserRouter (./App.tsx); the server inside StaticRouter (./server.tsx): the same tree on both sides, so
 * a server-rendered page hydrates.
 */
export function Shell({ loader, queryClient }: ShellProps) {
  usePreloadOnIntent(loader);
  useWarmIntlWhenIdle();
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
