/**
 * Issue 17 over real HTTP: the shell's load/failure beacon (validation, text/plain, rate limit) and the
 * automatic rollback when a candidate's failures reach the threshold, under simultaneous reports.
 */
import { startTestApi, type TestApi } from './helpers';
import { freshVisitor, manifest, operator, startManifestServer, type ManifestServer } from './rollout-helpers';

let api: TestApi;
let cdn: ManifestServer;
let ops: ReturnType<typeof operator>;
const CANDIDATE = '0.2.0-aaaa1111';
// Every visitor here reports from 127.0.0.1, one client network: the per-network rules (issue 26) are
// opened up so these tests see the counting itself; security/rollout-forgery.test.ts tests those rules.
const overrides = () => ({
  rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json` }, failureRate: 0.25, minLoads: 8, minFailureNetworks: 1, perNetworkLimit: 1000 },
});

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  cdn.set(`/versions/${CANDIDATE}/mf-manifest.json`, { body: manifest() });
  api = await startTestApi(overrides());
  ops = operator(api);
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});

const trainers = async () => (await ops.status()).body.areas.find((a: { area: string }) => a.area === 'trainers');

describe('POST /api/rollout/events', () => {
  test('accepts JSON and text/plain carrying JSON (navigator.sendBeacon) with 204, and counts the stable version', async () => {
    const { agent } = await freshVisitor(api);
    const json = await agent.post('/api/rollout/events', { area: 'trainers', version: 'default', outcome: 'loaded' });
    expect(json.status).toBe(204);
    const text = await agent.request('POST', '/api/rollout/events', {
      raw: JSON.stringify({ area: 'trainers', version: 'default', outcome: 'failed', reason: 'ChunkLoadError' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(text.status).toBe(204);
    expect((await trainers()).versions[0]).toMatchObject({ version: 'default', role: 'stable', loads: 2, failures: 1 });
  });

  test('a bad body is a 400 with a JSON message and counts nothing', async () => {
    const { agent } = await freshVisitor(api);
    const bad: [unknown, RegExp][] = [
      [{ area: 'payments', version: 'default', outcome: 'loaded' }, /Unknown area "payments"/],
      [{ area: 'trainers', version: '', outcome: 'loaded' }, /version is required/],
      [{ area: 'trainers', version: 'x'.repeat(101), outcome: 'loaded' }, /at most 100 characters/],
      [{ area: 'trainers', version: 'default', outcome: 'exploded' }, /outcome must be "loaded" or "failed"/],
      [{ area: 'trainers', version: 'default', outcome: 'failed', reason: 'r'.repeat(301) }, /at most 300 characters/],
      [[1, 2], /Invalid request body|expected object/i],
    ];
    for (const [body, message] of bad) {
      const r = await agent.post('/api/rollout/events', body);
      expect({ status: r.status, message: r.body.message }).toEqual({ status: 400, message: expect.stringMatching(message) });
      expect(Array.isArray(r.body.issues)).toBe(true);
    }
    const notJson = await agent.request('POST', '/api/rollout/events', { raw: '{oops', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The event must be JSON');
    const big = await agent.request('POST', '/api/rollout/events', { raw: 'x'.repeat(5000), headers: { 'content-type': 'text/plain' } });
    expect(big.status).toBe(413);
    const form = await agent.request('POST', '/api/rollout/events', { raw: 'area=trainers', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await trainers()).versions[0]).toMatchObject({ loads: 2, failures: 1 });
  });

  test('a version that is neither the stable nor the candidate is accepted and ignored', async () => {
    const { agent } = await freshVisitor(api);
    expect((await agent.post('/api/rollout/events', { area: 'trainers', version: 'made-up', outcome: 'failed' })).status).toBe(204);
    expect((await trainers()).versions.map((v: { version: string }) => v.version)).toEqual(['default']);
  });
});

describe('automatic rollback', () => {
  test('only visitors bucketed into the candidate count towards its failures', async () => {
    expect((await ops.set('trainers', { candidate: `${cdn.url}/versions/${CANDIDATE}/mf-manifest.json`, percent: 1 })).status).toBe(200);
    let outsider = await freshVisitor(api);
    while (outsider.entry.version === CANDIDATE) outsider = await freshVisitor(api);
    for (let i = 0; i < 10; i += 1) await outsider.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'failed' });
    // No cookie at all: not counted either.
    await api.agent().post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'failed' });
    const t = await trainers();
    expect(t.candidate).toMatchObject({ percent: 1, loads: 0, failures: 0 });
    expect(t.autoRollback).toBeNull();
  });

  test('simultaneous failures past the threshold set the percentage to 0 once, with the reason', async () => {
    expect((await ops.set('trainers', { percent: 100 })).status).toBe(200);
    const visitors = await Promise.all(Array.from({ length: 24 }, () => freshVisitor(api)));
    expect(visitors.every((v) => v.entry.version === CANDIDATE)).toBe(true);
    // 6 loads below the minimum of 8 (no rollback yet), then 24 failures at once.
    for (const v of visitors.slice(0, 6)) await v.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'loaded' });
    expect((await trainers()).autoRollback).toBeNull();
    const results = await Promise.all(
      visitors.map((v) => v.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'failed', reason: 'manifest unreachable' })),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 204));

    const t = await trainers();
    expect(t.candidate).toMatchObject({ version: CANDIDATE, percent: 0 });
    expect(t.autoRollback).toMatchObject({ version: CANDIDATE, reason: expect.stringMatching(new RegExp(`^\\d+ of \\d+ loads of ${CANDIDATE} failed$`)) });
    const [, failures, loads] = /^(\d+) of (\d+)/.exec(t.autoRollback.reason)!.map(Number);
    expect(loads).toBeGreaterThanOrEqual(8);
    expect(failures / loads).toBeGreaterThanOrEqual(0.25);
    // Exactly one rollback was recorded.
    expect(api.logLines.filter((l) => l.includes('rolled back automatically')).length).toBe(1);
    // The totals count every report: 6 loaded + 24 failed.
    expect(t.versions.find((v: { role: string }) => v.role === 'candidate')).toMatchObject({ loads: 30, failures: 24 });
    // Every visitor now gets the stable version.
    expect((await visitors[0].agent.get('/api/rollout/remotes')).body.remotes[1]).toEqual({
      area: 'trainers',
      name: 'mfe_trainers',
      entry: `${cdn.url}/mf-manifest.json`,
      version: 'default',
    });

    // A report arriving after the rollback, from a visitor the candidate was served to, still counts in its
    // totals (not towards the rolled-back candidate); a visitor who was never served it counts nothing.
    expect((await visitors[20].agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'loaded' })).status).toBe(204);
    const never = await freshVisitor(api);
    expect(never.entry.version).toBe('default');
    expect((await never.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'failed' })).status).toBe(204);
    const late = await trainers();
    expect(late.versions.find((v: { role: string }) => v.role === 'candidate')).toMatchObject({ loads: 31, failures: 24 });
    expect(late.candidate).toMatchObject({ percent: 0, loads: t.candidate.loads, failures: t.candidate.failures });
  });

  test('setting the rolled-back candidate again is a fresh start (counts cleared, reason gone)', async () => {
    const again = await ops.set('trainers', { percent: 10 });
    expect(again.body.candidate).toMatchObject({ percent: 10, loads: 0, failures: 0 });
    expect(again.body.autoRollback).toBeNull();
  });
  test("a visitor's repeated reports count once per outcome, and a visitor id the API never gave the candidate counts nothing", async () => {
    expect((await ops.set('trainers', { percent: 100 })).status).toBe(200);
    const before = await trainers();
    const totals = () => trainers().then((t) => t.versions.find((v: { role: string }) => v.role === 'candidate'));
    const totalsBefore = await totals();
    const v = await freshVisitor(api);
    expect(v.entry.version).toBe(CANDIDATE);
    const fail = () => v.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'failed', reason: 'ChunkLoadError' });
    for (let i = 0; i < 3; i += 1) expect((await fail()).status).toBe(204);
    expect((await Promise.all(Array.from({ length: 5 }, fail))).map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    for (let i = 0; i < 3; i += 1) await v.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'loaded' });
    // A well-formed visitor id (bucketed into the candidate at 100 %) that the API never signed nor issued.
    const forged = await api.agent().request('POST', '/api/rollout/events', {
      json: { area: 'trainers', version: CANDIDATE, outcome: 'failed' },
      headers: { cookie: 'fc_vid=AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(forged.status).toBe(204);
    const after = await trainers();
    expect(after.candidate).toMatchObject({ percent: 100, loads: before.candidate.loads + 2, failures: before.candidate.failures + 1 });
    expect(await totals()).toMatchObject({ loads: totalsBefore.loads + 2, failures: totalsBefore.failures + 1 });
  });

  test('a set that keeps the run (a new percentage) keeps the reports that arrive while it checks the manifests', async () => {
    const before = (await trainers()).candidate;
    // The candidate's manifest answers slowly: the set command reads the rollout, then waits for it.
    cdn.set(`/versions/${CANDIDATE}/mf-manifest.json`, { body: manifest(), delayMs: 800 });
    try {
      // The set command has read the rollout once it asks for the candidate's manifest.
      const asked = cdn.requested(`/versions/${CANDIDATE}/mf-manifest.json`);
      const setting = ops.set('trainers', { candidate: `${cdn.url}/versions/${CANDIDATE}/mf-manifest.json`, percent: 90 });
      await asked;
      let v = await freshVisitor(api);
      while (v.entry.version !== CANDIDATE) v = await freshVisitor(api);
      expect((await v.agent.post('/api/rollout/events', { area: 'trainers', version: CANDIDATE, outcome: 'failed' })).status).toBe(204);
      expect((await setting).status).toBe(200);
    } finally {
      cdn.set(`/versions/${CANDIDATE}/mf-manifest.json`, { body: manifest() });
    }
    expect((await trainers()).candidate).toMatchObject({ percent: 90, loads: before.loads + 1, failures: before.failures + 1 });
  });
});

test('the beacon is rate limited per visitor (429 with Retry-After)', async () => {
  await api.restart({ ...overrides(), config: { rateLimit: 1 } });
  const { agent } = await freshVisitor(api);
  const statuses: number[] = [];
  for (let i = 0; i < 62; i += 1) statuses.push((await agent.post('/api/rollout/events', { area: 'workouts', version: 'default', outcome: 'loaded' })).status);
  expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
  const limited = await agent.post('/api/rollout/events', { area: 'workouts', version: 'default', outcome: 'loaded' });
  expect(limited.status).toBe(429);
  expect(limited.body.message).toBe('Too many rollout events. Please slow down.');
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another visitor is not affected.
  const other = await freshVisitor(api);
  expect((await other.agent.post('/api/rollout/events', { area: 'workouts', version: 'default', outcome: 'loaded' })).status).toBe(204);
});
