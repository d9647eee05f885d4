/**
 * The X-Total-Count of GET /api/trainers through a short-lived cache (issue 35.4): a search's total is
 * asked for again by each of its pages ('View More Trainers', page=2, 3, ...) and by every visitor making
 * the same search, and at 100,000 trainers counting it reads the whole collection (see the README). The
 * rules are the read cache's (http/readCache.ts), the same promises as the auth and workout-plan caches:
 *   - Keyed by the search's database filter (the normalised filters: the same filters give the same key).
 *   - An entry is trusted for at most the TTL (default 1000 ms) from the moment its count STARTED, so no
 *     instance shows a total older than that, whatever another instance changed meanwhile.
 *   - This instance drops every entry after each trainer write it makes (profile created or edited,
 *     specialties, a review that moves a rating), so its own totals are exact at once; a count that was
 *     on its way while a write happened is not kept (the epoch check).
 *   - `deps.trainerCountCacheTtlMs: 0` turns it off (every page counts).
 * One cache per app (keyed by its deps), like the auth cache. Entries are counts: nothing private.
 */
import type { AppDeps } from '../context';
import { createReadCache, type ReadCache } from '../http/readCache';

declare module '../context' {
  interface AppDeps {
    /** How long a trainer directory total is trusted (ms; default 1000; 0 turns the cache off). */
    trainerCountCacheTtlMs?: number;
  }
}

export const DEFAULT_TRAINER_COUNT_TTL_MS = 1000;

const caches = new WeakMap<AppDeps, ReadCache<string, { n: number }>>();

function cacheOf(deps: AppDeps): ReadCache<string, { n: number }> {
  let cache = caches.get(deps);
  if (!cache) {
    cache = createReadCache(deps.trainerCountCacheTtlMs ?? DEFAULT_TRAINER_COUNT_TTL_MS, () => deps.clock.now().getTime());
    caches.set(deps, cache);
  }
  return cache;
}

/** The count for `filter` (an object built the same way for the same search), from the cache or `count()`. */
export async function cachedCount(deps: AppDeps | undefined, filter: object, count: () => Promise<number>): Promise<number> {
  if (!deps) return count();
  const hit = await cacheOf(deps).get(keyOf(filter), async () => ({ n: await count() }));
  return hit!.n;
}

/**
 * The cache key of a filter: its JSON, with regular expressions written out (JSON.stringify would write every
 * RegExp as {}, so two different text searches would share one total). Dates are written by their toJSON.
 */
export function keyOf(filter: object): string {
  return JSON.stringify(filter, (_k, v: unknown) => (v instanceof RegExp ? { $regex: v.source, $options: v.flags } : v));
}

/** After a trainer write on this instance: every total may have moved. */
export function forgetTrainerCounts(deps: AppDeps): void {
  cacheOf(deps).dropWhere(() => true);
}
