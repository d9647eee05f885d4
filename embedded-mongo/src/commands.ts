// Command handlers: the subset of MongoDB's command set that mongoose and the driver use.
import { BSON, Long, ObjectId, UUID } from 'bson';
import { updateMany as mingoUpdateMany } from 'mingo';
import { cloneDeep } from 'mingo/util';
import { ChangeStreams, isChangeStreamPipeline } from './changeStream';
import { CommandError, err, unsupported } from './errors';
import { extractNear, geoNearDocs, parseGeoNear } from './geoquery';
import { Aggregator, MINGO_OPTS, Query } from './mingo';
import type { Collection, Doc, IndexSpec, Store } from './storage';
import { isPlainObject, keyOf, pathValues, sortDocs } from './values';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH = 100_000;
const BATCH_BYTES = MAX_BSON_SIZE - 64 * 1024;
const CURSOR_IDLE_MS = 10 * 60 * 1000;

interface Cursor {
  id: number;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export interface ConnInfo {
  id: number;
  remote: string;
}

type Handler = (cmd: Doc, db: string, conn: ConnInfo) => Doc | Promise<Doc>;

const UPDATE_OPERATORS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$push', '$pull', '$pullAll', '$addToSet', '$pop', '$bit', '$currentDate', '$setOnInsert',
]);

export class Engine {
  private cursors = new Map<number, Cursor>();
  private nextCursorId = 1 + Math.floor(Math.random() * 1e9);
  private handlers: Record<string, Handler>;
  readonly startedAt = Date.now();
  connections = 0;
  readonly changeStreams: ChangeStreams;

  constructor(readonly store: Store, private readonly port: () => number) {
    this.changeStreams = new ChangeStreams(store);
    this.handlers = {
      hello: (c) => this.hello(c),
      isMaster: (c) => this.hello(c),
      ismaster: (c) => this.hello(c),
      ping: () => ({ ok: 1 }),
      buildInfo: () => this.buildInfo(),
      buildinfo: () => this.buildInfo(),
      hostInfo: () => ({ system: { hostname: '127.0.0.1', currentTime: new Date() }, os: {}, extra: {}, ok: 1 }),
      getParameter: () => ({ featureCompatibilityVersion: { version: '7.0' }, ok: 1 }),
      getCmdLineOpts: () => ({ argv: ['embedded-mongo'], parsed: {}, ok: 1 }),
      connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
      whatsmyuri: (_c, _d, conn) => ({ you: conn.remote, ok: 1 }),
      getLog: () => ({ names: [], ok: 1 }),
      serverStatus: () => this.serverStatus(),
      endSessions: () => ({ ok: 1 }),
      killSessions: () => ({ ok: 1 }),
      refreshSessions: () => ({ ok: 1 }),
      startSession: () => ({ id: { id: new UUID() }, timeoutMinutes: 30, ok: 1 }),
      saslStart: () => this.noAuth(),
      saslContinue: () => this.noAuth(),
      authenticate: () => this.noAuth(),
      getnonce: () => this.noAuth(),
      logout: () => ({ ok: 1 }),
      commitTransaction: () => this.noTxn(),
      abortTransaction: () => this.noTxn(),
      find: (c, db) => this.find(c, db),
      getMore: (c, db) => this.getMore(c, db),
      killCursors: (c) => this.killCursors(c),
      insert: (c, db) => this.insert(c, db),
      update: (c, db) => this.update(c, db),
      delete: (c, db) => this.delete(c, db),
      findAndModify: (c, db) => this.findAndModify(c, db),
      findandmodify: (c, db) => this.findAndModify(c, db),
      count: (c, db) => this.count(c, db),
      distinct: (c, db) => this.distinct(c, db),
      aggregate: (c, db) => this.aggregate(c, db),
      createIndexes: (c, db) => this.createIndexes(c, db),
      listIndexes: (c, db) => this.listIndexes(c, db),
      dropIndexes: (c, db) => this.dropIndexes(c, db),
      deleteIndexes: (c, db) => this.dropIndexes(c, db),
      listCollections: (c, db) => this.listCollections(c, db),
      listDatabases: (c) => this.listDatabases(c),
      create: (c, db) => this.create(c, db),
      drop: (c, db) => this.drop(c, db),
      dropDatabase: (_c, db) => this.dropDatabase(db),
      dbStats: (_c, db) => this.dbStats(db),
      collStats: (c, db) => this.collStats(c, db),
      renameCollection: (c) => this.renameCollection(c),
    };
  }

  /** Runs one command. Never throws: failures become { ok: 0 } replies. Writes are durable before it resolves. */
  async run(cmd: Doc, conn: ConnInfo): Promise<Doc> {
    try {
      const name = Object.keys(cmd)[0];
      if (name === undefined) throw err('FailedToParse', 'no command name in request');
      const db = cmd.$db;
      if (typeof db !== 'string' || db === '') throw err('InvalidNamespace', 'command is missing the $db field');
      if ('txnNumber' in cmd || 'startTransaction' in cmd || 'autocommit' in cmd) this.noTxn();
      const handler = Object.prototype.hasOwnProperty.call(this.handlers, name) ? this.handlers[name] : undefined;
      if (!handler) throw err('CommandNotFound', `no such command: '${name}'`);
      const reply = await handler(cmd, db, conn);
      await this.store.commit();
      return reply;
    } catch (e) {
      // Partial writes that happened before the failure must still be durable before we answer.
      await this.store.commit().catch(() => undefined);
      return errorReply(e);
    }
  }

  private noAuth(): never {
    throw err('AuthenticationFailed', 'Authentication is not supported by embedded-mongo (single-user development server)');
  }

  private noTxn(): never {
    throw err('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
  }

  hello(cmd: Doc): Doc {
    const reply: Doc = {
      helloOk: true,
      ismaster: true,
      isWritablePrimary: true,
      maxBsonObjectSize: MAX_BSON_SIZE,
      maxMessageSizeBytes: MAX_MESSAGE_SIZE,
      maxWriteBatchSize: MAX_WRITE_BATCH,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: 1,
      minWireVersion: 0,
      maxWireVersion: 21,
      readOnly: false,
      ok: 1,
    };
    if (!('hello' in cmd)) delete reply.isWritablePrimary;
    return reply;
  }

  private buildInfo(): Doc {
    return {
      version: '7.0.0',
      gitVersion: 'embedded-mongo',
      versionArray: [7, 0, 0, 0],
      bits: 64,
      debug: false,
      maxBsonObjectSize: MAX_BSON_SIZE,
      javascriptEngine: 'none',
      storageEngines: ['embedded-log'],
      modules: [],
      ok: 1,
    };
  }

  private serverStatus(): Doc {
    return {
      host: `127.0.0.1:${this.port()}`,
      version: '7.0.0',
      process: 'embedded-mongo',
      pid: Long.fromNumber(process.pid),
      uptime: (Date.now() - this.startedAt) / 1000,
      localTime: new Date(),
      connections: { current: this.connections, available: 1000 },
      ok: 1,
    };
  }

  // ---------------------------------------------------------------- helpers

  private collName(cmd: Doc, field: string): string {
    const n = cmd[field];
    if (typeof n !== 'string' || n === '') throw err('InvalidNamespace', `collection name must be a non-empty string, got ${typeof n}`);
    return n;
  }

  /** Documents matching `filter`, using the _id map or a hash index for equality predicates. */
  matchDocs(coll: Collection | undefined, filter: unknown, limit = 0): Doc[] {
    if (!coll) return [];
    const f = (filter ?? {}) as Doc;
    if (!isPlainObject(f)) throw err('TypeMismatch', 'filter must be an object');
    const candidates = this.plan(coll, f);
    const source: Iterable<Doc> = candidates ?? coll.docs.values();
    const keys = Object.keys(f);
    const out: Doc[] = [];
    if (keys.length === 0) {
      for (const d of source) {
        out.push(d);
        if (limit && out.length >= limit) break;
      }
      return out;
    }
    const q = new Query(f);
    for (const d of source) {
      if (q.test(d)) {
        out.push(d);
        if (limit && out.length >= limit) break;
      }
    }
    return out;
  }

  private plan(coll: Collection, filter: Doc): Doc[] | null {
    const eq = new Map<string, unknown[]>();
    const gather = (f: Doc) => {
      for (const [k, v] of Object.entries(f)) {
        if (k === '$and' && Array.isArray(v)) {
          for (const sub of v) if (isPlainObject(sub)) gather(sub);
          continue;
        }
        if (k.startsWith('$')) continue;
        const vals = equalityValues(v);
        if (vals && !eq.has(k)) eq.set(k, vals);
      }
    };
    gather(filter);
    if (eq.size === 0) return null;
    const ids = eq.get('_id');
    if (ids) {
      const out: Doc[] = [];
      const seen = new Set<string>();
      for (const v of ids) {
        const k = keyOf(v);
        if (seen.has(k)) continue;
        seen.add(k);
        const d = coll.docs.get(k);
        if (d) out.push(d);
      }
      return out;
    }
    for (const ix of coll.indexes) {
      if (!ix.lookupable) continue;
      if (!ix.fields.every((f) => eq.has(f))) continue;
      const lists = ix.fields.map((f) => eq.get(f)!);
      if (ix.sparse && lists.some((l) => l.some((v) => v === null || v === undefined))) continue;
      let keys = [''];
      for (const l of lists) {
        keys = keys.flatMap((p) => l.map((v) => p + keyOf(v) + '\u0000'));
        if (keys.length > 1000) break;
      }
      if (keys.length > 1000) continue;
      const idSet = new Set<string>();
      for (const k of keys) for (const id of ix.map.get(k) ?? []) idSet.add(id);
      const out: Doc[] = [];
      for (const id of idSet) {
        const d = coll.docs.get(id);
        if (d) out.push(d);
      }
      return out;
    }
    // Equality on the first field of a compound index.
    for (const ix of coll.indexes) {
      if (!ix.lookupable || !ix.firstMap || !eq.has(ix.fields[0])) continue;
      const vals = eq.get(ix.fields[0])!;
      if (ix.sparse && vals.some((v) => v === null || v === undefined)) continue;
      const idSet = new Set<string>();
      for (const v of vals) for (const id of ix.firstMap.get(keyOf(v)) ?? []) idSet.add(id);
      const out: Doc[] = [];
      for (const id of idSet) {
        const d = coll.docs.get(id);
        if (d) out.push(d);
      }
      return out;
    }
    return null;
  }

  private project(docs: Doc[], projection: unknown, filter: unknown): Doc[] {
    if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
    const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
    const q = new Query((positional ? filter : {}) as Doc);
    return q.find(docs, projection as Doc).all() as Doc[];
  }

  private cursorReply(ns: string, docs: Doc[], batchSize: unknown, singleBatch: boolean): Doc {
    const limit = typeof batchSize === 'number' && batchSize >= 0 ? batchSize : 101;
    const batch = takeBatch(docs, 0, limit);
    let id = 0;
    if (batch.length < docs.length && !singleBatch) {
      id = this.nextCursorId++;
      this.cursors.set(id, { id, ns, docs, pos: batch.length, lastUsed: Date.now() });
    }
    return { cursor: { firstBatch: batch, id: Long.fromNumber(id), ns }, ok: 1 };
  }

  /** Drops cursors idle for more than 10 minutes (called by the background timer). */
  sweepCursors(now = Date.now()): void {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > CURSOR_IDLE_MS) this.cursors.delete(id);
    this.changeStreams.sweep(now);
  }

  // ---------------------------------------------------------------- reads

  private find(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'find');
    const coll = this.store.get(db, name);
    const sort = cmd.sort as Doc | undefined;
    const hasSort = isPlainObject(sort) && Object.keys(sort).length > 0;
    const skip = num(cmd.skip, 0);
    let limit = num(cmd.limit, 0);
    let single = cmd.singleBatch === true;
    if (limit < 0) {
      limit = -limit;
      single = true;
    }
    const filter = (cmd.filter ?? {}) as Doc;
    if (!isPlainObject(filter)) throw err('TypeMismatch', 'filter must be an object');
    const near = extractNear(coll, `${db}.${name}`, filter);
    let docs: Doc[];
    if (near && coll) {
      // Nearest first through the 2dsphere index; stops as soon as skip + limit documents matched.
      const want = hasSort || !limit ? Infinity : skip + limit;
      const q = Object.keys(near.rest).length ? new Query(near.rest) : null;
      docs = [];
      for (const h of near.near.index.geo!.nearest(near.near.c, near.near.minAngle, near.near.maxAngle, { keysExamined: 0 })) {
        if (docs.length >= want) break;
        const d = coll.docs.get(h.id);
        if (d && (!q || q.test(d))) docs.push(d);
      }
    } else docs = this.matchDocs(coll, filter, hasSort || !limit ? 0 : skip + limit);
    if (hasSort && '$natural' in (sort as Doc)) {
      if (Number((sort as Doc).$natural) < 0) docs = [...docs].reverse();
    } else if (hasSort) docs = sortDocs(docs, sort as Doc);
    if (skip) docs = docs.slice(skip);
    if (limit) docs = docs.slice(0, limit);
    docs = this.project(docs, cmd.projection, cmd.filter);
    return this.cursorReply(`${db}.${name}`, docs, cmd.batchSize, single);
  }

  private getMore(cmd: Doc, db: string): Doc | Promise<Doc> {
    const raw = cmd.getMore;
    const id = typeof raw === 'number' ? raw : raw instanceof Long ? raw.toNumber() : Number.NaN;
    if (this.changeStreams.owns(id)) return this.changeStreams.getMore(cmd, db, id);
    const c = this.cursors.get(id);
    const coll = typeof cmd.collection === 'string' ? `${db}.${cmd.collection}` : '';
    if (!c || c.ns !== coll) throw err('CursorNotFound', `cursor id ${String(raw)} not found`);
    const limit = typeof cmd.batchSize === 'number' && cmd.batchSize > 0 ? cmd.batchSize : Number.MAX_SAFE_INTEGER;
    const batch = takeBatch(c.docs, c.pos, limit);
    c.pos += batch.length;
    c.lastUsed = Date.now();
    let outId = c.id;
    if (c.pos >= c.docs.length) {
      this.cursors.delete(c.id);
      outId = 0;
    }
    return { cursor: { nextBatch: batch, id: Long.fromNumber(outId), ns: c.ns }, ok: 1 };
  }

  private killCursors(cmd: Doc): Doc {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of (cmd.cursors as unknown[]) ?? []) {
      const id = typeof raw === 'number' ? raw : raw instanceof Long ? raw.toNumber() : Number.NaN;
      (this.cursors.delete(id) || this.changeStreams.kill(id) ? killed : notFound).push(Long.fromNumber(id));
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  private count(cmd: Doc, db: string): Doc {
    const coll = this.store.get(db, this.collName(cmd, 'count'));
    const skip = num(cmd.skip, 0);
    const limit = Math.abs(num(cmd.limit, 0));
    const q = cmd.query as Doc | undefined;
    let n = !q || Object.keys(q).length === 0 ? (coll?.docs.size ?? 0) : this.matchDocs(coll, q).length;
    n = Math.max(0, n - skip);
    if (limit) n = Math.min(n, limit);
    return { n, ok: 1 };
  }

  private distinct(cmd: Doc, db: string): Doc {
    const coll = this.store.get(db, this.collName(cmd, 'distinct'));
    if (typeof cmd.key !== 'string') throw err('TypeMismatch', "'key' must be a string");
    const seen = new Map<string, unknown>();
    for (const d of this.matchDocs(coll, cmd.query)) {
      for (const v of pathValues(d, cmd.key)) {
        if (v === undefined) continue;
        const k = keyOf(v);
        if (!seen.has(k)) seen.set(k, v);
      }
    }
    return { values: sortDocs([...seen.values()].map((v) => ({ v })), { v: 1 }).map((x) => x.v), ok: 1 };
  }

  private aggregate(cmd: Doc, db: string): Doc {
    if (isChangeStreamPipeline(cmd.pipeline)) return this.changeStreams.open(cmd, db);
    const target = cmd.aggregate;
    if (typeof target !== 'string') throw err('InvalidNamespace', 'aggregate on a whole database is not supported by embedded-mongo');
    const pipeline = cmd.pipeline;
    if (!Array.isArray(pipeline)) throw err('TypeMismatch', "'pipeline' must be an array");
    if (!isPlainObject(cmd.cursor) && cmd.explain !== true) throw err('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
    pipeline.forEach((st, i) => {
      if (!isPlainObject(st) || Object.keys(st).length !== 1) throw err('Location', 'A pipeline stage specification object must contain exactly one field.');
      const op = Object.keys(st)[0];
      if (op === '$out' || op === '$merge') throw unsupported(`the ${op} aggregation stage`);
      if (op === '$geoNear' && i > 0) throw err('GeoNearNotFirst', '$geoNear is only valid as the first stage in a pipeline');
    });
    const coll = this.store.get(db, target);
    let stages = pipeline as Doc[];
    let docs: Iterable<Doc>;
    if (stages.length && '$geoNear' in stages[0]) {
      const g = parseGeoNear(coll, `${db}.${target}`, stages[0].$geoNear);
      docs = coll ? geoNearDocs(coll, g, { keysExamined: 0, docsExamined: 0 }, (d) => cloneDeep(d) as Doc) : [];
      stages = stages.slice(1);
    } else {
      let matched: Doc[];
      if (stages.length && isPlainObject(stages[0].$match)) {
        matched = this.matchDocs(coll, stages[0].$match);
        stages = stages.slice(1);
      } else matched = coll ? [...coll.docs.values()] : [];
      // Stages may rewrite their input in place: hand mingo private copies.
      docs = matched.map((d) => cloneDeep(d) as Doc);
    }
    const foreign = new Map<string, Doc[]>();
    const resolver = (name: string): Doc[] => {
      let arr = foreign.get(name);
      if (!arr) {
        const c = this.store.get(db, name);
        arr = c ? [...c.docs.values()].map((d) => cloneDeep(d) as Doc) : [];
        foreign.set(name, arr);
      }
      return arr;
    };
    let out: Doc[];
    if (stages.length) out = new Aggregator(stages, { collectionResolver: resolver }).run(docs as never) as Doc[];
    else out = Array.isArray(docs) ? docs : [...docs];
    const c = cmd.cursor as Doc | undefined;
    return this.cursorReply(`${db}.${target}`, out, c?.batchSize, false);
  }

  // ---------------------------------------------------------------- writes

  private prepareInsert(doc: unknown): Doc {
    if (!isPlainObject(doc)) throw err('TypeMismatch', 'document to insert must be an object');
    let d = doc;
    if (!('_id' in d)) d = { _id: new ObjectId(), ...d };
    else if (Object.keys(d)[0] !== '_id') {
      const { _id, ...rest } = d;
      d = { _id, ...rest };
    }
    validateId(d._id);
    return d;
  }

  private writeError(e: unknown, index: number): Doc {
    if (e instanceof CommandError) return { index, code: e.code, codeName: e.codeName, errmsg: e.message, ...e.extra };
    return { index, code: 2, codeName: 'BadValue', errmsg: (e as Error)?.message ?? String(e) };
  }

  private insert(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'insert');
    const docs = cmd.documents;
    if (!Array.isArray(docs)) throw err('TypeMismatch', "'documents' must be an array");
    if (docs.length > MAX_WRITE_BATCH) throw err('InvalidOptions', `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH}`);
    const ordered = cmd.ordered !== false;
    const coll = this.store.create(db, name);
    const writeErrors: Doc[] = [];
    let n = 0;
    for (let i = 0; i < docs.length; i++) {
      try {
        coll.insert(this.prepareInsert(docs[i]));
        n++;
      } catch (e) {
        writeErrors.push(this.writeError(e, i));
        if (ordered) break;
      }
    }
    return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
  }

  /** Applies an update document (operators, replacement or pipeline) to a copy of `doc`. Returns null if unchanged. */
  private applyUpdate(doc: Doc, u: unknown, q: Doc, arrayFilters: unknown, inserting: boolean): Doc | null {
    return this.applyUpdates([doc], u, q, arrayFilters, inserting)[0];
  }

  /**
   * Applies one update to copies of several documents, compiling it once (mingo's per-call setup is
   * ~100x the cost of applying an operator). Entry i is the new version of docs[i], or null if unchanged.
   */
  private applyUpdates(docs: Doc[], u: unknown, q: Doc, arrayFilters: unknown, inserting: boolean): Array<Doc | null> {
    if (docs.length === 0) return [];
    const unchangedOr = (orig: Doc, next: Doc) => (keyOf(next) === keyOf(orig) ? null : next);
    if (Array.isArray(u)) {
      const outs = new Aggregator(u as Doc[]).run(docs.map((d) => cloneDeep(d) as Doc)) as Doc[];
      if (outs.length !== docs.length) throw err('BadValue', 'an update pipeline must produce exactly one document per input');
      return docs.map((d, i) => {
        const out = outs[i];
        const fixed = '_id' in out ? out : { _id: d._id, ...out };
        if (!inserting && keyOf(fixed._id) !== keyOf(d._id)) {
          throw err('ImmutableField', "After applying the update, the (immutable) field '_id' was found to have been altered");
        }
        return unchangedOr(d, fixed);
      });
    }
    if (!isPlainObject(u)) throw err('FailedToParse', 'Update argument must be either an object or an array');
    const keys = Object.keys(u);
    if (keys.length === 0 || !keys[0].startsWith('$')) {
      for (const k of keys) if (k.startsWith('$')) throw err('BadValue', `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in a replacement document`);
      const { _id, ...rest } = u;
      return docs.map((d) => {
        if (_id !== undefined && keyOf(_id) !== keyOf(d._id) && !inserting) {
          throw err('ImmutableField', "After applying the update, the (immutable) field '_id' was found to have been altered");
        }
        return unchangedOr(d, { _id: d._id ?? _id, ...rest });
      });
    }
    const ops: Doc = {};
    for (const k of keys) {
      if (!UPDATE_OPERATORS.has(k)) throw err('FailedToParse', `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`);
      if (!isPlainObject(u[k])) throw err('FailedToParse', `Modifiers operate on fields but we found type ${typeof u[k]} instead.`);
      if (k === '$setOnInsert') continue;
      if (Object.keys(u[k] as Doc).length) ops[k] = u[k];
    }
    if (inserting && isPlainObject(u.$setOnInsert)) ops.$set = { ...((ops.$set as Doc) ?? {}), ...u.$setOnInsert };
    if (!inserting) {
      for (const [op, spec] of Object.entries(ops)) {
        for (const p of Object.keys(spec as Doc)) {
          if (p !== '_id' && !p.startsWith('_id.')) continue;
          // { $set: { _id: <its current value> } } is allowed and does nothing
          if (op === '$set' && p === '_id' && docs.every((d) => keyOf((spec as Doc)[p]) === keyOf(d._id))) {
            const { _id: _same, ...rest } = spec as Doc;
            if (Object.keys(rest).length) ops[op] = rest;
            else delete ops[op];
            continue;
          }
          throw err('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
        }
      }
    }
    if (Object.keys(ops).length === 0) return docs.map(() => null);
    const copies = docs.map((d) => cloneDeep(d) as Doc);
    // mingo skips $sort/$slice/$position when $push creates the array: start from an empty one.
    if (isPlainObject(ops.$push)) {
      for (const [p, spec] of Object.entries(ops.$push)) {
        if (!isPlainObject(spec) || !('$each' in spec) || p.includes('$')) continue;
        for (const c of copies) if (pathValues(c, p).every((v) => v === undefined)) setPath(c, p, []);
      }
    }
    mingoUpdateMany(copies, inserting ? {} : q, ops, { arrayFilters: Array.isArray(arrayFilters) ? (arrayFilters as Doc[]) : undefined, cloneMode: 'deep' }, MINGO_OPTS);
    return docs.map((d, i) => {
      const c = copies[i];
      if (!inserting && keyOf(c._id) !== keyOf(d._id)) {
        throw err('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      return unchangedOr(d, c);
    });
  }

  private upsertDoc(q: Doc, u: unknown, arrayFilters: unknown): Doc {
    const base: Doc = {};
    const fromFilter = (f: Doc) => {
      for (const [k, v] of Object.entries(f)) {
        if (k === '$and' && Array.isArray(v)) {
          for (const s of v) if (isPlainObject(s)) fromFilter(s);
          continue;
        }
        if (k.startsWith('$')) continue;
        if (v instanceof RegExp) continue;
        if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
          if ('$eq' in v) setPath(base, k, v.$eq);
          continue;
        }
        setPath(base, k, v);
      }
    };
    fromFilter(q);
    let doc: Doc;
    if (!Array.isArray(u) && isPlainObject(u) && (Object.keys(u).length === 0 || !Object.keys(u)[0].startsWith('$'))) {
      doc = { ...u };
      if (!('_id' in doc) && '_id' in base) doc._id = base._id;
    } else {
      doc = this.applyUpdate(base, u, q, arrayFilters, true) ?? base;
    }
    return this.prepareInsert(doc);
  }

  private update(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'update');
    const updates = cmd.updates;
    if (!Array.isArray(updates)) throw err('TypeMismatch', "'updates' must be an array");
    const ordered = cmd.ordered !== false;
    const coll = this.store.create(db, name);
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const writeErrors: Doc[] = [];
    for (let i = 0; i < updates.length; i++) {
      try {
        const spec = updates[i] as Doc;
        if (!isPlainObject(spec)) throw err('TypeMismatch', 'update statement must be an object');
        const q = (spec.q ?? {}) as Doc;
        const u = spec.u;
        const multi = spec.multi === true;
        if (multi && isPlainObject(u) && Object.keys(u).length && !Object.keys(u)[0].startsWith('$')) {
          throw err('FailedToParse', 'multi update is not supported for replacement-style update');
        }
        const matched = this.matchDocs(coll, q, multi ? 0 : 1);
        if (matched.length === 0 && spec.upsert === true) {
          const doc = this.upsertDoc(q, u, spec.arrayFilters);
          coll.insert(doc);
          n++;
          upserted.push({ index: i, _id: doc._id });
          continue;
        }
        const nexts = this.applyUpdates(matched, u, q, spec.arrayFilters, false);
        for (let j = 0; j < matched.length; j++) {
          n++;
          const next = nexts[j];
          if (next) {
            coll.replace(matched[j], next);
            nModified++;
          }
        }
      } catch (e) {
        writeErrors.push(this.writeError(e, i));
        if (ordered) break;
      }
    }
    const reply: Doc = { n, nModified };
    if (upserted.length) reply.upserted = upserted;
    if (writeErrors.length) reply.writeErrors = writeErrors;
    reply.ok = 1;
    return reply;
  }

  private delete(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'delete');
    const deletes = cmd.deletes;
    if (!Array.isArray(deletes)) throw err('TypeMismatch', "'deletes' must be an array");
    const ordered = cmd.ordered !== false;
    const coll = this.store.get(db, name);
    let n = 0;
    const writeErrors: Doc[] = [];
    for (let i = 0; i < deletes.length; i++) {
      try {
        const spec = deletes[i] as Doc;
        if (!isPlainObject(spec)) throw err('TypeMismatch', 'delete statement must be an object');
        const limit = num(spec.limit, 0);
        for (const d of this.matchDocs(coll, spec.q ?? {}, limit === 1 ? 1 : 0)) {
          coll!.remove(d);
          n++;
        }
      } catch (e) {
        writeErrors.push(this.writeError(e, i));
        if (ordered) break;
      }
    }
    return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
  }

  private findAndModify(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'findAndModify' in cmd ? 'findAndModify' : 'findandmodify');
    const q = (cmd.query ?? {}) as Doc;
    const sort = cmd.sort as Doc | undefined;
    const hasSort = isPlainObject(sort) && Object.keys(sort).length > 0;
    const remove = cmd.remove === true;
    if (!remove && cmd.update === undefined) throw err('FailedToParse', 'Either an update or remove=true must be specified');
    if (remove && (cmd.new === true || cmd.upsert === true)) throw err('FailedToParse', 'Cannot specify new or upsert with remove=true');
    const coll = remove ? this.store.get(db, name) : this.store.create(db, name);
    let matched = this.matchDocs(coll, q, hasSort ? 0 : 1);
    if (hasSort) matched = sortDocs(matched, sort as Doc);
    const doc = matched[0];
    const out = (d: Doc | null | undefined) => (d ? (this.project([d], cmd.fields, q)[0] ?? null) : null);
    if (remove) {
      if (doc) coll!.remove(doc);
      return { lastErrorObject: { n: doc ? 1 : 0 }, value: out(doc), ok: 1 };
    }
    if (doc) {
      const next = this.applyUpdate(doc, cmd.update, q, cmd.arrayFilters, false);
      if (next) coll!.replace(doc, next);
      return { lastErrorObject: { n: 1, updatedExisting: true }, value: out(cmd.new === true ? (next ?? doc) : doc), ok: 1 };
    }
    if (cmd.upsert === true) {
      const ins = this.upsertDoc(q, cmd.update, cmd.arrayFilters);
      coll!.insert(ins);
      return { lastErrorObject: { n: 1, updatedExisting: false, upserted: ins._id }, value: cmd.new === true ? out(ins) : null, ok: 1 };
    }
    return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  }

  // ---------------------------------------------------------------- catalog

  private createIndexes(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'createIndexes');
    const specs = cmd.indexes;
    if (!Array.isArray(specs) || specs.length === 0) throw err('BadValue', "Must specify at least one index to create");
    const existed = !!this.store.get(db, name);
    const coll = this.store.create(db, name);
    const before = coll.indexes.length + 1;
    for (const raw of specs) {
      if (!isPlainObject(raw) || !isPlainObject(raw.key) || Object.keys(raw.key).length === 0) {
        throw err('BadValue', 'index specification must have a non-empty key document');
      }
      for (const v of Object.values(raw.key)) {
        if (!(typeof v === 'number' && v !== 0) && typeof v !== 'string') throw err('BadValue', `Values in the index key pattern can't be ${String(v)}`);
      }
      const spec: IndexSpec = { key: raw.key, name: typeof raw.name === 'string' ? raw.name : defaultIndexName(raw.key) };
      for (const k of ['unique', 'sparse', 'expireAfterSeconds', 'partialFilterExpression', 'collation', 'weights', 'default_language', 'language_override', 'textIndexVersion', '2dsphereIndexVersion']) {
        if (raw[k] !== undefined && !(k === 'unique' && raw[k] === false) && !(k === 'sparse' && raw[k] === false)) spec[k] = raw[k];
      }
      if (Object.values(raw.key).includes('2dsphere')) {
        if (Object.values(raw.key).filter((v) => v === '2dsphere').length > 1) throw unsupported('a 2dsphere index over more than one geo field');
        spec['2dsphereIndexVersion'] ??= 3;
      }
      if (keyOf(spec.key) === keyOf({ _id: 1 })) continue;
      const sameName = coll.indexes.find((ix) => ix.name === spec.name);
      if (sameName) {
        if (keyOf(sameName.spec) === keyOf(spec)) continue;
        if (keyOf(sameName.spec.key) === keyOf(spec.key)) {
          throw err('IndexOptionsConflict', `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
        }
        throw err('IndexKeySpecsConflict', `An existing index has the same name as the requested index but a different key. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
      }
      const sameKey = coll.indexes.find((ix) => keyOf(ix.spec.key) === keyOf(spec.key));
      if (sameKey) {
        throw err('IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
      }
      coll.createIndex(spec);
    }
    const after = coll.indexes.length + 1;
    const reply: Doc = { numIndexesBefore: before, numIndexesAfter: after, createdCollectionAutomatically: !existed };
    if (before === after) reply.note = 'all indexes already exist';
    reply.ok = 1;
    return reply;
  }

  private listIndexes(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'listIndexes');
    const coll = this.store.get(db, name);
    if (!coll) throw err('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
    const c = cmd.cursor as Doc | undefined;
    return this.cursorReply(`${db}.${name}`, coll.indexSpecs() as Doc[], c?.batchSize, false);
  }

  private dropIndexes(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'dropIndexes' in cmd ? 'dropIndexes' : 'deleteIndexes');
    const coll = this.store.get(db, name);
    if (!coll) throw err('NamespaceNotFound', `ns not found ${db}.${name}`);
    const was = coll.indexes.length + 1;
    const which = cmd.index;
    let names: string[];
    if (which === '*') names = coll.indexes.map((ix) => ix.name);
    else if (typeof which === 'string') names = [which];
    else if (Array.isArray(which)) names = which.map(String);
    else if (isPlainObject(which)) {
      const ix = coll.indexes.find((x) => keyOf(x.spec.key) === keyOf(which));
      if (!ix) throw err('IndexNotFound', `can't find index with key: ${JSON.stringify(which)}`);
      names = [ix.name];
    } else throw err('TypeMismatch', "'index' must be a string, array or object");
    for (const n of names) {
      if (n === '_id_') throw err('InvalidOptions', 'cannot drop _id index');
      if (!coll.indexes.some((ix) => ix.name === n)) throw err('IndexNotFound', `index not found with name [${n}]`);
    }
    for (const n of names) coll.dropIndex(n);
    return { nIndexesWas: was, ok: 1 };
  }

  private listCollections(cmd: Doc, db: string): Doc {
    let infos: Doc[] = [...this.store.collections.values()]
      .filter((c) => c.db === db)
      .map((c) => ({
        name: c.name,
        type: 'collection',
        options: c.options,
        info: { readOnly: false, uuid: c.uuid },
        idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
      }));
    if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length) {
      const q = new Query(cmd.filter);
      infos = infos.filter((i) => q.test(i));
    }
    if (cmd.nameOnly === true) infos = infos.map((i) => ({ name: i.name, type: i.type }));
    const c = cmd.cursor as Doc | undefined;
    return this.cursorReply(`${db}.$cmd.listCollections`, infos, c?.batchSize, false);
  }

  private listDatabases(cmd: Doc): Doc {
    const names = this.store.databases();
    const databases = names.map((name) => (cmd.nameOnly === true ? { name } : { name, sizeOnDisk: 0, empty: false }));
    return { databases, totalSize: 0, totalSizeMb: 0, ok: 1 };
  }

  private create(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'create');
    if (this.store.get(db, name)) throw err('NamespaceExists', `Collection ${db}.${name} already exists.`);
    const { create: _c, $db: _d, lsid: _l, $clusterTime: _t, writeConcern: _w, $readPreference: _r, ...opts } = cmd;
    this.store.create(db, name, opts);
    return { ok: 1 };
  }

  private drop(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'drop');
    const coll = this.store.get(db, name);
    const was = coll ? coll.indexes.length + 1 : 0;
    this.store.drop(db, name);
    return { ns: `${db}.${name}`, nIndexesWas: was, ok: 1 };
  }

  private dropDatabase(db: string): Doc {
    this.store.dropDatabase(db);
    return { dropped: db, ok: 1 };
  }

  private dbStats(db: string): Doc {
    const colls = [...this.store.collections.values()].filter((c) => c.db === db);
    const objects = colls.reduce((s, c) => s + c.docs.size, 0);
    return { db, collections: colls.length, views: 0, objects, indexes: colls.reduce((s, c) => s + c.indexes.length + 1, 0), ok: 1 };
  }

  private collStats(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'collStats');
    const coll = this.store.get(db, name);
    if (!coll) throw err('NamespaceNotFound', `Collection [${db}.${name}] not found.`);
    return { ns: coll.ns, count: coll.docs.size, nindexes: coll.indexes.length + 1, ok: 1 };
  }

  private renameCollection(cmd: Doc): Doc {
    const from = cmd.renameCollection;
    const to = cmd.to;
    if (typeof from !== 'string' || typeof to !== 'string') throw err('TypeMismatch', 'renameCollection and to must be strings');
    const [fdb, ...fr] = from.split('.');
    const [tdb, ...tr] = to.split('.');
    const src = this.store.get(fdb, fr.join('.'));
    if (!src) throw err('NamespaceNotFound', 'source namespace does not exist');
    if (this.store.get(tdb, tr.join('.'))) {
      if (cmd.dropTarget !== true) throw err('NamespaceExists', 'target namespace exists');
      this.store.drop(tdb, tr.join('.'));
    }
    const dst = this.store.create(tdb, tr.join('.'), src.options);
    for (const ix of src.indexes) dst.createIndex(ix.spec);
    for (const d of src.docs.values()) dst.insert(d);
    this.store.drop(fdb, fr.join('.'));
    return { ok: 1 };
  }

  /** Deletes documents whose TTL index date has passed. Returns how many were removed. */
  sweepTtl(now = Date.now()): number {
    let removed = 0;
    for (const coll of this.store.collections.values()) {
      for (const ix of coll.indexes) {
        const secs = ix.spec.expireAfterSeconds;
        if (typeof secs !== 'number' || ix.fields.length !== 1) continue;
        const field = ix.fields[0];
        const expired: Doc[] = [];
        for (const d of coll.docs.values()) {
          if (ix.partial && !ix.partial.test(d)) continue;
          const dates = pathValues(d, field).filter((v): v is Date => v instanceof Date);
          if (dates.length === 0) continue;
          const earliest = Math.min(...dates.map((x) => x.getTime()));
          if (earliest + secs * 1000 <= now) expired.push(d);
        }
        for (const d of expired) {
          coll.remove(d);
          removed++;
        }
      }
    }
    return removed;
  }
}

function takeBatch(docs: Doc[], from: number, limit: number): Doc[] {
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

function num(v: unknown, dflt: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (v instanceof Long) return v.toNumber();
  return dflt;
}

function equalityValues(v: unknown): unknown[] | null {
  if (v instanceof RegExp || Array.isArray(v)) return null;
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.some((k) => k.startsWith('$'))) {
      if ('$eq' in v) return equalityValues(v.$eq);
      if (Array.isArray(v.$in) && v.$in.every((x) => !(x instanceof RegExp) && !Array.isArray(x) && !(isPlainObject(x) && Object.keys(x).some((k) => k.startsWith('$'))))) {
        return v.$in;
      }
      return null;
    }
  }
  if (typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'BSONRegExp') return null;
  return [v];
}

function validateId(id: unknown): void {
  if (Array.isArray(id)) throw err('InvalidIdField', "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw err('InvalidIdField', "The '_id' value cannot be of type regex");
  if (id === undefined) throw err('InvalidIdField', "The '_id' value cannot be undefined");
}

function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

function setPath(obj: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    if (!isPlainObject(cur[p])) cur[p] = {};
    cur = cur[p] as Doc;
  }
  cur[parts[parts.length - 1]] = value;
}

export function errorReply(e: unknown): Doc {
  if (e instanceof CommandError) return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
  const msg = (e as Error)?.message ?? String(e);
  return { ok: 0, errmsg: msg, code: 2, codeName: 'BadValue' };
}
