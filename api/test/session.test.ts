import { createHash, randomUUID } from 'node:crypto';
import Keygrip from 'keygrip';
import { startTestApi, signUpAndLogin, type TestApi } from './helpers';
import { Session, SESSION_MAX_AGE_MS } from '../src/http/session';
import { DEFAULT_AUTH_CACHE_TTL_MS } from '../src/http/authCache';

const DAY = 24 * 60 * 60 * 1000;
const sha256 = (key: string) => createHash('sha256').update(key).digest('base64url');

jest.setTimeout(60000);

describe('sessions in MongoDB', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('survive an API restart against the same database', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    await api.restart();
    const me = await a.get('/api/auth/user');
    expect(me.body.user?.id).toBe(user.id);
  });

  it('store a hash of the cookie key, not the key', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    const key = a.cookies.get('fitconnect.sid')!;
    const docs = await Session.find({ userId: user.id }).lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]._id).not.toBe(key);
    expect(docs[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('an expired session is not honoured (a change made in the database shows within the 1 s session cache)', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    await Session.updateMany({ userId: user.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await new Promise((r) => setTimeout(r, DEFAULT_AUTH_CACHE_TTL_MS));
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
  });
});

describe('session writes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('honours a session koa-session wrote before this middleware (a deploy signs nobody out)', async () => {
    const { user } = await signUpAndLogin(api.agent());
    // koa-session's format: the signed key in the cookie; its sha256 as _id; _expire and _maxAge inside data.
    const key = randomUUID();
    const expiresAt = Date.now() + 10 * DAY;
    await Session.create({ _id: sha256(key), data: { userId: user.id, _expire: expiresAt, _maxAge: SESSION_MAX_AGE_MS }, userId: user.id, expiresAt: new Date(expiresAt) });
    const a = api.agent();
    a.cookies.set('fitconnect.sid', key);
    a.cookies.set('fitconnect.sid.sig', new Keygrip([api.config.sessionSecret!]).sign(`fitconnect.sid=${key}`));
    const me = await a.get('/api/auth/user');
    expect(me.body.user?.id).toBe(user.id);
    expect(me.headers.getSetCookie()).toEqual([]);
  });

  it('a signed-in read writes nothing; past half its lifetime a session is renewed for the full lifetime', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    const read = await a.get('/api/auth/user');
    expect(read.body.user.id).toBe(user.id);
    expect(read.headers.getSetCookie()).toEqual([]);

    await Session.updateMany({ userId: user.id }, { $set: { expiresAt: new Date(Date.now() + 5 * DAY) } });
    await new Promise((r) => setTimeout(r, DEFAULT_AUTH_CACHE_TTL_MS));
    const renewed = await a.get('/api/auth/user');
    expect(renewed.body.user.id).toBe(user.id);
    const sid = renewed.headers.getSetCookie().find((c) => c.startsWith('fitconnect.sid='));
    expect(sid).toMatch(/httponly/i);
    const [doc] = await Session.find({ userId: user.id }).lean();
    expect(doc.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - 60_000);
  });

  it('a renewal does not bring back a session ended meanwhile (a sign-out in another tab or on another instance)', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    await Session.updateMany({ userId: user.id }, { $set: { expiresAt: new Date(Date.now() + 5 * DAY) } });
    await new Promise((r) => setTimeout(r, DEFAULT_AUTH_CACHE_TTL_MS));
    // The sign-out lands after this request read the session and before its renewal writes.
    const write = Session.updateOne.bind(Session);
    const spy = jest
      .spyOn(Session, 'updateOne')
      .mockImplementationOnce(((...args: Parameters<typeof write>) => Session.deleteMany({ userId: user.id }).then(() => write(...args))) as unknown as typeof write);
    await a.get('/api/auth/user');
    spy.mockRestore();
    expect(await Session.countDocuments({ userId: user.id })).toBe(0);
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
  });

  it('sign-in writes the session once, and sign-out deletes it and clears the cookie', async () => {
    const a = api.agent();
    const writes = jest.spyOn(Session, 'updateOne');
    const { user } = await signUpAndLogin(a);
    expect(writes).toHaveBeenCalledTimes(1);
    writes.mockRestore();
    expect(await Session.countDocuments({ userId: user.id })).toBe(1);

    const out = await a.post('/api/auth/logout');
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('fitconnect.sid='));
    expect(cleared).toMatch(/^fitconnect\.sid=;/);
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect(await Session.countDocuments({ userId: user.id })).toBe(0);
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
  });
});

describe('behind an HTTPS proxy (TRUST_PROXY)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { trustProxy: true } });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('marks the cookie Secure (and names it __Host-fitconnect.sid) when the request came over HTTPS', async () => {
    const a = api.agent();
    const body = { username: 'secure_sam', email: 'secure@example.com', firstName: 'S', lastName: 'S', password: 'secret1', confirmPassword: 'secret1' };
    const r = await a.request('POST', '/api/auth/signup', { json: body, headers: { 'x-forwarded-proto': 'https' } });
    expect(r.status).toBe(201);
    // Issue 26: over HTTPS the cookie carries the __Host- prefix (api/test/security/headers.test.ts).
    const sid = r.headers.getSetCookie().find((c) => c.startsWith('__Host-fitconnect.sid='));
    expect(sid).toMatch(/;\s*secure/i);
    expect(sid).toMatch(/httponly/i);
  });
});

describe('rate limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { rateLimit: 1 } });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('answers 429 with Retry-After after too many sign-in attempts', async () => {
    const a = api.agent();
    const statuses: number[] = [];
    // A name per attempt: the per-account backoff (test/security/sign-in.test.ts) stays out of this count.
    for (let i = 0; i < 21; i++) statuses.push((await a.post('/api/auth/login', { username: `ghost${i}`, password: 'nope' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const last = await a.post('/api/auth/login', { username: 'ghost_last', password: 'nope' });
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/too many/i);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other endpoints are counted separately.
    expect((await a.post('/api/auth/forgot-password', { email: 'x@example.com' })).status).toBe(200);
  });
});
