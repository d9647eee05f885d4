// find, and the cursor commands that page through any cursor reply: getMore and killCursors.
import { Long } from 'bson';
import { err, unsupported } from '../errors';
import { extractNear } from '../geoquery';
import { newStats, type Plan } from '../planner';
import { Query } from '../mingo';
import type { Doc } from '../storage';
import { isPlainObject, sortDocs } from '../values';
import { takeBatch } from './cursors';
import type { Engine } from './index';
import { collName, mingoOptions, num, project, readOptions, runQuery, type QueryRun } from './query';

export function find(engine: Engine, cmd: Doc, db: string): Doc {
  const name = collName(cmd, 'find');
  const r = findRun(engine, cmd, db, name);
  const docs = project(r.docs, cmd.projection, cmd.filter);
  return engine.cursors.reply(`${db}.${name}`, docs, cmd.batchSize, r.single);
}

/** Runs a find's query (no projection): through the planner, or nearest first for a top-level $near. Also used by explain. */
export function findRun(engine: Engine, cmd: Doc, db: string, name: string): QueryRun & { single: boolean } {
  for (const k of ['min', 'max', 'returnKey', 'showRecordId', 'tailable', 'awaitData', 'oplogReplay']) {
    if (cmd[k] !== undefined && cmd[k] !== false) throw unsupported(`the find option '${k}'`);
  }
  const coll = engine.store.get(db, name);
  const ro = readOptions(coll, cmd);
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
  return { ...runQuery(coll, filter, { sort: cmd.sort as Doc, skip, limit, ro, hint: cmd.hint }), single };
}

/** The next batch of a query cursor, or of a change stream (which may wait for changes). */
export function getMore(engine: Engine, cmd: Doc, db: string): Doc | Promise<Doc> {
  const raw = cmd.getMore;
  const id = typeof raw === 'number' ? raw : raw instanceof Long ? raw.toNumber() : Number.NaN;
  if (engine.changeStreams.owns(id)) return engine.changeStreams.getMore(cmd, db, id);
  const c = engine.cursors.get(id);
  const coll = typeof cmd.collection === 'string' ? `${db}.${cmd.collection}` : '';
  if (!c || c.ns !== coll) throw err('CursorNotFound', `cursor id ${String(raw)} not found`);
  const limit = typeof cmd.batchSize === 'number' && cmd.batchSize > 0 ? cmd.batchSize : Number.MAX_SAFE_INTEGER;
  const batch = takeBatch(c.docs, c.pos, limit);
  c.pos += batch.length;
  c.lastUsed = Date.now();
  let outId = c.id;
  if (c.pos >= c.docs.length) {
    engine.cursors.delete(c.id);
    outId = 0;
  }
  return { cursor: { nextBatch: batch, id: Long.fromNumber(outId), ns: c.ns }, ok: 1 };
}

export function killCursors(engine: Engine, cmd: Doc): Doc {
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of (cmd.cursors as unknown[]) ?? []) {
    const id = typeof raw === 'number' ? raw : raw instanceof Long ? raw.toNumber() : Number.NaN;
    (engine.cursors.delete(id) || engine.changeStreams.kill(id) ? killed : notFound).push(Long.fromNumber(id));
  }
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
}
