import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@fitconnect/shared-ui';
import type { AreaLoader } from './federation/areaLoader';
import { createDefaultAreaLoader } from './federation/runtime';
import { Shell } from './Shell';

export { Shell, type ShellProps } from './Shell';

/**
 * The shell application (browser router, real Module Federation runtime). `loader`: the page's area loader
 * when bootstrap made it already (a server-rendered page loads its area before hydrating, ./bootstrap.tsx).
 */
export function App({ children, queryClient: given, loader: givenLoader }: { children?: ReactNode; queryClient?: QueryClient; loader?: AreaLoader }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [loader] = useState(() => givenLoader ?? createDefaultAreaLoader());
  return (
    <BrowserRouter>
      <Shell loader={loader} queryClient={queryClient} />
      {children}
    </BrowserRouter>
  );
}
