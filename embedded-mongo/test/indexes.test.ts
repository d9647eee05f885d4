// Conformance: ordered indexes (equality on a prefix, ranges, $in, sort + limit, compound, asc/desc,
// MongoDB's type order) and explain reporting the plan used. Runs against the embedded server, or
// MONGODB_URI if set.
import { type Db, type Document } from 'mongodb';
import { type Target, connectForFile } from './target';
import { explainValues as collect } from '../src/explainValues';

jest.setTimeout(60_000);

let target: Target;
let db: Db;

const conn = connectForFile('indexes');
beforeAll(() => void ({ target, db } = conn));

const winningStages = (e: Document) => collect(collect(e, 'winningPlan'), 'stage').concat(collect(e, 'winningPlan').map((w) => (w as Document).stage));
const docsExamined = (e: Document) => collect(e, 'totalDocsExamined')[0] as number;
const keysExamined = (e: Document) => collect(e, 'totalKeysExamined')[0] as number;

// Numeric and structured _ids: the suite checks the server, not the driver's typings.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const col = (name: string) => db.collection<any>(name);

let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

describe('leaderboards: equality prefix + sort desc + limit', () => {
  const rows = Array.from({ length: 600 }, (_, i) => ({ _id: i, challengeId: i % 3, userId: i, currentProgress: Math.floor(rnd() * 1000) }));
  beforeAll(async () => {
    const c = col('progress');
    await c.insertMany(rows as never[]);
    await c.createIndex({ challengeId: 1, currentProgress: -1 });
  });

  test('top 10 by progress walks the index: right order, no in-memory sort, 10 documents examined', async () => {
    const c = col('progress');
    const expected = rows
      .filter((r) => r.challengeId === 1)
      .sort((a, b) => b.currentProgress - a.currentProgress || a._id - b._id)
      .slice(0, 10)
      .map((r) => r.currentProgress);
    const top = await c.find({ challengeId: 1 }).sort({ currentProgress: -1 }).limit(10).toArray();
    expect(top.map((r) => r.currentProgress)).toEqual(expected);
    const e = await c.find({ challengeId: 1 }).sort({ currentProgress: -1 }).limit(10).explain('executionStats');
    const stages = winningStages(e);
    expect(stages).toContain('IXSCAN');
    expect(stages).not.toContain('SORT');
    expect(stages).not.toContain('COLLSCAN');
    expect(docsExamined(e)).toBe(10);
  });

  test('the same leaderboard through aggregate ($match, $sort, $limit, $project) uses the index too', async () => {
    const c = col('progress');
    const pipeline = [{ $match: { challengeId: 2 } }, { $sort: { currentProgress: -1 } }, { $limit: 10 }, { $project: { _id: 0, currentProgress: 1 } }];
    const out = await c.aggregate(pipeline).toArray();
    const expected = rows
      .filter((r) => r.challengeId === 2)
      .map((r) => r.currentProgress)
      .sort((a, b) => b - a)
      .slice(0, 10);
    expect(out.map((r) => r.currentProgress)).toEqual(expected);
    const e = await c.aggregate(pipeline).explain('executionStats');
    expect(winningStages(e)).toContain('IXSCAN');
    expect(docsExamined(e)).toBe(10);
  });

  test('the index stays right after updates move documents around', async () => {
    const c = col('progress');
    await c.updateOne({ _id: 4 }, { $set: { currentProgress: 5000 } });
    await c.updateMany({ challengeId: 1, currentProgress: { $gte: 900 } }, { $inc: { currentProgress: -900 } });
    await c.deleteOne({ _id: 7 });
    const all = await c.find({ challengeId: 1 }, { hint: { $natural: 1 } } as never).toArray();
    const expected = all.map((r) => r.currentProgress).sort((a, b) => b - a).slice(0, 10);
    const top = await c.find({ challengeId: 1 }).sort({ currentProgress: -1 }).limit(10).toArray();
    expect(top.map((r) => r.currentProgress)).toEqual(expected);
    expect(top[0]._id).toBe(4);
  });
});

describe('ranges and $in', () => {
  const trainers = Array.from({ length: 400 }, (_, i) => ({ _id: i, rating: Math.round(rnd() * 50) / 10, city: ['Oslo', 'Rome'][i % 2] }));
  beforeAll(async () => {
    await col('trainers').insertMany(trainers as never[]);
    await col('trainers').createIndex({ rating: -1, _id: 1 });
  });

  test('$gte/$lt on an indexed field examines only the matching documents', async () => {
    const c = col('trainers');
    const filter = { rating: { $gte: 3.5, $lt: 4.5 } };
    const got = (await c.find(filter).toArray()).map((d) => d._id).sort((a, b) => a - b);
    const want = trainers.filter((t) => t.rating >= 3.5 && t.rating < 4.5).map((t) => t._id);
    expect(got).toEqual(want);
    const e = await c.find(filter).explain('executionStats');
    expect(winningStages(e)).toContain('IXSCAN');
    expect(docsExamined(e)).toBe(want.length);
  });

  test('$gt and $lte each alone, and $in', async () => {
    const c = col('trainers');
    expect(await c.countDocuments({ rating: { $gt: 4.8 } })).toBe(trainers.filter((t) => t.rating > 4.8).length);
    expect(await c.countDocuments({ rating: { $lte: 0.2 } })).toBe(trainers.filter((t) => t.rating <= 0.2).length);
    const got = await c.find({ rating: { $in: [5, 0, 2.5] } }).toArray();
    expect(got.length).toBe(trainers.filter((t) => [5, 0, 2.5].includes(t.rating)).length);
    const e = await c.find({ rating: { $in: [5, 0, 2.5] } }).explain('executionStats');
    expect(winningStages(e)).toContain('IXSCAN');
    expect(docsExamined(e)).toBe(got.length);
  });

  test('an empty $in on an indexed field reads no document', async () => {
    const c = col('trainers');
    expect(await c.find({ rating: { $in: [] } }).toArray()).toEqual([]);
    const e = await c.find({ rating: { $in: [] } }).explain('executionStats');
    expect(winningStages(e)).not.toContain('COLLSCAN');
    expect(docsExamined(e)).toBe(0);
  });

  test('a paged trainer list sorted by rating walks the compound index (page 2 of 12)', async () => {
    const c = col('trainers');
    const expected = [...trainers].sort((a, b) => b.rating - a.rating || a._id - b._id).slice(12, 24).map((t) => t._id);
    const page = await c.find({}).sort({ rating: -1, _id: 1 }).skip(12).limit(12).toArray();
    expect(page.map((t) => t._id)).toEqual(expected);
    const e = await c.find({}).sort({ rating: -1, _id: 1 }).skip(12).limit(12).explain('executionStats');
    expect(winningStages(e)).toContain('IXSCAN');
    expect(winningStages(e)).not.toContain('SORT');
    expect(docsExamined(e)).toBe(24);
    // The exact reverse order walks the same index backwards.
    const rev = await c.find({}).sort({ rating: 1, _id: -1 }).limit(5).toArray();
    expect(rev.map((t) => t._id)).toEqual([...trainers].sort((a, b) => a.rating - b.rating || b._id - a._id).slice(0, 5).map((t) => t._id));
    expect(winningStages(await c.find({}).sort({ rating: 1, _id: -1 }).limit(5).explain('executionStats'))).not.toContain('SORT');
  });

  test('a sort the index cannot give is done in memory (SORT stage) and is still right', async () => {
    const c = col('trainers');
    const got = await c.find({ city: 'Oslo' }).sort({ rating: 1, _id: 1 }).limit(7).toArray();
    const want = trainers.filter((t) => t.city === 'Oslo').sort((a, b) => a.rating - b.rating || a._id - b._id).slice(0, 7);
    expect(got.map((t) => t._id)).toEqual(want.map((t) => t._id));
    const e = await c.find({ city: 'Oslo' }).sort({ rating: 1, _id: 1 }).limit(7).explain('executionStats');
    expect(winningStages(e)).toContain('SORT');
  });

  test('explain of count and of a $match + $group pipeline shows the index their filter uses', async () => {
    const count = await db.command({ explain: { count: 'trainers', query: { rating: { $gte: 4.5 } } }, verbosity: 'queryPlanner' });
    expect(winningStages(count)).toContain('IXSCAN');
    expect(winningStages(count)).not.toContain('COLLSCAN');
    // A count of the whole collection reads its size, not its documents.
    const whole = await db.command({ explain: { count: 'trainers', query: {} }, verbosity: 'executionStats' });
    expect(winningStages(whole)).toContain('RECORD_STORE_FAST_COUNT');
    expect(winningStages(whole)).not.toContain('COLLSCAN');
    expect(docsExamined(whole)).toBe(0);
    const grouped = await col('trainers').aggregate([{ $match: { rating: { $gte: 4.5 } } }, { $group: { _id: '$city', n: { $sum: 1 } } }]).explain('queryPlanner');
    expect(winningStages(grouped)).toContain('IXSCAN');
    const unindexed = await col('trainers').aggregate([{ $match: { city: 'Rome' } }, { $group: { _id: null, n: { $sum: 1 } } }]).explain('queryPlanner');
    expect(winningStages(unindexed)).toContain('COLLSCAN');
  });

  test('explain of distinct, update, delete and findAndModify shows their query plan and writes nothing', async () => {
    const c = col('trainers');
    const before = await c.find({}).sort({ _id: 1 }).toArray();
    const explain = (cmd: Document) => db.command({ explain: cmd, verbosity: 'executionStats' });
    const indexed = { rating: { $gte: 4.9 } };
    const plans = {
      distinct: await explain({ distinct: 'trainers', key: 'city', query: indexed }),
      update: await explain({ update: 'trainers', updates: [{ q: indexed, u: { $set: { city: 'Paris' } }, multi: true }] }),
      delete: await explain({ delete: 'trainers', deletes: [{ q: indexed, limit: 0 }] }),
      findAndModify: await explain({ findAndModify: 'trainers', query: indexed, sort: { rating: -1, _id: 1 }, update: { $inc: { rating: 1 } } }),
    };
    for (const e of Object.values(plans)) {
      expect(winningStages(e)).toContain('IXSCAN');
      expect(winningStages(e)).not.toContain('COLLSCAN');
      expect(winningStages(e)).not.toContain('SORT');
    }
    expect(winningStages(plans.update)).toContain('UPDATE');
    expect(winningStages(plans.delete)).toContain('DELETE');
    const unindexed = await explain({ update: 'trainers', updates: [{ q: { city: 'Rome' }, u: { $set: { x: 1 } } }] });
    expect(winningStages(unindexed)).toContain('COLLSCAN');
    expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  test('an unindexed filter is a COLLSCAN that examines every document', async () => {
    const e = await col('trainers').find({ city: 'Rome' }).explain('executionStats');
    expect(winningStages(e)).toContain('COLLSCAN');
    expect(docsExamined(e)).toBe(400);
    expect(keysExamined(e)).toBe(0);
  });
});

describe('message threads: equality + range + sort on a compound index', () => {
  beforeAll(async () => {
    const c = col('messages');
    const docs = [];
    for (let conv = 1; conv <= 20; conv++) for (let seq = 1; seq <= 50; seq++) docs.push({ conversationId: conv, seq, body: `m${seq}` });
    await c.insertMany(docs);
    await c.createIndex({ conversationId: 1, seq: 1 }, { unique: true });
  });

  test('one conversation, seq in (10, 20], oldest first: 10 keys, 10 documents', async () => {
    const c = col('messages');
    const q = { conversationId: 7, seq: { $gt: 10, $lte: 20 } };
    const got = await c.find(q).sort({ seq: 1 }).toArray();
    expect(got.map((m) => m.seq)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const e = await c.find(q).sort({ seq: 1 }).explain('executionStats');
    expect(winningStages(e)).toContain('IXSCAN');
    expect(winningStages(e)).not.toContain('SORT');
    expect(docsExamined(e)).toBe(10);
    expect(keysExamined(e)).toBeLessThanOrEqual(11);
  });

  test('latest page first: sort seq desc with limit walks backwards', async () => {
    const c = col('messages');
    const got = await c.find({ conversationId: 3, seq: { $lt: 40 } }).sort({ seq: -1 }).limit(5).toArray();
    expect(got.map((m) => m.seq)).toEqual([39, 38, 37, 36, 35]);
    const e = await c.find({ conversationId: 3, seq: { $lt: 40 } }).sort({ seq: -1 }).limit(5).explain('executionStats');
    expect(docsExamined(e)).toBe(5);
  });
});

describe("MongoDB's type order through an index", () => {
  const values: unknown[] = [5, 'b', null, true, 2.5, new Date(0), 'a', { k: 1 }, [3, 0], -1, false];
  beforeAll(async () => {
    const c = col('mixed');
    await c.insertMany(values.map((x, i) => ({ _id: i, x })) as never[]);
    await c.insertOne({ _id: 100 } as never); // missing field sorts with null
    await c.createIndex({ x: 1 });
  });

  test('ranges stay within a type: $gt: 1 gives numbers, $gte: "a" gives strings', async () => {
    const c = col('mixed');
    const nums = (await c.find({ x: { $gt: 1 } }).toArray()).map((d) => d._id).sort((a, b) => a - b);
    expect(nums).toEqual([0, 4, 8]); // 5, 2.5 and the array [3, 0] (its element 3)
    const strs = (await c.find({ x: { $gte: 'a' } }).sort({ x: 1 }).toArray()).map((d) => d.x);
    expect(strs).toEqual(['a', 'b']);
    const dates = await c.find({ x: { $lt: new Date(1) } }).toArray();
    expect(dates.map((d) => d._id)).toEqual([5]);
  });

  test('a multikey range matches when different elements meet each bound', async () => {
    const c = col('mixed');
    // [3, 0]: 3 > 2 and 0 < 1, so it matches { $gt: 2, $lt: 1 } as in MongoDB.
    const got = await c.find({ x: { $gt: 2, $lt: 1 } }).toArray();
    expect(got.map((d) => d._id)).toEqual([8]);
  });

  test('equality on null finds null and missing through the index', async () => {
    const got = (await col('mixed').find({ x: null }).toArray()).map((d) => d._id).sort((a, b) => a - b);
    expect(got).toEqual([2, 100]);
  });
});
