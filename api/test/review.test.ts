/**
 * Review probes (R1): fuzzing and attack-style checks over real HTTP against the API's
 * auth, profile and workouts calls. Each test states what a user or attacker would notice.
 */
import { WORKOUT_FORM_DEFAULTS, type WorkoutRequest } from '@fitconnect/contracts';
import { startTestApi, signUpAndLogin, type TestApi, type AgentResponse, newSignedInUser } from './helpers';

jest.setTimeout(120_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const request: WorkoutRequest = { ...WORKOUT_FORM_DEFAULTS, duration: 20 };

function expectClientError(r: AgentResponse, label: string) {
  if (r.status < 400 || r.status >= 500) throw new Error(`${label}: expected 4xx, got ${r.status} ${r.text}`);
  expect(r.headers.get('content-type')).toMatch(/application\/json/);
  expect(typeof r.body?.message).toBe('string');
  expect(r.text).not.toMatch(/at .*\.(ts|js):\d+/);
}

const newUser = (partial?: Parameters<typeof newSignedInUser>[1]) => newSignedInUser(api, partial);

describe('fuzzing ids in workout routes', () => {
  const ids = ['0', '-1', '1e309', 'abc', '1abc', '1.5', '%E2%9C%93', '9007199254740993', 'Infinity', 'NaN', '%20', '%', '%E0%A4%A', '0x10', '1e3', '%00'];
  it.each(ids)('GET /api/workouts/%s answers a 4xx JSON message', async (id) => {
    const r = await api.agent().get(`/api/workouts/${id}`);
    expectClientError(r, id);
  });
  it.each(ids)('DELETE /api/ai-workouts/saved/%s answers a 4xx JSON message', async (id) => {
    const { agent } = await newUser();
    const r = await agent.delete(`/api/ai-workouts/saved/${id}`);
    expectClientError(r, id);
  });
});

describe('fuzzing bodies', () => {
  const bodies: [string, unknown][] = [
    ['array', [request]],
    ['null', null],
    ['number', 42],
    ['age 1e309 (Infinity)', '__RAW__{"age":1e309}'],
    ['huge duration', { ...request, duration: 1e308 }],
    ['duration float', { ...request, duration: 30.5 }],
    ['string age', { ...request, age: '30' }],
    ['equipment object', { ...request, equipment: { 0: 'bodyweight' } }],
    ['equipment nested', { ...request, equipment: [['bodyweight']] }],
    ['injuries null', { ...request, injuries: null }],
    ['unicode focus', { ...request, focusArea: 'fúll bödy ✓' }],
    ['proto pollution', JSON.parse('{"__proto__": {"age": 30}, "constructor": {"prototype": {"x": 1}}}')],
    ['duplicates', { ...request, equipment: Array(12).fill('bodyweight') }],
  ];
  it.each(bodies)('POST /api/generate-workout with %s answers 4xx and spends nothing', async (_label, body) => {
    const { agent } = await newUser();
    const r =
      typeof body === 'string' && body.startsWith('__RAW__')
        ? await agent.request('POST', '/api/generate-workout', { raw: body.slice(7), headers: { 'content-type': 'application/json' } })
        : await agent.post('/api/generate-workout', body);
    if (r.status === 201) {
      // Accepted input must still be a sane workout.
      expect(r.body.title).toBeTruthy();
      return;
    }
    expectClientError(r, _label);
    expect((await agent.get('/api/ai-workouts/today')).body).toEqual([]);
  });

  it('deeply nested JSON does not crash the server', async () => {
    const raw = '['.repeat(20000) + ']'.repeat(20000);
    const r = await api.agent().request('POST', '/api/auth/login', { raw, headers: { 'content-type': 'application/json' } });
    expectClientError(r, 'deep');
  });

  it.each([
    ['login', '/api/auth/login', { username: 'a'.repeat(100000), password: 'x' }],
    ['signup unicode', '/api/auth/signup', { username: 'ünïcödé', email: 'a@b.co', firstName: 'x', lastName: 'y', password: 'secret1', confirmPassword: 'secret1' }],
    ['signup email with spaces', '/api/auth/signup', { username: 'spacey', email: ' a @b.co ', firstName: 'x', lastName: 'y', password: 'secret1', confirmPassword: 'secret1' }],
    ['reset with long token', '/api/auth/reset-password', { token: 'x'.repeat(5000), newPassword: 'secret1' }],
    ['reset with number token', '/api/auth/reset-password', { token: 12345, newPassword: 'secret1' }],
    ['forgot with array', '/api/auth/forgot-password', { email: ['a@b.co'] }],
  ])('%s answers 4xx JSON', async (_l, p, body) => {
    const r = await api.agent().post(p, body);
    expectClientError(r, _l);
  });

  it('a charset the server cannot read is a 4xx', async () => {
    const r = await api.agent().request('POST', '/api/auth/login', {
      raw: '{"username":"a","password":"b"}',
      headers: { 'content-type': 'application/json; charset=utf-7' },
    });
    expectClientError(r, 'charset');
  });
  it('a bad content-encoding is a 4xx', async () => {
    const r = await api.agent().request('POST', '/api/auth/login', {
      raw: 'not gzip at all',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expectClientError(r, 'gzip');
  });
  it('PATCH profile with an array body is a 4xx', async () => {
    const { agent } = await newUser();
    expectClientError(await agent.patch('/api/users/profile', [{ firstName: 'a' }]), 'arr');
  });
});

describe('what the workout detail shows to people other than its owner', () => {
  it("does not reveal the owner's injuries to a signed-out visitor or another user", async () => {
    const owner = await newUser();
    const gen = await owner.agent.post('/api/generate-workout', { ...request, injuries: ['knees', 'lower back'] });
    expect(gen.status).toBe(201);
    const id = gen.body.id as number;

    // The owner still sees everything, including why exercises were left out.
    const mine = await owner.agent.get(`/api/workouts/${id}`);
    expect(mine.status).toBe(200);
    const injuryNote = /load your[^".]*(knees|lower back)/i;
    expect(mine.text).toMatch(injuryNote);

    const stranger = await newUser();
    for (const viewer of [api.agent(), stranger.agent]) {
      const r = await viewer.get(`/api/workouts/${id}`);
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(id);
      expect(r.body.exercises.length).toBeGreaterThan(0);
      expect(r.text).not.toMatch(injuryNote);
    }
  });
});

describe('never leaks internal fields', () => {
  it('no _id, __v, passwordHash, tokens or other users\u2019 emails in any answer', async () => {
    const a = await newUser();
    const gen = await a.agent.post('/api/generate-workout', request);
    const answers = [
      gen,
      await a.agent.get('/api/auth/user'),
      await a.agent.get('/api/ai-workouts/today'),
      await a.agent.get('/api/ai-workouts/saved'),
      await a.agent.get(`/api/workouts/${gen.body.id}`),
      await a.agent.patch('/api/users/profile', { firstName: 'N', lastName: 'M', email: `x${a.id}@example.com`, location: '', currentPassword: 'secret123' }),
    ];
    for (const r of answers) {
      expect(r.status).toBeLessThan(300);
      // `generator` is public since issue 15 (a plan says which generator made it); the rest never leaves.
      expect(r.text).not.toMatch(/"_id"|"__v"|passwordHash|usernameLower|tokenHash|"day"/);
    }
  });
});

describe('fuzzing cookies and methods', () => {
  it.each([
    ['bad percent-encoding', 'fitconnect.sid=%E0%A4%A; fitconnect.sid.sig=%%%'],
    ['empty values', 'fitconnect.sid=; fitconnect.sid.sig='],
    ['a 4000-character key', 'fitconnect.sid=' + 'a'.repeat(4000)],
    ['duplicated names', 'fitconnect.sid=x; fitconnect.sid=y; fitconnect.sid.sig=z'],
  ])('a cookie with %s is treated as signed out', async (_label, cookie) => {
    const r = await api.agent().request('GET', '/api/auth/user', { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ user: null });
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('%s on /api/auth/login answers a JSON 405', async (method) => {
    const r = await api.agent().request(method, '/api/auth/login', { json: {} });
    expect(r.status).toBe(405);
    expect(typeof r.body.message).toBe('string');
  });
});

describe('a refused action changes nothing', () => {
  it('a profile edit refused for a taken email keeps the old name', async () => {
    const other = await signUpAndLogin(api.agent());
    const { agent } = await newUser();
    const before = (await agent.get('/api/auth/user')).body.user;
    const r = await agent.patch('/api/users/profile', { firstName: 'Changed', lastName: 'Too', email: other.email, location: 'Bath', currentPassword: 'secret123' });
    expect(r.status).toBe(409);
    expect((await agent.get('/api/auth/user')).body.user).toEqual(before);
  });

  it('a reset refused for a short password leaves the link usable', async () => {
    const a = api.agent();
    const { email, username } = await signUpAndLogin(a);
    expect((await api.agent().post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = (await api.outbox()).filter((m) => m.to === email).pop()!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    expect((await api.agent().post('/api/auth/reset-password', { token, newPassword: 'abc' })).status).toBe(400);
    expect((await api.agent().post('/api/auth/reset-password', { token, newPassword: 'brand-new-1' })).status).toBe(200);
    expect((await api.agent().post('/api/auth/login', { username, password: 'brand-new-1' })).status).toBe(200);
    // The old session ended with the reset.
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
  });

  it('a refused delete of a saved workout leaves it in the owner\u2019s list and detail', async () => {
    const owner = await newUser();
    const gen = await owner.agent.post('/api/generate-workout', request);
    const other = await newUser();
    for (const path of [`/api/ai-workouts/saved/${gen.body.id}`, `/api/workouts/${gen.body.id}`]) {
      expect((await other.agent.delete(path)).status).toBe(403);
      expect((await api.agent().delete(path)).status).toBe(401);
    }
    expect((await owner.agent.get('/api/ai-workouts/saved')).body.map((w: { id: number }) => w.id)).toEqual([gen.body.id]);
    expect((await owner.agent.get(`/api/workouts/${gen.body.id}`)).status).toBe(200);
  });
});
