/**
 * Issue 35.4: the challenge page's participant and completed counts come from counters kept on the challenge
 * (participantCount, completedCount), moved by the same conditional updates that change participation, not
 * from a count of every participation. Over real HTTP: simultaneous joins up to maxParticipants and
 * simultaneous progress logs that complete keep both counters equal to a recount; a challenge stored without
 * counters (the demo seed, an older database) gets correct ones, even while joins and completions race the fix-up.
 */
import { ChallengeDetail, ChallengeSummary, UserChallenge } from '@fitconnect/contracts';
import { z } from 'zod';
import { startTestApi, type Agent, type TestApi, newSignedInUser } from './helpers';
import { Challenge, ChallengeParticipant } from '../src/challenges/model';
import { DEMO_PASSWORD, removeDemoData, runSeed } from '../src/seed';

jest.setTimeout(120_000);

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2031-05-10T12:00:00Z');
let api: TestApi;
/** The seeded challenges as the seed stored them, before any request read them. */
let seededAsStored: { id: number; completedCount?: number }[] = [];

beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => now } });
  // The demo seed writes its challenges and participations directly, without completedCount (an empty database only: first).
  const seeded = await runSeed();
  expect(seeded.seeded).toBe(true);
  seededAsStored = await Challenge.find({ featured: true }).lean();
});
afterAll(async () => {
  await api?.stop();
});

const newUser = (partial?: Parameters<typeof newSignedInUser>[1]) => newSignedInUser(api, partial);

async function create(agent: Agent, over: Record<string, unknown> = {}): Promise<ChallengeSummary> {
  const res = await agent.post('/api/challenges', {
    title: 'Counting Steps Together',
    description: 'Walk more every day this week, together.',
    type: 'steps',
    target: 1000,
    unit: 'steps',
    startDate: now.toISOString(),
    endDate: new Date(now.getTime() + 7 * DAY).toISOString(),
    difficulty: 'medium',
    category: 'general',
    maxParticipants: '',
    ...over,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

/** What the participations say, counted one by one. */
async function recount(challengeId: number) {
  return {
    participants: await ChallengeParticipant.countDocuments({ challengeId }),
    completed: await ChallengeParticipant.countDocuments({ challengeId, completed: true }),
  };
}

/** The counters on the challenge document. */
async function stored(challengeId: number) {
  const c = await Challenge.findOne({ id: challengeId }).lean();
  return { participants: c?.participantCount, completed: c?.completedCount };
}

/** What the challenge page answers. */
async function page(challengeId: number) {
  const detail = ChallengeDetail.parse((await api.agent().get(`/api/challenges/${challengeId}`)).body);
  return { participants: detail.participantCount, completed: detail.completedCount };
}

describe('counters under concurrency', () => {
  it('twelve simultaneous joins into eight seats, then three simultaneous completing logs each: counters equal a recount', async () => {
    const owner = await newUser();
    const c = await create(owner.agent, { maxParticipants: 8 });
    expect(await stored(c.id)).toEqual({ participants: 0, completed: 0 });

    const people = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    const joins = await Promise.all(people.map((p) => p.agent.post(`/api/challenges/${c.id}/join`)));
    expect(joins.filter((r) => r.status === 201)).toHaveLength(8);
    expect(joins.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await recount(c.id)).toEqual({ participants: 8, completed: 0 });
    expect(await stored(c.id)).toEqual(await recount(c.id));
    expect(await page(c.id)).toEqual(await recount(c.id));

    // Every participant sends three logs of 600 at once (target 1000): two of the three cross the target, one completes.
    const members = people.filter((_, i) => joins[i].status === 201);
    const logs = await Promise.all(members.flatMap((m) => Array.from({ length: 3 }, () => m.agent.post(`/api/challenges/${c.id}/progress`, { progress: 600 }))));
    expect(logs.every((r) => r.status === 201)).toBe(true);
    expect(logs.filter((r) => r.body.justCompleted === true)).toHaveLength(8);
    expect(await recount(c.id)).toEqual({ participants: 8, completed: 8 });
    expect(await stored(c.id)).toEqual(await recount(c.id));
    expect(await page(c.id)).toEqual(await recount(c.id));

    // A further log by someone already done changes no count.
    await members[0].agent.post(`/api/challenges/${c.id}/progress`, { progress: 10 });
    expect(await stored(c.id)).toEqual({ participants: 8, completed: 8 });

    // The list, the join answer and /api/user/challenges show the same counts.
    const listed = z.array(ChallengeSummary).parse((await api.agent().get('/api/challenges')).body).find((x) => x.id === c.id);
    expect(listed).toMatchObject({ participantCount: 8, completedCount: 8 });
    const again = await members[1].agent.post(`/api/challenges/${c.id}/join`);
    expect(again.status).toBe(200);
    expect(again.body.challenge).toMatchObject({ participantCount: 8, completedCount: 8 });
    const mine = z.array(UserChallenge).parse((await members[1].agent.get('/api/user/challenges')).body);
    expect(mine.find((r) => r.challenge.id === c.id)?.challenge).toMatchObject({ participantCount: 8, completedCount: 8 });
  });

  it('an unlimited challenge: simultaneous joins and simultaneous completions, some completing and some not', async () => {
    const owner = await newUser();
    const c = await create(owner.agent);
    const people = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    const joins = await Promise.all(people.flatMap((p) => [p.agent.post(`/api/challenges/${c.id}/join`), p.agent.post(`/api/challenges/${c.id}/join`)]));
    expect(joins.filter((r) => r.status === 201)).toHaveLength(10);
    expect(await stored(c.id)).toEqual({ participants: 10, completed: 0 });
    // Six complete (two logs of 500 at once), four do not (one log of 400).
    await Promise.all(
      people.flatMap((p, i) =>
        i < 6 ? [p.agent.post(`/api/challenges/${c.id}/progress`, { progress: 500 }), p.agent.post(`/api/challenges/${c.id}/progress`, { progress: 500 })] : [p.agent.post(`/api/challenges/${c.id}/progress`, { progress: 400 })],
      ),
    );
    expect(await recount(c.id)).toEqual({ participants: 10, completed: 6 });
    expect(await stored(c.id)).toEqual(await recount(c.id));
    expect(await page(c.id)).toEqual(await recount(c.id));
  });
});

describe('challenges stored without counters', () => {
  it('the demo seed: every seeded challenge gets counters equal to a recount, and the page shows them', async () => {
    const seeded = seededAsStored;
    expect(seeded.length).toBeGreaterThan(0);
    // The seed wrote no completedCount (it inserts participations directly).
    expect(seeded.every((c) => c.completedCount === undefined)).toBe(true);
    expect((await Promise.all(seeded.map((c) => recount(c.id)))).some((r) => r.completed > 0)).toBe(true);

    const listed = z.array(ChallengeSummary).parse((await api.agent().get('/api/challenges')).body);
    for (const c of seeded) {
      const expected = await recount(c.id);
      expect(await stored(c.id)).toEqual(expected);
      expect(listed.find((x) => x.id === c.id)).toMatchObject({ participantCount: expected.participants, completedCount: expected.completed });
      expect(await page(c.id)).toEqual(expected);
    }
  });

  it('an older database: counters removed are counted again on the first read', async () => {
    const owner = await newUser();
    const c = await create(owner.agent);
    const people = await Promise.all(Array.from({ length: 4 }, () => newUser()));
    for (const p of people) expect((await p.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
    for (const p of people.slice(0, 3)) expect((await p.agent.post(`/api/challenges/${c.id}/progress`, { progress: 1000 })).body.justCompleted).toBe(true);
    await Challenge.collection.updateOne({ id: c.id }, { $unset: { participantCount: '', completedCount: '' } });
    expect(await stored(c.id)).toEqual({ participants: undefined, completed: undefined });

    expect(await page(c.id)).toEqual({ participants: 4, completed: 3 });
    expect(await stored(c.id)).toEqual({ participants: 4, completed: 3 });
  });

  it('the fix-up racing joins, completions and reads stays exact', async () => {
    const owner = await newUser();
    const c = await create(owner.agent, { maxParticipants: 9 });
    const early = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    for (const p of early) expect((await p.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
    await early[0].agent.post(`/api/challenges/${c.id}/progress`, { progress: 1000 });
    const late = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    await Challenge.collection.updateOne({ id: c.id }, { $unset: { participantCount: '', completedCount: '' } });

    // At once: six joins for four seats left, the early ones completing (twice each), and readers of the page.
    const results = await Promise.all([
      ...late.map((p) => p.agent.post(`/api/challenges/${c.id}/join`)),
      ...early.slice(1).flatMap((p) => [p.agent.post(`/api/challenges/${c.id}/progress`, { progress: 1000 }), p.agent.post(`/api/challenges/${c.id}/progress`, { progress: 1000 })]),
      ...Array.from({ length: 4 }, () => api.agent().get(`/api/challenges/${c.id}`)),
    ]);
    const joins = results.slice(0, late.length);
    expect(joins.filter((r) => r.status === 201)).toHaveLength(4);
    expect(joins.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await recount(c.id)).toEqual({ participants: 9, completed: 5 });
    expect(await stored(c.id)).toEqual(await recount(c.id));
    expect(await page(c.id)).toEqual(await recount(c.id));
  });
});

describe('npm run demo -- remove', () => {
  it("gives back the demo participants' seats and completions (runs last: it deletes the demo accounts)", async () => {
    const owner = await newUser();
    const c = await create(owner.agent);
    const demo = api.agent();
    expect((await demo.post('/api/auth/login', { username: 'demo', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await demo.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
    expect((await demo.post(`/api/challenges/${c.id}/progress`, { progress: 1000 })).body.justCompleted).toBe(true);
    const real = await newUser();
    expect((await real.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
    expect(await stored(c.id)).toEqual({ participants: 2, completed: 1 });

    await removeDemoData();
    expect(await recount(c.id)).toEqual({ participants: 1, completed: 0 });
    expect(await stored(c.id)).toEqual(await recount(c.id));
    expect(await page(c.id)).toEqual(await recount(c.id));
  });
});
