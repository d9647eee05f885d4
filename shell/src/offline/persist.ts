import type { QueryClient } from '@tanstack/react-query';
import { onlineManager, type Query } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { createStore, del, get, set } from 'idb-keyval';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { PERSISTED_FLAG } from './start';

/**
 * The signed-in user's data, readable offline (issue 31.3): react-query's persisted cache
 * (@tanstack/query-persist-client-core) in IndexedDB (idb-keyval). Only what the offline journey needs is
 * kept: who is signed in, the saved plans, today's plans and the plans opened (or saved) since. Signing out
 * clears the cache (shared-ui's useLogout empties the query client, which is then persisted) and this store.
 */

const store = createStore('fitconnect', 'query-cache');
const KEY = 'signed-in-user';
/** Bump when a persisted query's shape changes: an older cache is then dropped, not restored. */
const BUSTER = 'v1';
const MAX_AGE = 7 * 24 * 60 * 60 * 1000;

const SAVED_KEY = '/api/ai-workouts/saved';
const PERSISTED = [/^\/api\/auth\/user$/, new RegExp(`^${SAVED_KEY}$`), /^\/api\/ai-workouts\/today$/, /^\/api\/workouts\/\d+$/];

/**
 * Kept: the queries above that hold an answer. A refetch that failed (status 'error') keeps its last answer in
 * the query, and that answer is what is kept: a browser that says it is online while its network fails (a
 * captive portal, a weak signal; navigator.onLine is true, so react-query fetches and fails) would otherwise
 * drop the signed-in user from the cache, and the next page opened offline would be sent to sign in.
 */
export function isPersistedQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const head = query.queryKey[0];
  const { status, data } = query.state;
  const answered = status === 'success' || (status === 'error' && data !== undefined);
  return answered && query.queryKey.length === 1 && typeof head === 'string' && PERSISTED.some((re) => re.test(head));
}

/**
 * What is written: each kept query as its last answer (a failed refetch's error is not kept), so a page
 * restored from it shows that answer as it would any cached one, and refetches it by the query's own rules.
 */
export function lastAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' as const } }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

function setFlag(on: boolean) {
  try {
    if (on) localStorage.setItem(PERSISTED_FLAG, '1');
    else localStorage.removeItem(PERSISTED_FLAG);
  } catch {
    // Private mode without storage: nothing is kept.
  }
}

const persister: Persister = {
  persistClient: (client: PersistedClient) => set(KEY, lastAnswers(client), store),
  restoreClient: () => get<PersistedClient>(KEY, store),
  removeClient: () => del(KEY, store),
};

function signedInUser(queryClient: QueryClient): unknown {
  return (queryClient.getQueryData(CURRENT_USER_KEY) as { user?: unknown } | undefined)?.user ?? null;
}

/** Asks the service worker to keep the workouts remote's current version (saved plans -> plan -> session). */
function cacheWorkoutsArea() {
  navigator.serviceWorker?.ready.then((reg) => reg.active?.postMessage({ type: 'fc:cache-area', area: 'workouts' })).catch(() => undefined);
}

let started = false;

/**
 * The persister's own @tanstack/query-core pin differs from the page's by a patch version: the build gives it
 * the page's (shell/rspack.config.js aliases the package), so only the types are told here.
 */
type PersisterClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];

export async function persistSignedInCache(queryClient: QueryClient): Promise<void> {
  const client = queryClient as unknown as PersisterClient;
  if (started) return;
  started = true;
  // react-query assumes online until an `offline` event: a page loaded offline must start offline, so its
  // queries wait (showing the restored data) instead of failing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  try {
    await persistQueryClientRestore({ queryClient: client, persister, maxAge: MAX_AGE, buster: BUSTER });
  } catch {
    // A cache that cannot be read is dropped by the restore; the app loads from the network.
  }
  persistQueryClientSubscribe({ queryClient: client, persister, buster: BUSTER, dehydrateOptions: { shouldDehydrateQuery: (q) => isPersistedQuery(q as unknown as Query) } });

  const cache = queryClient.getQueryCache();
  const follow = (query: Query) => {
    const head = query.queryKey[0];
    if (head === CURRENT_USER_KEY[0] && query.state.status === 'success') {
      if (signedInUser(queryClient)) setFlag(true);
      else {
        // Signed out (or the session ended): nothing of the user stays in this browser.
        setFlag(false);
        void persister.removeClient();
      }
    }
    if (head === SAVED_KEY && query.state.status === 'success' && signedInUser(queryClient)) {
      // The saved plans were opened: keep each plan (opened offline later) and the workouts remote's files.
      const list = query.state.data;
      if (Array.isArray(list)) {
        for (const w of list.slice(0, 5) as Array<{ id?: unknown }>) {
          if (typeof w.id === 'number') void queryClient.prefetchQuery({ queryKey: [`/api/workouts/${w.id}`] });
        }
      }
      cacheWorkoutsArea();
    }
  };
  cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') follow(event.query);
  });
  // Restored data is shown at once; online, what the user opens is fetched again by its queries' own rules
  // (the current user on every mount).
  for (const q of cache.getAll()) if (q.state.status === 'success') follow(q);
}
