/**
 * The legal pages in the browser (issue 32 stage 2, docs/ssr.md; src/pages/LegalPagesLazy.tsx): a page whose chunk
 * was loaded first (prepareShellPage, as src/bootstrap.tsx does before hydrateRoot) hydrates the server's HTML
 * without suspending: the same elements, no recoverable error. Without that preload the pages stay lazy (a
 * spinner, then the page). The server's side: legalSsr.test.tsx.
 */
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@fitconnect/shared-ui';
import { createTestQueryClient } from '@fitconnect/shared-ui/src/testing';
import policy from '../public/legal/privacy-policy.json';
import terms from '../public/legal/terms-of-service.json';
import { PrivacyPolicyPage, TermsOfServicePage, prepareShellPage } from '../src/pages/LegalPagesLazy';

test("a legal page whose chunk was loaded first hydrates the server's HTML without suspending", async () => {
  await prepareShellPage('/privacy-policy');
  const tree = (
    <MemoryRouter initialEntries={['/privacy-policy']}>
      <AppProviders queryClient={createTestQueryClient()}>
        <PrivacyPolicyPage />
      </AppProviders>
    </MemoryRouter>
  );
  // Rendered at once (renderToString does not wait for a Suspense boundary).
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  const serverH1 = container.querySelector('h1');
  expect(serverH1?.textContent).toBe(policy.title);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  // The very element of the server's HTML, now React's.
  expect(container.querySelector('h1')).toBe(serverH1);
  expect(Object.keys(serverH1!).some((k) => k.startsWith('__reactFiber'))).toBe(true);
  container.remove();
});

test('without the preload, a legal page stays lazy: its loading state, then the page', async () => {
  render(
    <MemoryRouter>
      <AppProviders queryClient={createTestQueryClient()}>
        <TermsOfServicePage />
      </AppProviders>
    </MemoryRouter>,
  );
  expect(screen.getByText(/Loading page/)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: terms.title })).toBeInTheDocument();
});

test('prepareShellPage loads nothing for a page without a module of its own', async () => {
  expect(prepareShellPage('/')).toBeUndefined();
  expect(prepareShellPage('/signin')).toBeUndefined();
});
