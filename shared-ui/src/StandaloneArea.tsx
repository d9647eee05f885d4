import { useState } from 'react';
import { BrowserRouter, Link } from 'react-router-dom';
import styled from 'styled-components';
// From the package, not by relative paths: in a remote's dev server (federated) that is the page's one
// shared copy, and a relative import would bring a second theme store and toaster (see ../standalone.ts).
import { AppProviders, AreaRoutes, createQueryClient, useCurrentUserRefresh, type RemoteAreaModule } from '@fitconnect/shared-ui';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

function Refresh() {
  useCurrentUserRefresh();
  return null;
}

/**
 * A remote's own dev page (every remote's bootstrap renders it): the same providers as inside the shell (query client, theme, toaster,
 * router), a bar linking this area's pages, and the area's routes. Only for developing the remote on
 * its own; in production the shell renders the routes.
 */
export function StandaloneArea({ module }: { module: RemoteAreaModule }) {
  const [queryClient] = useState(createQueryClient);
  const links = module.routes.filter((r) => !r.path.includes(':'));
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <Refresh />
        <Bar aria-label={`${module.area} pages`}>
          <strong>FitConnect · {module.area} (standalone)</strong>
          {links.map((r) => (
            <Link key={r.path} to={r.path}>
              {r.path}
            </Link>
          ))}
        </Bar>
        <main>
          <AreaRoutes
            module={module}
            fallback={<p style={{ padding: 16 }}>This page belongs to another area; open it through the shell.</p>}
          />
        </main>
      </BrowserRouter>
    </AppProviders>
  );
}
