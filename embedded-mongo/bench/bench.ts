// Benchmark (not a test): npm run bench -w @fitconnect/embedded-mongo
// Measures through the official driver over TCP, so every number includes the driver and the wire.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient, type Collection, type ObjectId } from 'mongodb';
import { Engine } from '../src/commands';
import { startEmbeddedMongo } from '../src/index';
import { Store } from '../src/storage';

const SIZES = [1_000, 10_000, 100_000];
/** --index-rows: only the ordered-index and geo rows (a quicker run on a loaded machine). */
const INDEX_ONLY = process.argv.includes('--index-rows');
const progress = (msg: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const LOOKUPS = 2_000;

interface Row {
  label: string;
  values: string[];
}

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [r, Number(process.hrtime.bigint() - t) / 1e6];
}

/** A deterministic spread of points over a 100 x 100 km area around Oslo (density grows with n). */
function lngLat(i: number): [number, number] {
  const a = ((i * 2654435761) % 4294967296) / 4294967296;
  const b = ((i * 40503 + 12345) % 65536) / 65536;
  return [10.2 + a * 1.8, 59.5 + b * 0.9];
}

function makeDoc(i: number) {
  return {
    email: `user${i}@example.com`,
    name: `User ${i}`,
    age: i % 90,
    city: ['Oslo', 'Rome', 'Lima', 'Kyiv'][i % 4],
    createdAt: new Date(1_700_000_000_000 + i * 1000),
    tags: ['a', 'b'],
    progress: (i * 7919) % 1_000_003,
    loc: { type: 'Point', coordinates: lngLat(i) },
  };
}

const EXTRA_INDEXES = [
  { key: { createdAt: 1 }, name: 'createdAt_1' },
  { key: { progress: -1 }, name: 'progress_-1' },
  { key: { loc: '2dsphere' }, name: 'loc_2dsphere' },
];

/** The three ordered-index queries measured at every size. */
const rangeFilter = (i: number, n: number) => {
  const from = 1_700_000_000_000 + ((i * 7919) % Math.max(1, n - 50)) * 1000;
  return { createdAt: { $gte: new Date(from), $lt: new Date(from + 50_000) } };
};
const geoPipeline = (i: number) => [
  { $geoNear: { near: { type: 'Point', coordinates: lngLat(i + 7) }, distanceField: 'distance', spherical: true } },
  { $limit: 12 },
];

async function fill(col: Collection, n: number): Promise<[ObjectId[], number]> {
  const ids: ObjectId[] = [];
  const [, ms] = await timed(async () => {
    for (let i = 0; i < n; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, n - i) }, (_, k) => makeDoc(i + k));
      const r = await col.insertMany(batch);
      ids.push(...(Object.values(r.insertedIds) as ObjectId[]));
    }
  });
  return [ids, ms];
}

/** Lookups per second: best of 3 rounds (the machine is shared, so take the least disturbed round). */
async function lookups(_n: number, fn: (i: number) => Promise<unknown>, count = LOOKUPS): Promise<number> {
  let best = 0;
  for (let round = 0; round < 3; round++) {
    const [, ms] = await timed(async () => {
      for (let i = 0; i < count; i++) await fn(i + round * count);
    });
    best = Math.max(best, count / (ms / 1000));
  }
  return best;
}

async function main(): Promise<void> {
  const rows: Row[] = [
    { label: 'insertMany (batches of 1000), docs/s', values: [] },
    { label: 'insertOne one at a time, docs/s', values: [] },
    { label: 'findOne by _id, lookups/s', values: [] },
    { label: 'findOne by unique index (email), lookups/s', values: [] },
    { label: 'findOne by unindexed field (scan), lookups/s', values: [] },
    { label: 'range: createdAt in a 50 s window (50 docs), queries/s', values: [] },
    { label: 'top 10 by progress (sort desc + limit), queries/s', values: [] },
    { label: '$geoNear page of 12 (nearest first), queries/s', values: [] },
  ];
  let scanLine = '';
  // Warm-up pass (JIT, driver connection pool), not reported.
  {
    const server = await startEmbeddedMongo();
    const client = await MongoClient.connect(server.uri);
    const col = client.db('bench').collection('warm');
    await col.createIndex({ email: 1 }, { unique: true });
    const [ids] = await fill(col, 2000);
    await lookups(2000, (i) => col.findOne({ _id: ids[i % ids.length] }));
    await lookups(2000, (i) => col.findOne({ email: `user${i % 2000}@example.com` }));
    await client.close();
    await server.stop();
  }
  for (const n of SIZES) {
    const server = await startEmbeddedMongo();
    const client = await MongoClient.connect(server.uri);
    const col = client.db('bench').collection('users');
    await col.createIndex({ email: 1 }, { unique: true });
    await col.createIndexes(EXTRA_INDEXES as never);
    const [ids, fillMs] = await fill(col, n);
    progress(`driver: ${n} docs loaded`);
    rows[0].values.push(fmt(n / (fillMs / 1000)));
    const [, oneMs] = await timed(async () => {
      for (let i = 0; i < 1000; i++) await col.insertOne(makeDoc(n + i));
    });
    rows[1].values.push(fmt(1000 / (oneMs / 1000)));
    const pick = (i: number) => (i * 7919) % n;
    if (INDEX_ONLY) {
      for (const r of rows.slice(2, 5)) r.values.push('-');
      rows[5].values.push(fmt(await lookups(n, (i) => col.find(rangeFilter(i, n)).toArray(), 500)));
      rows[6].values.push(fmt(await lookups(n, () => col.find({}).sort({ progress: -1 }).limit(10).toArray(), 500)));
      rows[7].values.push(fmt(await lookups(n, (i) => col.aggregate(geoPipeline(i)).toArray(), 500)));
      await client.close();
      await server.stop();
      continue;
    }
    rows[2].values.push(fmt(await lookups(n, (i) => col.findOne({ _id: ids[pick(i)] }))));
    rows[3].values.push(fmt(await lookups(n, (i) => col.findOne({ email: `user${pick(i)}@example.com` }))));
    rows[4].values.push(fmt(await lookups(n, (i) => col.findOne({ name: `User ${pick(i)}` }), n > 10_000 ? 30 : 200)));
    rows[5].values.push(fmt(await lookups(n, (i) => col.find(rangeFilter(i, n)).toArray(), 500)));
    rows[6].values.push(fmt(await lookups(n, () => col.find({}).sort({ progress: -1 }).limit(10).toArray(), 500)));
    rows[7].values.push(fmt(await lookups(n, (i) => col.aggregate(geoPipeline(i)).toArray(), 500)));
    if (n === 10_000) {
      let matched = 0;
      let bestMs = Infinity;
      for (let i = 0; i < 20; i++) {
        const [docs, ms] = await timed(() => col.find({ city: 'Oslo', age: { $gte: 30, $lt: 60 } }).toArray());
        matched = docs.length;
        bestMs = Math.min(bestMs, ms);
      }
      const [cnt, countMs] = await timed(() => col.countDocuments({ city: 'Oslo', age: { $gte: 30, $lt: 60 } }));
      scanLine =
        `Filtered scan over 10,000 docs { city: 'Oslo', age: { $gte: 30, $lt: 60 } }: find + fetch ${matched} docs ${bestMs.toFixed(1)} ms; ` +
        `countDocuments (${cnt}) ${countMs.toFixed(1)} ms`;
    }
    await client.close();
    await server.stop();
  }

  // Durable inserts: fsync before every acknowledgement, with 1 and with 16 concurrent writers (group commit).
  progress('driver rows done');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
  const durable: string[] = [];
  if (!INDEX_ONLY) try {
    const server = await startEmbeddedMongo({ dir });
    const client = await MongoClient.connect(server.uri, { maxPoolSize: 16 });
    const col = client.db('bench').collection('durable');
    for (const writers of [1, 16]) {
      const per = writers === 1 ? 300 : 100;
      const [, ms] = await timed(() =>
        Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            for (let i = 0; i < per; i++) await col.insertOne(makeDoc(w * 100_000 + i + writers * 1_000_000));
          }),
        ),
      );
      durable.push(`${writers} writer${writers > 1 ? 's' : ''}: ${fmt((writers * per) / (ms / 1000))} acknowledged inserts/s`);
    }
    await client.close();
    await server.stop();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // The same lookups inside the server process, without driver and TCP: shows the index path is O(1).
  const engineRow: Row = { label: 'server-side time per lookup by _id / by email', values: [] };
  const engineRow2: Row = { label: 'server-side time per range / top 10 / $geoNear 12', values: [] };
  for (const n of SIZES) {
    const store = await Store.open(undefined, { warn: () => undefined });
    const engine = new Engine(store, () => 0);
    const conn = { id: 0, remote: 'bench' };
    await engine.run({ createIndexes: 'u', indexes: [{ key: { email: 1 }, name: 'email_1', unique: true }, ...EXTRA_INDEXES], $db: 'b' }, conn);
    for (let i = 0; i < n; i += 1000) {
      await engine.run({ insert: 'u', documents: Array.from({ length: 1000 }, (_, k) => ({ _id: i + k, ...makeDoc(i + k) })), $db: 'b' }, conn);
    }
    const perCmd = async (cmd: (i: number) => object, count = 20_000) => {
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        const [, ms] = await timed(async () => {
          for (let i = 0; i < count; i++) {
            const r = await engine.run({ ...cmd(i), $db: 'b' }, conn);
            if (r.ok !== 1) throw new Error(JSON.stringify(r));
          }
        });
        best = Math.min(best, (ms * 1000) / count);
      }
      return best;
    };
    const per = (filter: (i: number) => object) => perCmd((i) => ({ find: 'u', filter: filter(i), limit: 1, singleBatch: true }));
    if (INDEX_ONLY) engineRow.values.push('-');
    else {
      const a = await per((i) => ({ _id: (i * 7919) % n }));
      const b = await per((i) => ({ email: `user${(i * 7919) % n}@example.com` }));
      engineRow.values.push(`${a.toFixed(1)} / ${b.toFixed(1)} µs`);
    }
    const r = await perCmd((i) => ({ find: 'u', filter: rangeFilter(i, n), batchSize: 1000 }), 2000);
    const t = await perCmd(() => ({ find: 'u', filter: {}, sort: { progress: -1 }, limit: 10 }), 2000);
    const g = await perCmd((i) => ({ aggregate: 'u', pipeline: geoPipeline(i), cursor: {} }), 2000);
    engineRow2.values.push(`${r.toFixed(0)} / ${t.toFixed(0)} / ${g.toFixed(0)} µs`);
    progress(`server-side: ${n} docs done`);
  }
  rows.push(engineRow, engineRow2);

  const head = ['', ...SIZES.map((n) => `${n.toLocaleString('en-US')} docs`)];
  const table = [head, ...rows.map((r) => [r.label, ...r.values])];
  const widths = head.map((_, c) => Math.max(...table.map((r) => r[c].length)));
  const line = (r: string[]) => '| ' + r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join(' | ') + ' |';
  console.log(`embedded-mongo benchmark: in-memory mode, node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(2)}`);
  console.log(line(table[0]));
  console.log('|' + widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const r of table.slice(1)) console.log(line(r));
  if (scanLine) console.log(scanLine);
  if (durable.length) console.log(`Persistent mode (fsync before reply, group commit): ${durable.join('; ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
