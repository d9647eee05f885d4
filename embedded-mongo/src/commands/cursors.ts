// Open query cursors: the documents a find/aggregate/listIndexes/listCollections reply did not fit in its
// first batch wait here for getMore (see find.ts). Change-stream cursors live in ../changeStream.ts.
import { BSON, Long } from 'bson';
import type { Doc } from '../storage';
import { MAX_BSON_SIZE } from './hello';

const BATCH_BYTES = MAX_BSON_SIZE - 64 * 1024;
const CURSOR_IDLE_MS = 10 * 60 * 1000;

export interface Cursor {
  id: number;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export class Cursors {
  private open = new Map<number, Cursor>();
  private nextCursorId = 1 + Math.floor(Math.random() * 1e9);

  /** A cursor reply's first batch; what is left stays behind a new cursor id (0 = nothing left, or singleBatch). */
  reply(ns: string, docs: Doc[], batchSize: unknown, singleBatch: boolean): Doc {
    const limit = typeof batchSize === 'number' && batchSize >= 0 ? batchSize : 101;
    const batch = takeBatch(docs, 0, limit);
    let id = 0;
    if (batch.length < docs.length && !singleBatch) {
      id = this.nextCursorId++;
      this.open.set(id, { id, ns, docs, pos: batch.length, lastUsed: Date.now() });
    }
    return { cursor: { firstBatch: batch, id: Long.fromNumber(id), ns }, ok: 1 };
  }

  get(id: number): Cursor | undefined {
    return this.open.get(id);
  }

  /** Closes a cursor; false if there was none with that id. */
  delete(id: number): boolean {
    return this.open.delete(id);
  }

  /** Drops cursors idle for more than 10 minutes. */
  sweep(now: number): void {
    for (const [id, c] of this.open) if (now - c.lastUsed > CURSOR_IDLE_MS) this.open.delete(id);
  }
}

/** Up to `limit` documents from `from`, stopping before the batch would pass the reply size limit (at least one). */
export function takeBatch(docs: Doc[], from: number, limit: number): Doc[] {
  const out: Doc[] = [];
  let bytes = 0;
  for (let i = from; i < docs.length && out.length < limit; i++) {
    const size = BSON.calculateObjectSize(docs[i]);
    if (out.length > 0 && bytes + size > BATCH_BYTES) break;
    bytes += size;
    out.push(docs[i]);
  }
  return out;
}
