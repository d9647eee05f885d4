/**
 * The challenges API over real HTTP: create, list, detail, join (also twenty at once into five seats),
 * progress (cumulative, kept entries, completion, every refusal), the leaderboard order and
 * /api/user/challenges. Every refusal is checked to have changed nothing.
 */
import {
  CHALLENGE_ENDED_MESSAGE,
  CHALLENGE_FULL_MESSAGE,
  CHALLENGE_NOT_STARTED_MESSAGE,
  ChallengeDetail,
  ChallengeSummary,
  INVALID_PROGRESS_MESSAGE,
  LeaderboardEntry,
  NOT_A_PARTICIPANT_MESSAGE,
  UserChallenge,
  progressCapMessage,
} from '@fitconnect/contracts';
import { z } from 'zod';
import { startTestApi, type Agent, type TestApi, newSignedInUser } from './helpers';
import { Challenge, ChallengeParticipant } from '../src/challenges/model';

jest.setTimeout(90_000);

const DAY = 24 * 60 * 60 * 1000;
// The server's clock, moved by the tests (timing is computed from it, never from the request).
let now = new Date('2031-05-10T12:00:00Z');
const clock = { now: () => now };
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  await api?.stop();
});
beforeEach(() => {
  now = new Date('2031-05-10T12:00:00Z');
});

const newUser = (partial?: Parameters<typeof newSignedInUser>[1]) => newSignedInUser(api, partial);

const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

function challengeBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Spring Step Up',
    description: 'Walk more every day this week, together.',
    type: 'steps',
    target: 10000,
    unit: 'steps',
    startDate: at(0),
    endDate: at(7),
    difficulty: 'medium',
    category: 'general',
    maxParticipants: '',
    ...over,
  };
}

async function create(agent: Agent, over: Record<string, unknown> = {}): Promise<ChallengeSummary> {
  const res = await agent.post('/api/challenges', challengeBody(over));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Everything a refused request must leave as it was. */
async function snapshot(challengeId: number) {
  const challenge = await Challenge.findOne({ id: challengeId }).lean();
  const parts = await ChallengeParticipant.find({ challengeId }).sort({ id: 1 }).lean();
  return {
    participantCount: challenge?.participantCount,
    participants: parts.map((p) => ({ userId: p.userId, currentProgress: p.currentProgress, completed: p.completed, entries: p.entries.length })),
  };
}

function expectNoInternals(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"_id"|"__v"|"email"|passwordHash/);
}

describe('POST /api/challenges', () => {
  it('needs a signed-in user and creates nothing otherwise', async () => {
    const before = await Challenge.countDocuments({});
    const res = await api.agent().post('/api/challenges', challengeBody());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
    expect(await Challenge.countDocuments({})).toBe(before);
  });

  it('creates a challenge with the creator recorded, timing from the server clock, and a clean shape', async () => {
    const { agent, id } = await newUser();
    const res = await agent.post('/api/challenges', challengeBody({ title: '  Walk It Out  ', maxParticipants: 12 }));
    expect(res.status).toBe(201);
    const c = ChallengeSummary.parse(res.body);
    expect(c).toMatchObject({
      title: 'Walk It Out',
      type: 'steps',
      target: 10000,
      unit: 'steps',
      difficulty: 'medium',
      category: 'general',
      maxParticipants: 12,
      createdBy: id,
      status: 'active',
      participantCount: 0,
      completedCount: 0,
    });
    expectNoInternals(res.body);
    const upcoming = await create(agent, { startDate: at(2), endDate: at(9) });
    expect(upcoming.status).toBe('upcoming');
    expect(upcoming.maxParticipants).toBeNull();
  });

  it.each([
    [{ title: 'ab' }, 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(101) }, 'Title too long'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ description: 'x'.repeat(501) }, 'Description too long'],
    [{ type: 'swimming' }, 'Please choose a challenge type'],
    [{ target: 0 }, 'Target must be at least 1'],
    [{ target: 'lots' }, 'Target must be at least 1'],
    [{ unit: '  ' }, 'Unit is required'],
    [{ startDate: 'not a date' }, 'Please enter a valid date'],
    [{ endDate: at(-1) }, 'End date must be after start date'],
    [{ difficulty: 'extreme' }, 'Please choose a difficulty'],
    [{ category: 'chess' }, 'Please choose a category'],
    [{ maxParticipants: 0 }, 'Must be at least 1'],
    [{ startDate: at(-3), endDate: at(-1) }, 'End date must be in the future'],
    [{ startDate: at(-2), endDate: at(5) }, 'Start date cannot be in the past'],
  ])('refuses %j with 400 "%s" and creates nothing', async (patch, message) => {
    const { agent } = await newUser();
    const before = await Challenge.countDocuments({});
    const res = await agent.post('/api/challenges', challengeBody(patch));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await Challenge.countDocuments({})).toBe(before);
  });

  it('puts the date-order message on endDate', async () => {
    const { agent } = await newUser();
    const res = await agent.post('/api/challenges', challengeBody({ endDate: at(0) }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(expect.arrayContaining([{ path: ['endDate'], message: 'End date must be after start date' }]));
  });
});

describe('GET /api/challenges and /api/challenges/:id', () => {
  it('lists active, then upcoming, then ended, with counts; signed in it says which ones you joined', async () => {
    const { agent } = await newUser();
    const ended = await create(agent, { title: 'Soon Over', startDate: at(0), endDate: at(1) });
    const active = await create(agent, { title: 'Going On', startDate: at(0), endDate: at(10) });
    const upcoming = await create(agent, { title: 'Later On', startDate: at(3), endDate: at(10) });
    await agent.post(`/api/challenges/${active.id}/join`);
    now = new Date(now.getTime() + 2 * DAY); // 'Soon Over' has ended by now

    const anon = await api.agent().get('/api/challenges');
    expect(anon.status).toBe(200);
    const list = z.array(ChallengeSummary).parse(anon.body);
    const mine = list.filter((c) => [ended.id, active.id, upcoming.id].includes(c.id));
    expect(mine.map((c) => [c.title, c.status])).toEqual([
      ['Going On', 'active'],
      ['Later On', 'upcoming'],
      ['Soon Over', 'ended'],
    ]);
    const statuses = list.map((c) => c.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => ['active', 'upcoming', 'ended'].indexOf(a) - ['active', 'upcoming', 'ended'].indexOf(b)));
    expect(mine[0].participantCount).toBe(1);
    expect(mine[0].joined).toBeUndefined();
    expectNoInternals(anon.body);

    const signedIn = z.array(ChallengeSummary).parse((await agent.get('/api/challenges')).body);
    expect(signedIn.find((c) => c.id === active.id)!.joined).toBe(true);
    expect(signedIn.find((c) => c.id === upcoming.id)!.joined).toBe(false);
  });

  it('answers 400 for a non-numeric id and 404 for an unknown one, on every id route', async () => {
    const { agent } = await newUser();
    for (const path of ['', '/participants']) {
      const bad = await agent.get(`/api/challenges/abc${path}`);
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe('string');
      const missing = await agent.get(`/api/challenges/999999${path}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Challenge not found' });
    }
    for (const path of ['/join', '/progress']) {
      expect((await agent.post(`/api/challenges/1.5${path}`, { progress: 1 })).status).toBe(400);
      expect((await agent.post(`/api/challenges/999999${path}`, { progress: 1 })).status).toBe(404);
    }
  });

  it('gives the detail with counts; myParticipation only for a participant', async () => {
    const { agent } = await newUser();
    const c = await create(agent, { maxParticipants: 3 });
    const anon = ChallengeDetail.parse((await api.agent().get(`/api/challenges/${c.id}`)).body);
    expect(anon).toMatchObject({ id: c.id, participantCount: 0, completedCount: 0, maxParticipants: 3, myParticipation: null });
    expect(anon.joined).toBeUndefined();
    const before = ChallengeDetail.parse((await agent.get(`/api/challenges/${c.id}`)).body);
    expect(before.joined).toBe(false);
    await agent.post(`/api/challenges/${c.id}/join`);
    const after = ChallengeDetail.parse((await agent.get(`/api/challenges/${c.id}`)).body);
    expect(after).toMatchObject({ joined: true, participantCount: 1, myParticipation: { currentProgress: 0, completed: false, entries: [] } });
  });
});

describe('POST /api/challenges/:id/join', () => {
  it('needs a signed-in user', async () => {
    const { agent } = await newUser();
    const c = await create(agent);
    const res = await api.agent().post(`/api/challenges/${c.id}/join`);
    expect(res.status).toBe(401);
    expect(await snapshot(c.id)).toEqual({ participantCount: 0, participants: [] });
  });

  it('joins an active or an upcoming challenge; joining twice is harmless and adds nothing', async () => {
    const { agent, id } = await newUser();
    const c = await create(agent);
    const first = await agent.post(`/api/challenges/${c.id}/join`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ alreadyJoined: false, challenge: { id: c.id, joined: true, participantCount: 1 } });
    const again = await agent.post(`/api/challenges/${c.id}/join`);
    expect(again.status).toBe(200);
    expect(again.body.alreadyJoined).toBe(true);
    expect(await snapshot(c.id)).toEqual({ participantCount: 1, participants: [{ userId: id, currentProgress: 0, completed: false, entries: 0 }] });

    const upcoming = await create(agent, { startDate: at(4), endDate: at(8) });
    expect((await agent.post(`/api/challenges/${upcoming.id}/join`)).status).toBe(201);
  });

  it('refuses an ended challenge with a clear message and changes nothing', async () => {
    const { agent } = await newUser();
    const c = await create(agent, { startDate: at(0), endDate: at(1), maxParticipants: 10 });
    await agent.post(`/api/challenges/${c.id}/join`);
    now = new Date(now.getTime() + 1 * DAY); // the end instant itself still counts (inclusive)
    const other = await newUser();
    expect((await other.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
    now = new Date(now.getTime() + 1000);
    const before = await snapshot(c.id);
    const late = await newUser();
    const res = await late.agent.post(`/api/challenges/${c.id}/join`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: CHALLENGE_ENDED_MESSAGE });
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('twenty simultaneous joins into five seats: exactly five join, fifteen are told it is full', async () => {
    const { agent } = await newUser();
    const c = await create(agent, { maxParticipants: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => newUser()));
    const results = await Promise.all(people.map((p) => p.agent.post(`/api/challenges/${c.id}/join`)));
    const joined = results.filter((r) => r.status === 201);
    const full = results.filter((r) => r.status === 409);
    expect(joined).toHaveLength(5);
    expect(full).toHaveLength(15);
    for (const r of full) expect(r.body).toEqual({ message: CHALLENGE_FULL_MESSAGE });

    const board = z.array(LeaderboardEntry).parse((await api.agent().get(`/api/challenges/${c.id}/participants`)).body);
    expect(board).toHaveLength(5);
    const detail = ChallengeDetail.parse((await api.agent().get(`/api/challenges/${c.id}`)).body);
    expect(detail.participantCount).toBe(5);
    expect((await snapshot(c.id)).participantCount).toBe(5);

    // Still full for a latecomer; nothing changes.
    const before = await snapshot(c.id);
    const late = await newUser();
    expect((await late.agent.post(`/api/challenges/${c.id}/join`)).body).toEqual({ message: CHALLENGE_FULL_MESSAGE });
    expect(await snapshot(c.id)).toEqual(before);
    // A participant joining again is still harmless.
    const member = people[results.findIndex((r) => r.status === 201)];
    expect((await member.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(200);
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('gives a challenge stored without the seat counter (an older database) its count before the first join', async () => {
    const { agent } = await newUser();
    const c = await create(agent, { maxParticipants: 2 });
    const first = await newUser();
    await first.agent.post(`/api/challenges/${c.id}/join`);
    await Challenge.collection.updateOne({ id: c.id }, { $unset: { participantCount: '' } });
    const results = await Promise.all([newUser(), newUser()].map(async (p) => (await p).agent.post(`/api/challenges/${c.id}/join`)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await snapshot(c.id)).toMatchObject({ participantCount: 2 });
    expect((await snapshot(c.id)).participants).toHaveLength(2);
  });

  it('one user joining ten times at once takes one seat and gives the others back', async () => {
    const { agent } = await newUser();
    const c = await create(agent, { maxParticipants: 2 });
    const me = await newUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => me.agent.post(`/api/challenges/${c.id}/join`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // The others answer 'already joined', or 'full' while a duplicate briefly held the second seat.
    expect(results.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    expect(await snapshot(c.id)).toMatchObject({ participantCount: 1, participants: [{ userId: me.id }] });
    // The second seat is still free.
    const other = await newUser();
    expect((await other.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
  });
});

describe('POST /api/challenges/:id/progress', () => {
  async function joinedChallenge(over: Record<string, unknown> = {}) {
    const owner = await newUser();
    const c = await create(owner.agent, over);
    const me = await newUser();
    expect((await me.agent.post(`/api/challenges/${c.id}/join`)).status).toBe(201);
    return { c, me };
  }

  it('adds up, keeps every entry (newest first, note trimmed, empty note dropped) and completes at the target', async () => {
    const { c, me } = await joinedChallenge({ target: 10000 });
    const first = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 4000, note: '  Morning walk  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ justCompleted: false, participation: { currentProgress: 4000, completed: false, completedAt: null } });
    now = new Date(now.getTime() + 60_000);
    const second = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: '2500.5', note: '   ' });
    expect(second.body.participation.currentProgress).toBe(6500.5);
    now = new Date(now.getTime() + 60_000);
    const third = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 3500 });
    expect(third.body).toMatchObject({ justCompleted: true, participation: { currentProgress: 10000.5, completed: true, completedAt: now.toISOString() } });
    const fourth = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 100 });
    expect(fourth.body).toMatchObject({ justCompleted: false, participation: { completed: true, completedAt: now.toISOString() } });

    const detail = ChallengeDetail.parse((await me.agent.get(`/api/challenges/${c.id}`)).body);
    expect(detail.completedCount).toBe(1);
    expect(detail.myParticipation!.entries.map((e) => [e.amount, e.note])).toEqual([
      [100, undefined],
      [3500, undefined],
      [2500.5, undefined],
      [4000, 'Morning walk'],
    ]);
    expect(detail.myParticipation!.entries[3]).not.toHaveProperty('note', '');
  });

  it('ten simultaneous logs all count, and completion is recorded once', async () => {
    const { c, me } = await joinedChallenge({ type: 'custom', unit: 'sessions', target: 5 });
    const results = await Promise.all(Array.from({ length: 10 }, () => me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 1 })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(results.filter((r) => r.body.justCompleted)).toHaveLength(1);
    const snap = await snapshot(c.id);
    expect(snap.participants[0]).toMatchObject({ currentProgress: 10, completed: true, entries: 10 });
  });

  const badAmounts: [string, unknown][] = [
    ['0', 0],
    ['negative', -5],
    ['not a number', 'abc'],
    ['missing', undefined],
    ['null', null],
    ['empty text', ''],
    ['infinite', 'Infinity'],
    ['absurd', 1e12],
  ];
  it.each(badAmounts)('refuses a %s amount (%j) with 400 and changes nothing', async (_label, progress) => {
    const { c, me } = await joinedChallenge();
    await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 10 });
    const before = await snapshot(c.id);
    const res = await me.agent.post(`/api/challenges/${c.id}/progress`, progress === undefined ? { note: 'x' } : { progress });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_PROGRESS_MESSAGE);
    expect(await snapshot(c.id)).toEqual(before);
  });

  it.each([
    ['steps above the daily ceiling', { type: 'steps', unit: 'steps', target: 1_000_000 }, 1_000_000, 'A single log can be at most 100,000 steps. Please check the amount.'],
    ['more than the whole target', { type: 'custom', unit: 'sessions', target: 7 }, 8, 'A single log can be at most 7 sessions. Please check the amount.'],
    ['calories above the daily ceiling', { type: 'calories', unit: 'calories', target: 50_000 }, 20_001, 'A single log can be at most 20,000 calories. Please check the amount.'],
  ])('refuses %s with a clear message and changes nothing', async (_label, over, progress, message) => {
    const cap = Number(/at most ([\d,]+)/.exec(message)![1].replace(/,/g, ''));
    const { c, me } = await joinedChallenge(over);
    expect(progressCapMessage({ ...c })).toBe(message);
    const before = await snapshot(c.id);
    const res = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot(c.id)).toEqual(before);
    // Exactly the cap is fine.
    const ok = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: cap });
    expect(ok.status).toBe(201);
  });

  it('refuses a non-participant with 403 and writes nothing', async () => {
    const { c } = await joinedChallenge();
    const stranger = await newUser();
    const before = await snapshot(c.id);
    const res = await stranger.agent.post(`/api/challenges/${c.id}/progress`, { progress: 100 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: NOT_A_PARTICIPANT_MESSAGE });
    expect(await snapshot(c.id)).toEqual(before);
    expect(await ChallengeParticipant.exists({ challengeId: c.id, userId: stranger.id })).toBeNull();
  });

  it('refuses a signed-out caller with 401', async () => {
    const { c } = await joinedChallenge();
    const before = await snapshot(c.id);
    expect((await api.agent().post(`/api/challenges/${c.id}/progress`, { progress: 100 })).status).toBe(401);
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('refuses progress on an upcoming challenge and on an ended one, changing nothing', async () => {
    const { c, me } = await joinedChallenge({ startDate: at(2), endDate: at(4) });
    const before = await snapshot(c.id);
    const early = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 100 });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: CHALLENGE_NOT_STARTED_MESSAGE });
    expect(await snapshot(c.id)).toEqual(before);

    now = new Date(now.getTime() + 2 * DAY); // the start instant counts (inclusive)
    expect((await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 100 })).status).toBe(201);
    now = new Date(now.getTime() + 2 * DAY); // the end instant still counts
    expect((await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 50 })).status).toBe(201);
    now = new Date(now.getTime() + 1);
    const after = await snapshot(c.id);
    const late = await me.agent.post(`/api/challenges/${c.id}/progress`, { progress: 100 });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: CHALLENGE_ENDED_MESSAGE });
    expect(await snapshot(c.id)).toEqual(after);
    expect(after.participants[0].currentProgress).toBe(150);
  });
});

describe('GET /api/challenges/:id/participants (leaderboard)', () => {
  it('orders by progress, ties to whoever got there first, with names and locations and never an email', async () => {
    const owner = await newUser();
    const c = await create(owner.agent, { target: 5000 });
    const ann = await newUser({ firstName: 'Ann', lastName: 'Able', location: 'Leeds' });
    const bob = await newUser({ firstName: 'Bob', lastName: 'Baker', location: 'York' });
    const cat = await newUser({ firstName: 'Cat', lastName: 'Cole', location: '' });
    const dan = await newUser({ firstName: 'Dan', lastName: 'Dale', location: 'Hull' });
    for (const p of [ann, bob, cat, dan]) await p.agent.post(`/api/challenges/${c.id}/join`);
    const log = async (p: { agent: Agent }, progress: number) => {
      now = new Date(now.getTime() + 60_000);
      expect((await p.agent.post(`/api/challenges/${c.id}/progress`, { progress })).status).toBe(201);
    };
    await log(bob, 3000); // Bob reaches 3000 first
    await log(ann, 1000);
    await log(ann, 2000); // Ann reaches 3000 later: below Bob
    await log(cat, 5000); // completed

    const res = await api.agent().get(`/api/challenges/${c.id}/participants`);
    expect(res.status).toBe(200);
    const board = z.array(LeaderboardEntry).parse(res.body);
    expect(board.map((r) => [r.rank, r.user.firstName, r.currentProgress, r.completed])).toEqual([
      [1, 'Cat', 5000, true],
      [2, 'Bob', 3000, false],
      [3, 'Ann', 3000, false],
      [4, 'Dan', 0, false],
    ]);
    expect(board[1].user).toEqual({ id: bob.id, firstName: 'Bob', lastName: 'Baker', location: 'York' });
    expect(board[0].completedAt).not.toBeNull();
    expectNoInternals(res.body);
    for (const row of res.body) expect(Object.keys(row.user).sort()).toEqual(['firstName', 'id', 'lastName', 'location']);
  });

  it('is empty for a challenge nobody joined', async () => {
    const owner = await newUser();
    const c = await create(owner.agent);
    expect((await api.agent().get(`/api/challenges/${c.id}/participants`)).body).toEqual([]);
  });
});

describe('GET /api/user/challenges', () => {
  it('needs a signed-in user', async () => {
    expect((await api.agent().get('/api/user/challenges')).status).toBe(401);
  });

  it("lists the user's challenges with their progress, newest joined first", async () => {
    const owner = await newUser();
    const a = await create(owner.agent, { title: 'First One', target: 1000 });
    const b = await create(owner.agent, { title: 'Second One', target: 500, type: 'calories', unit: 'calories' });
    await create(owner.agent, { title: 'Not Joined' });
    const me = await newUser();
    expect((await me.agent.get('/api/user/challenges')).body).toEqual([]);
    await me.agent.post(`/api/challenges/${a.id}/join`);
    now = new Date(now.getTime() + 1000);
    await me.agent.post(`/api/challenges/${b.id}/join`);
    await me.agent.post(`/api/challenges/${a.id}/progress`, { progress: 250 });
    await me.agent.post(`/api/challenges/${b.id}/progress`, { progress: 500 });
    const res = await me.agent.get('/api/user/challenges');
    const rows = z.array(UserChallenge).parse(res.body);
    expect(rows.map((r) => [r.challenge.title, r.currentProgress, r.completed])).toEqual([
      ['Second One', 500, true],
      ['First One', 250, false],
    ]);
    expect(rows[0].challenge).toMatchObject({ joined: true, participantCount: 1, completedCount: 1 });
    expectNoInternals(res.body);
  });
});
