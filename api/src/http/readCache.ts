/**
 * A short-lived read-through cache for one kind of database read (issue 9): the auth cache's sessions and
 * users (authCache.ts) and the workout plans of GET /api/workouts/:id (workouts/planCache.ts) use it.
 *
 * The rules that keep it correct:
 *   - An entry is trusted for at most `ttlMs`, counted from the moment its database read STARTED, so no
 *     instance serves a value older than that, whatever another instance changed meanwhile.
 *   - A read that was in flight while anything was dropped is not kept (the `epoch` check): a slow read
 *     cannot put back what a sign-out or a delete just removed.
 *   - Null results (not found) are never kept: what is created shows at once.
 *   - Concurrent misses of one key share one read (an entry expiring under load costs one read, not one per
 *     request), unless something was dropped after that read started: then the caller reads again.
 *   - `ttlMs <= 0` turns it off (every call runs `load`).
 *   - Expired entries do not pile up: each new entry first removes the expired ones at the front (entries
 *     go in roughly in expiry order, the TTL being one number; one that comes in late waits for the
 *     entries ahead of it), and at most MAX_ENTRIES live, oldest first out.
 * Cached values are shared between requests: callers store frozen or otherwise read-only values.
 */
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  value: V;
  /** now() after which the entry must be read again. */
  freshUntil: number;
}

export interface ReadCache<K, V> {
  readonly ttlMs: number;
  /** Entries held (fresh or not yet swept). */
  readonly size: number;
  /** The fresh entry, else `load()` (kept when not null and nothing was dropped while it ran). */
  get(key: K, load: () => Promise<V | null>): Promise<V | null>;
  /** The fresh entry, or undefined: the hot path's synchronous check before `get` (no promise on a hit). */
  peek(key: K): V | undefined;
  /** A value this instance just wrote: fresh for ttlMs from now. */
  put(key: K, value: V): void;
  drop(key: K): void;
  /** Drops every entry whose value matches (e.g. every session of one user). */
  dropWhere(match: (value: V) => boolean): void;
}

export function createReadCache<K, V>(ttlMs: number, now: () => number = Date.now): ReadCache<K, V> {
  const entries = new Map<K, Entry<V>>();
  /** Reads on their way, so that concurrent misses of one key make one read (when an entry expires under load). */
  const inflight = new Map<K, { epoch: number; value: Promise<V | null> }>();
  let epoch = 0;
  const keep = (key: K, entry: Entry<V>) => {
    const t = now();
    for (const [k, e] of entries) {
      if (e.freshUntil > t) break;
      entries.delete(k);
    }
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as K);
  };
  return {
    ttlMs,
    get size() {
      return entries.size;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit && hit.freshUntil > now() ? hit.value : undefined;
    },
    async get(key, load) {
      if (ttlMs <= 0) return load();
      const started = now();
      const hit = entries.get(key);
      if (hit && hit.freshUntil > started) return hit.value;
      if (hit) entries.delete(key);
      // Join a read of this key already on its way, unless something was dropped since it started.
      const pending = inflight.get(key);
      if (pending && pending.epoch === epoch) return pending.value;
      const before = epoch;
      const read = {
        epoch: before,
        value: load().then((value) => {
          if (value !== null && epoch === before) keep(key, { value, freshUntil: started + ttlMs });
          return value;
        }),
      };
      inflight.set(key, read);
      try {
        return await read.value;
      } finally {
        if (inflight.get(key) === read) inflight.delete(key);
      }
    },
    put(key, value) {
      if (ttlMs > 0) keep(key, { value, freshUntil: now() + ttlMs });
    },
    drop(key) {
      epoch += 1;
      entries.delete(key);
    },
    dropWhere(match) {
      epoch += 1;
      for (const [key, e] of entries) if (match(e.value)) entries.delete(key);
    },
  };
}
