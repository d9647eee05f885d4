// The projection fast path (src/projection.ts) gives the same fields and values as mingo's projection for
// every projection it accepts, in the document's own field order as MongoDB does (mingo orders them its own
// way: alphabetically, _id last); it declines everything else (mingo keeps those, errors too).
import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { Query } from '../src/mingo';
import { simpleProjection } from '../src/projection';
import type { Doc } from '../src/storage';

const viaMingo = (doc: Doc, projection: Doc) => new Query({}).find([doc], projection).all()[0] as Doc;
const field = fc.constantFrom('_id', 'a', 'b', 'title', 'sections', 'userId', 'z');
const value = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.constantFrom('x', 'y'), fc.integer()));
const doc = fc.dictionary(field, value).map((d) => ('_id' in d ? { _id: d._id, ...d } : d) as Doc);
const flag = fc.constantFrom(0, 1, true, false, -1, 2);

it('matches mingo on random documents and top-level inclusion or exclusion projections, in document order', () => {
  fc.assert(
    fc.property(doc, fc.dictionary(field, flag, { minKeys: 1 }), (d, projection) => {
      const fast = simpleProjection(projection);
      let expected: Doc | Error;
      try {
        expected = viaMingo(d, projection);
      } catch (e) {
        expected = e as Error;
      }
      if (fast === null) return; // declined: mingo answers, as before
      expect(expected).not.toBeInstanceOf(Error);
      const got = fast(d);
      expect(got).toEqual(expected);
      expect(Object.keys(got)).toEqual(Object.keys(d).filter((k) => k in got));
    }),
    { numRuns: 2000 },
  );
});

it('takes the projections mongoose sends for lean reads', () => {
  const d: Doc = { _id: 'x', id: 3, userId: 7, title: 'T', sections: [{ name: 's' }], secret: 'h' };
  const p = { _id: 0, id: 1, userId: 1, title: 1, sections: 1 };
  expect(simpleProjection(p)).not.toBeNull();
  expect(simpleProjection(p)!(d)).toEqual({ id: 3, userId: 7, title: 'T', sections: [{ name: 's' }] });
  expect(simpleProjection({ secret: 0 })!(d)).toEqual({ _id: 'x', id: 3, userId: 7, title: 'T', sections: [{ name: 's' }] });
});

it('declines what it does not do the way MongoDB does', () => {
  for (const p of [{ 'a.b': 1 }, { 'a.$': 1 }, { a: { $slice: 1 } }, { a: 1, b: 0 }, { $a: 1 }, { a: 'literal' }, { a: { $elemMatch: { x: 1 } } }]) {
    expect(simpleProjection(p)).toBeNull();
  }
});
