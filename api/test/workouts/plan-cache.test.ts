/**
 * GET /api/workouts/:id reads through a short-lived plan cache (src/workouts/planCache.ts). It must stay
 * correct: a deleted or trimmed plan is gone at once on the instance that deleted it and within the TTL
 * (1 s) on another instance sharing the database; the owner's view is never handed to anyone else.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { WORKOUT_FORM_DEFAULTS, type WorkoutRequest } from '@fitconnect/contracts';
import { createApp } from '../../src/app';
import { memoryLogger } from '../../src/log';
import { DEFAULT_PLAN_CACHE_TTL_MS } from '../../src/workouts/planCache';
import { createAgent, sameCookie, signUpAndLogin, startTestApi, type Agent, type TestApi } from '../helpers';

jest.setTimeout(90_000);

const TTL = DEFAULT_PLAN_CACHE_TTL_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const request: WorkoutRequest = { ...WORKOUT_FORM_DEFAULTS, duration: 30 };
// In the future, as in routes.test.ts: the database's TTL sweep runs on real time.
let now = new Date('2097-01-05T10:00:00Z');
const clock = { now: () => now };

let api: TestApi;
const servers: http.Server[] = [];

/** Another app instance (its own caches) on the same database. */
async function anotherInstance(deps: { planCacheTtlMs?: number; authCacheTtlMs?: number } = {}): Promise<string> {
  const server = http.createServer(createApp({ config: api.config, logger: memoryLogger(), clock, ...deps }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await api?.stop();
});

async function ownerWithWorkout(): Promise<{ owner: Agent; id: number }> {
  now = new Date(now.getTime() + 86_400_000);
  const owner = api.agent();
  await signUpAndLogin(owner);
  const made = await owner.post('/api/generate-workout', request);
  expect(made.status).toBe(201);
  return { owner, id: made.body.id };
}

it('a deleted plan is 404 at once for everyone on the same instance, and within 1 s on another', async () => {
  const { owner, id } = await ownerWithWorkout();
  const stranger = api.agent();
  const elsewhereUrl = await anotherInstance();
  const elsewhere = createAgent(() => elsewhereUrl);
  // Cached everywhere now.
  expect((await owner.get(`/api/workouts/${id}`)).status).toBe(200);
  expect((await stranger.get(`/api/workouts/${id}`)).status).toBe(200);
  expect((await elsewhere.get(`/api/workouts/${id}`)).status).toBe(200);

  expect((await owner.delete(`/api/workouts/${id}`)).status).toBe(200);
  const deletedAt = Date.now();
  expect((await owner.get(`/api/workouts/${id}`)).status).toBe(404);
  expect((await stranger.get(`/api/workouts/${id}`)).status).toBe(404);

  await sleep(Math.max(0, deletedAt + TTL - Date.now()));
  expect((await elsewhere.get(`/api/workouts/${id}`)).status).toBe(404);
});

it('a plan dropped from the saved list by a sixth generation is 404 at once', async () => {
  const owner = api.agent();
  await signUpAndLogin(owner);
  const ids: number[] = [];
  for (let d = 0; d < 6; d++) {
    now = new Date(now.getTime() + 86_400_000);
    const made = await owner.post('/api/generate-workout', request);
    expect(made.status).toBe(201);
    ids.push(made.body.id);
    // Every plan is read (and cached) as it is made, the oldest included.
    expect((await owner.get(`/api/workouts/${ids[0]}`)).status).toBe(d < 5 ? 200 : 404);
  }
});

it("keeps the owner's view and everyone else's apart: others never get the description or tips", async () => {
  const { owner, id } = await ownerWithWorkout();
  const mine = await owner.get(`/api/workouts/${id}`);
  expect(mine.body.description).toEqual(expect.any(String));
  expect(mine.body.tips).toEqual(expect.any(Array));
  for (const reader of [api.agent(), await (async () => {
    const other = api.agent();
    await signUpAndLogin(other);
    return other;
  })()]) {
    const theirs = await reader.get(`/api/workouts/${id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toHaveProperty('description');
    expect(theirs.body).not.toHaveProperty('tips');
    expect(theirs.body.exercises).toEqual(mine.body.exercises);
  }
  // And the owner's view again, after others read it from the cache: the same JSON, sent as JSON.
  const again = await owner.get(`/api/workouts/${id}`);
  expect(again.body).toEqual(mine.body);
  expect(again.text).toBe(mine.text);
  expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(again.headers.get('cache-control')).toBe('no-store');
});

it('a plan not found is not cached: an id is 404 until the plan exists', async () => {
  const { owner, id } = await ownerWithWorkout();
  const next = id + 1;
  expect((await owner.get(`/api/workouts/${next}`)).status).toBe(404);
  now = new Date(now.getTime() + 86_400_000);
  const made = await owner.post('/api/generate-workout', request);
  expect(made.body.id).toBe(next);
  expect((await owner.get(`/api/workouts/${next}`)).status).toBe(200);
});

describe('database round trips of a signed-in GET /api/workouts/:id', () => {
  /** Database operations made while `fn` runs, by collection. */
  async function roundTrips(fn: () => Promise<unknown>): Promise<string[]> {
    const ops: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => void ops.push(`${collection}.${method}`));
    try {
      await fn();
    } finally {
      mongoose.set('debug', false);
    }
    return ops;
  }

  it('none while the session, user and plan are fresh; one per cache turned off', async () => {
    const { owner, id } = await ownerWithWorkout();
    // Long TTLs, so a loaded machine cannot expire an entry mid-test.
    const count = async (ttl: { authCacheTtlMs: number; planCacheTtlMs: number }) => {
      const url = await anotherInstance(ttl);
      const b = sameCookie(owner, () => url);
      expect((await b.get(`/api/workouts/${id}`)).body.id).toBe(id); // fills the caches that are on
      return roundTrips(async () => {
        const r = await b.get(`/api/workouts/${id}`);
        expect(r.status).toBe(200);
        expect(r.body.description).toBeDefined(); // the owner's view: the session user was recognised
      });
    };
    expect(await count({ authCacheTtlMs: 60_000, planCacheTtlMs: 60_000 })).toEqual([]);
    expect(await count({ authCacheTtlMs: 60_000, planCacheTtlMs: 0 })).toEqual(['workouts.findOne']);
    expect(await count({ authCacheTtlMs: 0, planCacheTtlMs: 0 })).toEqual(['sessions.findOne', 'users.findOne', 'workouts.findOne']);
  });
});
