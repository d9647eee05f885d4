/**
 * The read-through cache under the auth and plan caches (src/http/readCache.ts), with a controllable clock.
 * (Its invalidation rules are tested through the auth cache: auth-cache.unit.test.ts.)
 */
import { createReadCache } from '../src/http/readCache';

it('does not keep what expired: a crawl over many keys holds only the last TTL of reads', async () => {
  let now = 0;
  const cache = createReadCache<number, { id: number }>(1000, () => now);
  for (let id = 0; id < 5000; id++) {
    now = id; // one read per ms
    await cache.get(id, async () => ({ id }));
  }
  expect(cache.size).toBeLessThanOrEqual(1001);
  // The fresh ones are still served without a read.
  let reads = 0;
  expect(await cache.get(4999, async () => (reads++, { id: -1 }))).toEqual({ id: 4999 });
  expect(reads).toBe(0);
});

it('keeps nothing with a TTL of 0, and never keeps a miss', async () => {
  const off = createReadCache<string, number>(0);
  let reads = 0;
  await off.get('a', async () => ++reads);
  await off.get('a', async () => ++reads);
  expect(reads).toBe(2);
  expect(off.size).toBe(0);

  const on = createReadCache<string, number>(60_000);
  expect(await on.get('a', async () => null)).toBeNull();
  expect(await on.get('a', async () => 7)).toBe(7);
  expect(on.size).toBe(1);
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

it('makes one read for concurrent misses of a key', async () => {
  const cache = createReadCache<string, number>(1000);
  const slow = deferred<number>();
  let reads = 0;
  const load = () => (reads++, slow.promise);
  const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
  slow.resolve(5);
  expect(await all).toEqual([5, 5, 5]);
  expect(reads).toBe(1);
  // Another key is another read.
  expect(await cache.get('other', async () => (reads++, 6))).toBe(6);
  expect(reads).toBe(2);
});

it('does not hand a read that started before a drop to a caller who came after it', async () => {
  const cache = createReadCache<string, string>(1000);
  const before = deferred<string>();
  const first = cache.get('k', () => before.promise);
  cache.drop('k'); // e.g. a sign-out lands while the first read is on its way
  let reads = 0;
  const second = cache.get('k', async () => (reads++, 'after'));
  before.resolve('before');
  expect(await first).toBe('before');
  expect(await second).toBe('after');
  expect(reads).toBe(1);
  // The cache holds the later read.
  expect(await cache.get('k', async () => 'fresh read')).toBe('after');
});

it('lets every waiting caller see a failed read fail, and reads again next time', async () => {
  const cache = createReadCache<string, number>(1000);
  const failing = deferred<number>();
  const load = () => failing.promise;
  const a = cache.get('k', load);
  const b = cache.get('k', load);
  failing.reject(new Error('db down'));
  await expect(a).rejects.toThrow('db down');
  await expect(b).rejects.toThrow('db down');
  expect(await cache.get('k', async () => 9)).toBe(9);
});

it('peek answers a fresh entry at once and nothing else: not a stale one, not a dropped one, not with a TTL of 0', async () => {
  let now = 0;
  const cache = createReadCache<string, number>(1000, () => now);
  expect(cache.peek('a')).toBeUndefined();
  await cache.get('a', async () => 1);
  expect(cache.peek('a')).toBe(1);
  now = 999;
  expect(cache.peek('a')).toBe(1);
  now = 1000;
  expect(cache.peek('a')).toBeUndefined();
  cache.put('b', 2);
  cache.drop('b');
  expect(cache.peek('b')).toBeUndefined();
  const off = createReadCache<string, number>(0);
  off.put('c', 3);
  await off.get('c', async () => 3);
  expect(off.peek('c')).toBeUndefined();
});
