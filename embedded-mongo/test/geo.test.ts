// Conformance: 2dsphere indexes, $geoNear, $near/$nearSphere and $geoWithin/$centerSphere through the
// official driver and mongoose. Runs against the embedded server, or MONGODB_URI if set.
import mongoose from 'mongoose';
import { type Db } from 'mongodb';
import { serverError, type Target, connectForFile } from './target';

jest.setTimeout(60_000);

let target: Target;
let db: Db;

const conn = connectForFile('geo');
beforeAll(() => void ({ target, db } = conn));

const R = 6378100;
/** Great-circle distance in metres on MongoDB's earth radius (what $geoNear reports for GeoJSON). */
function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const s =
    Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(s));
}
const pt = (lng: number, lat: number) => ({ type: 'Point' as const, coordinates: [lng, lat] as [number, number] });

// Trainers around Oslo (lng, lat).
const OSLO: [number, number] = [10.7522, 59.9139];
const TRAINERS = [
  { _id: 1, name: 'Sentrum', kind: 'yoga', loc: pt(10.7461, 59.9127) },
  { _id: 2, name: 'Grunerlokka', kind: 'boxing', loc: pt(10.7595, 59.9226) },
  { _id: 3, name: 'Majorstuen', kind: 'yoga', loc: pt(10.7149, 59.9296) },
  { _id: 4, name: 'Bekkestua', kind: 'yoga', loc: pt(10.5889, 59.9181) },
  { _id: 5, name: 'Drammen', kind: 'boxing', loc: pt(10.2045, 59.7439) },
  { _id: 6, name: 'Bergen', kind: 'yoga', loc: pt(5.3221, 60.3913) },
  { _id: 7, name: 'No location', kind: 'yoga' },
];

describe('$geoNear', () => {
  beforeAll(async () => {
    const c = db.collection('trainers');
    await c.insertMany(TRAINERS as never[]);
    await c.createIndex({ loc: '2dsphere' });
  });

  test('returns documents nearest first with spherical distances in metres, skipping documents without a location', async () => {
    const out = await db
      .collection('trainers')
      .aggregate([{ $geoNear: { near: pt(...OSLO), distanceField: 'dist', spherical: true } }])
      .toArray();
    expect(out.map((d) => d._id)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const d of out) expect(d.dist).toBeCloseTo(metres(OSLO, d.loc.coordinates), 0);
    expect(out[0].dist).toBeGreaterThan(300);
    expect(out[0].dist).toBeLessThan(400);
  });

  test('maxDistance, minDistance, query, distanceMultiplier and includeLocs', async () => {
    const out = await db
      .collection('trainers')
      .aggregate([
        {
          $geoNear: {
            near: pt(...OSLO),
            distanceField: 'km',
            maxDistance: 50_000,
            minDistance: 500,
            query: { kind: 'yoga' },
            distanceMultiplier: 0.001,
            includeLocs: 'where.at',
            spherical: true,
          },
        },
        { $project: { km: 1, where: 1 } },
      ])
      .toArray();
    expect(out.map((d) => d._id)).toEqual([3, 4]);
    expect(out[0].km).toBeCloseTo(metres(OSLO, [10.7149, 59.9296]) / 1000, 3);
    expect(out[0].where).toEqual({ at: pt(10.7149, 59.9296) });
  });

  test('a following $skip/$limit pages through the nearest-first order', async () => {
    const page = await db
      .collection('trainers')
      .aggregate([{ $geoNear: { near: pt(...OSLO), distanceField: 'd' } }, { $skip: 2 }, { $limit: 2 }])
      .toArray();
    expect(page.map((d) => d._id)).toEqual([3, 4]);
  });

  test('must be the first stage (40602)', async () => {
    const e = await serverError(
      db
        .collection('trainers')
        .aggregate([{ $match: { kind: 'yoga' } }, { $geoNear: { near: pt(...OSLO), distanceField: 'd' } }])
        .toArray(),
    );
    expect(e.code).toBe(40602);
  });

  test('needs a 2dsphere index (27), and with two of them a key (27)', async () => {
    const plain = db.collection('geo_noindex');
    await plain.insertOne({ loc: pt(0, 0) });
    const none = await serverError(plain.aggregate([{ $geoNear: { near: pt(0, 0), distanceField: 'd' } }]).toArray());
    expect(none.code).toBe(27);
    expect(none.codeName).toBe('IndexNotFound');

    const two = db.collection('geo_twoindexes');
    await two.insertMany([
      { _id: 1, home: pt(0, 0), work: pt(1, 1) },
      { _id: 2, home: pt(1, 1), work: pt(0, 0) },
    ] as never[]);
    await two.createIndex({ home: '2dsphere' });
    await two.createIndex({ work: '2dsphere' });
    const ambiguous = await serverError(two.aggregate([{ $geoNear: { near: pt(0, 0), distanceField: 'd' } }]).toArray());
    expect(ambiguous.code).toBe(27);
    const byWork = await two.aggregate([{ $geoNear: { near: pt(0, 0), distanceField: 'd', key: 'work' } }]).toArray();
    expect(byWork.map((d) => d._id)).toEqual([2, 1]);
    expect(byWork[0].d).toBe(0);
  });

  test('a legacy coordinate pair with spherical: true reports distances in radians', async () => {
    const out = await db
      .collection('trainers')
      .aggregate([{ $geoNear: { near: OSLO, distanceField: 'rad', spherical: true } }, { $limit: 2 }])
      .toArray();
    expect(out.map((d) => d._id)).toEqual([1, 2]);
    expect(out[0].rad).toBeCloseTo(metres(OSLO, [10.7461, 59.9127]) / R, 9);
  });

  test('a 2dsphere index refuses a document whose field is not a valid point (16755)', async () => {
    const e = await serverError(db.collection('trainers').insertOne({ _id: 99, loc: { type: 'Point', coordinates: ['x', 1] } } as never));
    expect(e.code).toBe(16755);
    const e2 = await serverError(db.collection('trainers').insertOne({ _id: 98, loc: pt(200, 10) } as never));
    expect(e2.code).toBe(16755);
    expect(await db.collection('trainers').countDocuments({ _id: { $in: [98, 99] } } as never)).toBe(0);
  });

  test('nearest-first order is exact over 3,000 random points, page by page', async () => {
    const c = db.collection('many_points');
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const docs = Array.from({ length: 3000 }, (_, i) => ({ _id: i, loc: pt(10 + rnd() * 2, 59 + rnd() * 2), even: i % 2 === 0 }));
    await c.insertMany(docs as never[]);
    await c.createIndex({ loc: '2dsphere' });
    const centre: [number, number] = [10.9, 60.1];
    const expected = docs
      .filter((d) => d.even)
      .map((d) => ({ id: d._id, m: metres(centre, d.loc.coordinates) }))
      .sort((a, b) => a.m - b.m);
    for (const skip of [0, 12, 600]) {
      const page = await c
        .aggregate([{ $geoNear: { near: pt(...centre), distanceField: 'm', query: { even: true } } }, { $skip: skip }, { $limit: 12 }])
        .toArray();
      expect(page.map((d) => d._id)).toEqual(expected.slice(skip, skip + 12).map((e) => e.id));
      page.forEach((d, i) => expect(d.m).toBeCloseTo(expected[skip + i].m, 3));
    }
  });
});

describe('$near, $nearSphere and $geoWithin in find', () => {
  test('$near with $geometry and $maxDistance (metres) returns nearest first', async () => {
    const out = await db
      .collection('trainers')
      .find({ loc: { $near: { $geometry: pt(...OSLO), $maxDistance: 3000 } } })
      .toArray();
    expect(out.map((d) => d._id)).toEqual([1, 2, 3]);
  });

  test('$nearSphere with $minDistance, other predicates, skip and limit', async () => {
    const out = await db
      .collection('trainers')
      .find({ kind: 'yoga', loc: { $nearSphere: { $geometry: pt(...OSLO), $minDistance: 1000 } } })
      .skip(1)
      .limit(2)
      .toArray();
    expect(out.map((d) => d._id)).toEqual([4, 6]);
  });

  test('$nearSphere with a legacy pair takes $maxDistance in radians', async () => {
    const out = await db
      .collection('trainers')
      .find({ loc: { $nearSphere: OSLO, $maxDistance: 2000 / R } })
      .toArray();
    expect(out.map((d) => d._id)).toEqual([1, 2]);
  });

  test('$near needs a 2dsphere index on the field (291)', async () => {
    const e = await serverError(db.collection('geo_noindex').find({ loc: { $near: { $geometry: pt(0, 0) } } }).toArray());
    expect(e.code).toBe(291);
  });

  test('$geoWithin with $centerSphere (radians) matches points inside the cap, with or without an index', async () => {
    const within = { loc: { $geoWithin: { $centerSphere: [OSLO, 10_000 / R] } } };
    const ids = (await db.collection('trainers').find(within).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(await db.collection('trainers').countDocuments(within)).toBe(4);
    const plan = JSON.stringify(await db.collection('trainers').find(within).explain('executionStats'));
    expect(plan).toMatch(/"IXSCAN"/);
    expect(Number(/"totalDocsExamined":(\d+)/.exec(plan)?.[1])).toBeLessThan(7);
    const plain = db.collection('geo_within_plain');
    await plain.insertMany([{ _id: 1, loc: pt(10.75, 59.91) }, { _id: 2, loc: pt(5.32, 60.39) }, { _id: 3 }] as never[]);
    expect((await plain.find(within).toArray()).map((d) => d._id)).toEqual([1]);
  });
});

describe('through mongoose', () => {
  let conn: mongoose.Connection;
  beforeAll(async () => {
    conn = await mongoose.createConnection(target.dbUri, { serverSelectionTimeoutMS: 5000 }).asPromise();
  });
  afterAll(async () => {
    await conn?.close();
  });

  test('a schema 2dsphere index serves $geoNear pages and $near queries', async () => {
    const schema = new mongoose.Schema({
      name: String,
      location: { type: { type: String, enum: ['Point'], required: true }, coordinates: { type: [Number], required: true } },
    });
    schema.index({ location: '2dsphere' });
    const Trainer = conn.model('GeoTrainer', schema);
    await Trainer.init();
    await Trainer.insertMany(TRAINERS.filter((t) => t.loc).map((t) => ({ name: t.name, location: t.loc })));
    const page = await Trainer.aggregate<{ name: string; distance: number }>([
      { $geoNear: { near: pt(...OSLO), distanceField: 'distance', spherical: true, maxDistance: 100_000 } },
      { $limit: 12 },
    ]);
    expect(page.map((t) => t.name)).toEqual(['Sentrum', 'Grunerlokka', 'Majorstuen', 'Bekkestua', 'Drammen']);
    expect(page.every((t, i) => i === 0 || t.distance >= page[i - 1].distance)).toBe(true);
    const near = await Trainer.find({ location: { $near: { $geometry: pt(5.3, 60.4) } } }).limit(1);
    expect(near[0].name).toBe('Bergen');
  });
});
