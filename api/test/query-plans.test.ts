/**
 * Issue 9, "indexes for every query a route makes": every database command the API's routes send, on the
 * seeded demo data, reads through an index, never by scanning a whole collection, and every list comes in
 * the order of an index, never sorted in memory. The test drives the routes a visitor, a member and a
 * trainer use, records every command the driver sends (command monitoring: finds, aggregates, counts,
 * distincts and the queries inside updates, deletes and findAndModify, whichever API sent them) and asks
 * the database to explain each one.
 */
import mongoose from 'mongoose';
import type { CommandStartedEvent, Document } from 'mongodb';
import { WORKOUT_FORM_DEFAULTS } from '@fitconnect/contracts';
import { startTestApi, type TestApi, type Agent } from './helpers';
import { DB_NAME } from '../src/db/connect';
import { runSeed, DEMO_PASSWORD } from '../src/seed';
import { resolveOperatorToken } from '../src/rollout/options';
import { explainValues as collect } from '@fitconnect/embedded-mongo';

jest.setTimeout(180_000);

interface Recorded {
  name: string;
  collection: string;
  command: Document;
  route: string;
}

let api: TestApi;
const recorded: Recorded[] = [];
let route = '';

/** Commands that read documents by a query: each is explained. */
const QUERIES = new Set(['find', 'aggregate', 'count', 'distinct', 'update', 'delete', 'findAndModify']);
/** Commands that select nothing by a query (or continue a query already explained). */
const NOT_QUERIES = new Set(['insert', 'getMore', 'killCursors', 'endSessions', 'hello', 'ismaster', 'isMaster', 'ping', 'createIndexes', 'listIndexes', 'listCollections', 'create']);
/** Stages that read through an index: an index scan, the 2dsphere walk of $geoNear, a whole-collection count. */
const INDEX_STAGES = new Set(['IXSCAN', 'IDHACK', 'COUNT_SCAN', 'DISTINCT_SCAN', 'GEO_NEAR_2DSPHERE', 'RECORD_STORE_FAST_COUNT']);
/** Collections whose whole content is the answer, read without a filter on purpose. */
const WHOLE_BY_DESIGN: Record<string, string> = {
  rollouts: 'one row per area (five at most): GET /api/rollout/remotes answers with all of them',
};
/**
 * The one known scan, stated in README: the total of GET /api/trainers (`count` of the trainers matching
 * the page's filters). Availability, "has a place" and the contains-text filters have no index that would
 * not cost the list its index order; the page itself still walks the sort's index. Any other scan fails.
 */
const knownScan = (q: Recorded) => q.name === 'count' && q.collection === 'trainers';

beforeAll(async () => {
  api = await startTestApi();
  await runSeed();
  // Command monitoring is a client option: reconnect the app's (default) connection with it, before any route runs.
  await mongoose.disconnect();
  await mongoose.connect(api.mongoUri, { dbName: DB_NAME, autoIndex: false, monitorCommands: true });
  mongoose.connection.getClient().on('commandStarted', (e: CommandStartedEvent) => {
    if (e.databaseName !== DB_NAME) return;
    const collection = e.command[e.commandName];
    recorded.push({ name: e.commandName, collection: typeof collection === 'string' ? collection : '', command: e.command, route: route || '(no route)' });
  });
});
afterAll(async () => {
  await api?.stop();
});

/** One request, which must be answered with `status`: a refused call would skip the queries it is here for. */
async function call(agent: Agent, status: number, method: 'get' | 'post' | 'put', path: string, body?: unknown) {
  route = `${method.toUpperCase()} ${path}`;
  const r = method === 'get' ? await agent.get(path) : method === 'put' ? await agent.put(path, body) : await agent.post(path, body);
  route = '';
  if (r.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

async function signIn(username: string): Promise<Agent> {
  const agent = api.agent();
  await call(agent, 200, 'post', '/api/auth/login', { username, password: DEMO_PASSWORD });
  return agent;
}

/** What explain is asked: the command as sent, without the session and cluster fields the driver adds. */
function explainable(c: Document): Document[] {
  const { lsid, txnNumber, writeConcern, readConcern, apiVersion, ...rest } = c;
  void [lsid, txnNumber, writeConcern, readConcern, apiVersion];
  const cmd = Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith('$')));
  // explain takes one write statement at a time.
  if (Array.isArray(cmd.updates)) return cmd.updates.map((u: Document) => ({ ...cmd, updates: [u] }));
  if (Array.isArray(cmd.deletes)) return cmd.deletes.map((d: Document) => ({ ...cmd, deletes: [d] }));
  return [cmd];
}


/** The stages of the winning plan(s) and the indexes they use, from the database's explain. */
async function planOf(cmd: Document): Promise<{ stages: string[]; indexes: string[] }> {
  const explained = await mongoose.connection.db!.command({ explain: cmd, verbosity: 'queryPlanner' });
  const plans = collect(explained, 'winningPlan');
  return { stages: collect(plans, 'stage') as string[], indexes: [...new Set(collect(plans, 'indexName') as string[])] };
}

it('reads through an index, in index order, on every route', async () => {
  const visitor = api.agent();
  const member = await signIn('demo');
  const trainer = await signIn('daniel.okafor');

  const trainers = (await call(visitor, 200, 'get', '/api/trainers')).body as { id: number; userId: number }[];
  const someTrainer = trainers[0];
  for (const q of ['?sort=rating', '?sort=price', '?location=Leeds', '?location=Leeds&sort=distance&page=2', '?location=Leeds&sort=rating', '?location=LS6&maxPrice=80&minRating=4', '?specialty=yoga&online=true', '?inPerson=true&page=2&limit=3']) {
    await call(visitor, 200, 'get', `/api/trainers${q}`);
  }
  await call(visitor, 200, 'get', `/api/trainers/${someTrainer.id}`);
  await call(visitor, 200, 'get', `/api/trainers/${someTrainer.id}/reviews`);
  await call(trainer, 200, 'get', '/api/trainers/me');
  // A review recomputes the trainer's rating (an aggregate over its reviews).
  await call(member, 201, 'post', '/api/reviews', { trainerId: someTrainer.id, rating: 4, comment: 'Clear plans, good pace.' });

  const challenges = (await call(visitor, 200, 'get', '/api/challenges')).body as { id: number }[];
  await call(member, 200, 'get', '/api/challenges');
  for (const c of challenges.slice(0, 3)) {
    await call(visitor, 200, 'get', `/api/challenges/${c.id}`);
    await call(member, 200, 'get', `/api/challenges/${c.id}/participants`);
  }
  const mine = (await call(member, 200, 'get', '/api/user/challenges')).body as { challenge: { id: number } }[];
  // Issue 35.4: the page's board, top 10 and the caller's rank (three counts over ranges of the board's index).
  if (mine.length === 0) throw new Error('the demo member takes part in no challenge: the rank queries would not run');
  await call(member, 200, 'get', `/api/challenges/${mine[0].challenge.id}/leaderboard?limit=10`);
  await call(visitor, 200, 'get', `/api/challenges/${challenges[0].id}/leaderboard`);
  await call(member, 200, 'get', `/api/challenges/${challenges[0].id}/participants?limit=5`);

  for (const q of ['', '?sort=helpful', '?category=trainers', '?category=workouts&sort=helpful', '?limit=2']) await call(visitor, 200, 'get', `/api/community-reviews${q}`);
  await call(member, 200, 'get', '/api/community-reviews');

  await call(member, 200, 'get', '/api/messages');
  await call(member, 200, 'get', '/api/messages/unread');
  await call(member, 200, 'get', `/api/messages/${someTrainer.userId}`);
  await call(member, 201, 'post', '/api/messages', { receiverId: someTrainer.userId, content: 'Hello, are you free on Tuesday?' });
  await call(trainer, 200, 'get', '/api/messages');

  // Bookings (issue 29): a trainer's schedule and slots, a booking answered, cancelled, its .ics and the feed.
  const own = (await call(trainer, 200, 'get', '/api/trainers/me')).body as { id: number };
  const schedule = (await call(visitor, 200, 'get', `/api/trainers/${own.id}/availability`)).body;
  await call(trainer, 200, 'put', `/api/trainers/${own.id}/availability`, { ...schedule, bufferMinutes: 10, requiresConfirmation: true });
  const slots = (await call(visitor, 200, 'get', `/api/trainers/${own.id}/slots`)).body.slots as { start: string; online: boolean }[];
  const pick = (i: number) => ({ trainerId: own.id, start: slots[i].start, mode: slots[i].online ? 'online' : 'in-person' });
  const first = (await call(member, 201, 'post', '/api/bookings', pick(0))).body as { id: number };
  const second = (await call(member, 201, 'post', '/api/bookings', pick(slots.length - 1))).body as { id: number };
  await call(member, 200, 'get', '/api/bookings');
  await call(member, 200, 'get', '/api/bookings?when=upcoming&role=client');
  await call(trainer, 200, 'get', '/api/bookings?role=trainer');
  await call(trainer, 200, 'get', `/api/bookings/${first.id}`);
  await call(trainer, 200, 'post', `/api/bookings/${first.id}/confirm`);
  await call(trainer, 200, 'post', `/api/bookings/${second.id}/decline`, { reason: 'Away' });
  await call(member, 200, 'get', `/api/bookings/${first.id}.ics`);
  const feed = (await call(member, 200, 'get', '/api/calendar/token')).body as { url: string };
  await call(visitor, 200, 'get', new URL(feed.url).pathname);
  await call(member, 200, 'post', '/api/calendar/token');
  await call(member, 200, 'post', `/api/bookings/${first.id}/cancel`, {});

  const made = await call(member, 201, 'post', '/api/generate-workout', { ...WORKOUT_FORM_DEFAULTS, duration: 30 });
  await call(member, 200, 'get', '/api/ai-workouts/today');
  await call(member, 200, 'get', '/api/ai-workouts/saved');
  await call(visitor, 200, 'get', `/api/workouts/${made.body.id}`);

  await call(member, 200, 'get', '/api/auth/user');
  await call(visitor, 200, 'get', '/api/rollout/remotes');

  // The rollout operator calls (issue 34): kill / release, the audit log (all, one area), a revert, status.
  const opsHeaders = { authorization: `Bearer ${resolveOperatorToken(api.config.dataDir, {})}` };
  const ops = async (method: 'GET' | 'POST', path: string, json?: unknown) => {
    route = `${method} ${path}`;
    const r = await visitor.request(method, path, { json, headers: opsHeaders });
    route = '';
    if (r.status !== 200) throw new Error(`${method} ${path}: expected 200, got ${r.status} ${r.text.slice(0, 300)}`);
    return r;
  };
  await ops('POST', '/api/ops/rollout/workouts/kill', { reason: 'query plans' });
  await ops('POST', '/api/ops/rollout/workouts/release', { reason: 'query plans' });
  const entries = (await ops('GET', '/api/ops/rollout/log')).body.entries as { id: number }[];
  await ops('GET', '/api/ops/rollout/log?area=workouts&limit=5');
  await ops('POST', `/api/ops/rollout/log/${entries[0].id}/revert`, { reason: 'query plans' });
  await ops('GET', '/api/ops/rollout');

  const unknown = recorded.filter((c) => !QUERIES.has(c.name) && !NOT_QUERIES.has(c.name)).map((c) => `${c.route}: ${c.name}`);
  expect(unknown).toEqual([]);
  const reads = recorded.filter((c) => QUERIES.has(c.name) && !(c.name === 'aggregate' && c.command.pipeline?.[0]?.$changeStream));
  // The routes above reach every collection a page reads, with every kind of query the routes send.
  const collections = new Set(reads.map((q) => q.collection));
  for (const c of ['users', 'sessions', 'trainers', 'trainerreviews', 'challenges', 'challengeparticipants', 'communityreviews', 'messages', 'workouts', 'bookings', 'availabilities', 'slotclaims', 'requestseats', 'calendarfeeds']) {
    expect([...collections].some((x) => x.startsWith(c.slice(0, -1)))).toBe(true);
  }
  const kinds = new Set(reads.map((q) => (q.name === 'aggregate' && q.command.pipeline?.[0]?.$geoNear ? 'aggregate $geoNear' : q.name)));
  expect([...kinds].sort()).toEqual(expect.arrayContaining(['aggregate', 'aggregate $geoNear', 'count', 'find', 'findAndModify', 'update']));
  // The caller's rank (issue 35.4) was counted here, three ranges, each explained below like every other read.
  expect(reads.filter((q) => q.route.includes('/leaderboard?limit=10') && q.name === 'count' && q.collection === 'challengeparticipants')).toHaveLength(3);

  const scans: string[] = [];
  const sortedInMemory: string[] = [];
  for (const q of reads) {
    if (WHOLE_BY_DESIGN[q.collection]) continue;
    for (const cmd of explainable(q.command)) {
      const { stages, indexes } = await planOf(cmd);
      // The driver sends sorts as Maps: print them as objects.
      const shown = JSON.stringify(cmd, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v)).slice(0, 400);
      const what = `${q.route}: ${shown} -> ${stages.join(' < ') || '(no plan)'}`;
      // SHOW_PLANS=1 npx jest api/test/query-plans.test.ts prints every command with its plan and indexes.
      if (process.env.SHOW_PLANS) console.log(`${what} [${indexes.join(', ')}]`);
      if ((stages.includes('COLLSCAN') || !stages.some((s) => INDEX_STAGES.has(s))) && !knownScan(q)) scans.push(what);
      if (stages.includes('SORT')) sortedInMemory.push(what);
    }
  }
  expect(scans).toEqual([]);
  expect(sortedInMemory).toEqual([]);
});
