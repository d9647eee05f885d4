/**
 * Trainers directory benchmark (not a test): 10,000 trainers in the embedded database, the real app over
 * real HTTP, median and p99 latency of a location search and of a filtered page.
 *   npx tsx api/bench/trainers.ts [trainers=10000] [requests=300]
 * Set MONGODB_URI to run the same against a real MongoDB.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import { createApp, randomSecret } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDb, disconnectDb } from '../src/db/connect';
import { memoryLogger } from '../src/log';
import { Counter } from '../src/db/counter';
import { User } from '../src/users/model';
import { Trainer } from '../src/trainers/model';
import { loadOutcodes } from '../src/trainers/geo/data';

const N = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 300);

let seed = 20261123;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const SPECIALTIES = ['Strength', 'Yoga', 'Pilates', 'HIIT', 'Mobility', 'Running', 'Boxing', 'Weight loss', 'Rehab', 'Kettlebells'];

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p99: q(0.99), max: s[s.length - 1] };
}

async function main() {
  const external = process.env.MONGODB_URI;
  const db = external ? null : await startEmbeddedMongo();
  await connectDb(external ?? db!.uri, { dbName: external ? 'fitconnect_bench' : undefined });
  await Promise.all([User.deleteMany({}), Trainer.deleteMany({})]);

  const outcodes = [...loadOutcodes().values()];
  const users = [];
  const trainers = [];
  for (let i = 1; i <= N; i++) {
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
  const t0 = performance.now();
  for (let i = 0; i < N; i += 1000) {
    await User.collection.insertMany(users.slice(i, i + 1000));
    await Trainer.collection.insertMany(trainers.slice(i, i + 1000));
  }
  await Counter.updateOne({ _id: 'trainers' }, { $set: { seq: N } }, { upsert: true });
  console.log(`inserted ${N} trainers + users in ${Math.round(performance.now() - t0)} ms`);

  const app = createApp({ config: { ...loadConfig({}), sessionSecret: randomSecret(), rateLimit: false }, logger: memoryLogger() });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const places = ['LS6 2AB', 'M1 1AE', 'SW1A 1AA', 'Bristol', 'G12 8QQ', 'EH1', "King's Lynn", 'CF10 1EP', 'NE1 4ST', 'B15 2TT'];
  const scenarios: [string, () => string][] = [
    ['baseline: GET /api/trainers/{id} (one indexed lookup; shows the machine and HTTP overhead)', () => `/api/trainers/${1 + Math.floor(rand() * N)}`],
    ['location search (nearest first, page 1 of 12)', () => `/api/trainers?location=${encodeURIComponent(pick(places))}`],
    ['filtered page (online, maxPrice, specialty, minRating, sort=rating, page 2)', () => `/api/trainers?online=true&maxPrice=60&specialty=yoga&minRating=3&sort=rating&page=2`],
    ['location + filters (inPerson, maxPrice, sort=price)', () => `/api/trainers?location=${encodeURIComponent(pick(places))}&inPerson=true&maxPrice=50&sort=price`],
  ];
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(2)}, ${external ? 'MongoDB at MONGODB_URI' : 'embedded database (in-memory)'}`);
  console.log(`| request | median ms | p99 ms | max ms | results |`);
  console.log(`|---|---:|---:|---:|---|`);
  for (const [name, path] of scenarios) {
    for (let i = 0; i < 20; i++) await (await fetch(base + path())).arrayBuffer(); // warm-up
    const times: number[] = [];
    let sample = '';
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const res = await fetch(base + path());
      const body = (await res.json()) as unknown;
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      sample = Array.isArray(body) ? `${body.length} of ${res.headers.get('x-total-count')}` : 'one trainer';
    }
    const s = stats(times);
    console.log(`| ${name} | ${s.median.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} | ${sample} |`);
  }
  server.close();
  await disconnectDb();
  await db?.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
