// How a command's query runs, shared by the read and write commands (find, count, distinct, update,
// delete, findAndModify, aggregate's leading stages, explain): the read options (collation, `let`),
// the plan choice and the walk through it, and the small argument helpers every handler uses.
import { Long } from 'bson';
import { err, unsupported } from '../errors';
import { parseCollation, type Collation } from '../collation';
import { simpleProjection } from '../projection';
import { compileFilter } from '../fastFilter';
import { choosePlan, forEachCandidate, newStats, type ExecStats, type Plan } from '../planner';
import { Aggregator, Query } from '../mingo';
import type { Collection, Doc } from '../storage';
import { isPlainObject, sortDocs } from '../values';

/** Per-command read options: the effective collation and the `let` variables. */
export interface ReadOpts {
  collation: Collation | null;
  rawCollation?: unknown;
  variables?: Doc;
}
export const NO_OPTS: ReadOpts = { collation: null };

export interface QuerySpec {
  sort?: Doc | null;
  skip?: number;
  limit?: number;
  ro?: ReadOpts;
  hint?: unknown;
}

export interface QueryRun {
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

/** The collection named by `cmd[field]` (find: 'users' -> 'users'). */
export function collName(cmd: Doc, field: string): string {
  const n = cmd[field];
  if (typeof n !== 'string' || n === '') throw err('InvalidNamespace', `collection name must be a non-empty string, got ${typeof n}`);
  return n;
}

/** A numeric argument (skip, limit, ...) as an integer, or `dflt` when absent or not a number. */
export function num(v: unknown, dflt: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (v instanceof Long) return v.toNumber();
  return dflt;
}

export function mingoOptions(ro: ReadOpts): Doc {
  const o: Doc = {};
  if (ro.rawCollation) o.collation = ro.rawCollation;
  if (ro.variables) o.variables = ro.variables;
  return o;
}

export function containsKey(v: unknown, key: string): boolean {
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

/** Collation and `let` variables of one command, resolved once. */
export function readOptions(coll: Collection | undefined, cmd: Doc, collationRaw: unknown = cmd.collation): ReadOpts {
  const raw = collationRaw ?? coll?.options.collation;
  const collation = parseCollation(raw);
  return { collation, rawCollation: collation ? raw : undefined, variables: letVariables(cmd.let) };
}

/**
 * Documents matching `filter` through the chosen plan, then sorted (by the index walk when it can,
 * otherwise in memory), skipped and limited. `stats` counts what was examined (for explain).
 */
export function runQuery(coll: Collection | undefined, filter: unknown, q: QuerySpec = {}): QueryRun {
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
  // Simple filters are decided by compiled predicates (fastFilter.ts); mingo answers what they leave open.
  const fast = query && !ro.collation ? compileFilter(f) : null;
  const inMemorySort = !!sort && !natural && !plan.providesSort;
  const want = limit && !inMemorySort && !natural ? skip + limit : 0;
  let docs: Doc[] = [];
  forEachCandidate(coll, plan, stats, (d) => {
    if (fast) {
      const r = fast.test(d);
      if (r === false || (r === undefined && !query!.test(d))) return true;
    } else if (query && !query.test(d)) return true;
    docs.push(d);
    return !(want && docs.length >= want);
  });
  const nMatched = docs.length;
  if (natural < 0) docs.reverse();
  if (inMemorySort) docs = sortDocs(docs, sort as Doc, ro.collation?.compare);
  if (skip) docs = docs.slice(skip);
  if (limit) docs = docs.slice(0, limit);
  return { docs, plan, stats, inMemorySort, nMatched, sort, skip, limit, filter: f };
}

/** Documents matching `filter` (at most `limit` if non-zero), in the plan's order. */
export function matchDocs(coll: Collection | undefined, filter: unknown, limit = 0, ro?: ReadOpts): Doc[] {
  return runQuery(coll, filter, { limit, ro }).docs;
}

/** A find/findAndModify projection applied to the result documents (the filter matters for positional `.$`). */
export function project(docs: Doc[], projection: unknown, filter: unknown): Doc[] {
  if (!isPlainObject(projection) || Object.keys(projection).length === 0) return docs;
  const fast = simpleProjection(projection);
  if (fast) return docs.map(fast);
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  const q = new Query((positional ? filter : {}) as Doc);
  return q.find(docs, projection as Doc).all() as Doc[];
}
