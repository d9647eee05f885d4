/**
 * Challenge leaderboard benchmark (not a test): one active challenge with N participants (progress logged,
 * ties included), the real app over real HTTP.
 *   npx tsx api/bench/leaderboard.ts [participants=10000] [requests=300] [--explain] [--json]
 * Rows, each as server time (timing.ts) and as the client sees it, with this process's CPU per request:
 *   - the whole board as SPEC §7's client reads it: GET /api/challenges/{id}/participants (top 500 ranked rows),
 *   - the challenge page's other read for a participant: GET /api/challenges/{id} (counts + own participation),
 *   - "top 10 + the caller's rank" (issue 35.4's goal), the page's board since then:
 *     GET /api/challenges/{id}/leaderboard?limit=10, each request signed in as a different random participant
 *     (ranks anywhere from 1 to N; their sessions are minted straight into the sessions collection),
 *   - the same for the participant ranked last (the longest count: every other participation is ahead),
 *   - for comparison, the database work as it was measured before the route existed (countDocuments, an
 *     aggregate, for the three rank counts; in-process, no HTTP) for the middle-ranked caller.
 * --explain prints the database's plan for each (embedded database, executionStats); --json ends with one
 * line `BENCH_JSON {...}` for `npm run bench -- --scale`.
 */
import { createHash, randomUUID } from 'node:crypto';
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
import { cookieKeys } from '../src/http/cookieKeys';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, Session } from '../src/http/session';
import { explainCommands, stats, timedGet, timedServer, type Stats } from './timing';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const N = Number(positional[0] ?? 10_000);
const REQUESTS = Number(positional[1] ?? 300);
const EXPLAIN = process.argv.includes('--explain');
const JSON_OUT = process.argv.includes('--json');
const BATCH = 2_000;
const USER_BASE = 1_000_000;

/** Before the route existed: the board's query with limit 10, users joined the same way (in-process). */
async function leaderboardTop(challengeId: number, limit: number) {
  const rows = await ChallengeParticipant.find({ challengeId }).sort({ currentProgress: -1, reachedAt: 1, id: 1 }).limit(limit).select({ entries: 0 }).lean();
  const users = await User.find({ id: { $in: rows.map((r) => r.userId) } }).select({ id: 1, firstName: 1, lastName: 1, location: 1 }).lean();
  return rows.map((r) => ({ r, u: users.find((u) => u.id === r.userId) }));
}

/**
 * Before the route existed: 1 + the participations ahead of the caller's in the board's order, as three
 * countDocuments (aggregates) over ranges of the board's index. The route (service.ts leaderboardRank) counts
 * the same ranges with the count command, which the embedded database answers without copying each document.
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
  const sessionSecret = randomSecret();
  const app = createApp({ config: { ...loadConfig({}), sessionSecret, rateLimit: false }, logger: memoryLogger() });
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

  // Sessions for participants other than the caller (their accounts have no password): a random key, its
  // sha256 stored as the session's _id (http/session.ts), the cookie signed with the app's keys.
  const sessionFor = async (userId: number) => {
    const key = randomUUID();
    await Session.collection.insertOne({ _id: createHash('sha256').update(key).digest('base64url') as never, data: { userId }, userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MS) });
    return `${SESSION_COOKIE}=${key}; ${SESSION_COOKIE}.sig=${cookieKeys([sessionSecret]).sign(`${SESSION_COOKIE}=${key}`)}`;
  };
  const byRank = await ChallengeParticipant.find({ challengeId }).sort({ currentProgress: -1, reachedAt: 1, id: 1 }).select({ userId: 1 }).lean();
  const rankOf = new Map(byRank.map((p, i) => [p.userId, i + 1]));
  const randomCallers: { cookie: string; userId: number }[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const userId = byRank[Math.floor(rand() * byRank.length)].userId;
    randomCallers.push({ userId, cookie: userId === caller ? cookie : await sessionFor(userId) });
  }
  const lastUser = byRank[byRank.length - 1].userId;
  const lastCookie = lastUser === caller ? cookie : await sessionFor(lastUser);

  const load = os.loadavg()[0].toFixed(2);
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), load ${load}, embedded database (in-memory), ${N} participants, ${REQUESTS} requests each`);
  const headers = { cookie };
  const board = `/api/challenges/${challengeId}/leaderboard?limit=10`;
  type Caller = (i: number) => Record<string, string>;
  const same: Caller = () => headers;
  type Body = { length?: number; participantCount?: number; myParticipation?: unknown; entries?: unknown[]; me?: { rank: number; user: { id: number } } | null };
  const ranks: number[] = [];
  const http: [string, string, string, Caller, (b: Body, i: number) => string][] = [
    ['board', 'leaderboard: GET /api/challenges/{id}/participants (top 500 rows)', `/api/challenges/${challengeId}/participants`, same, (b) => `${b.length} rows`],
    ['detail', 'challenge page for the caller: GET /api/challenges/{id} (counts + own participation)', `/api/challenges/${challengeId}`, same, (b) => `${b.participantCount} participants, joined: ${b.myParticipation !== null}`],
    [
      'topAndRank',
      'top 10 + own rank: GET /api/challenges/{id}/leaderboard?limit=10, a random participant each',
      board,
      (i) => ({ cookie: randomCallers[i % randomCallers.length].cookie }),
      (b, i) => {
        const who = randomCallers[i % randomCallers.length].userId;
        if (b.entries?.length !== Math.min(10, N)) throw new Error(`top 10: ${b.entries?.length} rows`);
        if (!b.me || b.me.user.id !== who || b.me.rank !== rankOf.get(who)) throw new Error(`rank of ${who}: ${JSON.stringify(b.me)} (expected ${rankOf.get(who)})`);
        ranks.push(b.me.rank);
        return `ranks ${Math.min(...ranks)}-${Math.max(...ranks)} of ${N}, all as in the full order`;
      },
    ],
    ['lastRanked', '  the same, for the participant ranked last', board, () => ({ cookie: lastCookie }), (b) => `rank ${b.me?.rank} of ${N}`],
  ];
  // CPU ms/request: this process's CPU time (client + app + database) per request (see trainers.ts).
  console.log(`| request | server median ms | server p99 ms | client median ms | client p99 ms | CPU ms/request | results |`);
  console.log(`|---|---:|---:|---:|---:|---:|---|`);
  const out: Record<string, { server: Stats; client?: Stats; cpuMs: number }> = {};
  for (const [key, name, path, who, check] of http) {
    // Warm-up: also brings every random caller's session into the auth cache once.
    for (let i = 0; i < (key === 'topAndRank' ? REQUESTS : 10); i++) await timedGet(srv, path, who(i));
    const client: number[] = [];
    const server: number[] = [];
    let sample = '';
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timedGet(srv, path, who(i));
      if (r.res.status !== 200) throw new Error(`${name}: ${r.res.status}`);
      client.push(r.clientMs);
      server.push(r.serverMs);
      sample = check(r.body as Body, i);
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
    const c = stats(client);
    const s = stats(server);
    out[key] = { server: s, client: c, cpuMs };
    console.log(`| ${name} | ${s.median.toFixed(1)} | ${s.p99.toFixed(1)} | ${c.median.toFixed(1)} | ${c.p99.toFixed(1)} | ${cpuMs.toFixed(1)} | ${sample} |`);
  }

  // Before the route: the same answer as database work with countDocuments (see the header), in-process.
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
  out.topAndRankBefore = { server: tr, cpuMs };
  console.log(`| before the route: top 10 + rank with countDocuments (database work, in-process) | ${tr.median.toFixed(1)} | ${tr.p99.toFixed(1)} | | | ${cpuMs.toFixed(1)} | rank ${rank} of ${N} |`);

  if (EXPLAIN) {
    await mongoose.disconnect();
    await mongoose.connect(db.uri, { dbName: DB_NAME, autoIndex: false, monitorCommands: true });
    console.log(`\nexplain (embedded database, executionStats), one request each:`);
    for (const [, name, path, who] of http) {
      console.log(`- ${name}`);
      for (const line of await explainCommands(() => timedGet(srv, path, who(0)))) console.log(`  ${line}`);
    }
    console.log(`- before the route: top 10 + the caller's rank with countDocuments`);
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
