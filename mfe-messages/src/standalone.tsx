import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { AppProviders, createQueryClient, RequireAuth, useCurrentUserRefresh, type RemoteAreaModule } from '@fitconnect/shared-ui';

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
 * The remote's own dev page: the same providers as inside the shell (query client, theme, toaster,
 * router), a bar linking this area's pages, and the area's routes. Only for developing the remote on
 * its own; in production the shell renders the routes.
 */
export function StandaloneApp({ module }: { module: RemoteAreaModule }) {
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
          <Routes>
            {module.routes.map(({ path, Component, requiresAuth }) => (
              <Route
                key={path}
                path={path}
                element={
                  requiresAuth ? (
                    <RequireAuth>
                      <Component />
                    </RequireAuth>
                  ) : (
                    <Component />
                  )
                }
              />
            ))}
            <Route path="*" element={<p style={{ padding: 16 }}>This page belongs to another area; open it through the shell.</p>} />
          </Routes>
        </main>
      </BrowserRouter>
    </AppProviders>
  );
}
