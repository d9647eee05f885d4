/// <reference types="@testing-library/jest-dom" />
// Test utility (import from '@fitconnect/shared-ui/src/testing'); not exported from index so
// testing-library never lands in a bundle.
import type { ReactElement } from 'react';
import { render, waitFor, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './api';
import { useToastStore } from './components/Toast';
import type { SsrApi } from './federation';

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
