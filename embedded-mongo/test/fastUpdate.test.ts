// The update fast path (src/fastUpdate.ts) gives the document mingo/updater gives (src/commands/update.ts's
// other path, MongoDB's semantics as this server implements them), field order included, for every update it
// decides, on random documents (missing fields, null, NaN, numbers, dates, strings, arrays, embedded
// documents) and random updates of the five operators; what it does not decide it leaves to mingo.
import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { updateMany } from 'mingo/updater';
import { cloneDeep } from 'mingo/util';
import { compileUpdate } from '../src/fastUpdate';
import { MINGO_OPTS, NO_OPERATORS } from '../src/mingo';
import type { Doc } from '../src/storage';

const D1 = new Date('2026-01-01T00:00:00Z');
const D2 = new Date('2026-06-01T00:00:00Z');
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, 2.5, -0, Number.NaN, 1e9),
  fc.constantFrom('', 'x', 'b'),
  fc.boolean(),
  fc.constantFrom(D1, D2),
  fc.constant(null),
);
const value = fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: fc.constantFrom([1, 2], { x: 1 }, [{ x: [1] }]) });
const field = fc.constantFrom('a', 'b', 'c', 'd');
const doc = fc.dictionary(field, value).map((d) => ({ _id: 1, ...d }) as Doc);
const operand = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -3, max: 3 }) }, fc.constantFrom(0.5, Number.NaN, D1, D2, 'x', null));
const update = fc
  .array(fc.tuple(fc.constantFrom('$set', '$inc', '$max', '$min', '$unset'), field, fc.oneof(operand, value)), { minLength: 1, maxLength: 4 })
  .map((steps) => {
    const ops: Doc = {};
    for (const [op, f, v] of steps) ops[op] = { ...((ops[op] as Doc) ?? {}), [f]: op === '$unset' ? '' : v };
    return ops;
  });

function withMingo(d: Doc, ops: Doc): Doc | Error {
  const copy = cloneDeep(d) as Doc;
  try {
    updateMany([copy], {}, ops, { cloneMode: 'deep' }, { ...MINGO_OPTS, context: NO_OPERATORS });
  } catch (e) {
    return e as Error;
  }
  return copy;
}

it('gives the document mingo gives, in the same field order, or leaves the update to mingo', () => {
  let decided = 0;
  fc.assert(
    fc.property(doc, update, (d, ops) => {
      const fast = compileUpdate(ops);
      if (!fast) return;
      const before = cloneDeep(d);
      const got = fast(d);
      expect(d).toStrictEqual(before); // the stored version is never changed in place
      if (got === undefined) return;
      decided++;
      const want = withMingo(d, ops);
      expect(want).not.toBeInstanceOf(Error);
      expect(got).toStrictEqual(want);
      expect(Object.keys(got)).toEqual(Object.keys(want as Doc));
    }),
    { numRuns: 5000 },
  );
  // Most updates of this shape are decided here (a failure to compile anything would pass vacuously).
  expect(decided).toBeGreaterThan(1000);
});

it('compiles only the five operators on top-level fields, each named once', () => {
  expect(compileUpdate({ $set: { 'a.b': 1 } })).toBeNull();
  expect(compileUpdate({ $push: { a: 1 } })).toBeNull();
  expect(compileUpdate({ $set: { a: 1 }, $inc: { a: 1 } })).toBeNull();
  expect(compileUpdate({ $inc: { n: '1' } })).toBeNull();
  expect(compileUpdate({ $inc: { n: 1 }, $max: { at: D1 } })).not.toBeNull();
});

it('leaves to mingo a value the operator would convert or refuse', () => {
  const inc = compileUpdate({ $inc: { n: 1 } })!;
  expect(inc({ _id: 1, n: 'text' })).toBeUndefined();
  expect(inc({ _id: 1, n: null })).toBeUndefined();
  expect(inc({ _id: 1, n: 2 })).toEqual({ _id: 1, n: 3 });
  const max = compileUpdate({ $max: { at: D2 } })!;
  expect(max({ _id: 1, at: 5 })).toBeUndefined();
  expect(max({ _id: 1, at: D1 })).toEqual({ _id: 1, at: D2 });
  // null sorts below dates and numbers (a conversation's lastMessageAt before its first message)
  expect(max({ _id: 1, at: null })).toEqual({ _id: 1, at: D2 });
  expect(compileUpdate({ $min: { at: D2 } })!({ _id: 1, at: null })).toEqual({ _id: 1, at: null });
});
