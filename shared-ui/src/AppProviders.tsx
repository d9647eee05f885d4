import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppThemeProvider, GlobalStyle } from './ThemeProvider';
import { Toaster } from './components/Toast';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Render GlobalStyle too (default true; standalone pages want it, the shell renders it once). */
  globalStyle?: boolean;
}

/**
 * Query client + theme + toaster, no router (callers add BrowserRouter / MemoryRouter).
 * The shell uses it once at the root; remotes use it only on their standalone dev page and in tests.
 */
export function AppProviders({ queryClient, children, globalStyle = true }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        {globalStyle && <GlobalStyle />}
        {children}
        <Toaster />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
