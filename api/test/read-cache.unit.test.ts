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
