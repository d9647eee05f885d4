// Conformance suite, mongoose only: the patterns the API relies on.
import mongoose, { Schema, Types, type Connection } from 'mongoose';
import { startTarget, type Target } from './target';

jest.setTimeout(30_000);

let target: Target;
let conn: Connection;

interface User {
  email: string;
  name: string;
  role: 'client' | 'trainer';
  age?: number;
  tags: string[];
  createdAt?: Date;
  updatedAt?: Date;
}
interface Post {
  author: Types.ObjectId;
  title: string;
  likes: number;
  comments: Array<{ by: string; text: string }>;
}

let UserModel: mongoose.Model<User>;
let PostModel: mongoose.Model<Post>;

beforeAll(async () => {
  target = await startTarget('mongoose');
  conn = await mongoose.createConnection(target.dbUri, { serverSelectionTimeoutMS: 5000 }).asPromise();
  const userSchema = new Schema<User>(
    {
      email: { type: String, required: true, unique: true },
      name: { type: String, required: true },
      role: { type: String, enum: ['client', 'trainer'], default: 'client' },
      age: Number,
      tags: [String],
    },
    { timestamps: true },
  );
  userSchema.index({ role: 1, name: 1 });
  const postSchema = new Schema<Post>({
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    title: String,
    likes: { type: Number, default: 0 },
    comments: [{ by: String, text: String }],
  });
  UserModel = conn.model<User>('User', userSchema);
  PostModel = conn.model<Post>('Post', postSchema);
  await UserModel.init();
  await PostModel.init();
});

afterAll(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await target?.stop();
});

test('create, read, update, delete with documents and lean queries', async () => {
  const ann = await UserModel.create({ email: 'ann@example.com', name: 'Ann', age: 31, tags: ['yoga'] });
  expect(ann._id).toBeInstanceOf(Types.ObjectId);
  expect(ann.createdAt).toBeInstanceOf(Date);
  const found = await UserModel.findById(ann._id);
  expect(found?.email).toBe('ann@example.com');
  found!.tags.push('hiit');
  found!.age = 32;
  await found!.save();
  const again = await UserModel.findOne({ email: 'ann@example.com' }).lean();
  expect(again).toMatchObject({ age: 32, tags: ['yoga', 'hiit'], role: 'client' });
  expect(again!.updatedAt!.getTime()).toBeGreaterThanOrEqual(again!.createdAt!.getTime());
  const res = await UserModel.updateOne({ _id: ann._id }, { $addToSet: { tags: 'yoga' }, $inc: { age: 1 } });
  expect(res.matchedCount).toBe(1);
  expect((await UserModel.findById(ann._id).lean())!.age).toBe(33);
  expect(await UserModel.exists({ email: 'ann@example.com' })).toBeTruthy();
  await UserModel.deleteOne({ _id: ann._id });
  expect(await UserModel.exists({ email: 'ann@example.com' })).toBeNull();
});

test('unique indexes surface as mongoose duplicate-key errors (11000 with keyValue)', async () => {
  await UserModel.create({ email: 'dup@example.com', name: 'First' });
  const err = await UserModel.create({ email: 'dup@example.com', name: 'Second' }).then(
    () => null,
    (e: unknown) => e as { code?: number; keyValue?: unknown; keyPattern?: unknown; name?: string },
  );
  expect(err).not.toBeNull();
  expect(err!.code).toBe(11000);
  expect(err!.keyValue).toEqual({ email: 'dup@example.com' });
  expect(err!.keyPattern).toEqual({ email: 1 });
  expect(await UserModel.countDocuments({ email: 'dup@example.com' })).toBe(1);
  const indexes = await UserModel.listIndexes();
  expect(indexes.map((i) => i.name).sort()).toEqual(['_id_', 'email_1', 'role_1_name_1']);
});

test('findOneAndUpdate with upsert and timestamps sets createdAt once', async () => {
  const first = await UserModel.findOneAndUpdate(
    { email: 'ups@example.com' },
    { $set: { name: 'Upserted', role: 'trainer' } },
    { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true },
  ).lean();
  expect(first).toMatchObject({ email: 'ups@example.com', name: 'Upserted', role: 'trainer' });
  expect(first!.createdAt).toBeInstanceOf(Date);
  await new Promise((r) => setTimeout(r, 5));
  const second = await UserModel.findOneAndUpdate({ email: 'ups@example.com' }, { name: 'Renamed' }, { returnDocument: 'after' }).lean();
  expect(second!.name).toBe('Renamed');
  expect(second!.createdAt).toEqual(first!.createdAt);
  expect(second!.updatedAt!.getTime()).toBeGreaterThan(first!.updatedAt!.getTime());
});

test('populate, sort, skip, limit, select', async () => {
  const trainers = await UserModel.insertMany(
    Array.from({ length: 5 }, (_, i) => ({ email: `t${i}@example.com`, name: `Trainer ${i}`, role: 'trainer' as const, age: 20 + i })),
  );
  await PostModel.insertMany(trainers.flatMap((t, i) => Array.from({ length: i + 1 }, (_, j) => ({ author: t._id, title: `p${i}-${j}`, likes: j }))));
  const posts = await PostModel.find({ likes: { $gte: 2 } })
    .sort({ likes: -1, title: 1 })
    .skip(1)
    .limit(3)
    .populate<{ author: User }>('author', 'name email')
    .lean();
  expect(posts.map((p) => p.title)).toEqual(['p3-3', 'p4-3', 'p2-2']);
  expect(posts[0].author.name).toBe('Trainer 3');
  expect(posts[0].author).not.toHaveProperty('age');
  const names = await UserModel.find({ role: 'trainer', age: { $lt: 22 } }).select('name -_id').sort({ name: 1 }).lean();
  expect(names).toEqual([{ name: 'Trainer 0' }, { name: 'Trainer 1' }]);
});

test('aggregate with $lookup and $group through mongoose', async () => {
  const rows = await PostModel.aggregate<{ _id: string; posts: number; likes: number }>([
    { $lookup: { from: 'users', localField: 'author', foreignField: '_id', as: 'a' } },
    { $unwind: '$a' },
    { $group: { _id: '$a.name', posts: { $sum: 1 }, likes: { $sum: '$likes' } } },
    { $sort: { posts: -1 } },
    { $limit: 2 },
  ]);
  expect(rows).toEqual([
    { _id: 'Trainer 4', posts: 5, likes: 10 },
    { _id: 'Trainer 3', posts: 4, likes: 6 },
  ]);
});

test('query cursors stream through several batches', async () => {
  await PostModel.insertMany(Array.from({ length: 400 }, (_, i) => ({ author: new Types.ObjectId(), title: `bulk-${i}`, likes: i })));
  let n = 0;
  let sum = 0;
  for await (const p of PostModel.find({ title: /^bulk-/ }).batchSize(64).cursor()) {
    n++;
    sum += p.likes;
  }
  expect(n).toBe(400);
  expect(sum).toBe((399 * 400) / 2);
});

test('subdocument arrays: push, positional update, pull', async () => {
  const author = new Types.ObjectId();
  const post = await PostModel.create({ author, title: 'threads', comments: [] });
  post.comments.push({ by: 'a', text: 'hi' }, { by: 'b', text: 'yo' });
  await post.save();
  await PostModel.updateOne({ _id: post._id, 'comments.by': 'b' }, { $set: { 'comments.$.text': 'edited' } });
  await PostModel.updateOne({ _id: post._id }, { $pull: { comments: { by: 'a' } } });
  const fresh = await PostModel.findById(post._id).lean();
  expect(fresh!.comments.map((c) => [c.by, c.text])).toEqual([['b', 'edited']]);
  expect(fresh!.comments[0]).toHaveProperty('_id');
});

test('bulkWrite, distinct, countDocuments, estimatedDocumentCount, deleteMany', async () => {
  const r = await UserModel.bulkWrite([
    { insertOne: { document: { email: 'bw1@example.com', name: 'BW1', tags: ['x'] } } },
    { insertOne: { document: { email: 'bw2@example.com', name: 'BW2', tags: ['y', 'x'] } } },
    { updateOne: { filter: { email: 'bw1@example.com' }, update: { $set: { age: 50 } } } },
    { deleteOne: { filter: { email: 'nobody@example.com' } } },
  ]);
  expect(r.insertedCount).toBe(2);
  expect(r.modifiedCount).toBe(1);
  expect((await UserModel.distinct('tags', { email: /^bw/ })).sort()).toEqual(['x', 'y']);
  expect(await UserModel.countDocuments({ email: /^bw/ })).toBe(2);
  const total = await UserModel.estimatedDocumentCount();
  expect(total).toBe(await UserModel.countDocuments({}));
  expect((await UserModel.deleteMany({ email: /^bw/ })).deletedCount).toBe(2);
});

test('syncIndexes drops indexes that left the schema and creates new ones', async () => {
  const schema = new Schema({ code: String, kind: String });
  schema.index({ code: 1 }, { unique: true });
  const M1 = conn.model('Thing', schema, 'things');
  await M1.init();
  await conn.collection('things').createIndex({ kind: 1 }); // not in the schema
  const dropped = await M1.syncIndexes();
  expect(dropped).toEqual(['kind_1']);
  expect((await M1.listIndexes()).map((i) => i.name).sort()).toEqual(['_id_', 'code_1']);
});

test('documents keep ObjectId, Date, nested and array values exactly', async () => {
  const schema = new Schema({ ref: Schema.Types.ObjectId, at: Date, meta: { a: Number, b: { c: String } }, list: [Number], mixed: Schema.Types.Mixed });
  const M = conn.model('Values', schema);
  const ref = new Types.ObjectId();
  const at = new Date('2030-05-06T07:08:09.010Z');
  const doc = await M.create({ ref, at, meta: { a: 1.5, b: { c: 'deep' } }, list: [3, 1, 2], mixed: { any: [1, 'two', null] } });
  const back = await M.findById(doc._id).lean();
  expect(back!.ref!.equals(ref)).toBe(true);
  expect(back!.at).toEqual(at);
  expect(back!.meta).toEqual({ a: 1.5, b: { c: 'deep' } });
  expect(back!.list).toEqual([3, 1, 2]);
  expect(back!.mixed).toEqual({ any: [1, 'two', null] });
  expect(await M.countDocuments({ ref })).toBe(1);
  expect(await M.countDocuments({ at: { $gt: new Date('2030-01-01') } })).toBe(1);
});

test('transactions are refused loudly on the standalone server, and nothing is applied', async () => {
  const hello = await conn.db!.admin().command({ hello: 1 });
  if (hello.setName) {
    // A real replica set (MONGODB_URI) supports transactions: nothing to refuse there.
    console.warn('Skipped under a replica set: "transactions are refused loudly on the standalone server" (transactions work there).');
    return;
  }
  const attempt = conn.transaction(async (session) => {
    await UserModel.create([{ email: 'txn@example.com', name: 'Txn' }], { session });
  });
  await expect(attempt).rejects.toThrow(/Transaction numbers are only allowed|retryable writes/);
  expect(await UserModel.countDocuments({ email: 'txn@example.com' })).toBe(0);
});
