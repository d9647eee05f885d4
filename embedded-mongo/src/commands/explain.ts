// explain: the plan a command takes, in MongoDB's shape (queryPlanner, executionStats). find, count and
// aggregate are run and report the plan they actually used; distinct, update, delete and findAndModify
// report the plan of their query and write nothing, as in MongoDB.
import { err, unsupported } from '../errors';
import { newStats, scanStage } from '../planner';
import { planCount, runPlanned } from './count';
import type { Collection, Doc } from '../storage';
import { isPlainObject } from '../values';
import { findRun } from './find';
import type { Engine } from './index';
import { aggregateRun } from './pipeline';
import { collName, num, readOptions, runQuery, type QueryRun, type QuerySpec } from './query';

export function explain(engine: Engine, cmd: Doc, db: string): Doc {
  const inner = cmd.explain;
  if (!isPlainObject(inner)) throw err('TypeMismatch', "BSON field 'explain' is the wrong type, expected type 'object'");
  const verbosity = typeof cmd.verbosity === 'string' ? cmd.verbosity : 'allPlansExecution';
  if (!['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity)) throw err('FailedToParse', `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
  const withStats = verbosity !== 'queryPlanner';
  const op = Object.keys(inner)[0];
  const t0 = process.hrtime.bigint();
  const ms = () => Number((process.hrtime.bigint() - t0) / 1_000_000n);
  const base = { explainVersion: '1' };
  const tail = { command: { ...inner, $db: db }, serverInfo: { host: '127.0.0.1', port: engine.port(), version: '7.0.0', gitVersion: 'embedded-mongo' }, ok: 1 };
  if (op === 'count' && (!isPlainObject(inner.query) || Object.keys(inner.query).length === 0)) {
    // Counting a whole collection reads its size, as count() does (MongoDB: RECORD_STORE_FAST_COUNT).
    const ns = `${db}.${collName(inner, op)}`;
    const planner = { namespace: ns, indexFilterSet: false, parsedQuery: {}, winningPlan: { stage: 'RECORD_STORE_FAST_COUNT' }, rejectedPlans: [] };
    const exec = { executionSuccess: true, nReturned: 0, executionTimeMillis: ms(), totalKeysExamined: 0, totalDocsExamined: 0, executionStages: { stage: 'RECORD_STORE_FAST_COUNT', nReturned: 0 } };
    return { ...base, queryPlanner: planner, ...(withStats ? { executionStats: exec } : {}), ...tail };
  }
  if (op === 'count') {
    // A covered count (COUNT over an IXSCAN whose keys are tested, no FETCH, as MongoDB shows it) or a
    // scan with compiled tests (count.ts planCount): reported as run.
    const name = collName(inner, op);
    const coll = engine.store.get(db, name);
    const ro = readOptions(coll, inner);
    const cp = planCount(coll, inner, ro);
    if (cp.kind !== 'find') {
      const stats = newStats();
      const n = runPlanned(coll!, inner, ro, cp, stats);
      const scan = (withStats: boolean): Doc => {
        let input: Doc;
        if (cp.kind === 'covered') {
          const fetch = scanStage(cp.cp.plan, {}, withStats ? { ...stats, nReturned: n } : undefined);
          input = { ...(fetch.inputStage as Doc), filter: inner.query };
          if (withStats) Object.assign(input, { nReturned: n, keysExamined: stats.keysExamined, docsExamined: stats.docsExamined });
        } else input = scanStage({ kind: 'COLLSCAN', providesSort: true }, inner.query as Doc, withStats ? { ...stats, nReturned: n } : undefined);
        return { stage: 'COUNT', ...(withStats ? { nReturned: 0 } : {}), inputStage: input };
      };
      const planner = { namespace: `${db}.${name}`, indexFilterSet: false, parsedQuery: inner.query, winningPlan: scan(false), rejectedPlans: [] };
      const exec = { executionSuccess: true, nReturned: 0, executionTimeMillis: ms(), totalKeysExamined: stats.keysExamined, totalDocsExamined: stats.docsExamined, executionStages: scan(true) };
      return { ...base, queryPlanner: planner, ...(withStats ? { executionStats: exec } : {}), ...tail };
    }
  }
  if (op === 'find' || op === 'count') {
    const name = collName(inner, op);
    const findCmd = op === 'find' ? inner : { find: name, filter: inner.query ?? {}, skip: inner.skip, limit: inner.limit, collation: inner.collation, hint: inner.hint };
    const r = findRun(engine, findCmd, db, name);
    const projection = op === 'find' && isPlainObject(inner.projection) && Object.keys(inner.projection).length ? inner.projection : null;
    return { ...base, ...planSections(`${db}.${name}`, r, projection, withStats, ms(), op === 'count' ? 'COUNT' : undefined), ...tail };
  }
  if (op === 'aggregate') {
    const r = aggregateRun(engine, { ...inner, cursor: isPlainObject(inner.cursor) ? inner.cursor : {} }, db);
    if (r.query && r.rest.length === 0) return { ...base, ...planSections(r.ns, r.query, null, withStats, ms()), ...tail };
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
      first = { $cursor: planSections(r.ns, r.query as QueryRun, null, withStats, ms()) };
    }
    return { ...base, stages: [first, ...r.rest], ...tail };
  }
  if (op === 'distinct' || op === 'update' || op === 'delete' || op === 'findAndModify' || op === 'findandmodify') {
    const name = collName(inner, op);
    const coll = engine.store.get(db, name);
    const { filter, q, stage } = writeQuery(op, inner, coll);
    const r = runQuery(coll, filter, q);
    return { ...base, ...planSections(`${db}.${name}`, r, null, withStats, ms(), stage), ...tail };
  }
  throw unsupported(`explain of '${op}'`, 'CommandNotSupported');
}

/** The query a distinct, update, delete or findAndModify runs (as those commands call runQuery), for explain. */
function writeQuery(op: string, inner: Doc, coll: Collection | undefined): { filter: unknown; q: QuerySpec; stage?: string } {
  if (op === 'distinct') return { filter: inner.query, q: { ro: readOptions(coll, inner) } };
  if (op === 'update' || op === 'delete') {
    const list = inner[op === 'update' ? 'updates' : 'deletes'];
    if (!Array.isArray(list) || list.length !== 1 || !isPlainObject(list[0])) throw err('InvalidLength', 'explained write batches must be of size 1');
    const spec = list[0] as Doc;
    const one = op === 'update' ? spec.multi !== true : num(spec.limit, 0) === 1;
    return { filter: spec.q, q: { limit: one ? 1 : 0, ro: readOptions(coll, inner, spec.collation), hint: spec.hint }, stage: op.toUpperCase() };
  }
  const sort = isPlainObject(inner.sort) && Object.keys(inner.sort).length ? (inner.sort as Doc) : null;
  return { filter: inner.query, q: { sort, limit: 1, ro: readOptions(coll, inner), hint: inner.hint }, stage: inner.remove === true ? 'DELETE' : 'UPDATE' };
}

/** queryPlanner (and executionStats) of one query; `top` names a stage over the read (COUNT, UPDATE, DELETE). */
function planSections(ns: string, r: QueryRun, projection: unknown, withStats: boolean, millis: number, top?: string): Doc {
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
    if (top) node = { stage: top, ...(stats ? { nReturned: 0 } : {}), inputStage: node };
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
