/**
 * Trainers directory benchmark (not a test): N trainers in the embedded database, the real app over real
 * HTTP, median and p99 of a profile read, a location search and filtered pages; each measured twice: as the
 * client sees it and as server time (request in to answer out, inside the process: see timing.ts). The
 * list rows run twice: on the app as deployed (its X-Total-Count cache on, 1 s TTL) and "cold" with that
 * cache off, where every request counts the matching trainers (issue 35.4).
 *   npx tsx api/bench/trainers.ts [trainers=10000] [requests=300] [--explain] [--json]
 * 100,000 trainers seed in 15 to 30 s (insertMany in batches of 2,000). --explain prints what the
 * database did for one request of each kind (plan, index, keys and documents examined); --json ends with one
 * line `BENCH_JSON {...}` for `npm run bench -- --scale`. Set MONGODB_URI to run the same against a real MongoDB.
 * The database, the app and the client share this process (as under tsx in development): one request at a time.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import { createApp, randomSecret } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDb, disconnectDb, DB_NAME } from '../src/db/connect';
import { memoryLogger } from '../src/log';
import { Counter } from '../src/db/counter';
import { User } from '../src/users/model';
import { Trainer } from '../src/trainers/model';
import { loadOutcodes } from '../src/trainers/geo/data';
import { explainCommands, stats, timedGet, timedServer } from './timing';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const N = Number(positional[0] ?? 10_000);
const REQUESTS = Number(positional[1] ?? 300);
const EXPLAIN = process.argv.includes('--explain');
const JSON_OUT = process.argv.includes('--json');
const BATCH = 2_000;

let seed = 20261123;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const SPECIALTIES = ['Strength', 'Yoga', 'Pilates', 'HIIT', 'Mobility', 'Running', 'Boxing', 'Weight loss', 'Rehab', 'Kettlebells'];

async function main() {
  const external = process.env.MONGODB_URI;
  const db = external ? null : await startEmbeddedMongo();
  await connectDb(external ?? db!.uri, { dbName: external ? 'fitconnect_bench' : undefined });
  await Promise.all([User.deleteMany({}), Trainer.deleteMany({})]);

  const outcodes = [...loadOutcodes().values()];
  const t0 = performance.now();
  for (let from = 1; from <= N; from += BATCH) {
    const users = [];
    const trainers = [];
    for (let i = from; i < Math.min(N + 1, from + BATCH); i++) {
      const o = pick(outcodes);
      const price = rand() < 0.1 ? null : 20 + Math.floor(rand() * 60);
      users.push({ id: i, username: `bench${i}`, usernameLower: `bench${i}`, email: `bench${i}@example.com`, firstName: 'Bench', lastName: `Trainer ${i}`, location: o.outcode, isTrainer: true, passwordHash: 'x' });
      trainers.push({
        id: i,
        userId: i,
        specialization: 'Personal training',
        description: 'A benchmark trainer with a description long enough.',
        yearsOfExperience: Math.floor(rand() * 20),
        specialties: [pick(SPECIALTIES), pick(SPECIALTIES)],
        sessionPrice: price,
        priceSort: price ?? 1e9,
        availableOnline: rand() < 0.6,
        availableInPerson: rand() < 0.8,
        rating: Math.round((1 + rand() * 4) * 10) / 10,
        reviewCount: Math.floor(rand() * 50),
        location: o.outcode,
        point: { type: 'Point', coordinates: [o.lon, o.lat] },
      });
    }
    await User.collection.insertMany(users, { ordered: false });
    await Trainer.collection.insertMany(trainers, { ordered: false });
  }
  await Counter.updateOne({ _id: 'trainers' }, { $set: { seq: N } }, { upsert: true });
  const seedMs = performance.now() - t0;
  console.log(`inserted ${N} trainers + users in ${Math.round(seedMs)} ms`);

  const app = createApp({ config: { ...loadConfig({}), sessionSecret: randomSecret(), rateLimit: false }, logger: memoryLogger() });
  const warmSrv = await timedServer(app);
  // The same app with the directory's count cache off (api/src/trainers/countCache.ts): every request counts,
  // as the first request of a search (or the first after a trainer write) does with the cache on.
  const coldApp = createApp({ config: { ...loadConfig({}), sessionSecret: randomSecret(), rateLimit: false }, logger: memoryLogger(), trainerCountCacheTtlMs: 0 });
  const coldSrv = await timedServer(coldApp);

  const places = ['LS6 2AB', 'M1 1AE', 'SW1A 1AA', 'Bristol', 'G12 8QQ', 'EH1', "King's Lynn", 'CF10 1EP', 'NE1 4ST', 'B15 2TT'];
  // Rows marked cold run on coldSrv (no count cache: each request counts). The others run on the app as
  // deployed: its count cache (1 s TTL) answers a repeated search's total, recounted at least once a second.
  const scenarios: [string, string, () => string, boolean?][] = [
    ['profile', 'profile: GET /api/trainers/{id} (one indexed lookup + the account)', () => `/api/trainers/${1 + Math.floor(rand() * N)}`],
    ['location', 'location search (nearest first, page 1 of 12)', () => `/api/trainers?location=${encodeURIComponent(pick(places))}`],
    ['filtered', 'filtered page (online, maxPrice, specialty, minRating, sort=rating, page 2)', () => `/api/trainers?online=true&maxPrice=60&specialty=yoga&minRating=3&sort=rating&page=2`],
    ['locationFiltered', 'location + filters (inPerson, maxPrice, sort=price)', () => `/api/trainers?location=${encodeURIComponent(pick(places))}&inPerson=true&maxPrice=50&sort=price`],
    ['locationCold', 'location search, cold total (count cache off)', () => `/api/trainers?location=${encodeURIComponent(pick(places))}`, true],
    ['filteredCold', 'filtered page, cold total (count cache off)', () => `/api/trainers?online=true&maxPrice=60&specialty=yoga&minRating=3&sort=rating&page=2`, true],
    ['locationFilteredCold', 'location + filters, cold total (count cache off)', () => `/api/trainers?location=${encodeURIComponent(pick(places))}&inPerson=true&maxPrice=50&sort=price`, true],
  ];
  const load = os.loadavg()[0].toFixed(2);
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), load ${load}, ${external ? 'MongoDB at MONGODB_URI' : 'embedded database (in-memory)'}, ${N} trainers, ${REQUESTS} requests each`);
  // CPU ms/request: this process's CPU time (client + app + database) over the row, per request: what the
  // work costs whatever else the machine is running, where the wall-clock percentiles include waiting for a core.
  console.log(`| request | server median ms | server p99 ms | client median ms | client p99 ms | client max ms | CPU ms/request | results |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---|`);
  const out: Record<string, { server: ReturnType<typeof stats>; client: ReturnType<typeof stats>; cpuMs: number }> = {};
  for (const [key, name, path, cold] of scenarios) {
    const srv = cold ? coldSrv : warmSrv;
    for (let i = 0; i < 20; i++) await timedGet(srv, path()); // warm-up
    const client: number[] = [];
    const server: number[] = [];
    let sample = '';
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timedGet(srv, path());
      if (r.res.status !== 200) throw new Error(`${name}: ${r.res.status}`);
      client.push(r.clientMs);
      server.push(r.serverMs);
      sample = Array.isArray(r.body) ? `${r.body.length} of ${r.res.headers.get('x-total-count')}` : 'one trainer';
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
    const c = stats(client);
    const sv = stats(server);
    out[key] = { server: sv, client: c, cpuMs };
    console.log(`| ${name} | ${sv.median.toFixed(1)} | ${sv.p99.toFixed(1)} | ${c.median.toFixed(1)} | ${c.p99.toFixed(1)} | ${c.max.toFixed(1)} | ${cpuMs.toFixed(1)} | ${sample} |`);
  }

  if (EXPLAIN && !external) {
    // Command monitoring is a client option: reconnect with it (after the timed runs, so it costs them nothing).
    const uri = db!.uri;
    await mongoose.disconnect();
    await mongoose.connect(uri, { dbName: DB_NAME, autoIndex: false, monitorCommands: true });
    console.log(`\nexplain (embedded database, executionStats), one request each:`);
    for (const [, name, path, cold] of scenarios) {
      console.log(`- ${name}`);
      for (const line of await explainCommands(() => timedGet(cold ? coldSrv : warmSrv, path()))) console.log(`  ${line}`);
    }
  }
  if (JSON_OUT) console.log(`BENCH_JSON ${JSON.stringify({ trainers: N, requests: REQUESTS, load: Number(load), seedMs: Math.round(seedMs), rows: out })}`);
  await warmSrv.close();
  await coldSrv.close();
  await disconnectDb();
  await db?.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
