/// <reference types="@testing-library/jest-dom" />
// Test utility (import from '@fitconnect/shared-ui/src/testing'); not exported from index so
// testing-library never lands in a bundle.
import type { ReactElement } from 'react';
import { render, waitFor, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './api';
import { useToastStore } from './components/Toast';
import type { RemoteAreaModule, SsrApi } from './federation';

export { answerThen, mockFetch, type Handler, type RecordedCall, type Reply, type Route } from './mockFetch';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** MemoryRouter entries (default ['/']). */
  initialEntries?: string[];
  /** Use this client instead of a fresh one (e.g. to pre-seed data). */
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
}

/** A fresh query client with SPEC §4 defaults, for tests. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient();
}

/** Render inside MemoryRouter + a fresh query client + theme + Toaster. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const { initialEntries = ['/'], queryClient = createTestQueryClient(), ...rest } = options;
  // The toast queue is a module singleton: start every render without a previous test's toasts.
  useToastStore.getState().dismiss();
  const result = render(ui, {
    ...rest,
    wrapper: ({ children }) => (
      <MemoryRouter initialEntries={initialEntries}>
        <AppProviders queryClient={queryClient}>{children}</AppProviders>
      </MemoryRouter>
    ),
  });
  return { ...result, queryClient };
}

/** An area's routes module rendered as the shell renders it (its routes, no auth wrapper), at `path`. */
export function renderAreaRoutes(module: RemoteAreaModule, path: string, options: Omit<RenderWithProvidersOptions, 'initialEntries'> = {}): RenderWithProvidersResult {
  return renderWithProviders(
    <Routes>
      {module.routes.map(({ path: p, Component }) => (
        <Route key={p} path={p} element={<Component />} />
      ))}
    </Routes>,
    { ...options, initialEntries: [path] },
  );
}

/**
 * The text of every node added to the page while `act` runs (and until it settles): a loading state shown and gone
 * within one act() is caught too, which a query after it would miss. E.g. that a lazy page never showed its spinner.
 */
export async function textsAddedDuring(act: () => Promise<unknown>): Promise<string[]> {
  const added: string[] = [];
  const watch = new MutationObserver((records) => {
    for (const r of records) r.addedNodes.forEach((n) => added.push(n.textContent ?? ''));
  });
  watch.observe(document.body, { childList: true, subtree: true });
  try {
    await act();
  } finally {
    watch.disconnect();
  }
  return added;
}

/**
 * Refetches the query under `queryKey` and waits until it has failed (after its retries): react-query keeps its
 * data, which is what a page shown before the failure has to go on showing (showsError). Answer the refetch with
 * `answerThen`.
 */
export async function refetchFails(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  void queryClient.refetchQueries({ queryKey, exact: true });
  await waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('error'), { timeout: 15_000 });
}

/**
 * An area server module's `api` (SsrApi, issue 32) for unit tests: `read(path)` answers the JSON (or rejects);
 * `headers(path)` the answer's headers for `api.withHeaders` (none by default).
 */
export function fakeSsrApi(read: (path: string) => Promise<unknown>, headers: (path: string) => Record<string, string> = () => ({})): SsrApi {
  return Object.assign((path: string) => read(path), { withHeaders: async (path: string) => ({ data: await read(path), headers: headers(path) }) });
}
