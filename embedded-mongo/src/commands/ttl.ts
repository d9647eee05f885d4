// TTL expiry: not a command, run by the background timer (../index.ts) through Engine.sweepTtl.
import { HIGH_R, LOW_R, typeStart, type IxKey } from '../indexes';
import type { Doc, Store } from '../storage';

/** Deletes documents whose TTL index date has passed. Returns how many were removed. */
export function sweepTtl(store: Store, now: number): number {
  let removed = 0;
  for (const coll of store.collections.values()) {
    for (const ix of coll.indexes) {
      const secs = ix.spec.expireAfterSeconds;
      if (typeof secs !== 'number' || ix.fields.length !== 1) continue;
      // Walk the index's dates up to the cutoff (a document expires by its earliest date).
      const cutoff = new Date(now - secs * 1000);
      const expired = new Map<string, Doc>();
      const dir = ix.dirs[0];
      const lo: IxKey = { v: [dir > 0 ? typeStart(10) : cutoff], r: dir > 0 ? LOW_R : LOW_R, id: '' };
      const hi: IxKey = { v: [dir > 0 ? cutoff : typeStart(10)], r: HIGH_R, id: '' };
      for (const k of ix.scan(lo, hi, false)) {
        const d = coll.docs.get(k.id);
        if (d && !expired.has(k.id)) expired.set(k.id, d);
      }
      for (const d of expired.values()) {
        coll.remove(d);
        removed++;
      }
    }
  }
  return removed;
}
