/**
 * Issue 35.4: GET /api/challenges/{id}/leaderboard answers the top rows and the signed-in caller's own row with
 * their rank, counted over the board's index (service.ts leaderboardRank) rather than read from the board.
 * Over real HTTP, with 60 participants whose progress ties (same total at different moments, same total at the
 * same moment, and zero): every participant's `me.rank` is their position in the full order, computed here
 * from the stored participations and also as GET .../participants lists it. A visitor and a signed-in
 * non-participant get `me: null`; nothing lets one person ask for another's row; bad parameters are 400s.
 */
import { ChallengeLeaderboard, LEADERBOARD_MAX_ROWS, LeaderboardEntry } from '@fitconnect/contracts';
import { z } from 'zod';
import { startTestApi, newSignedInUser, type Agent, type TestApi } from './helpers';
import { ChallengeParticipant } from '../src/challenges/model';

jest.setTimeout(180_000);

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const start = new Date('2031-06-01T09:00:00Z');
// The server's clock, moved by the test: who reached a total when (the board's tie-break) is read from it.
let now = start;
const clock = { now: () => now };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  await api?.stop();
});

interface Person {
  agent: Agent;
  id: number;
}

async function createChallenge(owner: Agent): Promise<number> {
  const res = await owner.post('/api/challenges', {
    title: 'Rank Me Fairly',
    description: 'Sixty people, many of them level with each other.',
    type: 'custom',
    target: 1000,
    unit: 'points',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 30 * DAY).toISOString(),
    difficulty: 'medium',
    category: 'general',
    maxParticipants: '',
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body.id;
}

async function log(p: Person, challengeId: number, progress: number, at: Date) {
  now = at;
  const res = await p.agent.post(`/api/challenges/${challengeId}/progress`, { progress });
  if (res.status !== 201) throw new Error(`log: ${res.status} ${res.text}`);
}

/** The board's order, computed here from the stored participations: most progress, reached first, lower id. */
async function expectedOrder(challengeId: number): Promise<number[]> {
  const parts = await ChallengeParticipant.find({ challengeId }).select({ userId: 1, currentProgress: 1, reachedAt: 1, id: 1 }).lean();
  parts.sort((a, b) => b.currentProgress - a.currentProgress || +a.reachedAt - +b.reachedAt || a.id - b.id);
  return parts.map((p) => p.userId);
}

const board = (agent: Agent, challengeId: number, query = '') => agent.get(`/api/challenges/${challengeId}/leaderboard${query}`);

describe('GET /api/challenges/{id}/leaderboard', () => {
  let challengeId: number;
  let people: Person[] = [];
  let order: number[] = [];
  let outsider: Person;

  beforeAll(async () => {
    now = start;
    const owner = await newSignedInUser(api);
    challengeId = await createChallenge(owner.agent);
    people = [];
    for (let i = 0; i < 60; i++) {
      // Joined one by one at two different moments: the zero-progress people tie on reachedAt (their join) too.
      now = new Date(start.getTime() + (i < 30 ? 0 : MINUTE));
      const p = await newSignedInUser(api, { firstName: `Runner${i}`, lastName: `No${i}`, location: 'LS6 2AB' });
      const joined = await p.agent.post(`/api/challenges/${challengeId}/join`);
      expect(joined.status).toBe(201);
      people.push(p);
    }
    // Totals from a few values, so many people tie: ten at 0 (never logged), the rest at 100, 250, 600 or 1000
    // (two logs), reached at one of three moments, in an order unrelated to when they joined.
    const totals = [100, 250, 600, 1000];
    for (let i = 10; i < 60; i++) {
      const p = people[(i * 37) % 60];
      const total = totals[i % totals.length];
      const at = new Date(start.getTime() + DAY + (i % 3) * MINUTE);
      if (total === 1000) {
        await log(p, challengeId, 400, new Date(at.getTime() - MINUTE));
        await log(p, challengeId, 600, at);
      } else {
        await log(p, challengeId, total, at);
      }
    }
    now = new Date(start.getTime() + 2 * DAY);
    outsider = await newSignedInUser(api);
    order = await expectedOrder(challengeId);
    expect(order).toHaveLength(60);
  });

  it('gives every participant their own row with the rank of their place in the full order, ties and zeros included', async () => {
    // The ties this test is about are there: equal totals reached at the same moment, and ten people at zero.
    const parts = await ChallengeParticipant.find({ challengeId }).lean();
    const key = (p: (typeof parts)[number]) => `${p.currentProgress}@${+p.reachedAt}`;
    const groups = new Map<string, number>();
    for (const p of parts) groups.set(key(p), (groups.get(key(p)) ?? 0) + 1);
    expect(Math.max(...groups.values())).toBeGreaterThanOrEqual(3);
    expect(parts.filter((p) => p.currentProgress === 0)).toHaveLength(10);

    // The whole board as SPEC §7's client reads it agrees with the order computed here.
    const full = z.array(LeaderboardEntry).parse((await api.agent().get(`/api/challenges/${challengeId}/participants`)).body);
    expect(full.map((e) => e.user.id)).toEqual(order);
    expect(full.map((e) => e.rank)).toEqual(order.map((_, i) => i + 1));

    for (const p of people) {
      const res = await board(p.agent, challengeId);
      expect(res.status).toBe(200);
      const body = ChallengeLeaderboard.parse(res.body);
      const rank = order.indexOf(p.id) + 1;
      expect(body.me).toEqual(full[rank - 1]);
      expect(body.me?.rank).toBe(rank);
      expect(body.me?.user.id).toBe(p.id);
      // The top ten are the full board's first ten, the same rows the same way.
      expect(body.entries).toEqual(full.slice(0, 10));
      expect(body.participantCount).toBe(60);
    }
  });

  it('a rank moves when progress does, and stays equal to the place in the list', async () => {
    const last = people.find((p) => p.id === order[order.length - 1])!;
    const before = ChallengeLeaderboard.parse((await board(last.agent, challengeId)).body);
    expect(before.me?.rank).toBe(60);
    expect(before.me?.currentProgress).toBe(0);
    // 1000 now: level with the others at 1000, but reached later than all of them.
    await log(last, challengeId, 1000, new Date(start.getTime() + 3 * DAY));
    order = await expectedOrder(challengeId);
    const after = ChallengeLeaderboard.parse((await board(last.agent, challengeId)).body);
    const full = z.array(LeaderboardEntry).parse((await api.agent().get(`/api/challenges/${challengeId}/participants`)).body);
    expect(after.me?.rank).toBe(order.indexOf(last.id) + 1);
    expect(full[after.me!.rank - 1].user.id).toBe(last.id);
    expect(after.me!.rank).toBeLessThan(60);
    expect(after.completedCount).toBe(full.filter((e) => e.completed).length);
  });

  it('signed out: the top rows and me: null; a signed-in non-participant: me: null', async () => {
    const visitor = await board(api.agent(), challengeId);
    expect(visitor.status).toBe(200);
    const v = ChallengeLeaderboard.parse(visitor.body);
    expect(v.me).toBeNull();
    expect(v.entries.map((e) => e.user.id)).toEqual(order.slice(0, 10));
    expect(v.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const o = ChallengeLeaderboard.parse((await board(outsider.agent, challengeId)).body);
    expect(o.me).toBeNull();
    expect(o.entries).toEqual(v.entries);
  });

  it('answers only the caller their own row: a user id in the query is ignored; no email, no full postcode', async () => {
    const someone = people[7];
    const other = people[42];
    for (const q of [`?userId=${other.id}`, `?user=${other.id}`, `?me=${other.id}&limit=10`]) {
      const asVisitor = ChallengeLeaderboard.parse((await board(api.agent(), challengeId, q)).body);
      expect(asVisitor.me).toBeNull();
      const asSomeone = ChallengeLeaderboard.parse((await board(someone.agent, challengeId, q)).body);
      expect(asSomeone.me?.user.id).toBe(someone.id);
    }
    const res = await board(someone.agent, challengeId, `?limit=${LEADERBOARD_MAX_ROWS}`);
    expect(res.text).not.toMatch(/@|email|password|username/i);
    // The row, not the participation: no progress history, no internal fields.
    expect(Object.keys(res.body.me).sort()).toEqual(['completed', 'completedAt', 'currentProgress', 'id', 'joinedAt', 'rank', 'user']);
    expect(Object.keys(res.body.me.user).sort()).toEqual(['firstName', 'id', 'lastName', 'location']);
    // Locations are the public part only (the postcode district), never the full postcode they signed up with.
    expect(res.text).not.toContain('LS6 2AB');
    expect(res.body.me.user.location).toBe('LS6');
  });

  it('?limit= takes that many rows (1 to 500); the SPEC route keeps its array of up to 500, and takes ?limit= too', async () => {
    const one = ChallengeLeaderboard.parse((await board(api.agent(), challengeId, '?limit=1')).body);
    expect(one.entries.map((e) => e.user.id)).toEqual(order.slice(0, 1));
    const all = ChallengeLeaderboard.parse((await board(api.agent(), challengeId, '?limit=500')).body);
    expect(all.entries.map((e) => e.user.id)).toEqual(order);

    const spec = await api.agent().get(`/api/challenges/${challengeId}/participants`);
    expect(Array.isArray(spec.body)).toBe(true);
    expect(spec.body).toHaveLength(60);
    const five = await api.agent().get(`/api/challenges/${challengeId}/participants?limit=5`);
    expect(five.body.map((e: LeaderboardEntry) => e.user.id)).toEqual(order.slice(0, 5));
  });

  it('refuses bad parameters with a 400 JSON message (both routes), an unknown challenge with a 404', async () => {
    const member = people[0].agent;
    for (const q of ['?limit=0', '?limit=-1', '?limit=501', '?limit=abc', '?limit=1.5', '?limit=', '?limit=1&limit=2', '?limit=1e9', '?limit=%20']) {
      for (const path of [`/api/challenges/${challengeId}/leaderboard${q}`, `/api/challenges/${challengeId}/participants${q}`]) {
        const res = await member.get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(typeof res.body.message).toBe('string');
        expect(res.body.message).not.toMatch(/at .*\.ts|stack/i);
      }
    }
    expect((await member.get(`/api/challenges/${challengeId}/leaderboard?limit=7`)).status).toBe(200);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await member.get(`/api/challenges/${id}/leaderboard`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const missing = await member.get('/api/challenges/987654/leaderboard');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Challenge not found' });
  });

  it('a challenge nobody joined: no rows, me: null, counts 0', async () => {
    now = start;
    const owner = await newSignedInUser(api);
    const empty = await createChallenge(owner.agent);
    const res = ChallengeLeaderboard.parse((await board(owner.agent, empty)).body);
    expect(res).toEqual({ entries: [], me: null, participantCount: 0, completedCount: 0 });
  });
});
