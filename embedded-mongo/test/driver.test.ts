// Conformance suite, official driver only. Runs against the embedded server, or MONGODB_URI if set.
import { Decimal128, Double, Int32, Long, MongoClient, MongoServerError, ObjectId, type Db } from 'mongodb';
import { embeddedOnly, REAL, serverError, type Target, connectForFile } from './target';

jest.setTimeout(30_000);

let target: Target;
let client: MongoClient;
let db: Db;

const conn = connectForFile('driver');
beforeAll(() => void ({ target, client, db } = conn));

describe('handshake and admin commands', () => {
  test('ping, hello and buildInfo answer like a standalone MongoDB 7', async () => {
    expect((await db.command({ ping: 1 })).ok).toBe(1);
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(17);
    expect(hello.maxBsonObjectSize).toBe(16 * 1024 * 1024);
    const info = await db.admin().command({ buildInfo: 1 });
    expect(info.version).toMatch(/^\d+\.\d+/);
    expect(Array.isArray(info.versionArray)).toBe(true);
  });

  test('an unknown command fails with CommandNotFound (59) and the connection keeps working', async () => {
    const e = await serverError(db.command({ definitelyNotACommand: 1 }));
    expect(e.code).toBe(59);
    expect(e.codeName).toBe('CommandNotFound');
    expect((await db.command({ ping: 1 })).ok).toBe(1);
  });
});

describe('insert, find and cursors', () => {
  test('results larger than one batch come back complete through getMore', async () => {
    const c = db.collection('batches');
    await c.insertMany(Array.from({ length: 1234 }, (_, i) => ({ i, even: i % 2 === 0 })));
    const all = await c.find({}, { batchSize: 100 }).toArray();
    expect(all).toHaveLength(1234);
    expect(new Set(all.map((d) => d.i)).size).toBe(1234);
    const evens = await c.find({ even: true }).sort({ i: -1 }).skip(10).limit(300).toArray();
    expect(evens).toHaveLength(300);
    expect(evens[0].i).toBe(1232 - 20);
    expect(evens.every((d, k) => k === 0 || d.i < evens[k - 1].i)).toBe(true);
  });

  test('projection includes and excludes fields', async () => {
    const c = db.collection('proj');
    await c.insertOne({ _id: 'p1' as never, a: 1, b: { c: 2, d: 3 }, e: [1, 2, 3] });
    expect(await c.findOne({ _id: 'p1' as never }, { projection: { a: 1, 'b.c': 1 } })).toEqual({ _id: 'p1', a: 1, b: { c: 2 } });
    expect(await c.findOne({ _id: 'p1' as never }, { projection: { _id: 0, b: 0 } })).toEqual({ a: 1, e: [1, 2, 3] });
  });

  test('killCursors frees a cursor and getMore on it fails with CursorNotFound (43)', async () => {
    const c = db.collection('batches');
    const first = await db.command({ find: 'batches', filter: {}, batchSize: 2 }, { promoteLongs: false });
    const id = first.cursor.id as Long;
    expect(Long.isLong(id)).toBe(true); // cursor ids are BSON Int64 even when small
    expect(id.isZero()).toBe(false);
    const more = await db.command({ getMore: id, collection: 'batches', batchSize: 3 });
    expect(more.cursor.nextBatch).toHaveLength(3);
    const killed = await db.command({ killCursors: 'batches', cursors: [id] });
    expect(killed.cursorsKilled.map(String)).toEqual([String(id)]);
    const e = await serverError(db.command({ getMore: id, collection: 'batches' }));
    expect(e.code).toBe(43);
    // a cursor closed early by the driver does not break later reads
    const cur = c.find({}, { batchSize: 5 });
    await cur.next();
    await cur.close();
    expect(await c.countDocuments()).toBe(1234);
  });

  test('large documents are split across batches within the 16 MB limit', async () => {
    const c = db.collection('big');
    const blob = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 40; i++) await c.insertOne({ i, blob });
    const docs = await c.find({}).toArray();
    expect(docs).toHaveLength(40);
    expect(docs.every((d) => d.blob.length === blob.length)).toBe(true);
  });

  test('unacknowledged writes (w: 0) are applied', async () => {
    const c = db.collection('w0');
    await c.insertOne({ k: 'fire-and-forget' }, { writeConcern: { w: 0 } });
    let found = null;
    for (let i = 0; i < 50 && !found; i++) {
      found = await c.findOne({ k: 'fire-and-forget' });
      if (!found) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).not.toBeNull();
  });
});

describe('update and delete', () => {
  test('common update operators', async () => {
    const c = db.collection('ops');
    const { insertedId } = await c.insertOne({ n: 5, m: 2, lo: 10, hi: 10, tags: ['a'], old: 1, gone: true, nested: { x: 1 }, list: [1, 2, 3, 2] });
    const r = await c.updateOne(
      { _id: insertedId },
      {
        $inc: { n: 2 },
        $mul: { m: 3 },
        $min: { lo: 4 },
        $max: { hi: 40 },
        $push: { tags: { $each: ['b', 'c'] } },
        $rename: { old: 'renamed' },
        $unset: { gone: '' },
        $set: { 'nested.y': 2 },
        $currentDate: { touched: true },
      } as never,
    );
    expect(r.matchedCount).toBe(1);
    expect(r.modifiedCount).toBe(1);
    await c.updateOne({ _id: insertedId }, { $addToSet: { tags: 'a' }, $pull: { list: 2 } } as never);
    await c.updateOne({ _id: insertedId }, { $pop: { tags: -1 } });
    const d = await c.findOne({ _id: insertedId });
    expect(d).toMatchObject({ n: 7, m: 6, lo: 4, hi: 40, tags: ['b', 'c'], renamed: 1, nested: { x: 1, y: 2 }, list: [1, 3] });
    expect(d).not.toHaveProperty('gone');
    expect(d).not.toHaveProperty('old');
    expect(d!.touched).toBeInstanceOf(Date);
    const same = await c.updateOne({ _id: insertedId }, { $set: { n: 7 } });
    expect(same.matchedCount).toBe(1);
    expect(same.modifiedCount).toBe(0);
  });

  test('multi updates, arrayFilters, positional $ and replacement', async () => {
    const c = db.collection('multi');
    await c.insertMany([
      { g: 1, items: [{ k: 'a', q: 1 }, { k: 'b', q: 2 }] },
      { g: 1, items: [{ k: 'b', q: 5 }] },
      { g: 2, items: [] },
    ]);
    const many = await c.updateMany({ g: 1 }, { $set: { seen: true } });
    expect(many.matchedCount).toBe(2);
    expect(many.modifiedCount).toBe(2);
    await c.updateMany({}, { $inc: { 'items.$[it].q': 10 } }, { arrayFilters: [{ 'it.k': 'b' }] });
    await c.updateOne({ 'items.k': 'a' }, { $set: { 'items.$.q': 99 } });
    const docs = await c.find({ g: 1 }).sort({ _id: 1 }).toArray();
    expect(docs[0].items).toEqual([{ k: 'a', q: 99 }, { k: 'b', q: 12 }]);
    expect(docs[1].items).toEqual([{ k: 'b', q: 15 }]);
    const rep = await c.replaceOne({ g: 2 }, { g: 3, replaced: true });
    expect(rep.modifiedCount).toBe(1);
    const g3 = await c.findOne({ g: 3 });
    expect(g3).toMatchObject({ g: 3, replaced: true });
    expect(g3).not.toHaveProperty('items');
  });

  test('$push modifiers, pipeline updates and updates that change nothing', async () => {
    const c = db.collection('pushes');
    const { insertedId } = await c.insertOne({ scores: [5, 1] });
    await c.updateOne({ _id: insertedId }, { $push: { scores: { $each: [9, 3], $sort: -1, $slice: 3 }, fresh: { $each: [3, 1, 2], $sort: 1, $slice: 2 } } } as never);
    expect(await c.findOne({ _id: insertedId }, { projection: { _id: 0 } })).toEqual({ scores: [9, 5, 3], fresh: [1, 2] });
    await c.insertMany([{ g: 'p', a: 2, b: 3 }, { g: 'p', a: 10, b: 1 }]);
    const r = await c.updateMany({ g: 'p' }, [{ $set: { sum: { $add: ['$a', '$b'] } } }, { $unset: 'b' }]);
    expect(r.modifiedCount).toBe(2);
    expect((await c.find({ g: 'p' }, { projection: { _id: 0 } }).sort({ a: 1 }).toArray())).toEqual([
      { g: 'p', a: 2, sum: 5 },
      { g: 'p', a: 10, sum: 11 },
    ]);
    const noop = await c.updateMany({ g: 'p' }, { $set: { g: 'p' } });
    expect(noop.matchedCount).toBe(2);
    expect(noop.modifiedCount).toBe(0);
  });

  test('upsert builds the new document from the filter and $setOnInsert', async () => {
    const c = db.collection('upserts');
    const r = await c.updateOne(
      { email: 'new@example.com', 'profile.city': 'Oslo', age: { $gt: 3 } },
      { $set: { name: 'New' }, $setOnInsert: { createdAt: new Date(0) } },
      { upsert: true },
    );
    expect(r.upsertedCount).toBe(1);
    expect(r.upsertedId).toBeInstanceOf(ObjectId);
    const d = await c.findOne({ _id: r.upsertedId! });
    expect(d).toEqual({ _id: r.upsertedId, email: 'new@example.com', profile: { city: 'Oslo' }, name: 'New', createdAt: new Date(0) });
    // a second upsert matches the existing document and leaves $setOnInsert fields alone
    const again = await c.updateOne({ email: 'new@example.com' }, { $set: { name: 'Again' }, $setOnInsert: { createdAt: new Date() } }, { upsert: true });
    expect(again.upsertedCount).toBe(0);
    expect(again.matchedCount).toBe(1);
    expect((await c.findOne({ email: 'new@example.com' }))!.createdAt).toEqual(new Date(0));
    // upsert with an explicit _id in the filter keeps it
    const withId = await c.updateOne({ _id: 'fixed-id' as never }, { $inc: { hits: 1 } }, { upsert: true });
    expect(withId.upsertedId).toBe('fixed-id');
  });

  test('an update cannot change _id', async () => {
    const c = db.collection('immutable');
    const { insertedId } = await c.insertOne({ a: 1 });
    const e = await serverError(c.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } }));
    expect(e.code).toBe(66);
    expect(await c.countDocuments({ _id: insertedId })).toBe(1);
  });

  test('deleteOne and deleteMany', async () => {
    const c = db.collection('deletes');
    await c.insertMany([{ t: 'x' }, { t: 'x' }, { t: 'x' }, { t: 'y' }]);
    expect((await c.deleteOne({ t: 'x' })).deletedCount).toBe(1);
    expect((await c.deleteMany({ t: 'x' })).deletedCount).toBe(2);
    expect((await c.deleteMany({ t: 'nothing' })).deletedCount).toBe(0);
    expect(await c.countDocuments()).toBe(1);
  });

  test('findOneAndUpdate, findOneAndReplace and findOneAndDelete', async () => {
    const c = db.collection('fam');
    await c.insertMany([
      { q: 'job', pri: 1, state: 'new' },
      { q: 'job', pri: 3, state: 'new' },
      { q: 'job', pri: 2, state: 'new' },
    ]);
    const before = await c.findOneAndUpdate({ q: 'job', state: 'new' }, { $set: { state: 'taken' } }, { sort: { pri: -1 }, returnDocument: 'before' });
    expect(before).toMatchObject({ pri: 3, state: 'new' });
    const after = await c.findOneAndUpdate({ q: 'job', state: 'new' }, { $set: { state: 'taken' } }, { sort: { pri: -1 }, returnDocument: 'after', projection: { _id: 0, pri: 1, state: 1 } });
    expect(after).toEqual({ pri: 2, state: 'taken' });
    const replaced = await c.findOneAndReplace({ pri: 1 }, { q: 'job', pri: 1, state: 'replaced' }, { returnDocument: 'after' });
    expect(replaced).toMatchObject({ pri: 1, state: 'replaced' });
    const deleted = await c.findOneAndDelete({ q: 'job' }, { sort: { pri: 1 } });
    expect(deleted).toMatchObject({ pri: 1 });
    expect(await c.countDocuments()).toBe(2);
    const none = await c.findOneAndUpdate({ q: 'missing' }, { $set: { x: 1 } });
    expect(none).toBeNull();
    const ups = await c.findOneAndUpdate({ q: 'upserted' }, { $set: { x: 1 } }, { upsert: true, returnDocument: 'after' });
    expect(ups).toMatchObject({ q: 'upserted', x: 1 });
  });
});

describe('count, distinct and aggregate', () => {
  beforeAll(async () => {
    const users = db.collection('agg_users');
    const orders = db.collection('agg_orders');
    await users.insertMany([
      { _id: 1, name: 'ann', city: 'Oslo', tags: ['a', 'b'] },
      { _id: 2, name: 'bob', city: 'Rome', tags: ['b'] },
      { _id: 3, name: 'cid', city: 'Oslo', tags: [] },
    ] as never[]);
    await orders.insertMany([
      { user: 1, amount: 10 },
      { user: 1, amount: 15 },
      { user: 2, amount: 7 },
      { user: 9, amount: 1 },
    ]);
  });

  test('count and distinct', async () => {
    const users = db.collection('agg_users');
    expect(await users.estimatedDocumentCount()).toBe(3);
    expect(await users.countDocuments({ city: 'Oslo' })).toBe(2);
    expect(await users.countDocuments({}, { skip: 1, limit: 1 })).toBe(1);
    expect((await users.distinct('city')).sort()).toEqual(['Oslo', 'Rome']);
    expect((await users.distinct('tags')).sort()).toEqual(['a', 'b']);
    expect(await users.distinct('city', { name: 'bob' })).toEqual(['Rome']);
  });

  test('$match $group $sort $project $addFields $skip $limit $count', async () => {
    const orders = db.collection('agg_orders');
    const totals = await orders
      .aggregate([
        { $match: { amount: { $gte: 5 } } },
        { $group: { _id: '$user', total: { $sum: '$amount' }, n: { $sum: 1 } } },
        { $addFields: { avg: { $divide: ['$total', '$n'] } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, user: '$_id', total: 1, avg: 1 } },
      ])
      .toArray();
    expect(totals).toEqual([
      { user: 1, total: 25, avg: 12.5 },
      { user: 2, total: 7, avg: 7 },
    ]);
    const page = await orders.aggregate([{ $sort: { amount: 1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, amount: 1 } }]).toArray();
    expect(page).toEqual([{ amount: 7 }, { amount: 10 }]);
    expect(await orders.aggregate([{ $match: { user: 1 } }, { $count: 'n' }]).toArray()).toEqual([{ n: 2 }]);
  });

  test('$lookup and $unwind', async () => {
    const users = db.collection('agg_users');
    const rows = await users
      .aggregate([
        { $lookup: { from: 'agg_orders', localField: '_id', foreignField: 'user', as: 'orders' } },
        { $unwind: '$orders' },
        { $group: { _id: '$name', spent: { $sum: '$orders.amount' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(rows).toEqual([
      { _id: 'ann', spent: 25 },
      { _id: 'bob', spent: 7 },
    ]);
    // the joined collection itself is unchanged
    expect(await db.collection('agg_orders').countDocuments()).toBe(4);
    const byTag = await users.aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray();
    expect(byTag).toEqual([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 2 },
    ]);
  });

  test('aggregate results larger than one batch', async () => {
    const rows = await db.collection('batches').aggregate([{ $match: { even: false } }, { $project: { i: 1 } }], { batchSize: 50 }).toArray();
    expect(rows).toHaveLength(617);
  });
});

describe('indexes and duplicate keys', () => {
  test('a unique index rejects duplicates with MongoDB\'s E11000 error', async () => {
    const c = db.collection('users');
    expect(await c.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    await c.insertOne({ email: 'a@x.io' });
    const e = await serverError(c.insertOne({ email: 'a@x.io' }));
    expect(e.code).toBe(11000);
    expect(e.message).toMatch(new RegExp(`^E11000 duplicate key error collection: ${target.dbName}\\.users index: email_1 dup key: \\{ email: "a@x\\.io" \\}`));
    expect(e.keyPattern).toEqual({ email: 1 });
    expect(e.keyValue).toEqual({ email: 'a@x.io' });
    const idx = await c.listIndexes().toArray();
    expect(idx.map((i) => i.name).sort()).toEqual(['_id_', 'email_1']);
    expect(idx.find((i) => i.name === 'email_1')!.unique).toBe(true);
  });

  test('duplicate _id is rejected, ordered batches stop at the first error, unordered continue', async () => {
    const c = db.collection('batchdup');
    await c.createIndex({ k: 1 }, { unique: true });
    const e1 = await serverError(c.insertMany([{ k: 1 }, { k: 2 }, { k: 1 }, { k: 3 }]));
    expect(e1.code).toBe(11000);
    expect(await c.countDocuments()).toBe(2);
    const e2 = await serverError(c.insertMany([{ k: 2 }, { k: 4 }, { k: 3 }, { k: 5 }], { ordered: false }));
    expect(e2.code).toBe(11000);
    expect((await c.find({}).toArray()).map((d) => d.k).sort()).toEqual([1, 2, 3, 4, 5]);
    await c.insertOne({ _id: 'same' as never });
    const e3 = await serverError(c.insertOne({ _id: 'same' as never }));
    expect(e3.code).toBe(11000);
    expect(e3.keyValue).toEqual({ _id: 'same' });
  });

  test('compound unique index, updates and findOneAndUpdate that would collide', async () => {
    const c = db.collection('members');
    await c.createIndex({ team: 1, user: 1 }, { unique: true, name: 'team_user' });
    await c.insertMany([
      { team: 't1', user: 'u1' },
      { team: 't1', user: 'u2' },
      { team: 't2', user: 'u1' },
    ]);
    const e = await serverError(c.insertOne({ team: 't1', user: 'u1' }));
    expect(e.code).toBe(11000);
    expect(e.keyPattern).toEqual({ team: 1, user: 1 });
    expect(e.keyValue).toEqual({ team: 't1', user: 'u1' });
    const u = await serverError(c.updateOne({ team: 't1', user: 'u2' }, { $set: { user: 'u1' } }));
    expect(u.code).toBe(11000);
    const f = await serverError(c.findOneAndUpdate({ team: 't2' }, { $set: { team: 't1' } }));
    expect(f.code).toBe(11000);
    expect(f.keyValue).toEqual({ team: 't1', user: 'u1' });
    // the rejected writes changed nothing
    expect(await c.countDocuments({ team: 't1', user: 'u2' })).toBe(1);
    expect(await c.countDocuments({ team: 't2' })).toBe(1);
    // moving a document to a free key works, and frees its old key
    await c.updateOne({ team: 't2', user: 'u1' }, { $set: { user: 'u3' } });
    await c.insertOne({ team: 't2', user: 'u1' });
    expect(await c.countDocuments({ team: 't2' })).toBe(2);
  });

  test('a unique index counts a missing field as null; sparse indexes skip it', async () => {
    const c = db.collection('nulls');
    await c.createIndex({ code: 1 }, { unique: true });
    await c.insertOne({ name: 'first' });
    expect((await serverError(c.insertOne({ name: 'second' }))).code).toBe(11000);
    const s = db.collection('sparse');
    await s.createIndex({ code: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ name: 'a' }, { name: 'b' }, { code: 1 }]);
    expect((await serverError(s.insertOne({ code: 1 }))).code).toBe(11000);
  });

  test('building a unique index over duplicates fails; dropIndex and dropIndexes', async () => {
    const c = db.collection('dupsfirst');
    await c.insertMany([{ v: 1 }, { v: 1 }]);
    expect((await serverError(c.createIndex({ v: 1 }, { unique: true }))).code).toBe(11000);
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    await c.createIndex({ v: 1 });
    await c.createIndex({ w: -1 }, { name: 'w_desc' });
    expect((await c.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'v_1', 'w_desc']);
    await c.dropIndex('v_1');
    expect((await c.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'w_desc']);
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    expect((await serverError(c.dropIndex('nope_1'))).code).toBe(27);
  });

  test('equality lookups through indexes still see every matching document', async () => {
    const c = db.collection('lookups');
    await c.createIndex({ tag: 1 });
    await c.createIndex({ a: 1, b: 1 });
    await c.insertMany(Array.from({ length: 500 }, (_, i) => ({ tag: `t${i % 10}`, a: i % 3, b: i % 5, arr: [i % 7, 100 + (i % 7)] })));
    await c.createIndex({ arr: 1 });
    expect(await c.countDocuments({ tag: 't3' })).toBe(50);
    expect(await c.countDocuments({ tag: { $in: ['t1', 't2'] } })).toBe(100);
    const everything = await c.find({}, { batchSize: 1000 }).toArray();
    expect(await c.countDocuments({ a: 1, b: 2 })).toBe(everything.filter((d) => d.a === 1 && d.b === 2).length);
    // equality on the leading field of a compound index only
    expect(await c.countDocuments({ a: 1 })).toBe(everything.filter((d) => d.a === 1).length);
    expect(await c.countDocuments({ a: { $in: [0, 2] }, b: { $gte: 3 } })).toBe(everything.filter((d) => d.a !== 1 && d.b >= 3).length);
    await c.updateMany({ a: 2 }, { $set: { a: 7 } });
    expect(await c.countDocuments({ a: 2 })).toBe(0);
    expect(await c.countDocuments({ a: 7 })).toBe(everything.filter((d) => d.a === 2).length);
    expect((await c.find({ a: 7 }).sort({ b: -1 }).limit(1).toArray())[0].b).toBe(4);
    expect(await c.countDocuments({ a: 1, b: 2, tag: 't7' })).toBe((await c.find({ a: 1, b: 2 }).toArray()).filter((d) => d.tag === 't7').length);
    expect(await c.countDocuments({ arr: 103 })).toBe(await c.countDocuments({ arr: 3 }));
    await c.updateMany({ tag: 't3' }, { $set: { tag: 't33' } });
    expect(await c.countDocuments({ tag: 't3' })).toBe(0);
    expect(await c.countDocuments({ tag: 't33' })).toBe(50);
    await c.deleteMany({ tag: 't33' });
    expect(await c.countDocuments({ tag: 't33' })).toBe(0);
    expect(await c.countDocuments({ _id: { $in: (await c.find({}, { limit: 3 }).toArray()).map((d) => d._id) } })).toBe(3);
  });
});

describe('catalog commands', () => {
  test('create, listCollections, drop, NamespaceExists (48) and NamespaceNotFound (26)', async () => {
    await db.createCollection('cat_a');
    const e = await serverError(db.createCollection('cat_a'));
    expect(e.code).toBe(48);
    await db.collection('cat_b').insertOne({ x: 1 });
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['cat_a', 'cat_b']));
    expect((await db.listCollections({ name: 'cat_b' }).toArray()).map((c) => c.name)).toEqual(['cat_b']);
    expect(await db.collection('cat_b').drop()).toBe(true);
    expect((await db.listCollections({ name: 'cat_b' }).toArray()).length).toBe(0);
    expect(await db.collection('cat_b').countDocuments()).toBe(0);
    expect((await serverError(db.command({ listIndexes: 'never_created' }))).code).toBe(26);
  });

  test('renameCollection keeps documents and indexes', async () => {
    const c = db.collection('before_rename');
    await c.createIndex({ u: 1 }, { unique: true });
    await c.insertMany([{ u: 1 }, { u: 2 }]);
    const renamed = await c.rename('after_rename');
    expect(await renamed.countDocuments()).toBe(2);
    expect((await serverError(renamed.insertOne({ u: 1 }))).code).toBe(11000);
    expect((await db.listCollections({ name: 'before_rename' }).toArray()).length).toBe(0);
  });

  test('dropDatabase removes every collection of that database only', async () => {
    const other = client.db(`${target.dbName}_other`);
    await other.collection('x').insertOne({ a: 1 });
    await db.collection('keep').insertOne({ a: 1 });
    await other.dropDatabase();
    expect(await other.listCollections().toArray()).toEqual([]);
    expect(await db.collection('keep').countDocuments()).toBe(1);
    const dbs = await client.db('admin').admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain(target.dbName);
  });
});

describe('BSON values compare, sort and match as in MongoDB', () => {
  test('mixed types sort in BSON order: null/missing < numbers < strings < objects < arrays < ObjectId < booleans < dates', async () => {
    const c = db.collection('mixed');
    const oid = new ObjectId();
    const date = new Date('2024-01-01T00:00:00Z');
    await c.insertMany([
      { k: 'date', v: date },
      { k: 'bool', v: true },
      { k: 'oid', v: oid },
      { k: 'obj', v: { a: 1 } },
      { k: 'str', v: 'abc' },
      { k: 'num', v: 42 },
      { k: 'null', v: null },
      { k: 'missing' },
      { k: 'neg', v: -1.5 },
    ]);
    const asc = (await c.find({}).sort({ v: 1, k: 1 }).toArray()).map((d) => d.k);
    expect(asc).toEqual(['missing', 'null', 'neg', 'num', 'str', 'obj', 'oid', 'bool', 'date']);
    const desc = (await c.find({}).sort({ v: -1, k: 1 }).toArray()).map((d) => d.k);
    expect(desc).toEqual(['date', 'bool', 'oid', 'obj', 'str', 'num', 'neg', 'missing', 'null']);
    // comparison operators only match values of the same type bracket
    expect((await c.find({ v: { $gt: 0 } }).toArray()).map((d) => d.k)).toEqual(['num']);
    expect((await c.find({ v: { $gte: new Date(0) } }).toArray()).map((d) => d.k)).toEqual(['date']);
    expect((await c.find({ v: { $type: 'objectId' } }).toArray()).map((d) => d.k)).toEqual(['oid']);
  });

  test('null matches null and missing; $exists tells them apart', async () => {
    const c = db.collection('mixed');
    expect((await c.find({ v: null }).sort({ k: 1 }).toArray()).map((d) => d.k)).toEqual(['missing', 'null']);
    expect((await c.find({ v: { $exists: false } }).toArray()).map((d) => d.k)).toEqual(['missing']);
    expect(await c.countDocuments({ v: { $ne: null } })).toBe(7);
  });

  test('ObjectIds order by creation; Dates compare by instant', async () => {
    const c = db.collection('ids');
    const ids = [ObjectId.createFromTime(1_700_000_000), ObjectId.createFromTime(1_600_000_000), ObjectId.createFromTime(1_650_000_000)];
    await c.insertMany(ids.map((_id, i) => ({ _id, at: new Date(Date.UTC(2024, 0, 1 + i)) })));
    const sorted = await c.find({}).sort({ _id: 1 }).toArray();
    expect(sorted.map((d) => d._id.getTimestamp().getTime() / 1000)).toEqual([1_600_000_000, 1_650_000_000, 1_700_000_000]);
    expect(await c.countDocuments({ _id: { $gt: ids[2] } })).toBe(1);
    expect(await c.countDocuments({ _id: { $in: [ids[0], new ObjectId()] } })).toBe(1);
    expect(await c.countDocuments({ at: { $gte: new Date(Date.UTC(2024, 0, 2)), $lt: new Date(Date.UTC(2024, 0, 3)) } })).toBe(1);
    expect(await c.findOne({ _id: new ObjectId(ids[1].toHexString()) })).not.toBeNull();
    expect(await c.findOne({ _id: ids[1].toHexString() as never })).toBeNull();
  });

  test('Int32, Long and Double with the same value are equal, also for unique indexes', async () => {
    const c = db.collection('numbers');
    await c.insertMany([{ k: 'int', n: new Int32(7) }, { k: 'long', n: Long.fromNumber(7) }, { k: 'double', n: new Double(7) }, { k: 'other', n: 7.5 }]);
    expect(await c.countDocuments({ n: 7 })).toBe(3);
    expect(await c.countDocuments({ n: Long.fromNumber(7) })).toBe(3);
    expect(await c.countDocuments({ n: { $gt: 7 } })).toBe(1);
    expect(await c.countDocuments({ n: { $gt: '7' } })).toBe(0); // no cross-type comparison
    const u = db.collection('numbers_unique');
    await u.createIndex({ n: 1 }, { unique: true });
    await u.insertOne({ n: new Int32(1) });
    expect((await serverError(u.insertOne({ n: Long.fromNumber(1) }))).code).toBe(11000);
    expect((await serverError(u.insertOne({ n: 1.0 }))).code).toBe(11000);
    await c.insertOne({ k: 'decimal', n: Decimal128.fromString('7') });
    expect(await c.countDocuments({ n: 7 })).toBe(4);
    expect(await c.countDocuments({ n: { $in: [7.0, 100] } })).toBe(4);
    await c.insertOne({ k: 'big-decimal', n: Decimal128.fromString('8.25') });
    expect((await c.find({ n: { $gt: 7 } }).toArray()).map((d) => d.k).sort()).toEqual(['big-decimal', 'other']);
    expect(await c.countDocuments({ n: { $gte: 7, $lt: Decimal128.fromString('8') } })).toBe(5);
    await u.insertOne({ n: Decimal128.fromString('2.5') });
    expect(await u.countDocuments()).toBe(2);
  });

  test('arrays and nested documents match element-wise and by dotted path', async () => {
    const c = db.collection('nested');
    await c.insertMany([
      { k: 1, tags: ['a', 'b'], pts: [{ x: 1, y: 2 }, { x: 3, y: 4 }], meta: { city: 'Oslo', zip: '0150' } },
      { k: 2, tags: ['c'], pts: [{ x: 1, y: 9 }], meta: { city: 'Rome' } },
    ]);
    expect((await c.find({ tags: 'b' }).toArray()).map((d) => d.k)).toEqual([1]);
    expect((await c.find({ tags: ['c'] }).toArray()).map((d) => d.k)).toEqual([2]);
    expect((await c.find({ 'pts.x': 3 }).toArray()).map((d) => d.k)).toEqual([1]);
    expect((await c.find({ pts: { $elemMatch: { x: 1, y: 9 } } }).toArray()).map((d) => d.k)).toEqual([2]);
    expect((await c.find({ 'meta.city': 'Oslo' }).toArray()).map((d) => d.k)).toEqual([1]);
    expect((await c.find({ meta: { city: 'Rome' } }).toArray()).map((d) => d.k)).toEqual([2]);
    expect(await c.countDocuments({ meta: { zip: '0150', city: 'Oslo' } })).toBe(0); // field order matters
    expect(await c.countDocuments({ meta: { city: 'Oslo', zip: '0150' } })).toBe(1);
    expect(await c.countDocuments({ meta: { $in: [{ city: 'Rome' }, { zip: '0150', city: 'Oslo' }] } })).toBe(1);
    expect(await c.countDocuments({ tags: { $nin: ['a', 'z'] } })).toBe(1);
    expect(await c.countDocuments({ tags: { $ne: 'c' } })).toBe(1);
    expect((await c.find({}).sort({ 'pts.y': -1 }).toArray()).map((d) => d.k)).toEqual([2, 1]);
  });
});

describe('concurrency and sessions', () => {
  test('concurrent writers do not lose updates and only one wins a unique key', async () => {
    const c = db.collection('counter');
    await c.insertOne({ _id: 'ctr' as never, n: 0 });
    const clients = await Promise.all(Array.from({ length: 4 }, () => MongoClient.connect(target.uri)));
    try {
      await Promise.all(
        clients.map(async (cl) => {
          const col = cl.db(target.dbName).collection('counter');
          for (let i = 0; i < 50; i++) await col.updateOne({ _id: 'ctr' as never }, { $inc: { n: 1 } });
        }),
      );
      expect((await c.findOne({ _id: 'ctr' as never }))!.n).toBe(200);
      const claims = db.collection('claims');
      await claims.createIndex({ slot: 1 }, { unique: true });
      const results = await Promise.allSettled(clients.map((cl, i) => cl.db(target.dbName).collection('claims').insertOne({ slot: 'noon', by: i })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await claims.countDocuments({ slot: 'noon' })).toBe(1);
    } finally {
      await Promise.all(clients.map((cl) => cl.close()));
    }
  });

  test('transactions are refused on a standalone server with IllegalOperation (20)', async () => {
    const hello = await db.admin().command({ hello: 1 });
    if (REAL && hello.setName) {
      // A replica set supports transactions: nothing to refuse there.
      console.warn('Skipped under a replica set: "transactions are refused on a standalone server" (transactions work there).');
      return;
    }
    const c = db.collection('txn');
    const session = client.startSession();
    try {
      session.startTransaction();
      const e = await serverError(c.insertOne({ a: 1 }, { session }));
      // The driver rewraps code 20 "Transaction numbers are only allowed..." as a retryable-writes hint.
      const original = (e.errorResponse as { originalError?: MongoServerError }).originalError;
      expect(e.code ?? original?.code).toBe(20);
      expect(original?.message ?? e.message).toMatch(/Transaction numbers are only allowed/);
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await c.countDocuments()).toBe(0);
  });
});

embeddedOnly('TTL indexes', () => {
  test('expired documents are removed in the background; others stay', async () => {
    const c = db.collection('sessions');
    await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await c.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600 });
    await c.insertMany([
      { k: 'expired', expiresAt: new Date(Date.now() - 1000) },
      { k: 'soon', expiresAt: new Date(Date.now() + 300) },
      { k: 'later', expiresAt: new Date(Date.now() + 60_000) },
      { k: 'not-a-date', expiresAt: 'tomorrow' },
      { k: 'old', createdAt: new Date(Date.now() - 2 * 3600_000) },
      { k: 'fresh', createdAt: new Date() },
    ]);
    const deadline = Date.now() + 5000;
    let left: string[] = [];
    while (Date.now() < deadline) {
      left = (await c.find({}).toArray()).map((d) => d.k).sort();
      if (left.length === 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toEqual(['fresh', 'later', 'not-a-date']);
    const idx = (await c.listIndexes().toArray()).find((i) => i.name === 'expiresAt_1');
    expect(idx!.expireAfterSeconds).toBe(0);
  });
});
