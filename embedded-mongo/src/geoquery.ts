// The queries a 2dsphere index answers: the $geoNear aggregation stage and $near/$nearSphere in find.
import { err, unsupported } from './errors';
import { EARTH_RADIUS_M, parseNear, type LngLat, type ScanStats } from './geo';
import { Query } from './mingo';
import type { Collection, Doc, Index } from './storage';
import { isPlainObject } from './values';

export interface NearSearch {
  index: Index;
  c: LngLat;
  /** Distances in metres (GeoJSON near) or radians (legacy pair with spherical: true). */
  metres: boolean;
  minAngle: number;
  maxAngle: number;
}

const toNumber = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  if (t === 'Long') return (v as { toNumber(): number }).toNumber();
  if (t === 'Decimal128') return Number.parseFloat(String(v));
  return undefined;
};

function distanceArg(v: unknown, name: string, what: string): number | undefined {
  if (v === undefined) return undefined;
  const n = toNumber(v);
  if (n === undefined || Number.isNaN(n)) throw err('BadValue', `${what}: ${name} must be a number`);
  if (n < 0) throw err('BadValue', `${what}: ${name} must be nonnegative`);
  return n;
}

function geoIndexes(coll: Collection | undefined): Index[] {
  return coll ? coll.indexes.filter((ix) => ix.geo) : [];
}

/** Distance bounds in radians for the index walk. */
function bounds(metres: boolean, min: number | undefined, max: number | undefined): { minAngle: number; maxAngle: number } {
  const scale = metres ? 1 / EARTH_RADIUS_M : 1;
  return { minAngle: (min ?? 0) * scale, maxAngle: max === undefined ? Infinity : max * scale };
}

export interface GeoNearStage extends NearSearch {
  distanceField: string;
  includeLocs?: string;
  multiplier: number;
  query: Query | null;
}

const GEONEAR_OPTIONS = new Set(['near', 'distanceField', 'spherical', 'maxDistance', 'minDistance', 'query', 'distanceMultiplier', 'includeLocs', 'key', 'uniqueDocs']);

export function parseGeoNear(coll: Collection | undefined, ns: string, spec: unknown): GeoNearStage {
  if (!isPlainObject(spec)) throw err('BadValue', '$geoNear argument must be an object');
  for (const k of Object.keys(spec)) {
    if (k === 'limit' || k === 'num') throw err('BadValue', `$geoNear no longer supports the '${k}' parameter. Use a $limit stage instead.`);
    if (!GEONEAR_OPTIONS.has(k)) throw err('BadValue', `Unknown argument to $geoNear: ${k}`);
  }
  if (typeof spec.distanceField !== 'string' || spec.distanceField === '') throw err('BadValue', "$geoNear requires a 'distanceField' option as a String");
  if (spec.near === undefined) throw err('BadValue', "$geoNear requires a 'near' option");
  if (spec.includeLocs !== undefined && typeof spec.includeLocs !== 'string') throw err('BadValue', "$geoNear requires that 'includeLocs' option is a String");
  const { c, metres } = parseNear(spec.near, '$geoNear');
  if (!metres && spec.spherical !== true) throw unsupported('$geoNear with a legacy coordinate pair and spherical: false (planar 2d geometry)');
  const multiplier = spec.distanceMultiplier === undefined ? 1 : toNumber(spec.distanceMultiplier);
  if (multiplier === undefined || Number.isNaN(multiplier) || multiplier < 0) throw err('BadValue', "$geoNear: 'distanceMultiplier' must be a nonnegative number");
  const min = distanceArg(spec.minDistance, 'minDistance', '$geoNear');
  const max = distanceArg(spec.maxDistance, 'maxDistance', '$geoNear');
  let index: Index | undefined;
  const all = geoIndexes(coll);
  if (spec.key !== undefined) {
    if (typeof spec.key !== 'string' || spec.key === '') throw err('BadValue', "$geoNear parameter 'key' must be a non-empty string");
    index = all.find((ix) => ix.geo?.field === spec.key);
    if (!index) throw err('IndexNotFound', `$geoNear requires a 2d or 2dsphere index on '${spec.key}', but none was found (ns ${ns})`);
  } else {
    if (all.length === 0) throw err('IndexNotFound', '$geoNear requires a 2d or 2dsphere index, but none were found');
    if (all.length > 1) throw err('IndexNotFound', `There is more than one 2dsphere index on ${ns}; unsure which to use for $geoNear`);
    index = all[0];
  }
  if (spec.query !== undefined && !isPlainObject(spec.query)) throw err('BadValue', "$geoNear 'query' must be an object");
  const query = isPlainObject(spec.query) && Object.keys(spec.query).length ? new Query(spec.query) : null;
  return { index, c, metres, ...bounds(metres, min, max), distanceField: spec.distanceField, includeLocs: spec.includeLocs as string | undefined, multiplier, query };
}

/**
 * Documents in increasing distance, as private copies with the distance (and location) fields set.
 * Lazy: a following $limit stops the index walk.
 */
export function* geoNearDocs(coll: Collection, s: GeoNearStage, stats: ScanStats & { docsExamined: number }, copy: (d: Doc) => Doc): Generator<Doc> {
  const geo = s.index.geo!;
  for (const h of geo.nearest(s.c, s.minAngle, s.maxAngle, stats)) {
    const d = coll.docs.get(h.id);
    if (!d) continue;
    stats.docsExamined++;
    if (s.query && !s.query.test(d)) continue;
    const out = copy(d);
    const dist = (s.metres ? h.angle * EARTH_RADIUS_M : h.angle) * s.multiplier;
    setPath(out, s.distanceField, dist);
    if (s.includeLocs) setPath(out, s.includeLocs, h.loc);
    yield out;
  }
}

function setPath(obj: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!isPlainObject(cur[parts[i]])) cur[parts[i]] = {};
    cur = cur[parts[i]] as Doc;
  }
  cur[parts[parts.length - 1]] = value;
}

/**
 * Finds a $near/$nearSphere predicate at the top level of a find filter (or in a top-level $and) and
 * returns the search plus the filter without it. Null when there is none.
 */
export function extractNear(coll: Collection | undefined, ns: string, filter: Doc): { near: NearSearch; rest: Doc } | null {
  let found: { field: string; value: Doc; path: Array<string | number> } | null = null;
  const visit = (f: Doc, path: Array<string | number>) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        v.forEach((sub, i) => isPlainObject(sub) && visit(sub, [...path, '$and', i]));
        continue;
      }
      if (!k.startsWith('$') && isPlainObject(v) && ('$near' in v || '$nearSphere' in v)) {
        if (found) throw err('BadValue', 'Too many geoNear expressions');
        found = { field: k, value: v, path: [...path, k] };
      }
    }
  };
  visit(filter, []);
  if (!found) return null;
  const { field, value, path } = found as { field: string; value: Doc; path: Array<string | number> };
  const op = '$near' in value ? '$near' : '$nearSphere';
  const arg = value[op];
  let center: unknown = arg;
  let min: unknown = value.$minDistance;
  let max: unknown = value.$maxDistance;
  let sphere = op === '$nearSphere';
  if (isPlainObject(arg) && '$geometry' in arg) {
    center = arg.$geometry;
    if (arg.$minDistance !== undefined) min = arg.$minDistance;
    if (arg.$maxDistance !== undefined) max = arg.$maxDistance;
    sphere = true;
  }
  const { c, metres } = parseNear(center, op);
  const index = geoIndexes(coll).find((ix) => ix.geo?.field === field);
  if (!index || !sphere) {
    throw err('NoQueryExecutionPlans', `error processing query: ns=${ns} planner returned error :: caused by :: unable to find index for $geoNear query`);
  }
  const minD = distanceArg(min, '$minDistance', op);
  const maxD = distanceArg(max, '$maxDistance', op);
  // The filter without the near predicate (other operators on the same field stay).
  const rest = structuredCloneFilter(filter, path, (obj) => {
    const { [op]: _n, $minDistance: _a, $maxDistance: _b, ...others } = obj;
    return Object.keys(others).length ? others : undefined;
  });
  return { near: { index, c, metres, ...bounds(metres, minD, maxD) }, rest };
}

function structuredCloneFilter(filter: Doc, path: Array<string | number>, edit: (v: Doc) => Doc | undefined): Doc {
  const rec = (node: unknown, i: number): unknown => {
    if (i === path.length) return edit(node as Doc);
    const key = path[i];
    if (Array.isArray(node)) return node.map((x, j) => (j === key ? rec(x, i + 1) : x));
    const obj = { ...(node as Doc) };
    const next = rec(obj[key as string], i + 1);
    if (next === undefined) delete obj[key as string];
    else obj[key as string] = next;
    return obj;
  };
  return rec(filter, 0) as Doc;
}
