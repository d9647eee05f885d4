// How an aggregation pipeline runs (for the aggregate command and for explain): a leading $geoNear walks
// the 2dsphere index nearest first, a leading $match/$sort/$skip/$limit goes through the query planner,
// and mingo runs the remaining stages.
import { cloneDeep } from 'mingo/util';
import { err, unsupported } from '../errors';
import { geoNearDocs, parseGeoNear } from '../geoquery';
import type { Index } from '../indexes';
import { newStats, type ExecStats } from '../planner';
import { Aggregator } from '../mingo';
import type { Doc } from '../storage';
import { isPlainObject } from '../values';
import type { Engine } from './index';
import { containsKey, mingoOptions, readOptions, runQuery, type QueryRun } from './query';

export interface AggregateRun {
  ns: string;
  out: Doc[];
  /** The planner run of the leading $match/$sort/$skip/$limit (null when the pipeline starts with $geoNear). */
  query: QueryRun | null;
  geo: { index: Index; stats: ExecStats } | null;
  /** The stages mingo ran after the planner's or $geoNear's part. */
  rest: Doc[];
}

/** Aggregation stages that honour a collation here; any other stage with a collation is refused. */
const COLLATION_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$project', '$addFields', '$set', '$unset', '$count', '$geoNear', '$replaceRoot', '$replaceWith']);

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

export function aggregateRun(engine: Engine, cmd: Doc, db: string): AggregateRun {
  const target = cmd.aggregate;
  if (typeof target !== 'string') throw unsupported('aggregate on a whole database (aggregate: 1)', 'CommandNotSupported');
  const pipeline = cmd.pipeline;
  if (!Array.isArray(pipeline)) throw err('TypeMismatch', "'pipeline' must be an array");
  if (!isPlainObject(cmd.cursor) && cmd.explain !== true) throw err('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
  const coll = engine.store.get(db, target);
  const ro = readOptions(coll, cmd);
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
    query = runQuery(coll, filter, { sort, skip, limit, ro });
    stages = stages.slice(i);
    // Stages may rewrite their input in place: hand mingo private copies.
    docs = query.docs.map((d) => cloneDeep(d) as Doc);
  }
  const foreign = new Map<string, Doc[]>();
  const resolver = (name: string): Doc[] => {
    let arr = foreign.get(name);
    if (!arr) {
      const c = engine.store.get(db, name);
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
