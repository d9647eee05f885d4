// When a partial index may answer a query: MongoDB uses an index with a partialFilterExpression only for a
// query whose filter implies that expression (every document the query can match is in the index), and
// so does the planner here. The test is conservative, as MongoDB's is: each top-level condition of the
// partial filter must follow from one top-level condition of the query on the same field
//   - an equality (`{ f: v }` or `{ f: { $eq: v } }`) whose value passes the partial condition, or
//   - a range ($gt/$gte/$lt/$lte of one type) inside the partial condition's range, or inside `$exists: true`.
// Anything else (an $or, an $in, a negation, a condition the rules above do not decide) is "not implied",
// and the planner leaves the index alone: the query is still answered, by another index or a scan.
import { Query } from './mingo';
import { compareValues, isPlainObject, typeRank } from './values';

type Doc = Record<string, unknown>;

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);
/** The operators MongoDB accepts in a partialFilterExpression (besides $and and plain equality). */
const PARTIAL_OPS = new Set([...RANGE_OPS, '$eq', '$exists', '$type']);

/** The top-level field conditions of a filter, its top-level $and's included. */
function conditions(filter: Doc, out: Array<[string, unknown]> = []): Array<[string, unknown]> | null {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and') {
      if (!Array.isArray(v)) return null;
      for (const sub of v) if (!isPlainObject(sub) || !conditions(sub, out)) return null;
    } else if (k.startsWith('$')) {
      // $or, $nor, $expr, $where, $text ...: their documents are not described field by field here.
      continue;
    } else out.push([k, v]);
  }
  return out;
}

const isOperatorObject = (v: unknown): v is Doc => isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

/** The value a query condition pins its field to, if it is an equality. */
function equalityOf(cond: unknown): { value: unknown } | null {
  if (cond instanceof RegExp) return null;
  if (!isOperatorObject(cond)) return { value: cond };
  const keys = Object.keys(cond);
  return keys.length === 1 && keys[0] === '$eq' && !(cond.$eq instanceof RegExp) ? { value: cond.$eq } : null;
}

/** A document holding `value` at the dotted `path`. */
function docWith(path: string, value: unknown): Doc {
  const parts = path.split('.');
  let v: unknown = value;
  for (let i = parts.length - 1; i >= 0; i--) v = { [parts[i]]: v };
  return v as Doc;
}

/** Whether the range condition `q` (only range operators, one type) lies inside the range condition `p`. */
function rangeInside(q: Doc, p: Doc): boolean {
  for (const [op, bound] of Object.entries(p)) {
    if (op === '$exists') {
      if (bound !== true) return false;
      continue; // a range never matches a missing field
    }
    if (!RANGE_OPS.has(op)) return false;
    const lower = op === '$gt' || op === '$gte';
    // The query's bound on the same side, of the same type, at least as tight.
    const ok = Object.entries(q).some(([qop, qv]) => {
      if (!RANGE_OPS.has(qop) || (qop === '$gt' || qop === '$gte') !== lower) return false;
      if (typeRank(qv) !== typeRank(bound)) return false;
      const c = compareValues(qv, bound);
      if (lower) return c > 0 || (c === 0 && (op === '$gte' || qop === '$gt'));
      return c < 0 || (c === 0 && (op === '$lte' || qop === '$lt'));
    });
    if (!ok) return false;
  }
  return true;
}

/** The partial filter's conditions with their compiled tests, per index spec (planning runs per query). */
const compiled = new WeakMap<Doc, Array<{ field: string; cond: unknown; test: Query }> | null>();

function compile(partial: Doc) {
  if (compiled.has(partial)) return compiled.get(partial)!;
  const wanted = conditions(partial);
  const ok = wanted && wanted.length > 0 && wanted.every(([, c]) => !isOperatorObject(c) || Object.keys(c).every((op) => PARTIAL_OPS.has(op)));
  const out = ok ? wanted.map(([field, cond]) => ({ field, cond, test: new Query({ [field]: cond }) })) : null;
  compiled.set(partial, out);
  return out;
}

/** Whether every document matching `filter` also matches `partial` (see the top of this file). */
export function impliesPartial(filter: Doc, partial: Doc): boolean {
  const wanted = compile(partial);
  const have = conditions(filter);
  if (!wanted || !have) return false;
  return wanted.every(({ field, cond: pcond, test }) =>
    have.some(([f, qcond]) => {
      if (f !== field) return false;
      const eq = equalityOf(qcond);
      // An equality to a value that passes: a document matching it holds that value (or an array with it,
      // and every partial operator matches an array when one element does). Not null: `{ f: null }` also
      // matches documents without f. Not an array: it matches as a whole.
      if (eq) return eq.value !== null && eq.value !== undefined && !Array.isArray(eq.value) && test.test(docWith(field, eq.value));
      if (!isOperatorObject(qcond) || !isOperatorObject(pcond)) return false;
      if (!Object.keys(qcond).every((op) => RANGE_OPS.has(op))) return false;
      return rangeInside(qcond, pcond);
    }),
  );
}
