// The filter fast path (src/fastFilter.ts) gives mingo's answer (src/mingo.ts: MongoDB's semantics as the
// server implements them) for every document it decides, on random documents (missing fields, null, [],
// arrays, nested arrays, embedded documents, NaN, dates, mixed types) and random filters; it leaves the
// rest to mingo (undefined) and does not compile what it does not cover (null).
import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { compileFilter } from '../src/fastFilter';
import { Query } from '../src/mingo';
import type { Doc } from '../src/storage';

const D1 = new Date('2026-01-01T00:00:00Z');
const D2 = new Date('2026-06-01T00:00:00Z');
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, 2.5, -0, Number.NaN, 1e9),
  fc.constantFrom('', 'x', 'X', 'xy', 'Yoga', 'yoga mat', 'b'),
  fc.boolean(),
  fc.constantFrom(D1, D2),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.oneof(scalar, fc.constant(null)), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([[1]], [[1, 2], 3], { x: 1 }, [{ x: 1 }], /x/i, ['x', ['X']]) },
);
const field = fc.constantFrom('a', 'b', 'c');
const doc = fc.dictionary(field, value).map((d) => ({ _id: 1, ...d }) as Doc);

const operand = fc.oneof({ weight: 12, arbitrary: scalar }, fc.constant(null), fc.constant([1]), fc.constant({ x: 1 }));
const condition = fc.oneof(
  operand,
  operand.map((v) => ({ $eq: v })),
  fc.array(operand, { maxLength: 3 }).map((vs) => ({ $in: vs })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), operand).map(([op, v]) => ({ [op]: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte'), scalar, fc.constantFrom('$lt', '$lte'), scalar).map(([a, x, b, y]) => ({ [a]: x, [b]: y })),
  fc.tuple(fc.constantFrom('x', '^y', 'a$', 'o'), fc.constantFrom(undefined, '', 'i', 'im')).map(([re, o]) => (o === undefined ? { $regex: re } : { $regex: re, $options: o })),
  fc.constantFrom(/x/, /X/i, /^Yoga/),
  fc.boolean().map((b) => ({ $exists: b })),
  fc.constant({ $ne: 1 }),
);
const filter = fc.oneof(
  fc.dictionary(field, condition, { minKeys: 1, maxKeys: 3 }),
  fc.array(fc.dictionary(field, condition, { minKeys: 1, maxKeys: 2 }), { minLength: 1, maxLength: 2 }).map((and) => ({ $and: and })),
);

it('decides exactly as mingo does, or leaves the document to mingo', () => {
  let decided = 0;
  let compiled = 0;
  fc.assert(
    fc.property(doc, filter, (d, f) => {
      const fast = compileFilter(f);
      if (!fast) return;
      compiled++;
      const got = fast.test(d);
      if (got === undefined) return;
      decided++;
      expect(got).toBe(new Query(f).test(d));
    }),
    { numRuns: 5000 },
  );
  // The property means something only if most cases were compiled and decided.
  expect(compiled).toBeGreaterThan(2000);
  expect(decided).toBeGreaterThan(1500);
});

describe('fixed cases', () => {
  const cases: [string, Doc, Doc, boolean | undefined][] = [
    ['missing field vs equality', {}, { a: 1 }, false],
    ['null vs range', { a: null }, { a: { $lte: 5 } }, false],
    ['[] vs regex', { a: [] }, { a: { $regex: 'x' } }, false],
    ['[] exists', { a: [] }, { a: { $exists: true } }, true],
    ['array element equality', { a: ['Yoga', 'HIIT'] }, { a: 'HIIT' }, true],
    ['array element regex, case-insensitive', { a: ['Strength', 'Yoga'] }, { a: { $regex: 'yoga', $options: 'i' } }, true],
    ['type bracketing: string vs number range', { a: '3' }, { a: { $gte: 1 } }, false],
    ['NaN sorts below numbers', { a: Number.NaN }, { a: { $lte: 60 } }, true],
    ['an int equals a double of the same value', { a: 2 }, { a: { $in: [2.0, 7] } }, true],
    ['date range', { a: D1 }, { a: { $lt: D2 } }, true],
    ['embedded document: left to mingo', { a: { x: 1 } }, { a: { $gte: 1 } }, undefined],
    ['nested array: left to mingo', { a: [[1]] }, { a: 1 }, undefined],
    ['object exists', { a: { type: 'Point' } }, { a: { $exists: true } }, true],
  ];
  it.each(cases)('%s', (_name, d, f, expected) => {
    const fast = compileFilter(f);
    expect(fast).not.toBeNull();
    expect(fast!.test({ _id: 1, ...d })).toBe(expected);
    if (expected !== undefined) expect(new Query(f).test({ _id: 1, ...d })).toBe(expected);
  });

  it.each([
    ['null equality', { a: null }],
    ['dotted path', { 'a.b': 1 }],
    ['$or', { $or: [{ a: 1 }] }],
    ['$ne', { a: { $ne: 1 } }],
    ['$regex with flags mingo would replace', { a: { $regex: /x/, $options: 'i' } }],
    ['$options x', { a: { $regex: 'x', $options: 'x' } }],
    ['a field named like an Object method', { constructor: 1 }],
  ])('does not compile %s', (_name, f) => {
    expect(compileFilter(f as Doc)).toBeNull();
  });
});
