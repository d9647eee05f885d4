// Partial indexes in the planner (src/partial.ts, src/planner.ts choosePlan): an index with a
// partialFilterExpression answers a query only when the query's filter implies that expression, as in
// MongoDB; then the query reads a slice of that index instead of scanning. Whatever the planner picks, a
// query returns exactly what a full scan returns (random documents and filters below). Runs against the
// embedded server (plan assertions only there) or MONGODB_URI.
import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { type Collection, type Db, type Document } from 'mongodb';
import { Query } from '../src/mingo';
import { impliesPartial } from '../src/partial';
import { REAL, type Target, connectForFile } from './target';
import { explainValues as collect } from '../src/explainValues';

jest.setTimeout(120_000);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Coll = Collection<any>;

let target: Target;
let db: Db;

const conn = connectForFile('partial');
beforeAll(() => void ({ target, db } = conn));

describe('impliesPartial: does every document the filter matches satisfy the partial filter?', () => {
  const pending = { kind: 'unread', status: 'pending' };
  it.each<[string, Document, Document, boolean]>([
    ['both equalities (the outbox upsert)', { kind: 'unread', userId: 3, conversationId: 9, status: 'pending' }, pending, true],
    ['the same inside $and', { $and: [{ kind: 'unread' }, { status: { $eq: 'pending' } }], userId: 3 }, pending, true],
    ['one equality missing', { kind: 'unread', userId: 3 }, pending, false],
    ['another value', { kind: 'unread', status: 'sent' }, pending, false],
    ['$in is not decided', { kind: { $in: ['unread'] }, status: 'pending' }, pending, false],
    ['inside an $or only', { $or: [pending] }, pending, false],
    ['a string equality implies $type string', { key: 'abc' }, { key: { $type: 'string' } }, true],
    ['a number does not', { key: 5 }, { key: { $type: 'string' } }, false],
    ['null matches missing fields', { key: null }, { key: { $exists: true } }, false],
    ['an array equality matches as a whole', { key: ['abc'] }, { key: { $type: 'string' } }, false],
    ['a regex is not an equality', { key: /abc/ }, { key: { $type: 'string' } }, false],
    ['a tighter lower bound', { seq: { $gt: 5 } }, { seq: { $gt: 0 } }, true],
    ['the same bound', { seq: { $gt: 0 } }, { seq: { $gt: 0 } }, true],
    ['$gte at the bound includes it', { seq: { $gte: 0 } }, { seq: { $gt: 0 } }, false],
    ['$gte inside $gte', { seq: { $gte: 0 } }, { seq: { $gte: 0 } }, true],
    ['an equality inside the range', { conversationId: 4, seq: 7 }, { seq: { $gt: 0 } }, true],
    ['an equality outside the range', { seq: 0 }, { seq: { $gt: 0 } }, false],
    ['the wrong side', { seq: { $lt: 9 } }, { seq: { $gt: 0 } }, false],
    ['another type', { seq: { $gt: 'a' } }, { seq: { $gt: 0 } }, false],
    ['a range implies $exists', { seq: { $gt: 1, $lt: 4 } }, { seq: { $exists: true } }, true],
    ['a negation is not decided', { seq: { $ne: 0 } }, { seq: { $gt: 0 } }, false],
    ['an operator MongoDB refuses in partial filters', { seq: 1 }, { seq: { $ne: 0 } }, false],
  ])('%s', (_name, filter, partial, expected) => {
    expect(impliesPartial(filter, partial)).toBe(expected);
  });
});

async function plan(c: Coll, filter: Document) {
  const e = await db.command({ explain: { find: c.collectionName, filter }, verbosity: 'executionStats' });
  return {
    indexes: collect(collect(e, 'winningPlan'), 'indexName') as string[],
    keys: collect(e, 'totalKeysExamined')[0] as number,
    docs: collect(e, 'totalDocsExamined')[0] as number,
  };
}
const ids = async (c: Coll, filter: Document) => (await c.find(filter).toArray()).map((d) => d._id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const scanIds = async (c: Coll, filter: Document) =>
  (await c.find(filter).hint({ $natural: 1 }).toArray()).map((d) => d._id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('an outbox-like collection: many rows, few pending', () => {
  let c: Coll;
  beforeAll(async () => {
    c = db.collection<Document>('outbox') as Coll;
    await c.createIndex({ status: 1, dueAt: 1 });
    await c.createIndex({ kind: 1, userId: 1, conversationId: 1 }, { unique: true, partialFilterExpression: { kind: 'unread', status: 'pending' }, name: 'one_pending_unread' });
    await c.createIndex({ key: 1 }, { unique: true, partialFilterExpression: { key: { $type: 'string' } }, name: 'key_1' });
    const docs: Document[] = [];
    for (let i = 0; i < 600; i++) {
      const d: Document = { _id: i, kind: i % 4 ? 'unread' : 'booking', userId: i % 50, conversationId: Math.floor(i / 50), status: i < 560 ? 'sent' : 'pending', dueAt: i };
      if (i % 3 === 0) d.key = `k${i}`;
      docs.push(d);
    }
    await c.insertMany(docs);
  });

  it('the upsert filter of an unread summary reads the partial index: one key, one document', async () => {
    const filter = { kind: 'unread', userId: 11, conversationId: 11, status: 'pending' };
    expect(await ids(c, filter)).toEqual(await scanIds(c, filter));
    expect(await ids(c, filter)).toEqual([561]);
    if (!REAL) {
      const p = await plan(c, filter);
      expect(p.indexes).toEqual(['one_pending_unread']);
      expect(p.docs).toBe(1);
    }
  });

  it('a filter that does not imply the partial filter never reads it (its documents are not all in it)', async () => {
    const filter = { kind: 'unread', userId: 11 }; // eleven sent rows and one pending
    expect(await ids(c, filter)).toEqual(await scanIds(c, filter));
    expect((await ids(c, filter)).length).toBe(12);
    if (!REAL) expect((await plan(c, filter)).indexes).not.toContain('one_pending_unread');
  });

  it('a lookup by a string key reads the key index; by a number it cannot', async () => {
    expect(await ids(c, { key: 'k300' })).toEqual([300]);
    expect(await ids(c, { key: 300 })).toEqual([]);
    if (!REAL) {
      expect((await plan(c, { key: 'k300' })).indexes).toEqual(['key_1']);
      expect((await plan(c, { key: 300 })).indexes).not.toContain('key_1');
    }
  });

  it('stays exact after updates move rows in and out of the partial index', async () => {
    await c.updateMany({ _id: { $gte: 560, $lt: 580 } }, { $set: { status: 'sent' } });
    await c.updateMany({ _id: { $gte: 100, $lt: 110 } }, { $set: { status: 'pending' } });
    await c.updateOne({ _id: 102 }, { $unset: { kind: 1 } });
    for (const filter of [
      { kind: 'unread', userId: 1, conversationId: 2, status: 'pending' },
      { kind: 'unread', userId: 11, conversationId: 11, status: 'pending' },
      { kind: 'unread', status: 'pending' },
    ]) {
      expect(await ids(c, filter)).toEqual(await scanIds(c, filter));
    }
    expect(await ids(c, { kind: 'unread', userId: 1, conversationId: 2, status: 'pending' })).toEqual([101]);
  });
});

// Random documents, partial indexes and filters: whatever index the planner takes, the answer is the scan's.
const value = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -1, max: 4 }) },
  { weight: 3, arbitrary: fc.constantFrom('a', 'b') },
  { weight: 1, arbitrary: fc.constantFrom(null, true) },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constantFrom('a', null)), { maxLength: 3 }) },
);
const rawDoc = fc.record({ x: value, y: value }, { requiredKeys: [] });
const scalar = fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constantFrom('a', 'b'));
const cond = fc.oneof(
  scalar,
  fc.constant(null),
  scalar.map((v) => ({ $eq: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), scalar).map(([op, v]) => ({ [op]: v })),
  fc.tuple(fc.integer({ min: -1, max: 4 }), fc.integer({ min: -1, max: 4 })).map(([a, b]) => ({ $gt: a, $lte: b })),
  fc.array(scalar, { minLength: 1, maxLength: 2 }).map((v) => ({ $in: v })),
  scalar.map((v) => ({ $ne: v })),
);
const filterArb = fc.record({ x: cond, y: cond }, { requiredKeys: [] });
const partialArb = fc.oneof(
  fc.record({ x: fc.oneof(scalar, fc.constantFrom({ $type: 'string' }, { $type: 'number' }, { $exists: true }), fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.integer({ min: -1, max: 4 })).map(([op, v]) => ({ [op]: v }))) }),
  fc.record({ x: scalar, y: scalar }),
);

it('random partial indexes, documents and filters: every answer is the full scan\'s', async () => {
  let round = 0;
  let usedPartial = 0;
  await fc.assert(
    fc.asyncProperty(partialArb, fc.array(rawDoc, { minLength: 1, maxLength: 30 }), fc.array(filterArb, { minLength: 1, maxLength: 6 }), async (partial, docs, filters) => {
      const c = db.collection<Document>(`random_${round++}`) as Coll;
      await c.createIndex({ x: 1, y: 1 }, { partialFilterExpression: partial, name: 'p' });
      await c.insertMany(docs.map((d, i) => ({ _id: i, ...d })));
      for (const filter of filters) {
        const expected = await scanIds(c, filter);
        expect(await ids(c, filter)).toEqual(expected);
        if (!REAL) {
          const q = new Query(filter);
          expect((await c.find({}).toArray()).filter((d) => q.test(d)).map((d) => d._id).sort((a, b) => a - b)).toEqual(expected);
          if ((await plan(c, filter)).indexes.includes('p')) usedPartial++;
        }
      }
      await c.drop();
    }),
    { numRuns: 150 },
  );
  // The property means something only if the partial index was taken in some of the runs.
  if (!REAL) expect(usedPartial).toBeGreaterThan(10);
});
