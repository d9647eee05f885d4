/**
 * The cache's own rules, with a controllable clock and database reads (the HTTP behaviour is in
 * auth-cache.test.ts).
 */
import { createAuthCache, type CachedSession } from '../src/http/authCache';

const session = (userId: number): CachedSession => ({ data: { userId }, userId, expiresAt: Date.now() + 60_000 });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('auth cache', () => {
  it('trusts a read for the TTL counted from when the read started, then reads again', async () => {
    let now = 1_000;
    const cache = createAuthCache(1000, () => now);
    let reads = 0;
    const load = async () => {
      reads += 1;
      now += 300; // the read itself takes 300 ms
      return session(1);
    };
    await cache.session('k', load);
    now = 1_999;
    await cache.session('k', load);
    expect(reads).toBe(1);
    now = 2_000; // 1000 ms after the read STARTED (not after it ended)
    await cache.session('k', load);
    expect(reads).toBe(2);
  });

  it('does not cache a read that was in flight while the session was dropped (a sign-out racing a request)', async () => {
    const cache = createAuthCache(1000);
    const slow = deferred<CachedSession | null>();
    const inFlight = cache.session('k', () => slow.promise);
    cache.dropSession('k'); // the sign-out lands while the read is on its way
    slow.resolve(session(1)); // the read saw the session before it was deleted
    await inFlight;
    let reads = 0;
    const after = await cache.session('k', async () => {
      reads += 1;
      return null; // the database no longer has it
    });
    expect(reads).toBe(1);
    expect(after).toBeNull();
  });

  it('drops every cached session of a user and the user on dropUser (password reset)', async () => {
    const cache = createAuthCache(60_000);
    await cache.session('a', async () => session(7));
    await cache.session('b', async () => session(7));
    await cache.session('c', async () => session(8));
    await cache.user(7, async () => ({ id: 7, username: 'u', email: 'u@example.com', firstName: 'U', lastName: 'V', location: '', isTrainer: false, promoTrainer: false, trainerNumber: null }));
    cache.dropUser(7);
    const reread: string[] = [];
    for (const k of ['a', 'b', 'c']) await cache.session(k, async () => (reread.push(k), null));
    let userReads = 0;
    await cache.user(7, async () => (userReads++, null));
    expect(reread).toEqual(['a', 'b']);
    expect(userReads).toBe(1);
  });

  it('with a TTL of 0 reads the database every time', async () => {
    const cache = createAuthCache(0);
    let reads = 0;
    for (let i = 0; i < 3; i++) await cache.session('k', async () => (reads++, session(1)));
    expect(reads).toBe(3);
  });
});

describe('auth cache: the synchronous peek of the hot path', () => {
  it('answers a fresh session only while the session itself has not expired, and a fresh user', async () => {
    let now = 10_000;
    const cache = createAuthCache(1000, () => now);
    cache.putSession('k', { data: { userId: 1 }, userId: 1, expiresAt: now + 500 });
    expect(cache.peekSession('k')?.userId).toBe(1);
    now += 500; // the session's own expiry comes before the cache's TTL
    expect(cache.peekSession('k')).toBeUndefined();
    expect(cache.peekUser(1)).toBeUndefined();
    await cache.user(1, async () => ({ id: 1, username: 'u', email: 'u@example.com', firstName: 'U', lastName: 'S', location: '', isTrainer: false, promoTrainer: false, trainerNumber: null }));
    expect(cache.peekUser(1)?.username).toBe('u');
    cache.dropUser(1);
    expect(cache.peekUser(1)).toBeUndefined();
  });
});
