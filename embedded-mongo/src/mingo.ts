// One mingo context for the whole server, with the operators whose semantics differ from MongoDB
// replaced: $sort (MongoDB's cross-type order, min/max of arrays) and $type (BSON type aliases).
import { Aggregator as BaseAggregator } from 'mingo/aggregator';
import { computeValue, Context, ProcessingMode } from 'mingo/core';
import { Lazy, type Iterator } from 'mingo/lazy';
import * as accumulator from 'mingo/operators/accumulator';
import * as expression from 'mingo/operators/expression';
import * as pipeline from 'mingo/operators/pipeline';
import * as projection from 'mingo/operators/projection';
import * as query from 'mingo/operators/query';
import * as windowOps from 'mingo/operators/window';
import { Query as BaseQuery } from 'mingo/query';
import type { Options } from 'mingo/types';
import { flatten, resolve } from 'mingo/util';
import { parseCollation } from './collation';
import { err, unsupported } from './errors';
import { angleBetween, centerSphere, geoValues, parsePoint } from './geo';
import { compareValues, isPlainObject, keyOf, pathValues, sortDocs, typeRank, type StrCmp } from './values';

type Doc = Record<string, unknown>;

const isInt32 = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= -2147483648 && v <= 2147483647;

const TYPE_TESTS: Record<string, (v: unknown) => boolean> = {
  double: (v) => typeof v === 'number' && !isInt32(v),
  string: (v) => typeof v === 'string',
  object: (v) => isPlainObject(v),
  array: (v) => Array.isArray(v),
  binData: (v) => v instanceof Uint8Array || bsonType(v) === 'Binary',
  undefined: (v) => v === undefined,
  objectId: (v) => bsonType(v) === 'ObjectId',
  bool: (v) => typeof v === 'boolean',
  date: (v) => v instanceof Date,
  null: (v) => v === null,
  regex: (v) => v instanceof RegExp || bsonType(v) === 'BSONRegExp',
  javascript: (v) => bsonType(v) === 'Code',
  int: (v) => isInt32(v) || bsonType(v) === 'Int32',
  timestamp: (v) => bsonType(v) === 'Timestamp',
  long: (v) => bsonType(v) === 'Long' || typeof v === 'bigint',
  decimal: (v) => bsonType(v) === 'Decimal128',
  minKey: (v) => bsonType(v) === 'MinKey',
  maxKey: (v) => bsonType(v) === 'MaxKey',
};
TYPE_TESTS.number = (v) => typeof v === 'number' || ['Long', 'Int32', 'Double', 'Decimal128'].includes(bsonType(v) ?? '');
const TYPE_NUMBERS: Record<number, string> = {
  1: 'double', 2: 'string', 3: 'object', 4: 'array', 5: 'binData', 6: 'undefined', 7: 'objectId', 8: 'bool', 9: 'date', 10: 'null',
  11: 'regex', 13: 'javascript', 16: 'int', 17: 'timestamp', 18: 'long', 19: 'decimal', [-1]: 'minKey', 127: 'maxKey',
};

function bsonType(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null ? (v as { _bsontype?: string })._bsontype : undefined;
}

function $type(selector: string, value: unknown): (obj: Doc) => boolean {
  const names = (Array.isArray(value) ? value : [value]).map((t) => (typeof t === 'number' ? TYPE_NUMBERS[t] : String(t)));
  const tests = names.map((n) => TYPE_TESTS[n]).filter(Boolean);
  if (tests.length !== names.length) throw new Error(`Unknown type name alias: ${names.join(', ')}`);
  return (obj) => {
    const raw = resolve(obj, selector);
    if (Array.isArray(raw) && names.includes('array')) return true;
    const vals = pathValues(obj, selector).filter((v) => v !== undefined);
    return vals.some((v) => tests.some((t) => t(v)));
  };
}

// Equality through canonical keys: Int32/Long/Double/Decimal128 with equal values are equal, and
// embedded documents compare field by field in order, as in MongoDB (mingo ignores field order).
const depthOf = (selector: string) => selector.split('.').length - 1;

function eqKeyMatch(lhs: unknown, key: string, depth: number): boolean {
  if (keyOf(lhs) === key) return true;
  if (Array.isArray(lhs)) {
    if (lhs.some((v) => keyOf(v) === key)) return true;
    return (flatten(lhs, depth) as unknown[]).some((v) => keyOf(v) === key);
  }
  return false;
}

/** The string comparison of the query's collation (options.collation holds the raw spec), if any. */
function strCmpOf(options: unknown): StrCmp | undefined {
  const raw = (options as { collation?: unknown } | undefined)?.collation;
  return raw ? parseCollation(raw)?.compare : undefined;
}

/** Equality of a string under a collation: any string value at the path that compares equal. */
function collatedMatch(lhs: unknown, value: string, cmp: StrCmp, depth: number): boolean {
  const vals = Array.isArray(lhs) ? [...lhs, ...(flatten(lhs, depth) as unknown[])] : [lhs];
  return vals.some((v) => typeof v === 'string' && cmp(v, value) === 0);
}

function $eq(selector: string, value: unknown, options?: unknown): (obj: Doc) => boolean {
  const key = keyOf(value);
  const depth = depthOf(selector) || 1;
  const cmp = strCmpOf(options);
  if (cmp && typeof value === 'string') return (obj) => collatedMatch(resolve(obj, selector, { unwrapArray: true }), value, cmp, depth);
  return (obj) => eqKeyMatch(resolve(obj, selector, { unwrapArray: true }), key, depth);
}

function $ne(selector: string, value: unknown, options?: unknown): (obj: Doc) => boolean {
  const eq = $eq(selector, value, options);
  return (obj) => !eq(obj);
}

function $in(selector: string, value: unknown, options?: unknown): (obj: Doc) => boolean {
  if (!Array.isArray(value)) throw new Error('$in needs an array');
  const keys = new Set(value.filter((v) => !(v instanceof RegExp)).map(keyOf));
  const patterns = value.filter((v): v is RegExp => v instanceof RegExp);
  const hasNull = keys.has('n');
  const cmp = strCmpOf(options);
  const strings = cmp ? value.filter((v): v is string => typeof v === 'string') : [];
  return (obj) => {
    const lhs = resolve(obj, selector, { unwrapArray: true });
    if (lhs === undefined || lhs === null) return hasNull;
    if (keys.has(keyOf(lhs))) return true;
    const vals = Array.isArray(lhs) ? lhs : [lhs];
    if (vals.some((v) => keys.has(keyOf(v)))) return true;
    if (strings.length && vals.some((v) => typeof v === 'string' && strings.some((s) => cmp!(v, s) === 0))) return true;
    return patterns.length > 0 && vals.some((v) => typeof v === 'string' && patterns.some((re) => re.test(v)));
  };
}

function $nin(selector: string, value: unknown, options?: unknown): (obj: Doc) => boolean {
  const inn = $in(selector, value, options);
  return (obj) => !inn(obj);
}

// Range operators with MongoDB's type bracketing: only values of the same canonical type compare,
// across Int32/Long/Double/Decimal128.
function rangeOp(test: (c: number) => boolean) {
  return (selector: string, value: unknown, options?: unknown): ((obj: Doc) => boolean) => {
    const rhs = value ?? null;
    const rank = typeRank(rhs);
    const cmp = strCmpOf(options);
    return (obj) => {
      const lhs = resolve(obj, selector, { unwrapArray: true });
      const vals = Array.isArray(lhs) ? [lhs, ...lhs] : [lhs];
      return vals.some((v) => {
        const x = v ?? null;
        return typeRank(x) === rank && test(compareValues(x, rhs, cmp));
      });
    };
  };
}
const $gt = rangeOp((c) => c > 0);
const $gte = rangeOp((c) => c >= 0);
const $lt = rangeOp((c) => c < 0);
const $lte = rangeOp((c) => c <= 0);

function $sort(coll: Iterator, sortKeys: Doc, options?: unknown): Iterator {
  if (!isPlainObject(sortKeys) || Object.keys(sortKeys).length === 0) throw new Error('$sort specification is invalid');
  const cmp = strCmpOf(options);
  return coll.transform((arr: unknown[]) => Lazy(sortDocs(arr as Doc[], sortKeys, cmp)));
}

// Geo predicates. $geoWithin answers $centerSphere (points within a spherical cap); other shapes are
// refused out loud. $near/$nearSphere are taken out of find filters by geoquery.ts, so meeting one here
// means it is somewhere MongoDB would not accept it either, or where embedded-mongo cannot order by it.
function $geoWithin(selector: string, value: unknown): (obj: Doc) => boolean {
  if (!isPlainObject(value)) throw err('BadValue', '$geoWithin needs an object');
  if (!('$centerSphere' in value)) {
    const shape = Object.keys(value)[0] ?? '(none)';
    throw unsupported(`$geoWithin with ${shape} (only $centerSphere is implemented)`);
  }
  const { c, angle } = centerSphere(value.$centerSphere);
  return (obj) =>
    geoValues(obj, selector).some((g) => {
      let p: [number, number] | null = null;
      try {
        p = parsePoint(g);
      } catch {
        return false;
      }
      return !!p && angleBetween(c, p) <= angle;
    });
}

function nearHere(): never {
  throw err('BadValue', '$geoNear, $near, and $nearSphere are not allowed in this context (embedded-mongo answers them only at the top level of a find filter)');
}

const $near = nearHere;
const $nearSphere = nearHere;

function $geoIntersects(): never {
  throw unsupported('$geoIntersects');
}

export const CONTEXT = Context.init({
  accumulator: accumulator as never,
  expression: expression as never,
  pipeline: { ...(pipeline as object), $sort } as never,
  projection: projection as never,
  query: { ...(query as object), $type, $eq, $ne, $in, $nin, $gt, $gte, $lt, $lte, $geoWithin, $near, $nearSphere, $geoIntersects } as never,
  window: windowOps as never,
});

export const MINGO_OPTS: Partial<Options> = {
  idKey: '_id',
  useStrictMode: true,
  scriptEnabled: false,
  processingMode: ProcessingMode.CLONE_OFF,
  context: CONTEXT,
};

/**
 * mingo's ComputeOptions class, which its package does not export: taken from the options mingo hands an
 * operator. Given plain options, every `new Query` / `new Aggregator` copies the whole operator context
 * (several hundred operators, about 90 µs: most of the server's CPU for a findOne by a unique key or a
 * change stream's batch); given a ComputeOptions it uses the context as it is.
 */
const ComputeOptions = (() => {
  let found: (new (options: Doc) => Options) | undefined;
  const probe = Context.init({
    expression: {
      $probe: (_obj: unknown, _expr: unknown, options: unknown) => {
        found = (options as { constructor: new (options: Doc) => Options }).constructor;
        return null;
      },
    } as never,
  });
  computeValue({}, null, '$probe', { context: probe } as never);
  if (!found || found.name !== 'ComputeOptions') throw new Error('embedded-mongo: mingo ComputeOptions not found');
  return found;
})();

/**
 * What mingo's ComputeOptions.init makes of `{ ...MINGO_OPTS, ...options }` (the same defaults), except that
 * the context is CONTEXT itself rather than a copy. Sharing it is safe: mingo only ever adds operators to a
 * context where none of that name is present (Context.addOps keeps existing entries), and CONTEXT already
 * holds every operator of mingo's own sets.
 */
export function computeOptions(options: Partial<Options> = {}): Options {
  return new ComputeOptions({
    idKey: '_id',
    scriptEnabled: true,
    useStrictMode: true,
    failOnError: true,
    processingMode: ProcessingMode.CLONE_OFF,
    ...MINGO_OPTS,
    ...options,
    context: options.context ?? CONTEXT,
  });
}

export class Query extends BaseQuery<Doc> {
  constructor(condition: Doc, options: Partial<Options> = {}) {
    super(condition, computeOptions(options));
  }
}

export class Aggregator extends BaseAggregator {
  constructor(stages: Doc[], options: Partial<Options> = {}) {
    super(stages, computeOptions(options));
  }
}

/**
 * No operators: for an update in which mingo/updater compiles no query (no positional `$`, no arrayFilters,
 * no $pull: the only places its update operators read the context). The updater copies the context it is
 * given and adds operators to the copy on every call: with CONTEXT that is several hundred properties per
 * update (most of the server's CPU of a counter `$inc`); with this one, a few dozen.
 */
export const NO_OPERATORS = Context.init();

/**
 * The context mingo's own `updateMany` (package root) builds on every call: its default operators merged
 * with CONTEXT, the defaults winning where both name one (Context.from keeps the first). Built once here;
 * update.ts hands it to mingo/updater directly, which is what the root `updateMany` does after the merge.
 */
export const UPDATE_CONTEXT = Context.from(
  Context.init({
    accumulator: accumulator as never,
    expression: expression as never,
    pipeline: pipeline as never,
    projection: projection as never,
    query: query as never,
    window: windowOps as never,
  }),
  CONTEXT,
);
