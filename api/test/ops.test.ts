/**
 * Issue 34 item 5: the /ops page's API. Operator ACCOUNTS (role granted with the operator token), not the
 * bearer token: signed out 401, a user without the role 403, a missing reason 400, a foreign Origin 403;
 * the audit log records the operator's email; revoking takes effect at once; rate limited.
 */
import mongoose from 'mongoose';
import { sameCookie, signUpAndLogin, startTestApi, type Agent, type TestApi } from './helpers';
import { startInstance } from './rollout-plan-helpers';
import { manifest, operator, startManifestServer, type ManifestServer } from './rollout-helpers';

const CANDIDATE = '0.2.0-aaaa1111';
let api: TestApi;
let cdn: ManifestServer;

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  cdn.set(`/versions/${CANDIDATE}/mf-manifest.json`, { body: manifest() });
  api = await startTestApi({ rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json` }, manifestTimeoutMs: 2000 } } as never);
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});
beforeEach(async () => {
  for (const c of ['rollouts', 'rolloutaudits']) await mongoose.connection.db!.collection(c).deleteMany({});
  const r = await operator(api).plan('trainers', { candidate: `${cdn.url}/versions/${CANDIDATE}/mf-manifest.json`, steps: [25, 50, 100], every: '30m' });
  expect(r.status).toBe(200);
});

async function operatorAccount(): Promise<{ agent: Agent; email: string }> {
  const agent = api.agent();
  const { email } = await signUpAndLogin(agent);
  const g = await operator(api).raw('POST', '/api/ops/rollout/operators', { email, grant: true });
  expect(g.status).toBe(200);
  return { agent, email };
}

const trainers = async () => (await operator(api).status()).body.areas.find((x: { area: string }) => x.area === 'trainers');

test('signed out: 401; a signed-in user without the role: 403; nothing changes', async () => {
  const anon = api.agent();
  expect((await anon.get('/api/ops/rollouts')).status).toBe(401);
  expect((await anon.post('/api/ops/rollouts/trainers/rollback', { reason: 'x' })).status).toBe(401);
  const user = api.agent();
  await signUpAndLogin(user);
  expect((await user.get('/api/ops/rollouts')).status).toBe(403);
  expect((await user.get('/api/ops/rollouts/log')).status).toBe(403);
  for (const action of ['pause', 'promote', 'rollback', 'kill']) expect((await user.post(`/api/ops/rollouts/trainers/${action}`, { reason: 'x' })).status).toBe(403);
  // The bearer token is not a session: the page's routes do not take it.
  expect((await api.agent().request('GET', '/api/ops/rollouts', { headers: { authorization: `Bearer ${operator(api).token}` } })).status).toBe(401);
  expect((await trainers()).candidate.percent).toBe(25);
});

test('granting the role needs the operator token; an unknown email is 404', async () => {
  const user = api.agent();
  const { email } = await signUpAndLogin(user);
  // A signed-in user cannot grant themselves the role.
  expect((await user.post('/api/ops/rollout/operators', { email, grant: true })).status).toBe(401);
  expect((await operator(api).raw('POST', '/api/ops/rollout/operators', { email: 'nobody@example.com', grant: true })).status).toBe(404);
  expect((await operator(api).raw('POST', '/api/ops/rollout/operators', { email, grant: 'yes' })).status).toBe(400);
  expect((await user.get('/api/ops/rollouts')).status).toBe(403);
  expect((await operator(api).raw('POST', '/api/ops/rollout/operators', { email: email.toUpperCase(), grant: true })).status).toBe(200);
  expect((await user.get('/api/ops/rollouts')).status).toBe(200);
  // Revoking takes effect on the next call.
  expect((await operator(api).raw('POST', '/api/ops/rollout/operators', { email, grant: false })).body).toEqual({ email, operator: false });
  expect((await user.get('/api/ops/rollouts')).status).toBe(403);
});

test('an operator sees every area with its plan and series, and its actions are audited under their email', async () => {
  const { agent, email } = await operatorAccount();
  const page = await agent.get('/api/ops/rollouts');
  expect(page.status).toBe(200);
  expect(page.body.operator).toBe(email);
  const t = page.body.status.areas.find((x: { area: string }) => x.area === 'trainers');
  expect(t).toMatchObject({ candidate: { version: CANDIDATE, percent: 25 }, plan: { state: 'running', steps: [25, 50, 100] } });
  expect(page.body.series.trainers).toEqual([]);

  // Missing reason: 400, nothing changes.
  expect((await agent.post('/api/ops/rollouts/trainers/rollback', {})).status).toBe(400);
  expect((await agent.post('/api/ops/rollouts/trainers/rollback', { reason: '   ' })).status).toBe(400);
  expect((await agent.post('/api/ops/rollouts/nowhere/rollback', { reason: 'x' })).status).toBe(400);
  expect((await agent.post('/api/ops/rollouts/trainers/explode', { reason: 'x' })).status).toBe(400);
  expect((await trainers()).candidate.percent).toBe(25);

  const paused = await agent.post('/api/ops/rollouts/trainers/pause', { reason: 'looking at the errors' });
  expect(paused.status).toBe(200);
  expect(paused.body.plan).toMatchObject({ state: 'paused', nextDecisionAt: null });
  expect((await agent.post('/api/ops/rollouts/trainers/pause', { reason: 'again' })).status).toBe(409);
  const rolled = await agent.post('/api/ops/rollouts/trainers/rollback', { reason: 'errors in the new filters' });
  expect(rolled.status).toBe(200);
  expect(rolled.body.candidate.percent).toBe(0);
  expect(rolled.body.plan.state).toBe('cancelled');
  const killed = await agent.post('/api/ops/rollouts/trainers/kill', { reason: 'incident 42' });
  expect(killed.body.killed).toMatchObject({ by: email, reason: 'incident 42' });

  const log = await agent.get('/api/ops/rollouts/log?area=trainers');
  expect(log.status).toBe(200);
  expect(log.body.entries.slice(0, 3).map((e: { action: string; actor: string; reason: string }) => [e.action, e.actor, e.reason])).toEqual([
    ['kill', email, 'incident 42'],
    ['rollback', email, 'errors in the new filters'],
    ['pause', email, 'looking at the errors'],
  ]);
});

test('cross-site requests are refused before the route (CSRF): a foreign Origin, a form body', async () => {
  const { agent } = await operatorAccount();
  const foreign = await agent.request('POST', '/api/ops/rollouts/trainers/rollback', { json: { reason: 'x' }, headers: { origin: 'https://evil.example' } });
  expect(foreign.status).toBe(403);
  const form = await agent.request('POST', '/api/ops/rollouts/trainers/rollback', { raw: 'reason=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(form.status).toBe(400);
  expect((await trainers()).candidate.percent).toBe(25);
});

test('pause and resume: a paused plan is not decided; resuming schedules the next decision', async () => {
  const { agent } = await operatorAccount();
  expect((await agent.post('/api/ops/rollouts/trainers/resume', { reason: 'x' })).status).toBe(409);
  await agent.post('/api/ops/rollouts/trainers/pause', { reason: 'wait' });
  const resumed = await agent.post('/api/ops/rollouts/trainers/resume', { reason: 'fine again' });
  expect(resumed.status).toBe(200);
  expect(resumed.body.plan.state).toBe('running');
  expect(resumed.body.plan.nextDecisionAt).not.toBeNull();
});

test('rate limited per user: 60 calls a minute, then 429 (counted before the role is checked)', async () => {
  const inst = await startInstance(api, { config: { ...api.config, rateLimit: 1 }, rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json` } } } as Parameters<typeof startInstance>[1]);
  try {
    const { agent } = await operatorAccount();
    const same = sameCookie(agent, () => inst.url);
    const answers = await Promise.all(Array.from({ length: 61 }, () => same.get('/api/ops/rollouts/log?limit=1')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(1);
  } finally {
    await inst.close();
  }
});
