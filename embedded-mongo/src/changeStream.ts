// Change streams: the `$changeStream` aggregation stage and its tailable, awaitData cursor.
//
// Every write the store applies (insert, update/replace, delete, TTL expiry) is appended to an in-memory
// change log in commit order; each entry has a resume token `{ _data: '<epoch><counter>' }` and a cluster
// time. `aggregate` with `$changeStream` first opens a cursor positioned at "now" (or after a resume token,
// `resumeAfter`/`startAfter`, or at `startAtOperationTime`); `getMore` answers at once when events are
// waiting and otherwise waits for one up to `maxTimeMS` (default 1 s), like MongoDB's awaitData. Every
// batch carries `postBatchResumeToken`, so the driver resumes from the right place after a network error.
//
// Differences from MongoDB, plainly: history is the last CHANGE_LOG_LIMIT changes kept in memory (a token
// older than that, or from before a server restart, fails with ChangeStreamHistoryLost, code 286);
// replacement-style updates are reported as `update` events with a computed updateDescription; no
// `invalidate`/`drop`/`rename` events; `fullDocumentBeforeChange` is refused.
import { Long, Timestamp } from 'bson';
import { randomBytes } from 'node:crypto';
import { CommandError, err } from './errors';
import { Aggregator, Query } from './mingo';
import type { Doc, Store } from './storage';
import { isPlainObject, keyOf } from './values';

/** How many changes are kept for resuming. */
export const CHANGE_LOG_LIMIT = 50_000;
const DEFAULT_AWAIT_MS = 1000;
const IDLE_MS = 10 * 60 * 1000;
/** Change stream cursor ids live in their own range, away from the engine's ordinary cursors. */
const FIRST_ID = 4_000_000_000_000 + Math.floor(Math.random() * 1e9);
/** Stages MongoDB allows after $changeStream. */
const ALLOWED_STAGES = new Set(['$match', '$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith', '$redact']);

interface Change {
  n: number;
  ts: Timestamp;
  wall: Date;
  op: 'insert' | 'update' | 'delete';
  db: string;
  coll: string;
  id: unknown;
  doc?: Doc;
  before?: Doc;
}

interface Stream {
  id: number;
  ns: string;
  db: string;
  /** null: every collection of the database. */
  coll: string | null;
  /** Changes numbered above this are still to be delivered. */
  after: number;
  fullDocument: string;
  stages: Doc[];
  /**
   * A condition every event the pipeline lets through meets, on the fields an event has before its
   * updateDescription and fullDocument are worked out (see `lightPart`): an event failing it is skipped
   * without building it. null: no such condition.
   */
  pre: Query | null;
  lastUsed: number;
  /** getMore calls waiting for a change. */
  waiters: Set<() => void>;
}

const tokenRe = /^([0-9a-f]{8})([0-9a-f]{16})$/;

function changeStreamError(code: number, codeName: string, message: string): CommandError {
  return new CommandError(code, codeName, message);
}

/** Is this pipeline a change stream (first stage `$changeStream`)? */
export function isChangeStreamPipeline(pipeline: unknown): boolean {
  return Array.isArray(pipeline) && isPlainObject(pipeline[0]) && '$changeStream' in (pipeline[0] as Doc);
}

export class ChangeStreams {
  private readonly log: Change[] = [];
  private counter = 0;
  private readonly epoch = randomBytes(4).toString('hex');
  private readonly streams = new Map<number, Stream>();
  private nextId = FIRST_ID;
  private lastSecond = 0;
  private inc = 0;

  constructor(private readonly store: Store) {
    // The store's one change-notification point (storage.ts): every applied write, in order.
    store.onChange((e) => {
      const dot = e.ns.indexOf('.');
      const db = e.ns.slice(0, dot);
      const coll = e.ns.slice(dot + 1);
      if (e.op === 'insert') this.record('insert', db, coll, e.doc);
      else if (e.op === 'replace') this.record('update', db, coll, e.doc, e.before);
      else this.record('delete', db, coll, e.before);
    });
  }

  /** Appends one change and wakes the waiting cursors. */
  record(op: Change['op'], db: string, coll: string, doc: Doc, before?: Doc): void {
    const now = Date.now();
    const sec = Math.floor(now / 1000);
    if (sec > this.lastSecond) {
      this.lastSecond = sec;
      this.inc = 0;
    }
    const change: Change = {
      n: ++this.counter,
      ts: new Timestamp({ t: this.lastSecond, i: ++this.inc }),
      wall: new Date(now),
      op,
      db,
      coll,
      id: doc._id,
      ...(op === 'delete' ? {} : { doc }),
      ...(before ? { before } : {}),
    };
    this.log.push(change);
    if (this.log.length > CHANGE_LOG_LIMIT * 1.1) this.log.splice(0, this.log.length - CHANGE_LOG_LIMIT);
    for (const s of this.streams.values()) {
      if (s.waiters.size && this.matchesNs(s, change)) for (const w of [...s.waiters]) w();
    }
  }

  owns(cursorId: number): boolean {
    return this.streams.has(cursorId);
  }

  /** `aggregate` whose first stage is `$changeStream`. */
  open(cmd: Doc, db: string): Doc {
    const pipeline = cmd.pipeline as Doc[];
    const spec = pipeline[0].$changeStream;
    if (!isPlainObject(spec)) throw err('TypeMismatch', 'the $changeStream stage specification must be an object');
    for (const st of pipeline.slice(1)) {
      const op = isPlainObject(st) ? Object.keys(st)[0] : '';
      if (op === '$changeStream') throw err('Location', '$changeStream is only valid as the first stage in a pipeline');
      if (!ALLOWED_STAGES.has(op)) throw changeStreamError(ILLEGAL_STAGE, 'IllegalOperation', `${op} is not permitted in a $changeStream pipeline`);
    }
    const target = cmd.aggregate;
    let coll: string | null;
    if (typeof target === 'string' && target !== '') coll = target;
    else if (target === 1) coll = null;
    else throw err('InvalidNamespace', "'aggregate' must name a collection, or be 1 for a whole database");
    if (spec.allChangesForCluster === true) throw err('BadValue', 'watching the whole cluster is not supported by embedded-mongo');
    if (spec.fullDocumentBeforeChange !== undefined && spec.fullDocumentBeforeChange !== 'off') {
      throw err('BadValue', 'fullDocumentBeforeChange is not supported by embedded-mongo');
    }
    const fullDocument = spec.fullDocument === undefined ? 'default' : spec.fullDocument;
    if (typeof fullDocument !== 'string' || !['default', 'updateLookup', 'whenAvailable', 'required'].includes(fullDocument)) {
      throw err('BadValue', `unknown fullDocument option: ${String(fullDocument)}`);
    }
    const given = [spec.resumeAfter, spec.startAfter, spec.startAtOperationTime].filter((v) => v !== undefined);
    if (given.length > 1) throw err('BadValue', 'Only one type of resume option is allowed, but multiple were found.');
    let after = this.counter;
    const token = spec.resumeAfter ?? spec.startAfter;
    if (token !== undefined) after = this.positionOf(token);
    else if (spec.startAtOperationTime !== undefined) after = this.positionAtTime(spec.startAtOperationTime);

    const id = this.nextId++;
    const ns = coll === null ? `${db}.$cmd.aggregate` : `${db}.${coll}`;
    const stages = pipeline.slice(1);
    const first = stages[0]?.$match;
    const light = isPlainObject(first) ? lightPart(first) : null;
    const stream: Stream = {
      id,
      ns,
      db,
      coll,
      after,
      fullDocument,
      stages,
      pre: light ? prefilter(light) : null,
      lastUsed: Date.now(),
      waiters: new Set(),
    };
    this.streams.set(id, stream);
    const batchSize = isPlainObject(cmd.cursor) && typeof cmd.cursor.batchSize === 'number' ? cmd.cursor.batchSize : 101;
    const batch = this.take(stream, batchSize);
    return { cursor: { firstBatch: batch, postBatchResumeToken: this.tokenFor(stream.after), id: Long.fromNumber(id), ns }, ok: 1 };
  }

  /** `getMore` on a change stream cursor: answers at once if changes wait, else after one arrives or maxTimeMS. */
  async getMore(cmd: Doc, db: string, id: number): Promise<Doc> {
    const stream = this.streams.get(id);
    const ns = typeof cmd.collection === 'string' ? `${db}.${cmd.collection}` : '';
    if (!stream || (stream.ns !== ns && !(stream.coll === null && cmd.collection === '$cmd.aggregate'))) {
      throw err('CursorNotFound', `cursor id ${id} not found`);
    }
    stream.lastUsed = Date.now();
    const batchSize = typeof cmd.batchSize === 'number' && cmd.batchSize > 0 ? cmd.batchSize : Number.MAX_SAFE_INTEGER;
    let batch = this.take(stream, batchSize);
    // Wait while nothing this stream's pipeline lets through has happened: a write to the namespace wakes
    // the cursor, but it may be one the pipeline filters out (a counter, another collection), and answering
    // an empty batch then would only bring the driver's next getMore at once (a round trip per write of the
    // database, on every open change stream).
    const waitMs = typeof cmd.maxTimeMS === 'number' && cmd.maxTimeMS > 0 ? cmd.maxTimeMS : DEFAULT_AWAIT_MS;
    const deadline = Date.now() + waitMs;
    while (batch.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stream.waiters.delete(done);
          // Let the writer finish its command (and any writes that belong with it) first.
          setImmediate(resolve);
        };
        const timer = setTimeout(done, left);
        timer.unref?.();
        stream.waiters.add(done);
      });
      if (!this.streams.has(id)) return { cursor: { nextBatch: [], id: Long.fromNumber(0), ns: stream.ns }, ok: 1 };
      batch = this.take(stream, batchSize);
    }
    stream.lastUsed = Date.now();
    return { cursor: { nextBatch: batch, postBatchResumeToken: this.tokenFor(stream.after), id: Long.fromNumber(id), ns: stream.ns }, ok: 1 };
  }

  /** killCursors: true if it was a change stream. A waiting getMore answers with an exhausted cursor. */
  kill(id: number): boolean {
    const s = this.streams.get(id);
    if (!s) return false;
    this.streams.delete(id);
    for (const w of [...s.waiters]) w();
    return true;
  }

  /** Drops streams nobody asked for in 10 minutes (called with the engine's cursor sweep). */
  sweep(now = Date.now()): void {
    for (const [id, s] of this.streams) if (!s.waiters.size && now - s.lastUsed > IDLE_MS) this.streams.delete(id);
  }

  private matchesNs(s: Stream, c: Change): boolean {
    return c.db === s.db && (s.coll === null || c.coll === s.coll);
  }

  private tokenFor(n: number): Doc {
    return { _data: this.epoch + n.toString(16).padStart(16, '0') };
  }

  /** The log position a resume token stands for; fails when that history is gone. */
  private positionOf(token: unknown): number {
    const data = isPlainObject(token) ? token._data : undefined;
    const m = typeof data === 'string' ? tokenRe.exec(data) : null;
    if (!m) throw err('BadValue', 'invalid resume token: expected { _data: <string> } from this server');
    const n = Number.parseInt(m[2], 16);
    const oldest = this.log.length ? this.log[0].n - 1 : this.counter;
    if (m[1] !== this.epoch || n > this.counter || n < oldest) {
      throw changeStreamError(286, 'ChangeStreamHistoryLost', 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.');
    }
    return n;
  }

  private positionAtTime(ts: unknown): number {
    if (!(ts instanceof Timestamp)) throw err('TypeMismatch', 'startAtOperationTime must be a timestamp');
    const first = this.log.find((c) => c.ts.compare(ts) >= 0);
    if (!first) return this.counter;
    if (this.log[0] === first && first.n > 1 && first.ts.compare(ts) > 0 && this.log.length >= CHANGE_LOG_LIMIT) {
      throw changeStreamError(286, 'ChangeStreamHistoryLost', 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.');
    }
    return first.n - 1;
  }

  /** Up to `limit` events after the stream's position (filtered by namespace and the pipeline), advancing it. */
  private take(s: Stream, limit: number): Doc[] {
    const out: Doc[] = [];
    if (s.after >= this.counter) return out;
    const oldest = this.log.length ? this.log[0].n : this.counter + 1;
    if (s.after + 1 < oldest) {
      this.streams.delete(s.id);
      throw changeStreamError(286, 'ChangeStreamHistoryLost', 'The change stream fell behind the server history and cannot continue.');
    }
    let i = s.after + 1 - oldest;
    // A new Aggregator (or Query) per batch, as before: one reused would keep the $$NOW of its first run. A
    // pipeline that is one $match (the usual watch) is a Query's test: an Aggregator's run per event built
    // its lazy pipeline for one document each time.
    const only = s.stages.length === 1 ? s.stages[0].$match : undefined;
    const match = isPlainObject(only) ? new Query(only) : null;
    const agg = s.stages.length && !match ? new Aggregator(s.stages) : null;
    for (; i < this.log.length && out.length < limit; i++) {
      const c = this.log[i];
      s.after = c.n;
      if (!this.matchesNs(s, c)) continue;
      if (s.pre && !s.pre.test(this.lightEvent(c))) continue;
      const ev = this.event(s, c);
      if (match) {
        if (match.test(ev)) out.push(ev);
      } else if (agg) {
        const res = agg.run([ev]) as Doc[];
        if (res.length) out.push(res[0]);
      } else out.push(ev);
    }
    return out;
  }

  /** An event's fields that cost nothing to make (those LIGHT_FIELDS names), as `event` gives them. */
  private lightEvent(c: Change): Doc {
    return { _id: this.tokenFor(c.n), operationType: c.op, clusterTime: c.ts, wallTime: c.wall, ns: { db: c.db, coll: c.coll }, documentKey: { _id: c.id } };
  }

  private event(s: Stream, c: Change): Doc {
    const ev: Doc = {
      _id: this.tokenFor(c.n),
      operationType: c.op,
      clusterTime: c.ts,
      wallTime: c.wall,
    };
    if (c.op === 'insert') ev.fullDocument = c.doc;
    ev.ns = { db: c.db, coll: c.coll };
    ev.documentKey = { _id: c.id };
    if (c.op === 'update') {
      ev.updateDescription = diff(c.before ?? {}, c.doc ?? {});
      if (s.fullDocument !== 'default') {
        const current = this.store.get(c.db, c.coll)?.docs.get(keyOf(c.id)) ?? null;
        if (!current && s.fullDocument === 'required') {
          throw changeStreamError(280, 'ChangeStreamFatalError', `the document of an update event (${keyOf(c.id)}) no longer exists`);
        }
        ev.fullDocument = current;
      }
    }
    return ev;
  }
}

const ILLEGAL_STAGE = 20;

/** The light filter compiled, or null if it does not compile (the full pipeline then reports the error as before). */
function prefilter(light: Doc): Query | null {
  try {
    return new Query(light);
  } catch {
    return null;
  }
}

/** Top-level event fields `lightEvent` makes exactly as `event` does. */
const LIGHT_FIELDS = new Set(['_id', 'operationType', 'clusterTime', 'wallTime', 'ns', 'documentKey']);

/**
 * A weaker form of a `$match` filter that reads only LIGHT_FIELDS, or null when nothing of it is left.
 * Conditions on other fields, and operators other than $and/$or, are dropped from their conjunction
 * (dropping a conjunct only lets more through); an $or stays only if every branch keeps a condition.
 * So every event the full filter matches also matches this one, and an event that fails this one is one
 * the filter would refuse: it can be skipped before its updateDescription and fullDocument are made.
 */
export function lightPart(match: Doc): Doc | null {
  const parts: Doc[] = [];
  for (const [k, v] of Object.entries(match)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const sub of v) {
        const p = isPlainObject(sub) ? lightPart(sub) : null;
        if (p) parts.push(p);
      }
    } else if (k === '$or' && Array.isArray(v) && v.length > 0) {
      const branches = v.map((sub) => (isPlainObject(sub) ? lightPart(sub) : null));
      if (branches.every((b) => b !== null)) parts.push({ $or: branches });
    } else if (!k.startsWith('$') && LIGHT_FIELDS.has(k.split('.')[0])) {
      parts.push({ [k]: v });
    }
  }
  return parts.length === 0 ? null : parts.length === 1 ? parts[0] : { $and: parts };
}

/** Top-level fields set or removed between two versions (MongoDB reports dotted paths; top level is enough here). */
function diff(before: Doc, after: Doc): Doc {
  const updatedFields: Doc = {};
  const removedFields: string[] = [];
  for (const [k, v] of Object.entries(after)) {
    if (k === '_id') continue;
    if (!(k in before) || keyOf(before[k]) !== keyOf(v)) updatedFields[k] = v;
  }
  for (const k of Object.keys(before)) if (!(k in after)) removedFields.push(k);
  return { updatedFields, removedFields, truncatedArrays: [] };
}
