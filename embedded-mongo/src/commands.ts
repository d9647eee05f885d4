// Command handlers: the subset of MongoDB's command set that mongoose and the driver use.
import { BSON, Long, ObjectId, UUID } from 'bson';
import { updateMany as mingoUpdateMany } from 'mingo';
import { cloneDeep } from 'mingo/util';
import { ChangeStreams, isChangeStreamPipeline } from './changeStream';
import { CommandError, err, unsupported } from './errors';
import { parseCollation, type Collation } from './collation';
import { extractNear, geoNearDocs, parseGeoNear } from './geoquery';
import { HIGH_R, LOW_R, typeStart, type Index, type IxKey } from './indexes';
import { simpleProjection } from './projection';
import { candidates, choosePlan, newStats, scanStage, type ExecStats, type Plan } from './planner';
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

/** Per-command read options: the effective collation and the `let` variables. */
export interface ReadOpts {
  collation: Collation | null;
  rawCollation?: unknown;
  variables?: Doc;
}
const NO_OPTS: ReadOpts = { collation: null };

interface QuerySpec {
  sort?: Doc | null;
  skip?: number;
  limit?: number;
  ro?: ReadOpts;
  hint?: unknown;
}

interface QueryRun {
  docs: Doc[];
  plan: Plan;
  stats: ExecStats;
  inMemorySort: boolean;
  /** Documents that matched before skip/limit were applied. */
  nMatched: number;
  sort: Doc | null;
  skip: number;
  limit: number;
  filter: Doc;
  geo?: boolean;
}

interface AggregateRun {
  ns: string;
  out: Doc[];
  query: QueryRun | null;
  geo: { index: Index; stats: ExecStats } | null;
  rest: Doc[];
}

/** create options this server honours (validators, capped, time series, views... are refused). */
const CREATE_OPTIONS = new Set(['collation', 'capped', 'idIndex']);

/** Aggregation stages that honour a collation here; any other stage with a collation is refused. */
const COLLATION_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$project', '$addFields', '$set', '$unset', '$count', '$geoNear', '$replaceRoot', '$replaceWith']);

function mingoOptions(ro: ReadOpts): Doc {
  const o: Doc = {};
  if (ro.rawCollation) o.collation = ro.rawCollation;
  if (ro.variables) o.variables = ro.variables;
  return o;
}

/** A $group whose result cannot depend on string comparison (countDocuments' { _id: 1, n: { $sum: 1 } }). */
function constantGroup(spec: unknown): boolean {
  if (!isPlainObject(spec)) return false;
  const { _id, ...acc } = spec;
  if (containsFieldPath(_id)) return false;
  return Object.values(acc).every((a) => isPlainObject(a) && Object.keys(a).length === 1 && ['$sum', '$avg', '$count', '$first', '$last', '$push'].includes(Object.keys(a)[0]));
}

function containsFieldPath(v: unknown): boolean {
  if (typeof v === 'string') return v.startsWith('$');
  if (Array.isArray(v)) return v.some(containsFieldPath);
  if (isPlainObject(v)) return Object.values(v).some(containsFieldPath);
  return false;
}

function containsKey(v: unknown, key: string): boolean {
  if (Array.isArray(v)) return v.some((x) => containsKey(x, key));
  if (!isPlainObject(v)) return false;
  return Object.entries(v).some(([k, x]) => k === key || containsKey(x, key));
}

/** Evaluates a command's `let` document: constant expressions, available as $$name. */
function letVariables(raw: unknown): Doc | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) throw err('TypeMismatch', "BSON field 'let' is the wrong type, expected type 'object'");
  const out: Doc = {};
  for (const [k, expr] of Object.entries(raw)) {
    if (!/^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/.test(k)) {
      throw err('FailedToParse', `'${k}' starts with an invalid character for a user variable name`);
    }
    const [row] = new Aggregator([{ $addFields: { v: expr } }], { variables: out }).run([{}]) as Doc[];
    out[k] = row.v;
  }
  return out;
}

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
      collMod: (c, db) => this.collMod(c, db),
      explain: (c, db) => this.explain(c, db),
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

  /** Collation and `let` variables of one command, resolved once. */
  readOptions(coll: Collection | undefined, cmd: Doc, collationRaw: unknown = cmd.collation): ReadOpts {
    const raw = collationRaw ?? coll?.options.collation;
    const collation = parseCollation(raw);
    return { collation, rawCollation: collation ? raw : undefined, variables: letVariables(cmd.let) };
  }

  /**
   * Documents matching `filter` through the chosen plan, then sorted (by the index walk when it can,
   * otherwise in memory), skipped and limited. `stats` counts what was examined (for explain).
   */
  runQuery(coll: Collection | undefined, filter: unknown, q: QuerySpec = {}): QueryRun {
    const f = (filter ?? {}) as Doc;
    if (!isPlainObject(f)) throw err('TypeMismatch', 'filter must be an object');
    const ro = q.ro ?? NO_OPTS;
    if (ro.collation && containsKey(f, '$expr')) throw unsupported('$expr in a filter with a collation (expressions would compare strings without it)');
    const sort = isPlainObject(q.sort) && Object.keys(q.sort).length ? (q.sort as Doc) : null;
    const natural = sort && '$natural' in sort ? Number(sort.$natural) : 0;
    const skip = q.skip ?? 0;
    const limit = q.limit ?? 0;
    const plan = choosePlan(coll, { filter: f, sort: natural ? null : sort, collation: ro.collation, hint: q.hint }, limit > 0);
    const stats = newStats();
    const query = Object.keys(f).length ? new Query(f, mingoOptions(ro)) : null;
    const inMemorySort = !!sort && !natural && !plan.providesSort;
    const want = limit && !inMemorySort && !natural ? skip + limit : 0;
    let docs: Doc[] = [];
    for (const d of candidates(coll, plan, stats)) {
      if (query && !query.test(d)) continue;
      docs.push(d);
      if (want && docs.length >= want) break;
    }
    const nMatched = docs.length;
    if (natural < 0) docs.reverse();
    if (inMemorySort) docs = sortDocs(docs, sort as Doc, ro.collation?.compare);
    if (skip) docs = docs.slice(skip);
    if (limit) docs = docs.slice(0, limit);
    return { docs, plan, stats, inMemorySort, nMatched, sort, skip, limit, filter: f };
  }

  /** Documents matching `filter` (at most `limit` if non-zero), in the plan's order. */
  matchDocs(coll: Collection | undefined, filter: unknown, limit = 0, ro?: ReadOpts): Doc[] {
    return this.runQuery(coll, filter, { limit, ro }).docs;
  }

  private project(docs: Doc[], projection: unknown, filter: unknown): Doc[] {
    if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
    const fast = simpleProjection(projection);
    if (fast) return docs.map(fast);
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
    const r = this.findRun(cmd, db, name);
    const docs = this.project(r.docs, cmd.projection, cmd.filter);
    return this.cursorReply(`${db}.${name}`, docs, cmd.batchSize, r.single);
  }

  private findRun(cmd: Doc, db: string, name: string): QueryRun & { single: boolean } {
    for (const k of ['min', 'max', 'returnKey', 'showRecordId', 'tailable', 'awaitData', 'oplogReplay']) {
      if (cmd[k] !== undefined && cmd[k] !== false) throw unsupported(`the find option '${k}'`);
    }
    const coll = this.store.get(db, name);
    const ro = this.readOptions(coll, cmd);
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
    if (near && coll) {
      // Nearest first through the 2dsphere index; stops as soon as skip + limit documents matched.
      const sort = isPlainObject(cmd.sort) && Object.keys(cmd.sort).length ? (cmd.sort as Doc) : null;
      const want = sort || !limit ? Infinity : skip + limit;
      const q = Object.keys(near.rest).length ? new Query(near.rest, mingoOptions(ro)) : null;
      const stats = newStats();
      let docs: Doc[] = [];
      for (const h of near.near.index.geo!.nearest(near.near.c, near.near.minAngle, near.near.maxAngle, stats)) {
        if (docs.length >= want) break;
        const d = coll.docs.get(h.id);
        if (!d) continue;
        stats.docsExamined++;
        if (!q || q.test(d)) docs.push(d);
      }
      const nMatched = docs.length;
      if (sort) docs = sortDocs(docs, sort, ro.collation?.compare);
      if (skip) docs = docs.slice(skip);
      if (limit) docs = docs.slice(0, limit);
      const plan: Plan = { kind: 'IXSCAN', index: near.near.index, providesSort: !sort, bounds: {} };
      return { docs, plan, stats, inMemorySort: !!sort, nMatched, sort, skip, limit, filter, single, geo: true };
    }
    return { ...this.runQuery(coll, filter, { sort: cmd.sort as Doc, skip, limit, ro, hint: cmd.hint }), single };
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
    const ro = this.readOptions(coll, cmd);
    let n = !q || Object.keys(q).length === 0 ? (coll?.docs.size ?? 0) : this.matchDocs(coll, q, 0, ro).length;
    n = Math.max(0, n - skip);
    if (limit) n = Math.min(n, limit);
    return { n, ok: 1 };
  }

  private distinct(cmd: Doc, db: string): Doc {
    const coll = this.store.get(db, this.collName(cmd, 'distinct'));
    if (typeof cmd.key !== 'string') throw err('TypeMismatch', "'key' must be a string");
    const ro = this.readOptions(coll, cmd);
    const cmp = ro.collation?.compare;
    const seen = new Map<string, unknown>();
    const strings: string[] = [];
    for (const d of this.matchDocs(coll, cmd.query, 0, ro)) {
      for (const v of pathValues(d, cmd.key)) {
        if (v === undefined) continue;
        if (cmp && typeof v === 'string') {
          // Under a collation, strings that compare equal are one value (the first one met).
          if (!strings.some((x) => cmp(x, v) === 0)) {
            strings.push(v);
            seen.set(keyOf(v), v);
          }
          continue;
        }
        const k = keyOf(v);
        if (!seen.has(k)) seen.set(k, v);
      }
    }
    return { values: sortDocs([...seen.values()].map((v) => ({ v })), { v: 1 }, cmp).map((x) => x.v), ok: 1 };
  }

  private aggregate(cmd: Doc, db: string): Doc {
    if (isChangeStreamPipeline(cmd.pipeline)) return this.changeStreams.open(cmd, db);
    if (cmd.explain === true) return this.explain({ explain: { ...cmd, explain: undefined }, verbosity: 'queryPlanner' }, db);
    const r = this.aggregateRun(cmd, db);
    const c = cmd.cursor as Doc | undefined;
    return this.cursorReply(r.ns, r.out, c?.batchSize, false);
  }

  private aggregateRun(cmd: Doc, db: string): AggregateRun {
    const target = cmd.aggregate;
    if (typeof target !== 'string') throw unsupported('aggregate on a whole database (aggregate: 1)', 'CommandNotSupported');
    const pipeline = cmd.pipeline;
    if (!Array.isArray(pipeline)) throw err('TypeMismatch', "'pipeline' must be an array");
    if (!isPlainObject(cmd.cursor) && cmd.explain !== true) throw err('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
    const coll = this.store.get(db, target);
    const ro = this.readOptions(coll, cmd);
    pipeline.forEach((st, i) => {
      if (!isPlainObject(st) || Object.keys(st).length !== 1) throw err('Location', 'A pipeline stage specification object must contain exactly one field.');
      const op = Object.keys(st)[0];
      if (op === '$out' || op === '$merge') throw unsupported(`the ${op} aggregation stage`);
      if (op === '$geoNear' && i > 0) throw err('GeoNearNotFirst', '$geoNear is only valid as the first stage in a pipeline');
      if (ro.collation && !COLLATION_STAGES.has(op) && !(op === '$group' && constantGroup(st.$group))) throw unsupported(`the ${op} stage with a collation`);
    });
    const ns = `${db}.${target}`;
    let stages = pipeline as Doc[];
    let docs: Iterable<Doc>;
    let query: AggregateRun['query'] = null;
    let geo: AggregateRun['geo'] = null;
    if (stages.length && '$geoNear' in stages[0]) {
      const g = parseGeoNear(coll, ns, stages[0].$geoNear);
      if (ro.collation && g.query) throw unsupported('$geoNear query with a collation');
      const stats = newStats();
      geo = { index: g.index, stats };
      stages = stages.slice(1);
      // A following $skip/$limit is taken here, so the nearest-first walk stops after skip + limit.
      let skip = 0;
      let limit = 0;
      if (stages.length && typeof stages[0].$skip === 'number' && stages[0].$skip >= 0) skip = Math.trunc(stages.shift()!.$skip as number);
      if (stages.length && typeof stages[0].$limit === 'number' && stages[0].$limit > 0) limit = Math.trunc(stages.shift()!.$limit as number);
      const taken: Doc[] = [];
      if (coll) {
        let k = 0;
        for (const d of geoNearDocs(coll, g, stats, (x) => cloneDeep(x) as Doc)) {
          if (k++ < skip) continue;
          taken.push(d);
          if (limit && taken.length >= limit) break;
        }
      }
      docs = taken;
    } else {
      // A leading $match / $sort / $skip / $limit runs as a find: through an index when one fits.
      let i = 0;
      let filter: Doc = {};
      let sort: Doc | undefined;
      let skip = 0;
      let limit = 0;
      if (i < stages.length && isPlainObject(stages[i].$match)) filter = stages[i++].$match as Doc;
      if (i < stages.length && isPlainObject(stages[i].$sort) && Object.keys(stages[i].$sort as Doc).length && !('$natural' in (stages[i].$sort as Doc)) && !containsKey(stages[i].$sort, '$meta')) sort = stages[i++].$sort as Doc;
      if (i < stages.length && '$skip' in stages[i] && typeof stages[i].$skip === 'number' && (stages[i].$skip as number) >= 0) skip = Math.trunc(stages[i++].$skip as number);
      if (i < stages.length && '$limit' in stages[i] && typeof stages[i].$limit === 'number' && (stages[i].$limit as number) > 0) limit = Math.trunc(stages[i++].$limit as number);
      if (containsKey(filter, '$near') || containsKey(filter, '$nearSphere')) throw err('BadValue', '$geoNear, $near, and $nearSphere are not allowed in this context');
      query = this.runQuery(coll, filter, { sort, skip, limit, ro });
      stages = stages.slice(i);
      // Stages may rewrite their input in place: hand mingo private copies.
      docs = query.docs.map((d) => cloneDeep(d) as Doc);
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
    if (stages.length) out = new Aggregator(stages, { collectionResolver: resolver, ...mingoOptions(ro) }).run(docs as never) as Doc[];
    else out = Array.isArray(docs) ? docs : [...docs];
    return { ns, out, query, geo, rest: stages };
  }

  // ---------------------------------------------------------------- explain

  /** explain of find, count and aggregate: runs the command and reports the plan it actually used. */
  private explain(cmd: Doc, db: string): Doc {
    const inner = cmd.explain;
    if (!isPlainObject(inner)) throw err('TypeMismatch', "BSON field 'explain' is the wrong type, expected type 'object'");
    const verbosity = typeof cmd.verbosity === 'string' ? cmd.verbosity : 'allPlansExecution';
    if (!['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity)) throw err('FailedToParse', `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
    const withStats = verbosity !== 'queryPlanner';
    const op = Object.keys(inner)[0];
    const t0 = process.hrtime.bigint();
    const ms = () => Number((process.hrtime.bigint() - t0) / 1_000_000n);
    const base = { explainVersion: '1' };
    const tail = { command: { ...inner, $db: db }, serverInfo: { host: '127.0.0.1', port: this.port(), version: '7.0.0', gitVersion: 'embedded-mongo' }, ok: 1 };
    if (op === 'find' || op === 'count') {
      const name = this.collName(inner, op);
      const findCmd = op === 'find' ? inner : { find: name, filter: inner.query ?? {}, skip: inner.skip, limit: inner.limit, collation: inner.collation, hint: inner.hint };
      const r = this.findRun(findCmd, db, name);
      const projection = op === 'find' && isPlainObject(inner.projection) && Object.keys(inner.projection).length ? inner.projection : null;
      return { ...base, ...this.planSections(`${db}.${name}`, r, projection, withStats, ms()), ...tail };
    }
    if (op === 'aggregate') {
      const r = this.aggregateRun({ ...inner, cursor: isPlainObject(inner.cursor) ? inner.cursor : {} }, db);
      if (r.query && r.rest.length === 0) return { ...base, ...this.planSections(r.ns, r.query, null, withStats, ms()), ...tail };
      let first: Doc;
      if (r.geo) {
        const geoStage: Doc = { stage: 'GEO_NEAR_2DSPHERE', keyPattern: r.geo.index.spec.key, indexName: r.geo.index.name, indexVersion: 2 };
        const planner = { namespace: r.ns, winningPlan: { ...geoStage }, rejectedPlans: [] };
        const exec = {
          executionSuccess: true,
          nReturned: r.out.length,
          executionTimeMillis: ms(),
          totalKeysExamined: r.geo.stats.keysExamined,
          totalDocsExamined: r.geo.stats.docsExamined,
          executionStages: { ...geoStage, keysExamined: r.geo.stats.keysExamined, docsExamined: r.geo.stats.docsExamined },
        };
        first = { $geoNearCursor: withStats ? { queryPlanner: planner, executionStats: exec } : { queryPlanner: planner } };
      } else {
        first = { $cursor: this.planSections(r.ns, r.query as QueryRun, null, withStats, ms()) };
      }
      return { ...base, stages: [first, ...r.rest], ...tail };
    }
    throw unsupported(`explain of '${op}'`, 'CommandNotSupported');
  }

  private planSections(ns: string, r: QueryRun, projection: unknown, withStats: boolean, millis: number): Doc {
    const build = (stats: boolean): Doc => {
      const st = stats ? { ...r.stats, nReturned: r.nMatched } : undefined;
      let node: Doc;
      if (r.geo) {
        node = { stage: 'GEO_NEAR_2DSPHERE', keyPattern: r.plan.index!.spec.key, indexName: r.plan.index!.name, indexVersion: 2 };
        if (st) Object.assign(node, { nReturned: st.nReturned, keysExamined: st.keysExamined, docsExamined: st.docsExamined });
      } else node = scanStage(r.plan, r.filter, st);
      if (r.inMemorySort) {
        node = { stage: 'SORT', sortPattern: r.sort, memLimit: 104857600, ...(r.limit ? { limitAmount: r.skip + r.limit } : {}), type: 'simple', ...(stats ? { nReturned: Math.min(r.nMatched, r.limit ? r.skip + r.limit : r.nMatched) } : {}), inputStage: node };
      }
      if (r.skip) node = { stage: 'SKIP', skipAmount: r.skip, ...(stats ? { nReturned: Math.max(0, r.nMatched - r.skip) } : {}), inputStage: node };
      if (r.limit && !r.inMemorySort) node = { stage: 'LIMIT', limitAmount: r.limit, ...(stats ? { nReturned: r.docs.length } : {}), inputStage: node };
      if (projection) node = { stage: 'PROJECTION_DEFAULT', transformBy: projection, ...(stats ? { nReturned: r.docs.length } : {}), inputStage: node };
      return node;
    };
    const out: Doc = {
      queryPlanner: {
        namespace: ns,
        indexFilterSet: false,
        parsedQuery: r.filter,
        planCacheKey: '00000000',
        maxIndexedOrSolutionsReached: false,
        maxIndexedAndSolutionsReached: false,
        maxScansToExplodeReached: false,
        winningPlan: build(false),
        rejectedPlans: [],
      },
    };
    if (withStats) {
      out.executionStats = {
        executionSuccess: true,
        nReturned: r.docs.length,
        executionTimeMillis: millis,
        totalKeysExamined: r.stats.keysExamined,
        totalDocsExamined: r.stats.docsExamined,
        executionStages: build(true),
      };
    }
    return out;
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
  private applyUpdate(doc: Doc, u: unknown, q: Doc, arrayFilters: unknown, inserting: boolean, ro: ReadOpts = NO_OPTS): Doc | null {
    return this.applyUpdates([doc], u, q, arrayFilters, inserting, ro)[0];
  }

  /**
   * Applies one update to copies of several documents, compiling it once (mingo's per-call setup is
   * ~100x the cost of applying an operator). Entry i is the new version of docs[i], or null if unchanged.
   */
  private applyUpdates(docs: Doc[], u: unknown, q: Doc, arrayFilters: unknown, inserting: boolean, ro: ReadOpts = NO_OPTS): Array<Doc | null> {
    if (docs.length === 0) return [];
    const unchangedOr = (orig: Doc, next: Doc) => (keyOf(next) === keyOf(orig) ? null : next);
    if (Array.isArray(u)) {
      const outs = new Aggregator(u as Doc[], mingoOptions(ro)).run(docs.map((d) => cloneDeep(d) as Doc)) as Doc[];
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
    // The documents already matched: the filter matters to mingo only for the positional $ operator.
    const positional = Object.values(ops).some((spec) => Object.keys(spec as Doc).some((p) => p === '$' || p.includes('.$') || p.startsWith('$')));
    mingoUpdateMany(copies, inserting || !positional ? {} : q, ops, { arrayFilters: Array.isArray(arrayFilters) ? (arrayFilters as Doc[]) : undefined, cloneMode: 'deep' }, { ...MINGO_OPTS, ...mingoOptions(ro) });
    return docs.map((d, i) => {
      const c = copies[i];
      if (!inserting && keyOf(c._id) !== keyOf(d._id)) {
        throw err('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      return unchangedOr(d, c);
    });
  }

  private upsertDoc(q: Doc, u: unknown, arrayFilters: unknown, ro: ReadOpts = NO_OPTS): Doc {
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
      doc = this.applyUpdate(base, u, q, arrayFilters, true, ro) ?? base;
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
        if (spec.sort !== undefined) {
          throw err('UnknownField', "BSON field 'update.updates.sort' is an unknown field. (embedded-mongo answers as MongoDB 7.0, which has no sort for single-document updates)");
        }
        if (multi && isPlainObject(u) && Object.keys(u).length && !Object.keys(u)[0].startsWith('$')) {
          throw err('FailedToParse', 'multi update is not supported for replacement-style update');
        }
        const ro = this.readOptions(coll, cmd, spec.collation);
        const matched = this.runQuery(coll, q, { limit: multi ? 0 : 1, ro, hint: spec.hint }).docs;
        if (matched.length === 0 && spec.upsert === true) {
          const doc = this.upsertDoc(q, u, spec.arrayFilters, ro);
          coll.insert(doc);
          n++;
          upserted.push({ index: i, _id: doc._id });
          continue;
        }
        const nexts = this.applyUpdates(matched, u, q, spec.arrayFilters, false, ro);
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
        const ro = this.readOptions(coll, cmd, spec.collation);
        for (const d of this.runQuery(coll, spec.q ?? {}, { limit: limit === 1 ? 1 : 0, ro, hint: spec.hint }).docs) {
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
    const ro = this.readOptions(coll, cmd);
    const doc = this.runQuery(coll, q, { sort: hasSort ? sort : null, limit: 1, ro, hint: cmd.hint }).docs[0];
    const out = (d: Doc | null | undefined) => (d ? (this.project([d], cmd.fields, q)[0] ?? null) : null);
    if (remove) {
      if (doc) coll!.remove(doc);
      return { lastErrorObject: { n: doc ? 1 : 0 }, value: out(doc), ok: 1 };
    }
    if (doc) {
      const next = this.applyUpdate(doc, cmd.update, q, cmd.arrayFilters, false, ro);
      if (next) coll!.replace(doc, next);
      return { lastErrorObject: { n: 1, updatedExisting: true }, value: out(cmd.new === true ? (next ?? doc) : doc), ok: 1 };
    }
    if (cmd.upsert === true) {
      const ins = this.upsertDoc(q, cmd.update, cmd.arrayFilters, ro);
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
      if (spec.collation === undefined && coll.options.collation !== undefined) spec.collation = coll.options.collation;
      if (spec.collation !== undefined) {
        const c = parseCollation(spec.collation);
        if (c) spec.collation = c.spec;
        else delete spec.collation;
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
    const { create: _c, $db: _d, lsid: _l, $clusterTime: _t, writeConcern: _w, $readPreference: _r, comment: _m, ...opts } = cmd;
    if ('viewOn' in opts || 'pipeline' in opts) throw unsupported('views (create with viewOn/pipeline)', 'CommandNotSupported');
    for (const k of Object.keys(opts)) {
      if (!CREATE_OPTIONS.has(k)) throw unsupported(`the create option '${k}'`, 'CommandNotSupported');
    }
    if (opts.capped === true) throw unsupported('capped collections', 'CommandNotSupported');
    if (opts.collation !== undefined) parseCollation(opts.collation);
    this.store.create(db, name, opts);
    return { ok: 1 };
  }

  /** collMod: only changing a TTL index's expireAfterSeconds; anything else is refused. */
  private collMod(cmd: Doc, db: string): Doc {
    const name = this.collName(cmd, 'collMod');
    const coll = this.store.get(db, name);
    if (!coll) throw err('NamespaceNotFound', `ns does not exist: ${db}.${name}`);
    for (const k of Object.keys(cmd)) {
      if (['collMod', '$db', 'lsid', '$clusterTime', 'writeConcern', '$readPreference', 'comment', 'index'].includes(k)) continue;
      throw unsupported(`collMod of '${k}'`, 'CommandNotSupported');
    }
    const spec = cmd.index;
    if (spec === undefined) return { ok: 1 };
    if (!isPlainObject(spec)) throw err('TypeMismatch', "BSON field 'collMod.index' is the wrong type, expected type 'object'");
    for (const k of Object.keys(spec)) {
      if (!['name', 'keyPattern', 'expireAfterSeconds'].includes(k)) throw unsupported(`collMod of index option '${k}'`, 'CommandNotSupported');
    }
    const ix = coll.indexes.find((x) => (typeof spec.name === 'string' ? x.name === spec.name : keyOf(x.spec.key) === keyOf(spec.keyPattern)));
    if (!ix) throw err('IndexNotFound', `cannot find index ${JSON.stringify(spec.name ?? spec.keyPattern)} for ns ${coll.ns}`);
    if (spec.expireAfterSeconds === undefined) return { ok: 1 };
    if (typeof spec.expireAfterSeconds !== 'number' || typeof ix.spec.expireAfterSeconds !== 'number') {
      throw err('InvalidOptions', 'no expireAfterSeconds field to update');
    }
    const old = ix.spec.expireAfterSeconds;
    coll.dropIndex(ix.name);
    coll.createIndex({ ...ix.spec, expireAfterSeconds: spec.expireAfterSeconds });
    return { expireAfterSeconds_old: old, expireAfterSeconds_new: spec.expireAfterSeconds, ok: 1 };
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

function validateId(id: unknown): void {
  if (Array.isArray(id)) throw err('InvalidIdField', "The '_id' value cannot be of type array");
  if (id instanceof RegExp) throw err('InvalidIdField', "The '_id' value cannot be of type regex");
  if (id === undefined) throw err('InvalidIdField', "The '_id' value cannot be undefined");
  const dollar = dollarKey(id);
  if (dollar) throw err('DollarPrefixedFieldName', `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`);
}

function dollarKey(v: unknown): string | null {
  if (Array.isArray(v)) {
    for (const x of v) {
      const k = dollarKey(x);
      if (k) return k;
    }
    return null;
  }
  if (!isPlainObject(v)) return null;
  for (const [k, x] of Object.entries(v)) {
    if (k.startsWith('$')) return k;
    const inner = dollarKey(x);
    if (inner) return inner;
  }
  return null;
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
