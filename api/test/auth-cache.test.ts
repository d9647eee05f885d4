/**
 * The session/user cache (src/http/authCache.ts) stays correct: what a sign-out, a password reset or a
 * profile change takes away is refused at once on the instance that did it, and within the cache TTL (1 s)
 * on a second app instance sharing the database. (What it saves, in round trips: test/workouts/plan-cache.test.ts.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { DEFAULT_AUTH_CACHE_TTL_MS } from '../src/http/authCache';
import { memoryLogger } from '../src/log';
import { sameCookie, signUpAndLogin, startTestApi, type TestApi } from './helpers';

jest.setTimeout(90_000);

const TTL = DEFAULT_AUTH_CACHE_TTL_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let api: TestApi;
/** A second app instance (its own cache) on the same database and session secret. */
let second: http.Server;
let secondUrl = '';

beforeAll(async () => {
  api = await startTestApi();
  const app = createApp({ config: api.config, logger: memoryLogger() });
  second = http.createServer(app.callback());
  await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', () => resolve()));
  secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
});
afterAll(async () => {
  second?.closeAllConnections();
  await new Promise((r) => second?.close(r));
  await api?.stop();
});

describe('sign-out', () => {
  it('refuses the old cookie at once on the same instance, and within 1 s on another instance', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    const here = sameCookie(a, () => api.url);
    const there = sameCookie(a, () => secondUrl);
    // Both instances have the session and user cached now.
    expect((await here.get('/api/auth/user')).body.user?.id).toBe(user.id);
    expect((await there.get('/api/auth/user')).body.user?.id).toBe(user.id);

    expect((await a.post('/api/auth/logout')).status).toBe(200);
    const loggedOutAt = Date.now();
    expect((await here.get('/api/auth/user')).body).toEqual({ user: null });
    expect((await here.get('/api/ai-workouts/saved')).status).toBe(401);

    await sleep(Math.max(0, loggedOutAt + TTL - Date.now()));
    expect((await there.get('/api/auth/user')).body).toEqual({ user: null });
    expect((await there.get('/api/ai-workouts/saved')).status).toBe(401);
  });
});

describe('profile change', () => {
  it('shows at once on the same instance, and within 1 s on another', async () => {
    const a = api.agent();
    await signUpAndLogin(a, { firstName: 'Before' });
    const there = sameCookie(a, () => secondUrl);
    expect((await a.get('/api/auth/user')).body.user.firstName).toBe('Before');
    expect((await there.get('/api/auth/user')).body.user.firstName).toBe('Before');

    const r = await a.patch('/api/users/profile', { firstName: 'After', lastName: 'User', email: (await a.get('/api/auth/user')).body.user.email, location: '' });
    expect(r.status).toBe(200);
    const changedAt = Date.now();
    expect((await a.get('/api/auth/user')).body.user.firstName).toBe('After');

    await sleep(Math.max(0, changedAt + TTL - Date.now()));
    expect((await there.get('/api/auth/user')).body.user.firstName).toBe('After');
  });

  it('never hands out the password hash or the database _id with the cached user', async () => {
    const a = api.agent();
    await signUpAndLogin(a);
    for (let i = 0; i < 2; i++) {
      const me = (await a.get('/api/auth/user')).body.user;
      expect(Object.keys(me).sort()).toEqual(['email', 'firstName', 'id', 'isTrainer', 'lastName', 'location', 'promoTrainer', 'trainerNumber', 'username']);
    }
  });
});

describe('password reset', () => {
  it('ends every other session at once on the same instance, and within 1 s on another', async () => {
    const a = api.agent();
    const { user, email } = await signUpAndLogin(a);
    const there = sameCookie(a, () => secondUrl);
    expect((await a.get('/api/auth/user')).body.user?.id).toBe(user.id);
    expect((await there.get('/api/auth/user')).body.user?.id).toBe(user.id);

    // Someone else (no session) resets the password with the mailed link.
    const stranger = api.agent();
    expect((await stranger.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = (await api.outbox()).filter((m) => m.to === email).pop()!;
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]);
    expect((await stranger.post('/api/auth/reset-password', { token, newPassword: 'another123' })).status).toBe(200);
    const resetAt = Date.now();

    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });
    await sleep(Math.max(0, resetAt + TTL - Date.now()));
    expect((await there.get('/api/auth/user')).body).toEqual({ user: null });
    // The new password works.
    expect((await api.agent().post('/api/auth/login', { username: user.username, password: 'another123' })).status).toBe(200);
  });
});

// The round trips a signed-in read makes with each cache on or off: test/workouts/plan-cache.test.ts.
