/**
 * Challenge leaderboard benchmark (not a test): one active challenge with N participants (progress logged,
 * ties included), the real app over real HTTP, a participant caller (signed in, ranked in the middle).
 *   npx tsx api/bench/leaderboard.ts [participants=10000] [requests=300] [--explain] [--json]
 * Rows, each as server time (timing.ts) and as the client sees it:
 *   - the leaderboard read the challenge page makes: GET /api/challenges/{id}/participants (top 500 ranked rows),
 *   - the page's other read for the caller: GET /api/challenges/{id} (counts + the caller's own participation),
 *   - "top 10 + the caller's rank" (issue 35's goal) as database work: the first 10 rows in the board's
 *     order (the route's own query, limit 10) and the caller's rank, counted as the participations ahead of
 *     theirs in that order; through the same connection, timed in-process. No route answers that today (the
 *     participants route returns the top 500 with ranks; the caller's rank is not returned): this is its cost.
 * --explain prints the database's plan for each (embedded database, executionStats); --json ends with one
 * line `BENCH_JSON {...}` for `npm run bench -- --scale`.
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
import { Challenge, ChallengeParticipant } from '../src/challenges/model';
import { explainCommands, stats, timedGet, timedServer, type Stats } from './timing';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const N = Number(positional[0] ?? 10_000);
const REQUESTS = Number(positional[1] ?? 300);
const EXPLAIN = process.argv.includes('--explain');
const JSON_OUT = process.argv.includes('--json');
const BATCH = 2_000;
const USER_BASE = 1_000_000;

/** The route's query (service.ts `leaderboard`) with limit 10, users joined the same way. */
async function leaderboardTop(challengeId: number, limit: number) {
  const rows = await ChallengeParticipant.find({ challengeId }).sort({ currentProgress: -1, reachedAt: 1, id: 1 }).limit(limit).select({ entries: 0 }).lean();
  const users = await User.find({ id: { $in: rows.map((r) => r.userId) } }).select({ id: 1, firstName: 1, lastName: 1, location: 1 }).lean();
  return rows.map((r) => ({ r, u: users.find((u) => u.id === r.userId) }));
}

/**
 * 1 + the participations ahead of the caller's in the board's order (progress desc, reachedAt asc, id asc),
 * as three counts, each one range of the board's index { challengeId, currentProgress: -1, reachedAt, id }:
 * more progress; as much, reached earlier; as much at the same moment, lower id. (One $or of the three
 * would be a collection scan in the embedded database, whose planner reads no $or.)
 */
async function leaderboardRank(challengeId: number, userId: number): Promise<number | null> {
  const me = await ChallengeParticipant.findOne({ challengeId, userId }).select({ currentProgress: 1, reachedAt: 1, id: 1 }).lean();
  if (!me) return null;
  const p = me.currentProgress;
  const counts = await Promise.all([
    ChallengeParticipant.countDocuments({ challengeId, currentProgress: { $gt: p } }),
    ChallengeParticipant.countDocuments({ challengeId, currentProgress: p, reachedAt: { $lt: me.reachedAt } }),
    ChallengeParticipant.countDocuments({ challengeId, currentProgress: p, reachedAt: me.reachedAt, id: { $lt: me.id } }),
  ]);
  return counts.reduce((a, b) => a + b, 1);
}

let seed = 20261125;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

async function main() {
  const db = await startEmbeddedMongo();
  await connectDb(db.uri);
  const app = createApp({ config: { ...loadConfig({}), sessionSecret: randomSecret(), rateLimit: false }, logger: memoryLogger() });
  const srv = await timedServer(app);

  // The caller: a real account with a session.
  const tag = `board${Date.now().toString(36)}`;
  const signup = await fetch(`${srv.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: tag, email: `${tag}@example.com`, firstName: 'Bench', lastName: 'Caller', location: 'LS6 2AB', password: 'secret123', confirmPassword: 'secret123', isTrainer: false }),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const caller = ((await signup.json()) as { user: { id: number } }).user.id;

  const now = new Date();
  const day = 86_400_000;
  const challengeId = 1;
  await Challenge.collection.insertOne({
    id: challengeId,
    title: 'Ten thousand steppers',
    description: 'A benchmark challenge with a great many participants.',
    type: 'steps',
    target: 300_000,
    unit: 'steps',
    startDate: new Date(now.getTime() - 10 * day),
    endDate: new Date(now.getTime() + 20 * day),
    difficulty: 'medium',
    category: 'cardio',
    maxParticipants: null,
    createdBy: null,
    participantCount: N,
    featured: false,
    reportCount: 0,
    hidden: false,
    hiddenAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await Counter.updateOne({ _id: 'challenges' }, { $set: { seq: challengeId } }, { upsert: true });

  // N participants (the caller is one of them): progress in steps of 500 so many tie, a few log entries each.
  const t0 = performance.now();
  const callerAt = Math.floor(N / 2);
  for (let from = 0; from < N; from += BATCH) {
    const users = [];
    const parts = [];
    for (let i = from; i < Math.min(N, from + BATCH); i++) {
      const userId = i === callerAt ? caller : USER_BASE + i;
      if (userId !== caller) {
        users.push({ id: userId, username: `p${i}`, usernameLower: `p${i}`, email: `p${i}@example.com`, firstName: 'Runner', lastName: `No ${i}`, location: 'LS6 2AB', isTrainer: false, passwordHash: 'x' });
      }
      const progress = i === callerAt ? 150_000 : Math.floor(rand() * 600) * 500;
      const joinedAt = new Date(now.getTime() - 10 * day + Math.floor(rand() * day));
      const reachedAt = new Date(joinedAt.getTime() + Math.floor(rand() * 9 * day));
      const entries = Array.from({ length: 5 }, (_, k) => ({ amount: Math.round(progress / 5), note: k === 0 ? 'Morning walk' : undefined, at: new Date(joinedAt.getTime() + k * day) }));
      parts.push({ id: i + 1, challengeId, userId, currentProgress: progress, completed: progress >= 300_000, completedAt: progress >= 300_000 ? reachedAt : null, reachedAt, entries, joinedAt, updatedAt: reachedAt });
    }
    if (users.length) await User.collection.insertMany(users, { ordered: false });
    await ChallengeParticipant.collection.insertMany(parts, { ordered: false });
  }
  await Counter.updateOne({ _id: 'challengeParticipants' }, { $set: { seq: N } }, { upsert: true });
  const seedMs = performance.now() - t0;
  console.log(`inserted ${N} participants (+ users) in ${Math.round(seedMs)} ms`);

  const load = os.loadavg()[0].toFixed(2);
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), load ${load}, embedded database (in-memory), ${N} participants, ${REQUESTS} requests each`);
  const headers = { cookie };
  const http: [string, string, string][] = [
    ['board', 'leaderboard: GET /api/challenges/{id}/participants (top 500 rows)', `/api/challenges/${challengeId}/participants`],
    ['detail', 'challenge page for the caller: GET /api/challenges/{id} (counts + own participation)', `/api/challenges/${challengeId}`],
  ];
  // CPU ms/request: this process's CPU time (client + app + database) per request (see trainers.ts).
  console.log(`| request | server median ms | server p99 ms | client median ms | client p99 ms | CPU ms/request | results |`);
  console.log(`|---|---:|---:|---:|---:|---:|---|`);
  const out: Record<string, { server: Stats; client?: Stats; cpuMs: number }> = {};
  for (const [key, name, path] of http) {
    for (let i = 0; i < 10; i++) await timedGet(srv, path, headers);
    const client: number[] = [];
    const server: number[] = [];
    let sample = '';
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timedGet(srv, path, headers);
      if (r.res.status !== 200) throw new Error(`${name}: ${r.res.status}`);
      client.push(r.clientMs);
      server.push(r.serverMs);
      const b = r.body as { length?: number; participantCount?: number; myParticipation?: unknown };
      sample = Array.isArray(b) ? `${b.length} rows` : `${b.participantCount} participants, joined: ${b.myParticipation !== null}`;
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
    const c = stats(client);
    const s = stats(server);
    out[key] = { server: s, client: c, cpuMs };
    console.log(`| ${name} | ${s.median.toFixed(1)} | ${s.p99.toFixed(1)} | ${c.median.toFixed(1)} | ${c.p99.toFixed(1)} | ${cpuMs.toFixed(1)} | ${sample} |`);
  }

  // Top 10 + the caller's rank (not a route today: see the header).
  const topAndRank = async () => Promise.all([leaderboardTop(challengeId, 10), leaderboardRank(challengeId, caller)]);
  for (let i = 0; i < 10; i++) await topAndRank();
  const times: number[] = [];
  let rank: number | null = null;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const [top, r] = await topAndRank();
    times.push(performance.now() - start);
    if (top.length !== Math.min(10, N)) throw new Error(`top 10: ${top.length} rows`);
    rank = r;
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
  const tr = stats(times);
  out.topAndRank = { server: tr, cpuMs };
  console.log(`| top 10 + the caller's rank (database work, in-process) | ${tr.median.toFixed(1)} | ${tr.p99.toFixed(1)} | | | ${cpuMs.toFixed(1)} | rank ${rank} of ${N} |`);

  if (EXPLAIN) {
    await mongoose.disconnect();
    await mongoose.connect(db.uri, { dbName: DB_NAME, autoIndex: false, monitorCommands: true });
    console.log(`\nexplain (embedded database, executionStats), one request each:`);
    for (const [, name, path] of http) {
      console.log(`- ${name}`);
      for (const line of await explainCommands(() => timedGet(srv, path, headers))) console.log(`  ${line}`);
    }
    console.log(`- top 10 + the caller's rank`);
    for (const line of await explainCommands(topAndRank)) console.log(`  ${line}`);
  }
  if (JSON_OUT) console.log(`BENCH_JSON ${JSON.stringify({ participants: N, requests: REQUESTS, load: Number(load), seedMs: Math.round(seedMs), rank, rows: out })}`);
  await srv.close();
  await disconnectDb();
  await db.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
