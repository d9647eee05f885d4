/**
 * Issue 9, "indexes for every query a route makes": every database query the API's routes make, on the
 * seeded demo data, is answered from an index, never by scanning a whole collection, and every list comes
 * in the order of an index, never sorted in memory. The test drives the routes a visitor, a member and a
 * trainer use, records each query mongoose sends (its debug hook), and asks the database to explain it.
 * (Nearest-first trainer search is a $geoNear aggregation on the 2dsphere index: test/trainers.)
 */
import mongoose from 'mongoose';
import { WORKOUT_FORM_DEFAULTS } from '@fitconnect/contracts';
import { startTestApi, type TestApi, type Agent } from './helpers';
import { runSeed, DEMO_PASSWORD } from '../src/seed';

jest.setTimeout(180_000);

interface Recorded {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  options: Record<string, unknown>;
  route: string;
}

let api: TestApi;
const recorded: Recorded[] = [];
let route = '';
// The fake clock of routes.test.ts is not needed: one workout is generated, today.

beforeAll(async () => {
  api = await startTestApi();
  await runSeed();
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    // distinct(field, filter); every other method starts with its filter.
    const [filter, second, third] = (method === 'distinct' ? args.slice(1) : args) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    recorded.push({ collection, method, filter: filter ?? {}, options: { ...(second ?? {}), ...(third ?? {}) }, route });
  });
});
afterAll(async () => {
  mongoose.set('debug', false);
  await api?.stop();
});

async function call(agent: Agent, method: 'get' | 'post', path: string, body?: unknown) {
  route = `${method.toUpperCase()} ${path}`;
  const r = method === 'get' ? await agent.get(path) : await agent.post(path, body);
  route = '';
  if (r.status >= 500) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r;
}

async function signIn(username: string): Promise<Agent> {
  const agent = api.agent();
  expect((await call(agent, 'post', '/api/auth/login', { username, password: DEMO_PASSWORD })).status).toBe(200);
  return agent;
}

/** The stages of a query's winning plan, from the database's explain. */
async function planOf(q: Recorded): Promise<string[]> {
  const coll = mongoose.connection.db!.collection(q.collection);
  const { sort, projection, skip, limit } = q.options as { sort?: Record<string, 1 | -1>; projection?: Record<string, unknown>; skip?: number; limit?: number };
  let cursor = coll.find(q.filter, { projection });
  if (sort) cursor = cursor.sort(sort);
  if (skip) cursor = cursor.skip(skip);
  if (limit) cursor = cursor.limit(limit);
  const explained = (await cursor.explain()) as { queryPlanner: { winningPlan: unknown } };
  const stages: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { stage?: string; inputStage?: unknown; inputStages?: unknown[] };
    if (n.stage) stages.push(n.stage);
    walk(n.inputStage);
    for (const s of n.inputStages ?? []) walk(s);
  };
  walk(explained.queryPlanner.winningPlan);
  return stages;
}

/** Collections whose whole content is the answer, read without a filter on purpose. */
const WHOLE_BY_DESIGN: Record<string, string> = {
  rollouts: 'one row per area (five at most): GET /api/rollout/remotes answers with all of them',
};

it('reads through an index, in index order, on every route', async () => {
  const visitor = api.agent();
  const member = await signIn('demo');
  const trainer = await signIn('daniel.okafor');

  const trainers = (await call(visitor, 'get', '/api/trainers')).body as { id: number; userId: number }[];
  const someTrainer = trainers[0];
  for (const q of ['?sort=rating', '?sort=price', '?location=Leeds&sort=distance', '?location=LS6&maxPrice=80&minRating=4', '?specialty=yoga&online=true', '?inPerson=true&page=2&limit=3']) {
    await call(visitor, 'get', `/api/trainers${q}`);
  }
  await call(visitor, 'get', `/api/trainers/${someTrainer.id}`);
  await call(visitor, 'get', `/api/trainers/${someTrainer.id}/reviews`);
  await call(trainer, 'get', '/api/trainers/me');

  const challenges = (await call(visitor, 'get', '/api/challenges')).body as { id: number }[];
  await call(member, 'get', '/api/challenges');
  for (const c of challenges.slice(0, 3)) {
    await call(visitor, 'get', `/api/challenges/${c.id}`);
    await call(member, 'get', `/api/challenges/${c.id}/participants`);
  }
  await call(member, 'get', '/api/user/challenges');

  for (const q of ['', '?sort=helpful', '?category=trainer', '?limit=2']) await call(visitor, 'get', `/api/community-reviews${q}`);
  await call(member, 'get', '/api/community-reviews');

  await call(member, 'get', '/api/messages');
  await call(member, 'get', '/api/messages/unread');
  await call(member, 'get', `/api/messages/${someTrainer.userId}`);
  await call(member, 'post', '/api/messages', { receiverId: someTrainer.userId, content: 'Hello, are you free on Tuesday?' });
  await call(trainer, 'get', '/api/messages');

  const made = await call(member, 'post', '/api/generate-workout', { ...WORKOUT_FORM_DEFAULTS, duration: 30 });
  await call(member, 'get', '/api/ai-workouts/today');
  await call(member, 'get', '/api/ai-workouts/saved');
  await call(visitor, 'get', `/api/workouts/${made.body.id}`);

  await call(member, 'get', '/api/auth/user');
  await call(visitor, 'get', '/api/rollout/remotes');

  const reads = recorded.filter((q) => /^(find|findOne|countDocuments|updateOne|updateMany|deleteOne|deleteMany|findOneAndUpdate|findOneAndDelete|distinct)$/.test(q.method));
  const collections = new Set(reads.map((q) => q.collection));
  // The routes above reach every collection a page reads.
  for (const c of ['users', 'sessions', 'trainers', 'trainerreviews', 'challenges', 'challengeparticipants', 'communityreviews', 'messages', 'workouts']) {
    expect([...collections].some((x) => x.startsWith(c.slice(0, -1)))).toBe(true);
  }
  const scans: string[] = [];
  const sortedInMemory: string[] = [];
  for (const q of reads) {
    if (WHOLE_BY_DESIGN[q.collection]) continue;
    const stages = await planOf(q);
    // SHOW_PLANS=1 npx jest api/test/query-plans.test.ts prints every query with its plan.
    if (process.env.SHOW_PLANS) console.log(`${q.route}: ${q.collection}.${q.method} ${JSON.stringify(q.filter).slice(0, 80)} sort ${JSON.stringify(q.options.sort ?? {})} -> ${stages.join(' < ')}`);
    const what = `${q.route}: ${q.collection}.${q.method} ${JSON.stringify(q.filter)} ${JSON.stringify(q.options.sort ?? {})}`;
    if (stages.includes('COLLSCAN')) scans.push(what);
    if (stages.includes('SORT')) sortedInMemory.push(what);
  }
  expect(scans).toEqual([]);
  expect(sortedInMemory).toEqual([]);
});
