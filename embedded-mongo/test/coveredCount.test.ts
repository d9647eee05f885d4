// Covered counts (src/planner.ts coveredCountPlan / coveredCount, src/commands/count.ts): a `count` whose
// every test reads fields of one index that narrows the walk is answered from that index's keys, without
// reading documents. It must give exactly the count a full scan gives, whatever the documents hold (missing
// fields, null, [], arrays, mixed types, embedded documents), after updates and deletes, on single-field,
// compound and multikey indexes. Runs against the embedded server (plan assertions only there: MongoDB
// itself does not cover tests on an array field) or MONGODB_URI.
import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { type Collection, type Db, type Document } from 'mongodb';
import { Query } from '../src/mingo';
import { REAL, type Target, connectForFile } from './target';
import { explainValues as collect } from '../src/explainValues';

jest.setTimeout(120_000);

// Numeric and string _ids: the suite checks the server, not the driver's typings.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Coll = Collection<any>;

let target: Target;
let db: Db;

const conn = connectForFile('coveredcount');
beforeAll(() => void ({ target, db } = conn));

async function countPlan(c: Coll, query: Document) {
  const e = await db.command({ explain: { count: c.collectionName, query }, verbosity: 'executionStats' });
  return { stages: collect(collect(e, 'winningPlan'), 'stage') as string[], docs: collect(e, 'totalDocsExamined')[0] as number, keys: collect(e, 'totalKeysExamined')[0] as number };
}
/** The count a full scan gives: every document, read in natural order, tested by the server one by one. */
async function scanCount(c: Coll, query: Document): Promise<number> {
  const n = (await c.find(query).hint({ $natural: 1 }).toArray()).length;
  if (!REAL) {
    // On the embedded server, also against mingo alone over every document (no fast path, no index).
    const q = new Query(query);
    expect((await c.find({}).toArray()).filter((d) => q.test(d)).length).toBe(n);
  }
  return n;
}
const count = async (c: Coll, query: Document) => (await db.command({ count: c.collectionName, query })).n as number;

describe('a directory-like collection: flags, numbers and a tags array', () => {
  let c: Coll;
  beforeAll(async () => {
    c = db.collection<Document>('trainers') as Coll;
    await c.createIndex({ online: 1, rating: -1, price: 1, tags: 1 });
    const tags = ['Yoga', 'HIIT', 'Pilates', 'yoga flow'];
    const docs: Document[] = [];
    for (let i = 0; i < 400; i++) {
      const d: Document = { _id: i, online: i % 3 !== 0, rating: (i % 41) / 10 + 1, tags: [tags[i % 4], tags[(i * 7) % 4]] };
      if (i % 10) d.price = 20 + (i % 60);
      else if (i % 20 === 0) d.price = null;
      if (i % 37 === 0) d.tags = [];
      if (i % 53 === 0) delete d.tags;
      docs.push(d);
    }
    await c.insertMany(docs);
  });

  const queries: [string, Document][] = [
    ['online + rating + price + tag (the directory)', { online: true, rating: { $gte: 3 }, price: { $lte: 60 }, tags: { $regex: 'yoga', $options: 'i' } }],
    ['online only', { online: true }],
    ['online + two-sided rating', { online: false, rating: { $gt: 2, $lte: 4 } }],
    ['online + $in of tags', { online: true, tags: { $in: ['HIIT', 'Pilates'] } }],
    ['online + exact tag', { online: true, tags: 'Yoga' }],
  ];
  it.each(queries)('%s: the count of a full scan, from the keys alone', async (_name, query) => {
    const expected = await scanCount(c, query);
    expect(expected).toBeGreaterThan(0);
    expect(await count(c, query)).toBe(expected);
    if (!REAL) {
      const plan = await countPlan(c, query);
      expect(plan.stages).toEqual(['COUNT', 'IXSCAN']);
      expect(plan.docs).toBe(0);
      expect(plan.keys).toBeGreaterThan(0);
    }
  });

  it('is still exact after updates (new arrays, removed and null fields) and deletes', async () => {
    await c.updateMany({ _id: { $lt: 40 } }, { $set: { tags: ['Yoga', 'Yoga', 'Boxing'], rating: 5 } });
    await c.updateMany({ _id: { $gte: 40, $lt: 60 } }, { $unset: { price: 1 } });
    await c.updateMany({ _id: { $gte: 60, $lt: 70 } }, { $set: { online: null } });
    await c.deleteMany({ _id: { $gte: 100, $lt: 160 } });
    for (const [, query] of queries) expect(await count(c, query)).toBe(await scanCount(c, query));
  });

  it('reads the document of a key it cannot decide (an embedded document, a nested array) and still counts right', async () => {
    await c.insertMany([
      { _id: 'odd1', online: true, rating: 4, price: { amount: 30 }, tags: ['Yoga'] },
      { _id: 'odd2', online: true, rating: 4, price: 30, tags: [['yoga']] },
    ]);
    const query = queries[0][1];
    expect(await count(c, query)).toBe(await scanCount(c, query));
    if (!REAL) expect((await countPlan(c, query)).docs).toBeGreaterThan(0);
    await c.deleteMany({ _id: { $in: ['odd1', 'odd2'] } });
  });

  it('does not cover what a key cannot answer ($exists, two tests of the array field, an unindexed field)', async () => {
    const notCovered: Document[] = [{ online: true, price: { $exists: true } }, { online: true, tags: { $gte: 'H', $lte: 'P' } }, { online: true, missing: 1 }];
    for (const query of notCovered) {
      expect(await count(c, query)).toBe(await scanCount(c, query));
      if (!REAL) expect((await countPlan(c, query)).stages).toContain('FETCH');
    }
  });
});

// Random documents, random writes, random filters: the covered count (when taken) equals the full scan's.
const value = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 5 }) },
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'ab', 'B') },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 2.5, Number.NaN) },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('a', 'b', null)), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({ z: 1 }, [[1]], [{ z: 1 }]) },
);
const rawDoc = fc.record({ x: value, y: value, z: value }, { requiredKeys: [] });
const scalar = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('a', 'b'));
const cond = fc.oneof(
  scalar,
  fc.array(scalar, { minLength: 1, maxLength: 3 }).map((v) => ({ $in: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), scalar).map(([op, v]) => ({ [op]: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte'), fc.integer({ min: 0, max: 5 }), fc.constantFrom('$lt', '$lte'), fc.integer({ min: 0, max: 5 })).map(([a, x, b, y]) => ({ [a]: x, [b]: y })),
  fc.constantFrom({ $regex: 'a' }, { $regex: '^b', $options: 'i' }),
);
const query = fc.record({ x: cond, y: cond, z: cond }, { requiredKeys: ['x'] });
const write = fc.oneof(
  fc.tuple(fc.constant('update' as const), fc.nat(29), rawDoc),
  fc.tuple(fc.constant('delete' as const), fc.nat(29), fc.constant({})),
);
const indexes = fc.constantFrom<Document>({ x: 1 }, { x: 1, y: -1 }, { x: -1, y: 1, z: 1 }, { x: 1, z: 1, y: 1 });

let run = 0;
it('property: the count equals a full scan, before and after random updates and deletes', async () => {
  let covered = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(rawDoc, { minLength: 5, maxLength: 30 }), indexes, fc.boolean(), fc.array(write, { maxLength: 8 }), fc.array(query, { minLength: 1, maxLength: 4 }), async (docs, key, indexFirst, writes, queries) => {
      const c: Coll = db.collection(`prop${run++}`);
      if (indexFirst) await c.createIndex(key);
      await c.insertMany(docs.map((d, i) => ({ _id: i, ...d })));
      if (!indexFirst) await c.createIndex(key);
      const check = async () => {
        for (const q of queries) {
          expect(await count(c, q)).toBe(await scanCount(c, q));
          if (!REAL) {
            const plan = await countPlan(c, q);
            if (!plan.stages.includes('FETCH') && !plan.stages.includes('COLLSCAN')) covered++;
          }
        }
      };
      await check();
      for (const [op, i, d] of writes) {
        if (op === 'update') await c.replaceOne({ _id: i }, d);
        else await c.deleteOne({ _id: i });
      }
      await check();
      await c.drop();
    }),
    { numRuns: 60 },
  );
  // The covered path was taken often enough for the property to say something about it.
  if (!REAL) expect(covered).toBeGreaterThan(50);
});

describe('a large collection: the count takes the cheaper of the index walk and a scan', () => {
  let c: Coll;
  beforeAll(async () => {
    c = db.collection<Document>('large') as Coll;
    await c.createIndex({ online: 1, rating: -1 });
    await c.createIndex({ code: 1 });
    const docs: Document[] = [];
    for (let i = 0; i < 6000; i++) docs.push({ _id: i, online: i % 5 !== 0, rating: (i % 50) / 10, code: i, tags: [`t${i % 7}`, 'x'] });
    await c.insertMany(docs);
  });

  it('an unselective filter (80% online): a scan with the compiled tests, same count', async () => {
    const query = { online: true, rating: { $gte: 1 }, tags: 't3' };
    expect(await count(c, query)).toBe(await scanCount(c, query));
    if (!REAL) {
      const plan = await countPlan(c, query);
      expect(plan.stages).toEqual(['COUNT', 'COLLSCAN']);
      expect(plan.docs).toBe(6000);
    }
  });

  it('a selective filter: still the index (covered when the index holds every field)', async () => {
    const covered = { online: false, rating: { $gte: 4.5 } };
    const fetched = { code: { $lt: 100 }, tags: 't3' };
    for (const query of [covered, fetched]) expect(await count(c, query)).toBe(await scanCount(c, query));
    if (!REAL) {
      expect((await countPlan(c, covered)).stages).toEqual(['COUNT', 'IXSCAN']);
      expect((await countPlan(c, covered)).docs).toBe(0);
      const p = await countPlan(c, fetched);
      expect(p.stages).toContain('IXSCAN');
      expect(p.docs).toBe(100);
    }
  });
});
