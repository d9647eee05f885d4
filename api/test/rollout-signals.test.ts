/**
 * Issue 34 item 2, health beyond load failures: a plan's gate compares candidate and stable on uncaught
 * errors, API 5xx answers (counted by the API), LCP and INP, and states the numbers it used. With the
 * tests' clock: a plan rolls back on each signal's gate, holds on insufficient data, advances when every
 * gate passes, and forged signal reports do not move it.
 */
import Router from '@koa/router';
import mongoose from 'mongoose';
import { startTestApi, type TestApi } from './helpers';
import { manifest, operator, startManifestServer, visitorCookie, type ManifestServer } from './rollout-helpers';
import { startInstance, testClock, visitorPool, type Instance } from './rollout-plan-helpers';
import { bucketOf, p75 } from '../src/rollout/histogram';

const MIN = 60_000;
const CANDIDATE = '0.2.0-aaaa1111';
const AREA = 'trainers';

let api: TestApi;
let cdn: ManifestServer;
let clock: ReturnType<typeof testClock>;
let a: Instance;

const candidateUrl = () => `${cdn.url}/versions/${CANDIDATE}/mf-manifest.json`;

// Routes the test's visitors call: one that answers, one that fails (the candidate's code calling a broken endpoint).
const testRoutes = new Router();
testRoutes.get('/api/test-signals/ok', (ctx) => {
  ctx.body = { ok: true };
});
testRoutes.get('/api/test-signals/fail', () => {
  throw new Error('boom');
});

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  cdn.set(`/versions/${CANDIDATE}/mf-manifest.json`, { body: manifest() });
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});

const env = (extra: Record<string, string> = {}) => ({
  REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json`,
  ROLLOUT_MIN_LOADS: '4',
  ROLLOUT_MIN_SIGNAL_VISITORS: '4',
  ROLLOUT_MIN_FAILURE_NETWORKS: '1',
  ROLLOUT_PER_NETWORK: '100000',
  ...extra,
});

async function start(extra: Record<string, string> = {}) {
  a = await startInstance(api, {
    clock,
    config: { ...api.config, trustProxy: true },
    rollout: { env: env(extra), manifestTimeoutMs: 2000 },
    extraRouters: [testRoutes],
  } as Parameters<typeof startInstance>[1]);
}

beforeEach(async () => {
  for (const c of ['rollouts', 'rolloutaudits', 'rolloutvisitors', 'rolloutcounters', 'rolloutnetworks', 'rolloutsignals']) await mongoose.connection.db!.collection(c).deleteMany({});
  clock = testClock();
});
afterEach(async () => {
  await a?.close();
});

const ops = () => operator({ ...api, agent: a.agent, config: api.config } as TestApi, undefined, 'planned release');

interface Behaviour {
  error?: boolean;
  lcp?: number;
  inp?: number;
  api5xx?: boolean;
  /** Client address (its /24 is the network). */
  ip?: string;
}

/** A visitor loads the page, reports the load, its vitals and (maybe) an error, and calls the API. Returns its version. */
async function visit(id: string, b: Behaviour = {}): Promise<string> {
  const agent = a.agent();
  const headers = { cookie: visitorCookie(api, id), 'x-forwarded-for': b.ip ?? '10.0.0.1' };
  const r = await agent.request('GET', '/api/rollout/remotes', { headers });
  const version = r.body.remotes.find((x: { area: string }) => x.area === AREA).version as string;
  const post = async (json: unknown) => {
    const res = await agent.request('POST', '/api/rollout/events', { json, headers });
    if (res.status !== 204) throw new Error(`events answered ${res.status} ${res.text}`);
  };
  await post({ area: AREA, version, outcome: 'loaded' });
  await post({ kind: 'vitals', area: AREA, version, lcp: b.lcp ?? 2000, inp: b.inp ?? 150 });
  if (b.error) await post({ kind: 'error', area: AREA, version, source: 'error', message: 'TypeError: x is undefined' });
  const call = await agent.request('GET', b.api5xx ? '/api/test-signals/fail' : '/api/test-signals/ok', { headers });
  expect(call.status).toBe(b.api5xx ? 500 : 200);
  return version;
}

async function visitAll(ids: string[], b: Behaviour = {}) {
  const versions = [];
  for (const id of ids) versions.push(await visit(id, b));
  return versions;
}

const trainers = async () => (await ops().status()).body.areas.find((x: { area: string }) => x.area === AREA);

async function startPlan() {
  const r = await ops().plan(AREA, { candidate: candidateUrl(), steps: [25, 50, 100], every: '30m' });
  expect(r.status).toBe(200);
}

/** After the interval: one tick; returns the decision and the newest audit entry. */
async function decideNow() {
  clock.advance(30 * MIN);
  const [applied] = await a.tick();
  const entries = (await ops().log(`?area=${AREA}`)).body.entries;
  return { decision: applied?.decision, entry: entries[0] };
}

const signalOf = (d: { signals: { signal: string }[] }, name: string) => d.signals.find((s) => s.signal === name) as unknown as { verdict: string; numbers: Record<string, number>; reason: string };

test('vitals histograms: bounded buckets, p75', () => {
  expect(bucketOf(-5)).toBe(0);
  expect(bucketOf(60_000)).toBe(bucketOf(1e9));
  const h: Record<string, number> = {};
  for (const v of [100, 200, 300, 4000]) h[`b${bucketOf(v)}`] = (h[`b${bucketOf(v)}`] ?? 0) + 1;
  expect(p75(h)).toBe(350);
  expect(p75({})).toBeNull();
});

test('a plan holds on insufficient data, stating the numbers of every gate', async () => {
  await start();
  await startPlan();
  const pool = visitorPool(AREA, CANDIDATE);
  expect(await visitAll(pool.inShare(4, 25))).toEqual(Array(4).fill(CANDIDATE));
  expect(await visitAll(pool.outOfShare(2, 25))).toEqual(['default', 'default']);
  const { decision, entry } = await decideNow();
  expect(decision.outcome).toBe('hold');
  expect(decision.signals.map((s: { signal: string }) => s.signal)).toEqual(['load-failures', 'errors', 'api-errors', 'lcp', 'inp']);
  expect(signalOf(decision, 'load-failures').verdict).toBe('pass');
  for (const s of ['errors', 'api-errors', 'lcp', 'inp']) expect(signalOf(decision, s).verdict).toBe('insufficient');
  expect(signalOf(decision, 'errors').numbers).toMatchObject({ candidateVisitors: 4, stableVisitors: 2, minVisitors: 4 });
  expect(signalOf(decision, 'lcp').numbers).toMatchObject({ candidateSamples: 4, stableSamples: 2 });
  expect(entry).toMatchObject({ action: 'hold', actor: 'system' });
  expect(entry.decision.signals).toEqual(decision.signals.map((s: object) => expect.objectContaining(s)));
  const t = await trainers();
  expect(t.candidate.percent).toBe(25);
  expect(t.plan.lastDecision.reason).toMatch(/uncaught errors: 4 candidate and 2 stable visitors \(at least 4 each needed\)/);
  // status shows the run's signals of both versions
  expect(t.health).toMatchObject({ candidate: { version: CANDIDATE, visitors: 4 }, stable: { version: 'default', visitors: 2 } });
});

test('a plan advances when every gate passes', async () => {
  await start();
  await startPlan();
  const pool = visitorPool(AREA, CANDIDATE);
  await visitAll(pool.inShare(5, 25));
  await visitAll(pool.outOfShare(5, 25));
  const { decision, entry } = await decideNow();
  expect(decision.outcome).toBe('advance');
  expect(decision.signals.every((s: { verdict: string }) => s.verdict === 'pass')).toBe(true);
  expect(entry.action).toBe('advance');
  expect((await trainers()).candidate.percent).toBe(50);
});

const ROLLBACKS: [string, string, Behaviour, RegExp][] = [
  ['uncaught errors', 'errors', { error: true }, /uncaught errors: 4 of 5 candidate visitors \(80 %\) against 0 of 5 stable \(0 %\)/],
  ['API 5xx answers', 'api-errors', { api5xx: true }, /API 5xx: 4 of 5 candidate visitors \(80 %\)/],
  ['LCP', 'lcp', { lcp: 4000 }, /LCP p75 4050 ms on the candidate against 2050 ms on stable \(limit 2460 ms, 1.2× stable's\)/],
  ['INP', 'inp', { inp: 600 }, /INP p75 650 ms on the candidate against 200 ms on stable/],
];

test.each(ROLLBACKS)('a plan rolls back on the %s gate, with the numbers it used', async (_label, signal, bad, reason) => {
  await start();
  await startPlan();
  const pool = visitorPool(AREA, CANDIDATE);
  const cand = pool.inShare(5, 25);
  await visitAll(cand.slice(0, 1));
  await visitAll(cand.slice(1), bad);
  // Stable visitors get the same treatment where the candidate's code is not to blame.
  await visitAll(pool.outOfShare(5, 25));
  const { decision, entry } = await decideNow();
  expect(decision.outcome).toBe('rollback');
  const s = signalOf(decision, signal);
  expect(s.verdict).toBe('fail');
  expect(s.reason).toMatch(reason);
  for (const other of ['load-failures', 'errors', 'api-errors', 'lcp', 'inp'].filter((x) => x !== signal)) expect(signalOf(decision, other).verdict).toBe('pass');
  expect(entry).toMatchObject({ action: 'rollback', actor: 'system', automatic: true });
  expect(entry.reason).toMatch(reason);
  const t = await trainers();
  expect(t.candidate.percent).toBe(0);
  expect(t.plan.state).toBe('rolledBack');
  // The next visitor of the share gets stable.
  expect(await visit(pool.inShare(1, 25)[0])).toBe('default');
});

test('forged signal reports do not move a plan', async () => {
  await start({ ROLLOUT_MIN_FAILURE_NETWORKS: '3', ROLLOUT_PER_NETWORK: '3' });
  await startPlan();
  const pool = visitorPool(AREA, CANDIDATE);
  const cand = pool.inShare(12, 25);
  // 12 healthy candidate visitors and 12 stable ones from 4 networks (3 a network: the cap).
  for (const [i, id] of cand.entries()) await visit(id, { ip: `10.0.${i % 4}.7` });
  for (const [i, id] of pool.outOfShare(12, 25).entries()) await visit(id, { ip: `10.1.${i % 4}.7` });
  const agent = a.agent();
  const send = (json: unknown, headers: Record<string, string>) => agent.request('POST', '/api/rollout/events', { json, headers });
  const err = { kind: 'error', area: AREA, version: CANDIDATE };

  // Unsigned / made-up visitor ids count nothing.
  for (let i = 0; i < 10; i++) expect((await send(err, { cookie: `fc_vid=${'A'.repeat(21)}${i}.forged`, 'x-forwarded-for': `10.9.${i}.1` })).status).toBe(204);
  // Stable visitors reporting the candidate's version count nothing.
  for (const id of pool.outOfShare(3, 25)) {
    await visit(id, { ip: '10.2.0.1' });
    expect((await send({ ...err, version: CANDIDATE }, { cookie: visitorCookie(api, id), 'x-forwarded-for': '10.2.0.1' })).status).toBe(204);
  }
  // A candidate visitor repeating its error report counts once.
  for (let i = 0; i < 20; i++) await send(err, { cookie: visitorCookie(api, cand[0]), 'x-forwarded-for': '10.0.0.7' });
  // One network: a few more candidate visitors with errors count up to its cap only, and a single network is not believed.
  for (const id of cand.slice(1, 9)) await send(err, { cookie: visitorCookie(api, id), 'x-forwarded-for': '10.0.0.7' });
  // Bounded values: refused, nothing counted.
  expect((await send({ kind: 'vitals', area: AREA, version: CANDIDATE, lcp: 60_001 }, { cookie: visitorCookie(api, cand[9]) })).status).toBe(400);
  expect((await send({ kind: 'vitals', area: AREA, version: CANDIDATE, inp: -1 }, { cookie: visitorCookie(api, cand[9]) })).status).toBe(400);
  // A client cannot report API errors: that signal is the API's own count.
  expect((await send({ kind: 'api', area: AREA, version: CANDIDATE, status: 500 }, { cookie: visitorCookie(api, cand[9]) })).status).toBe(400);

  const { decision } = await decideNow();
  const errors = signalOf(decision, 'errors');
  // 3 of the 12 candidate visitors (the network's cap), from 1 network: held, not rolled back.
  expect(errors.numbers).toMatchObject({ candidateBad: 3, badNetworks: 1, stableBad: 0, candidateVisitors: 12, stableVisitors: 15 });
  expect(errors.verdict).toBe('insufficient');
  expect(errors.reason).toMatch(/from 1 client network\(s\) \(3 needed to believe it\)/);
  expect(decision.outcome).toBe('hold');
  expect((await trainers()).candidate.percent).toBe(25);
});

test('API 5xx counting: only signed visitors, each once, under the version the API gave them', async () => {
  await start();
  await startPlan();
  const pool = visitorPool(AREA, CANDIDATE);
  const [id] = pool.inShare(1, 25);
  await visit(id);
  const agent = a.agent();
  for (let i = 0; i < 5; i++) await agent.request('GET', '/api/test-signals/fail', { headers: { cookie: visitorCookie(api, id) } });
  for (let i = 0; i < 5; i++) await agent.request('GET', '/api/test-signals/fail', { headers: { cookie: `fc_vid=${'B'.repeat(22)}.forged` } });
  const t = await trainers();
  expect(t.health.candidate).toMatchObject({ apiVisitors: 1, api5xxVisitors: 1 });
  expect(t.health.stable).toMatchObject({ apiVisitors: 0, api5xxVisitors: 0 });
});
