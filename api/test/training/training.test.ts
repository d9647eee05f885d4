/**
 * Issue 31.4-5, the session log over real HTTP with a driven clock: idempotent logging (a retry and 10
 * simultaneous duplicates store once; the key reused for another session is a 409), owner-only reads (401
 * signed out; nobody sees another's sessions, whatever they send), validation (4xx JSON, nothing stored),
 * paging, and the summary (weeks, totals, streaks in the asked time zone).
 */
import { TRAINING_MESSAGES } from '@fitconnect/contracts';
import { signUpAndLogin, startTestApi, type Agent, type TestApi } from '../helpers';
import { drivenClock } from '../bookings/support';
import { TrainingSessionModel } from '../../src/training/model';

jest.setTimeout(120_000);

// Wednesday 7 April 2027, 18:00 London (BST).
const clock = drivenClock('2027-04-07T17:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  await api?.stop();
});
beforeEach(() => clock.set('2027-04-07T17:00:00Z'));

let n = 0;
function session(extra: Record<string, unknown> = {}) {
  n += 1;
  return {
    clientKey: `key-${Date.now().toString(36)}-${n}`,
    workoutId: 7,
    workoutTitle: 'Upper Body Strength',
    finishedAt: '2027-04-07T16:45:00.000Z',
    durationSeconds: 1800,
    completed: true,
    completedSets: 12,
    exercisesDone: ['Push-ups', 'Plank'],
    exercisesSkipped: ['Burpees'],
    effort: 7,
    note: 'Felt strong',
    ...extra,
  };
}

async function user(): Promise<{ agent: Agent; id: number }> {
  const agent = api.agent();
  const { user: u } = await signUpAndLogin(agent);
  return { agent, id: u.id };
}

const count = (userId: number) => TrainingSessionModel.countDocuments({ userId });

describe('POST /api/training/sessions', () => {
  test('stores a session (201) and a retry with the same clientKey answers the same one (200), stored once', async () => {
    const { agent, id } = await user();
    const body = session();
    const first = await agent.post('/api/training/sessions', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      clientKey: body.clientKey,
      workoutId: 7,
      workoutTitle: 'Upper Body Strength',
      finishedAt: '2027-04-07T16:45:00.000Z',
      durationSeconds: 1800,
      completed: true,
      completedSets: 12,
      exercisesDone: ['Push-ups', 'Plank'],
      exercisesSkipped: ['Burpees'],
      effort: 7,
      note: 'Felt strong',
      createdAt: '2027-04-07T17:00:00.000Z',
    });
    const again = await agent.post('/api/training/sessions', body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await count(id)).toBe(1);
  });

  test('10 simultaneous duplicates store exactly one session; all answer it', async () => {
    const { agent, id } = await user();
    const body = session();
    const answers = await Promise.all(Array.from({ length: 10 }, () => agent.post('/api/training/sessions', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await count(id)).toBe(1);
  });

  test('the same clientKey for another session is a 409 and changes nothing; another user may use the same key', async () => {
    const { agent, id } = await user();
    const body = session();
    expect((await agent.post('/api/training/sessions', body)).status).toBe(201);
    const reused = await agent.post('/api/training/sessions', { ...body, durationSeconds: 999 });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ message: TRAINING_MESSAGES.keyReused });
    expect(await count(id)).toBe(1);
    const other = await user();
    expect((await other.agent.post('/api/training/sessions', body)).status).toBe(201);
    expect(await count(other.id)).toBe(1);
  });

  test('signed out: 401 JSON, nothing stored', async () => {
    const before = await TrainingSessionModel.countDocuments();
    const r = await api.agent().post('/api/training/sessions', session());
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthorized' });
    expect(await TrainingSessionModel.countDocuments()).toBe(before);
  });

  test('a userId in the body is ignored: the session is always the caller’s', async () => {
    const victim = await user();
    const attacker = await user();
    const r = await attacker.agent.post('/api/training/sessions', { ...session(), userId: victim.id });
    expect(r.status).toBe(201);
    expect(await count(victim.id)).toBe(0);
    expect(await count(attacker.id)).toBe(1);
  });

  test.each([
    ['no clientKey', { clientKey: undefined }, 'clientKey is required'],
    ['a short clientKey', { clientKey: 'abc' }, 'clientKey must be 8 to 64 characters'],
    ['a clientKey with odd characters', { clientKey: 'abc$%^&*()12' }, 'clientKey may contain only letters, digits, - and _'],
    ['zero duration', { durationSeconds: 0 }, 'Duration must be at least 1 second'],
    ['a 9-hour duration', { durationSeconds: 9 * 3600 }, 'Duration must be at most 8 hours'],
    ['a fractional duration', { durationSeconds: 10.5 }, 'Duration must be whole seconds'],
    ['effort 0', { effort: 0 }, 'Effort must be 1 to 10'],
    ['effort 11', { effort: 11 }, 'Effort must be 1 to 10'],
    ['effort as text', { effort: 'hard' }, 'Effort must be 1 to 10'],
    ['a long note', { note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
    ['an empty title', { workoutTitle: '  ' }, 'Title is required'],
    ['a bad workoutId', { workoutId: -3 }, 'workoutId must be positive'],
    ['a date that is not one', { finishedAt: 'yesterday' }, 'finishedAt must be an ISO date-time'],
    ['an hour in the future', { finishedAt: '2027-04-07T18:00:00Z' }, TRAINING_MESSAGES.futureDate],
    ['two years ago', { finishedAt: '2025-04-07T18:00:00Z' }, TRAINING_MESSAGES.tooOld],
    ['101 exercises done', { exercisesDone: Array.from({ length: 101 }, (_, i) => `E${i}`) }, 'At most 100 exercises'],
    ['100 done and 1 skipped', { exercisesDone: Array.from({ length: 100 }, (_, i) => `E${i}`), exercisesSkipped: ['X'] }, 'At most 100 exercises'],
    ['an empty exercise name', { exercisesDone: [''] }, 'Exercise name is required'],
    ['exercises not a list', { exercisesDone: 'Push-ups' }, 'Invalid request body'],
  ])('refuses %s with a 400 { message } and stores nothing', async (_what, extra, message) => {
    const { agent, id } = await user();
    const r = await agent.post('/api/training/sessions', session(extra));
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    if (message === 'Invalid request body') expect(typeof r.body.message).toBe('string');
    else expect(r.body.message).toBe(message);
    expect(await count(id)).toBe(0);
  });

  test('a few minutes of clock skew are accepted; malformed JSON is a 400', async () => {
    const { agent } = await user();
    expect((await agent.post('/api/training/sessions', session({ finishedAt: '2027-04-07T17:04:00Z' }))).status).toBe(201);
    const bad = await agent.request('POST', '/api/training/sessions', { raw: '{"clientKey":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON in request body' });
  });
});

describe('GET /api/training/sessions', () => {
  test('only the caller’s own sessions, newest first, paged by cursor; 401 signed out', async () => {
    const a = await user();
    const b = await user();
    for (let i = 0; i < 5; i++) {
      const r = await a.agent.post('/api/training/sessions', session({ finishedAt: `2027-04-0${i + 1}T10:00:00.000Z`, workoutTitle: `A${i + 1}` }));
      expect(r.status).toBe(201);
    }
    await b.agent.post('/api/training/sessions', session({ workoutTitle: 'B only' }));

    const p1 = await a.agent.get('/api/training/sessions?limit=2');
    expect(p1.status).toBe(200);
    expect(p1.headers.get('cache-control')).toBe('private, no-store');
    expect(p1.body.sessions.map((s: { workoutTitle: string }) => s.workoutTitle)).toEqual(['A5', 'A4']);
    const p2 = await a.agent.get(`/api/training/sessions?limit=2&cursor=${p1.body.nextCursor}`);
    expect(p2.body.sessions.map((s: { workoutTitle: string }) => s.workoutTitle)).toEqual(['A3', 'A2']);
    const p3 = await a.agent.get(`/api/training/sessions?limit=2&cursor=${p2.body.nextCursor}`);
    expect(p3.body.sessions.map((s: { workoutTitle: string }) => s.workoutTitle)).toEqual(['A1']);
    expect(p3.body.nextCursor).toBeNull();

    const bs = await b.agent.get('/api/training/sessions');
    expect(bs.body.sessions.map((s: { workoutTitle: string }) => s.workoutTitle)).toEqual(['B only']);
    // Query parameters cannot name another user.
    const forged = await b.agent.get(`/api/training/sessions?userId=${a.id}`);
    expect(forged.body.sessions.map((s: { workoutTitle: string }) => s.workoutTitle)).toEqual(['B only']);

    expect((await api.agent().get('/api/training/sessions')).status).toBe(401);
    expect((await a.agent.get('/api/training/sessions?limit=500')).status).toBe(400);
    expect((await a.agent.get('/api/training/sessions?cursor=nope')).body).toEqual(expect.objectContaining({ message: 'Invalid cursor' }));
  });
});

describe('GET /api/training/summary', () => {
  test('weeks, totals and streaks in the asked time zone; another user’s sessions never count', async () => {
    const a = await user();
    const other = await user();
    // London days: Mon 5, Tue 6 (23:30 BST = 22:30 UTC), Wed 7 April; and 29 March (an older week).
    const ends = ['2027-03-29T09:00:00Z', '2027-04-05T09:00:00Z', '2027-04-06T22:30:00Z', '2027-04-07T16:00:00Z'];
    for (const finishedAt of ends) expect((await a.agent.post('/api/training/sessions', session({ finishedAt, durationSeconds: 1200 }))).status).toBe(201);
    await other.agent.post('/api/training/sessions', session({ finishedAt: '2027-04-04T09:00:00Z' }));

    const london = await a.agent.get('/api/training/summary?tz=Europe/London&weeks=3');
    expect(london.status).toBe(200);
    expect(london.body).toEqual({
      timeZone: 'Europe/London',
      today: '2027-04-07',
      totalSessions: 4,
      totalMinutes: 80,
      currentStreak: 3,
      longestStreak: 3,
      thisWeek: { weekStart: '2027-04-05', sessions: 3, minutes: 60 },
      weeks: [
        { weekStart: '2027-03-22', sessions: 0, minutes: 0 },
        { weekStart: '2027-03-29', sessions: 1, minutes: 20 },
        { weekStart: '2027-04-05', sessions: 3, minutes: 60 },
      ],
    });
    // In New York the 23:30 London session is the 6th too (17:30 EDT), but Tokyo sees the 6th's session on the 7th.
    const tokyo = await a.agent.get('/api/training/summary?tz=Asia/Tokyo&weeks=1');
    expect(tokyo.body).toMatchObject({ today: '2027-04-08', currentStreak: 2, longestStreak: 2 });
    // Default: 12 weeks in UTC.
    const utc = await a.agent.get('/api/training/summary');
    expect(utc.body.timeZone).toBe('UTC');
    expect(utc.body.weeks).toHaveLength(12);
  });

  test('a new user: zeros; a bad time zone or week count is a 400; signed out a 401', async () => {
    const a = await user();
    const r = await a.agent.get('/api/training/summary?tz=UTC&weeks=2');
    expect(r.body).toMatchObject({ totalSessions: 0, totalMinutes: 0, currentStreak: 0, longestStreak: 0, thisWeek: { sessions: 0, minutes: 0 } });
    expect(r.body.weeks).toHaveLength(2);
    const bad = await a.agent.get('/api/training/summary?tz=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(TRAINING_MESSAGES.invalidTimeZone);
    expect((await a.agent.get('/api/training/summary?weeks=0')).status).toBe(400);
    expect((await api.agent().get('/api/training/summary')).status).toBe(401);
  });
});
