/// <reference types="@testing-library/jest-dom" />
// Test utility (import from '@fitconnect/shared-ui/src/testing'); not exported from index so
// testing-library never lands in a bundle.
import type { ReactElement } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './api';
import { useToastStore } from './components/Toast';

export { mockFetch, type Handler, type RecordedCall, type Reply, type Route } from './mockFetch';

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
