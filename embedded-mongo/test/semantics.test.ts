// Conformance: right, or refused out loud. Collation and `let` behave as in MongoDB; what the embedded
// server does not implement fails with MongoDB's error shape and a message naming it. Runs against the
// embedded server, or MONGODB_URI if set (where the refused features work).
import { MongoServerError, type Db } from 'mongodb';
import { REAL, serverError, type Target, connectForFile } from './target';

jest.setTimeout(60_000);

let target: Target;
let db: Db;
let maxWire = 0;

// Numeric and structured _ids: the suite checks the server, not the driver's typings.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const col = (name: string) => db.collection<any>(name);

const conn = connectForFile('semantics');
beforeAll(async () => {
  ({ target, db } = conn);
  maxWire = (await db.admin().command({ hello: 1 })).maxWireVersion;
});

/** On the embedded server: refused with this code and a message naming it. On MongoDB: works. */
async function refusedHere(p: Promise<unknown>, code: number): Promise<void> {
  if (REAL) {
    await p;
    return;
  }
  const e = await serverError(p);
  expect(e.code).toBe(code);
  expect(e.message).toMatch(/embedded-mongo/);
}

const CI = { locale: 'en_US', strength: 2 };

describe('collation', () => {
  beforeAll(async () => {
    await col('coll_ping').insertMany([
      { _id: 1, x: 'ping' },
      { _id: 2, x: 'PING' },
      { _id: 3, x: 'pong' },
      { _id: 4, x: 'café' },
    ]);
  });

  test('find matches case-insensitively with strength 2, accent-insensitively only with strength 1', async () => {
    const c = col('coll_ping');
    expect((await c.find({ x: 'Ping' }).toArray()).map((d) => d._id)).toEqual([]);
    expect((await c.find({ x: 'Ping' }, { collation: CI }).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2]);
    expect(await c.countDocuments({ x: 'CAFE' }, { collation: CI })).toBe(0);
    expect(await c.countDocuments({ x: 'CAFE' }, { collation: { locale: 'fr', strength: 1 } })).toBe(1);
    expect(await c.countDocuments({ x: { $in: ['PONG', 'nope'] } }, { collation: CI })).toBe(1);
    expect(await c.countDocuments({ x: { $gt: 'PING' } }, { collation: CI })).toBe(1); // pong (café < ping)
  });

  test('distinct folds values that compare equal', async () => {
    const values = await col('coll_ping').distinct('x', { x: { $in: ['ping', 'PING'] } }, { collation: CI });
    expect(values).toHaveLength(1);
    expect(['ping', 'PING']).toContain(values[0]);
  });

  test('sort orders strings by the locale, not by code point', async () => {
    const c = col('coll_sort');
    await c.insertMany([{ s: 'banana' }, { s: 'apple' }, { s: 'Cherry' }]);
    expect((await c.find().sort({ s: 1 }).toArray()).map((d) => d.s)).toEqual(['Cherry', 'apple', 'banana']);
    expect((await c.find().sort({ s: 1 }).collation(CI).toArray()).map((d) => d.s)).toEqual(['apple', 'banana', 'Cherry']);
    const agg = await c.aggregate([{ $sort: { s: -1 } }, { $project: { _id: 0, s: 1 } }], { collation: CI }).toArray();
    expect(agg.map((d) => d.s)).toEqual(['Cherry', 'banana', 'apple']);
  });

  test('update, replace, delete and findOneAndUpdate honour the collation', async () => {
    const c = col('coll_write');
    await c.insertMany([{ _id: 1, x: 'ping', n: 0 }, { _id: 2, x: 'other', n: 0 }]);
    expect((await c.updateMany({ x: 'PING' }, { $inc: { n: 1 } }, { collation: CI })).modifiedCount).toBe(1);
    expect((await c.replaceOne({ x: 'PiNg' }, { x: 'ping', n: 10 }, { collation: CI })).modifiedCount).toBe(1);
    const before = await c.findOneAndUpdate({ x: 'PING' }, { $inc: { n: 1 } }, { collation: CI, returnDocument: 'after' });
    expect(before?.n).toBe(11);
    expect((await c.deleteOne({ x: 'OTHER' }, { collation: CI })).deletedCount).toBe(1);
    expect((await c.deleteOne({ x: 'PING' })).deletedCount).toBe(0);
  });

  test('a unique index that declares a collation treats equal strings as duplicates, and serves collated queries', async () => {
    const c = col('coll_unique');
    await c.createIndex({ email: 1 }, { unique: true, collation: CI });
    await c.insertOne({ email: 'Anna@Example.com' });
    const e = await serverError(c.insertOne({ email: 'anna@example.COM' }));
    expect(e.code).toBe(11000);
    await c.insertOne({ email: 'bob@example.com' });
    expect(await c.findOne({ email: 'ANNA@example.com' }, { collation: CI })).toMatchObject({ email: 'Anna@Example.com' });
    const plan = await c.find({ email: 'ANNA@example.com' }).collation(CI).explain('executionStats');
    expect(JSON.stringify(plan)).toMatch(/IXSCAN/);
    const listed = (await c.listIndexes().toArray()).find((ix) => ix.name === 'email_1');
    expect(listed?.collation).toMatchObject({ locale: 'en_US', strength: 2 });
  });

  test('collation options it cannot honour are refused on the embedded server (238)', async () => {
    const c = col('coll_ping');
    await refusedHere(c.find({ x: 'ping' }, { collation: { locale: 'en', alternate: 'shifted' } }).toArray(), 238);
    await refusedHere(c.find({ x: 'ping' }, { collation: { locale: 'en', caseLevel: true } }).toArray(), 238);
    await refusedHere(c.aggregate([{ $group: { _id: '$x' } }], { collation: CI }).toArray(), 238);
  });
});

describe('let variables', () => {
  beforeAll(async () => {
    await col('lets').insertMany([
      { _id: 1, x: 'a', n: 1 },
      { _id: 2, x: 'b', n: 2 },
      { _id: 3, x: 'c', n: 3 },
    ]);
  });

  test('find and aggregate read $$variables', async () => {
    const c = col('lets');
    const found = await c.find({ $expr: { $eq: ['$x', '$$target'] } }, { let: { target: 'b' } }).toArray();
    expect(found.map((d) => d._id)).toEqual([2]);
    const agg = await c
      .aggregate([{ $match: { $expr: { $gte: ['$n', '$$min'] } } }, { $project: { _id: 1, tag: '$$tag' } }], { let: { min: { $add: [1, 1] }, tag: 'vip' } })
      .toArray();
    expect(agg).toEqual([
      { _id: 2, tag: 'vip' },
      { _id: 3, tag: 'vip' },
    ]);
  });

  test('update, findOneAndUpdate and delete read $$variables', async () => {
    const c = col('lets');
    const r = await c.updateOne({ $expr: { $eq: ['$_id', '$$id'] } }, [{ $set: { x: '$$value' } }], { let: { id: 1, value: 'z' } });
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))?.x).toBe('z');
    const after = await c.findOneAndUpdate({ $expr: { $eq: ['$n', '$$n'] } }, [{ $set: { n: { $multiply: ['$n', '$$k'] } } }], {
      let: { n: 2, k: 10 },
      returnDocument: 'after',
    });
    expect(after?.n).toBe(20);
    expect((await c.deleteMany({ $expr: { $gt: ['$n', '$$cut'] } }, { let: { cut: 5 } })).deletedCount).toBe(1);
    expect(await c.countDocuments()).toBe(2);
  });
});

describe('refused as MongoDB 7.0 refuses them', () => {
  test('an _id with $-prefixed keys (52)', async () => {
    const e = await serverError(col('dollar_id').insertOne({ _id: { $a: 1 } }));
    expect(e.code).toBe(52);
    expect(await col('dollar_id').countDocuments()).toBe(0);
  });

  test('sort on updateOne / replaceOne: refused by 7.0 (40415), applied by 8.0+', async () => {
    const c = col('sorted_update');
    await c.insertMany([{ _id: 1, n: 1 }, { _id: 2, n: 2 }]);
    const upd = c.updateOne({}, { $set: { hit: true } }, { sort: { n: -1 } } as never);
    const rep = c.replaceOne({}, { n: 0 }, { sort: { n: -1 } } as never);
    if (maxWire >= 25) {
      await upd;
      await rep;
      return;
    }
    for (const p of [upd, rep]) {
      let e: unknown;
      await p.catch((x) => (e = x));
      expect(e).toBeDefined();
      if (e instanceof MongoServerError) expect(e.code).toBe(40415);
    }
    expect(await c.countDocuments({ hit: true })).toBe(0);
  });
});

describe('refused out loud by the embedded server (work on MongoDB)', () => {
  test('views: createCollection with viewOn/pipeline (115)', async () => {
    await col('view_src').insertOne({ a: 1 });
    await refusedHere(db.createCollection('a_view', { viewOn: 'view_src', pipeline: [{ $match: { a: 1 } }] }), 115);
  });

  test('$out and $merge (238)', async () => {
    await col('out_src').insertOne({ a: 1 });
    await refusedHere(col('out_src').aggregate([{ $out: 'out_dst' }]).toArray(), 238);
    await refusedHere(col('out_src').aggregate([{ $merge: { into: 'merge_dst' } }]).toArray(), 238);
  });

  test('database-level aggregate (115)', async () => {
    await refusedHere(db.aggregate([{ $documents: [{ a: 1 }] }]).toArray(), 115);
  });

  test('collMod: a TTL change works, anything else is refused (115)', async () => {
    const c = col('ttl_mod');
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
    const r = await db.command({ collMod: 'ttl_mod', index: { keyPattern: { at: 1 }, expireAfterSeconds: 60 } });
    expect(r.expireAfterSeconds_new).toBe(60);
    const ix = (await c.listIndexes().toArray()).find((x) => x.name === 'at_1');
    expect(ix?.expireAfterSeconds).toBe(60);
    await refusedHere(db.command({ collMod: 'ttl_mod', validator: { a: { $exists: true } } }), 115);
  });

  test('schema validators on create (115)', async () => {
    await refusedHere(db.createCollection('validated', { validator: { a: { $type: 'int' } } }), 115);
  });

  test('$geoWithin shapes other than $centerSphere (238)', async () => {
    await col('shapes').insertOne({ loc: { type: 'Point', coordinates: [1, 1] } });
    const box = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] };
    await refusedHere(col('shapes').find({ loc: { $geoWithin: { $geometry: box } } }).toArray(), 238);
  });
});
