/**
 * The area's server side (issue 32 stage 2, src/server.tsx) and the hydration of its pages: prefetch fills the
 * query client under the pages' own keys (signed out), and a page rendered on the server at one instant hydrates
 * seconds (here: hours) later in the browser without a mismatch: "Starts Soon"/"Active Now" and "Days Left" come
 * from the render's instant while hydrating (lib/clock.ts), then from the browser's clock.
 */
import type { ReactNode } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { AppThemeProvider } from '@fitconnect/shared-ui';
import { fakeSsrApi } from '@fitconnect/shared-ui/src/testing';
import { area, prefetch } from '../src/server';
import { ChallengesPage } from '../src/features/challenges/components/ChallengesPage';
import { ChallengeDetailPage } from '../src/features/challenges/components/ChallengeDetailPage';
import { RENDER_NOW_KEY } from '../src/features/challenges/lib/clock';
import { createTestQueryClient } from '@fitconnect/shared-ui/src/testing';
import { boardOf, fromNow, makeChallenge, makeDetail, makeEntry, mockFetch, signedOut } from './helpers';

const HOUR = 60 * 60 * 1000;

/** Started an hour ago: "Active Now" in the browser, "Starts Soon" for a server that rendered two hours ago. */
const justStarted = makeChallenge({ id: 7, title: 'Just Started', featured: true, startDate: fromNow(-1 / 24), endDate: fromNow(3) });

function fakeApi(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const api = fakeSsrApi(async (p: string) => {
    asked.push(p);
    if (!(p in answers)) throw Object.assign(new Error(`${p} answered 404`), { status: 404 });
    return answers[p];
  });
  return { api, asked };
}

/** The renderer's client (scripts/ssr/react.mjs): answers come from prefetch only; nothing is fetched on the server. */
const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity, queryFn: () => Promise.reject(new Error('no fetch on the server')) } } });

function Page({ queryClient, url, children }: { queryClient: QueryClient; url: string; children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

const pages = (
  <Routes>
    <Route path="/challenges" element={<ChallengesPage />} />
    <Route path="/challenges/:id" element={<ChallengeDetailPage />} />
  </Routes>
);

/** Prefetch and render on "the server" at `serverNow`, then hydrate in this "browser" now; the errors React reported. */
async function serverThenBrowser(url: string, answers: Record<string, unknown>, serverNow: number) {
  const serverClient = client();
  const { api, asked } = fakeApi(answers);
  const spy = jest.spyOn(Date, 'now').mockReturnValue(serverNow);
  const result = await prefetch(url, { queryClient: serverClient, api });
  spy.mockRestore();
  expect(result.ok).toBe(true);
  expect(serverClient.getQueryData(RENDER_NOW_KEY)).toBe(serverNow);
  const html = renderToString(<Page queryClient={serverClient} url={url}>{pages}</Page>);

  // The browser: the answers dehydrated into the app's own client, the server's HTML in the container, hydrateRoot.
  // Only the current user is asked for again (SPEC §4 refetches it on mount); nothing of the page's.
  const calls = mockFetch({ 'GET /api/auth/user': signedOut });
  const browserClient = createTestQueryClient();
  hydrate(browserClient, JSON.parse(JSON.stringify(dehydrate(serverClient))));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const h1 = container.querySelector('h1');
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Page queryClient={browserClient} url={url}>{pages}</Page>, {
      onRecoverableError: (e) => errors.push(e),
      onUncaughtError: (e) => errors.push(e),
    });
  });
  const pageCalls = () => calls.filter((c) => !c.path.startsWith('/api/auth/user'));
  return { html, container, h1, errors, asked, pageCalls };
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('the area exposes its routes module and a prefetch that renders only /challenges and /challenges/:id', async () => {
  expect(area.area).toBe('challenges');
  for (const url of ['/challenges/abc', '/challenges/0', '/challenges/7/edit', '/trainers', '/challenge']) {
    const { api, asked } = fakeApi({});
    expect(await prefetch(url, { queryClient: client(), api })).toEqual({ ok: false });
    expect(asked).toEqual([]);
  }
  // A challenge that does not exist: rendered in the browser (its "Challenge Not Found").
  const { api } = fakeApi({ '/api/challenges/9/leaderboard?limit=10': boardOf([]) });
  expect(await prefetch('/challenges/9', { queryClient: client(), api })).toEqual({ ok: false });
  // Any other failure is the host's (it renders the page in the browser).
  const failing = fakeSsrApi(async () => {
    throw Object.assign(new Error('boom'), { status: 500 });
  });
  await expect(prefetch('/challenges/9', { queryClient: client(), api: failing })).rejects.toThrow('boom');
});

test('/challenges: rendered two hours ago on the server, hydrated now without a mismatch, then the browser clock', async () => {
  const { html, container, h1, errors, asked, pageCalls } = await serverThenBrowser(
    '/challenges?x=1',
    { '/api/challenges': [justStarted], '/api/challenges/community': { challenges: [], nextCursor: null } },
    Date.now() - 2 * HOUR,
  );
  expect(asked.sort()).toEqual(['/api/challenges', '/api/challenges/community']);
  expect(html).toContain('Fitness Challenges');
  expect(html).toContain('Just Started');
  expect(html).toContain('Starts Soon');
  expect(html).not.toContain(' style="');
  expect(errors).toEqual([]);
  // The server's <h1> was kept (hydrated, not rendered anew), and right after hydration the browser's clock rules.
  expect(container.querySelector('h1')).toBe(h1);
  await waitFor(() => expect(screen.getByTestId('timing-label')).toHaveTextContent('Active Now'));
  expect(screen.getByTestId('stat-active')).toHaveTextContent('1');
  expect(pageCalls()).toEqual([]);
});

test('/challenges/:id: the challenge and its leaderboard, hydrated without a mismatch or a fetch', async () => {
  const detail = makeDetail({ id: 7, title: 'Just Started', startDate: justStarted.startDate, endDate: fromNow(3.5), participantCount: 2 });
  const { html, container, h1, errors, pageCalls } = await serverThenBrowser(
    '/challenges/7',
    {
      '/api/challenges/7': detail,
      '/api/challenges/7/leaderboard?limit=10': boardOf([makeEntry(1, { currentProgress: 70000, completed: true }), makeEntry(2, { currentProgress: 123 })]),
    },
    Date.now() - 2 * HOUR,
  );
  expect(html).toMatch(/<h1[^>]*>Just Started<\/h1>/);
  expect(html).toContain('First1 Last1');
  expect(html).toContain('Starts Soon');
  expect(html).not.toContain(' style="');
  expect(errors).toEqual([]);
  expect(container.querySelector('h1')).toBe(h1);
  await waitFor(() => expect(screen.getAllByText('Active Now').length).toBeGreaterThan(0));
  expect(screen.getByTestId('stat-days-left')).toHaveTextContent('Days Left4');
  expect(pageCalls()).toEqual([]);
});
