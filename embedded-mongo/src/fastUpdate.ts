// The update fast path: the operator updates the API makes on every request ($set, $inc, $max, $min and
// $unset of top-level fields: a counter, a sequence number, a read mark, a session's expiry) applied directly,
// without mingo/updater. mingo's per-call setup (its options, operator tables and lazy iterators) was most of
// the database's CPU for such an update (api/bench/messages-load.ts: about a fifth of the database's time
// under live messages). Anything else (dotted paths, arrays, other operators, a type the operator would
// have to convert or refuse) is left to mingo, which remains the definition: a property test checks that
// both give the same document (test/fastUpdate.test.ts).
import { cloneDeep } from 'mingo/util';
import type { Doc } from './storage';

type Op = '$set' | '$inc' | '$max' | '$min' | '$unset';
const FAST_OPS = new Set<string>(['$set', '$inc', '$max', '$min', '$unset']);

interface Step {
  op: Op;
  field: string;
  value: unknown;
}

/** Applies the compiled update to a copy of `doc`: the new document, or undefined where mingo must decide. */
export type FastUpdate = (doc: Doc) => Doc | undefined;

const plainField = (f: string) => f !== '' && f !== '_id' && !f.includes('.') && !f.startsWith('$');

/**
 * Compiles `ops` (operator -> { field: value }, $setOnInsert already folded in or dropped) when every
 * operator is one of the five on top-level fields, each field named once; otherwise null.
 */
export function compileUpdate(ops: Doc): FastUpdate | null {
  const steps: Step[] = [];
  const seen = new Set<string>();
  for (const [op, spec] of Object.entries(ops)) {
    if (!FAST_OPS.has(op)) return null;
    for (const [field, value] of Object.entries(spec as Doc)) {
      if (!plainField(field) || seen.has(field) || value === undefined) return null;
      if (op === '$inc' && (typeof value !== 'number' || Number.isNaN(value))) return null;
      if ((op === '$max' || op === '$min') && !comparable(value)) return null;
      seen.add(field);
      steps.push({ op: op as Op, field, value });
    }
  }
  if (steps.length === 0) return null;
  return (doc) => {
    const next = cloneDeep(doc) as Doc;
    for (const { op, field, value } of steps) {
      const has = Object.prototype.hasOwnProperty.call(next, field);
      const cur = has ? next[field] : undefined;
      switch (op) {
        case '$set':
          // An equal number stays as it is (mingo's equality: -0 set over 0 keeps 0).
          if (cur !== value) next[field] = typeof value === 'object' && value !== null ? cloneDeep(value) : value;
          break;
        case '$unset':
          if (has) delete next[field];
          break;
        case '$inc':
          if (!has) next[field] = 0 + (value as number); // from 0, as mingo counts: -0 becomes 0
          else if (typeof cur === 'number' && !Number.isNaN(cur)) next[field] = cur + (value as number);
          else return undefined;
          break;
        case '$max':
        case '$min': {
          if (!has) {
            next[field] = cloneDeep(value);
            break;
          }
          const order = compare(cur, value);
          if (order === undefined) return undefined;
          if (op === '$max' ? order < 0 : order > 0) next[field] = cloneDeep(value);
          break;
        }
      }
    }
    return next;
  };
}

/** A number (not NaN: BSON orders it below every number) or a valid Date: what the fast path compares. */
function comparable(v: unknown): boolean {
  return (typeof v === 'number' && !Number.isNaN(v)) || (v instanceof Date && !Number.isNaN(v.getTime()));
}

/**
 * Sign of a - b for two numbers or two Dates, or a null field against either (null sorts below both in BSON's
 * order: a conversation's first message sets its `lastMessageAt: null` with $max); undefined for anything
 * else (BSON's order across types: mingo).
 */
function compare(a: unknown, b: unknown): number | undefined {
  if (a === null) return -1;
  if (!comparable(a)) return undefined;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return undefined;
}
