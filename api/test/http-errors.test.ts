import Router from '@koa/router';
import { startTestApi, signUpAndLogin, type TestApi } from './helpers';

const crash = new Router();
crash.get('/api/test-crash', () => {
  throw new Error('secret internal detail');
});

jest.setTimeout(60000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: { bodyLimit: '10kb' }, extraRouters: [crash] });
});
afterAll(async () => {
  await api?.stop();
});

it('answers an unknown /api path with a JSON 404', async () => {
  const r = await api.agent().get('/api/definitely/not/here');
  expect(r.status).toBe(404);
  expect(r.headers.get('content-type')).toMatch(/application\/json/);
  expect(r.body.message).toMatch(/not found/i);
});

it('answers a wrong method on a known path with a JSON 405', async () => {
  const r = await api.agent().get('/api/users/profile');
  expect(r.status).toBe(405);
  expect(r.body.message).toMatch(/not allowed/i);
});

it('answers malformed JSON with 400, not 500', async () => {
  const r = await api.agent().request('POST', '/api/auth/login', { raw: '{"username": "x", ', headers: { 'content-type': 'application/json' } });
  expect(r.status).toBe(400);
  expect(r.body).toEqual({ message: 'Malformed JSON in request body' });
});

it('answers JSON that is not an object with 400', async () => {
  const r = await api.agent().request('POST', '/api/auth/login', { raw: '"just a string"', headers: { 'content-type': 'application/json' } });
  expect(r.status).toBe(400);
  expect(typeof r.body.message).toBe('string');
});

it('answers an oversized body with 413 JSON', async () => {
  const r = await api.agent().post('/api/auth/signup', { username: 'big', filler: 'x'.repeat(20 * 1024) });
  expect(r.status).toBe(413);
  expect(r.body).toEqual({ message: 'Request body too large' });
});

it('never leaks a stack trace or 500 for wrongly typed input', async () => {
  const a = api.agent();
  await signUpAndLogin(a);
  const attempts = [
    a.post('/api/auth/login', { username: { $gt: '' }, password: { $gt: '' } }),
    a.post('/api/auth/login', [1, 2, 3]),
    a.post('/api/auth/signup', { username: 123, email: null, isTrainer: 'yes' }),
    a.patch('/api/users/profile', { firstName: ['x'], lastName: {}, email: 5 }),
    a.post('/api/auth/reset-password', { token: { $ne: null }, newPassword: 'abcdef' }),
    a.post('/api/auth/forgot-password', { email: { $regex: '.*' } }),
  ];
  for (const r of await Promise.all(attempts)) {
    expect(r.status).toBe(400);
    expect(r.text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(typeof r.body.message).toBe('string');
  }
});

it('answers a health check', async () => {
  expect((await api.agent().get('/api/health')).body).toEqual({ ok: true });
});

it('does not accept form-encoded bodies (only JSON)', async () => {
  const r = await api.agent().request('POST', '/api/auth/login', {
    raw: 'username=demo&password=demo1234',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(r.status).toBe(400);
  expect(r.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['password', 'username']);
});

it('turns an unexpected error into a logged 500 without details', async () => {
  const r = await api.agent().get('/api/test-crash');
  expect(r.status).toBe(500);
  expect(r.body).toEqual({ message: 'Internal server error' });
  expect(r.text).not.toContain('secret internal detail');
  expect(api.logLines.some((l) => l.includes('secret internal detail'))).toBe(true);
});
