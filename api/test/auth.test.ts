import { startTestApi, signUpAndLogin, type TestApi } from './helpers';

jest.setTimeout(60000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const signupInput = (tag: string, extra: Record<string, unknown> = {}) => ({
  username: `sam_${tag}`,
  email: `sam_${tag}@example.com`,
  firstName: 'Sam',
  lastName: 'Lee',
  location: 'Leeds',
  password: 'secret1',
  confirmPassword: 'secret1',
  isTrainer: false,
  ...extra,
});

/** No response may ever carry the hash or internal fields. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/passwordHash|scrypt\$|"_id"|"__v"|usernameLower/);
}

describe('signed out', () => {
  it('GET /api/auth/user answers { user: null }', async () => {
    const r = await api.agent().get('/api/auth/user');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ user: null });
  });
});

describe('signup', () => {
  it('creates the account, signs it in and presents only public fields', async () => {
    const a = api.agent();
    const r = await a.post('/api/auth/signup', signupInput('one'));
    expect(r.status).toBe(201);
    expect(r.body.user).toEqual({
      id: expect.any(Number),
      username: 'sam_one',
      email: 'sam_one@example.com',
      firstName: 'Sam',
      lastName: 'Lee',
      location: 'Leeds',
      isTrainer: false,
      promoTrainer: false,
      trainerNumber: null,
    });
    expectNoSecrets(r.text);
    const me = await a.get('/api/auth/user');
    expect(me.body.user.username).toBe('sam_one');
    expectNoSecrets(me.text);
  });

  it('gives every user a distinct positive integer id', async () => {
    const ids = [];
    for (const t of ['id1', 'id2', 'id3']) ids.push((await api.agent().post('/api/auth/signup', signupInput(t))).body.user.id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
  });

  it('refuses a taken username (any case) with "Username already exists"', async () => {
    await api.agent().post('/api/auth/signup', signupInput('dup'));
    const r = await api.agent().post('/api/auth/signup', signupInput('other', { username: 'SAM_DUP' }));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('Username already exists');
  });

  it('refuses a taken email (any case) with "Email already exists"', async () => {
    await api.agent().post('/api/auth/signup', signupInput('mail'));
    const r = await api.agent().post('/api/auth/signup', signupInput('mail2', { email: 'SAM_MAIL@example.com' }));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('Email already exists');
  });

  it('explains invalid fields with 400 and the SPEC messages in issues', async () => {
    const r = await api.agent().post('/api/auth/signup', signupInput('bad', { username: 'ab', email: 'nope', confirmPassword: 'other1' }));
    expect(r.status).toBe(400);
    const messages = r.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Username must be at least 3 characters', 'Please enter a valid email address']),
    );
    expect(r.body.issues.find((i: { path: string[] }) => i.path[0] === 'username')).toBeTruthy();
    expect(typeof r.body.message).toBe('string');
  });

  it("refuses passwords that don't match", async () => {
    const r = await api.agent().post('/api/auth/signup', signupInput('mismatch', { confirmPassword: 'secret2' }));
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual(expect.arrayContaining([{ path: ['confirmPassword'], message: "Passwords don't match" }]));
  });

  it('requires a location for trainers and numbers trainers as early-access members', async () => {
    const bad = await api.agent().post('/api/auth/signup', signupInput('coach0', { isTrainer: true, location: '' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Location is required for trainers');
    const ok = await api.agent().post('/api/auth/signup', signupInput('coach1', { isTrainer: true }));
    expect(ok.status).toBe(201);
    expect(ok.body.user).toMatchObject({ isTrainer: true, promoTrainer: true, trainerNumber: expect.any(Number) });
  });

  it('ignores attempts to set internal fields', async () => {
    const r = await api.agent().post('/api/auth/signup', signupInput('sneaky', { id: 999, passwordHash: 'x', promoTrainer: true, trainerNumber: 1 }));
    expect(r.status).toBe(201);
    expect(r.body.user.id).not.toBe(999);
    expect(r.body.user.promoTrainer).toBe(false);
    expect(r.body.user.trainerNumber).toBeNull();
  });
});

describe('login and logout', () => {
  it('signs in with the right password (username case-insensitive) and out again', async () => {
    const creator = api.agent();
    const { username, password, user } = await signUpAndLogin(creator);
    const a = api.agent();
    const r = await a.post('/api/auth/login', { username: username.toUpperCase(), password });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual(user);
    expectNoSecrets(r.text);
    expect((await a.get('/api/auth/user')).body.user.id).toBe(user.id);

    const out = await a.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const a = api.agent();
    await signUpAndLogin(a);
    const stolen = new Map(a.cookies);
    await a.post('/api/auth/logout');
    const b = api.agent();
    for (const [k, v] of stolen) b.cookies.set(k, v);
    expect((await b.get('/api/auth/user')).body).toEqual({ user: null });
  });

  it('answers 401 "Invalid username or password" for a wrong password or an unknown user', async () => {
    const { username } = await signUpAndLogin(api.agent());
    const wrong = await api.agent().post('/api/auth/login', { username, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    const unknown = await api.agent().post('/api/auth/login', { username: 'nobody_here', password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid username or password' });
  });

  it('requires username and password', async () => {
    const r = await api.agent().post('/api/auth/login', {});
    expect(r.status).toBe(400);
    expect(r.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['password', 'username']);
  });

  it('issues a new session key on login (no session fixation)', async () => {
    const { username, password } = await signUpAndLogin(api.agent());
    const a = api.agent();
    await a.post('/api/auth/login', { username, password });
    const first = a.cookies.get('fitconnect.sid');
    await a.post('/api/auth/login', { username, password });
    const second = a.cookies.get('fitconnect.sid');
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });
});

describe('session cookie', () => {
  it('is httpOnly, SameSite=Lax, signed, and not Secure over plain HTTP', async () => {
    const a = api.agent();
    const r = await a.post('/api/auth/signup', signupInput('cookie'));
    const cookies = r.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('fitconnect.sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/;\s*secure/i);
    expect(cookies.some((c) => c.startsWith('fitconnect.sid.sig='))).toBe(true);
  });

  it('rejects a tampered cookie', async () => {
    const a = api.agent();
    await signUpAndLogin(a);
    a.cookies.set('fitconnect.sid', a.cookies.get('fitconnect.sid')!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')));
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
  });
});
