/**
 * What the signed-in cache keeps for offline use (shell/src/offline/persist.ts): a refetch that fails while the
 * browser says it is online (navigator.onLine true on a network that does not answer) must not drop the user,
 * or the next page opened offline sends them to sign in.
 */
import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';

// The IndexedDB store is not used here (jsdom has none); only what would be written to it.
jest.mock('idb-keyval', () => ({ createStore: () => null, get: jest.fn(), set: jest.fn(), del: jest.fn() }));

import { isPersistedQuery, lastAnswers } from '../src/offline/persist';

const USER = { user: { id: 7, username: 'sam' } };

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** The persisted client as persistQueryClientSubscribe hands it to the persister. */
function persisted(qc: QueryClient) {
  return { timestamp: Date.now(), buster: 'v1', clientState: dehydrate(qc, { shouldDehydrateQuery: (q) => isPersistedQuery(q) }) };
}

test('a refetch of the current user that fails keeps the user in what is written, as a plain answer', async () => {
  const qc = client();
  qc.setQueryData(CURRENT_USER_KEY, USER);
  await qc
    .fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 })
    .catch(() => undefined);
  expect(qc.getQueryState(CURRENT_USER_KEY)?.status).toBe('error');

  const written = lastAnswers(persisted(qc));
  const kept = written.clientState.queries.find((q) => q.queryHash === JSON.stringify(CURRENT_USER_KEY));
  expect(kept?.state).toMatchObject({ status: 'success', data: USER, error: null, fetchFailureCount: 0 });

  // Restored on the next (offline) load: signed in, no error shown.
  const next = client();
  hydrate(next, written.clientState);
  expect(next.getQueryState(CURRENT_USER_KEY)).toMatchObject({ status: 'success', data: USER, error: null });
});

test('a query that never had an answer, or is not one of the kept ones, is not written', async () => {
  const qc = client();
  await qc.fetchQuery({ queryKey: ['/api/ai-workouts/saved'], queryFn: () => Promise.reject(new Error('offline')) }).catch(() => undefined);
  qc.setQueryData(['/api/messages'], [{ id: 1 }]);
  qc.setQueryData(['/api/workouts/3'], { id: 3 });
  const keys = lastAnswers(persisted(qc)).clientState.queries.map((q) => q.queryKey[0]);
  expect(keys).toEqual(['/api/workouts/3']);
});

test('signing out (a current-user answer without a user) is written as it is', () => {
  const qc = client();
  qc.setQueryData(CURRENT_USER_KEY, { user: null });
  const kept = lastAnswers(persisted(qc)).clientState.queries[0];
  expect(kept.state).toMatchObject({ status: 'success', data: { user: null } });
});
