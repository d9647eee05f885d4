/**
 * Issue 34, scheduled steps: `plan` advances a candidate through its steps while its health gate holds,
 * holds it when data is insufficient, rolls it back when the gate fails, and promotes it at 100 %; each
 * decision is taken once by one of several API instances (two instances on one database, both ticking at
 * every due time), survives a restart, and is audited with the numbers it used. The clock is the tests':
 * no test waits for time to pass.
 */
import mongoose from 'mongoose';
import { startTestApi, type TestApi } from './helpers';
import { manifest, operator, startManifestServer, type ManifestServer } from './rollout-helpers';
import { startInstance, testClock, visitorPool, visitorsReport, type Instance } from './rollout-plan-helpers';

const MIN = 60_000;
const CANDIDATE = '0.2.0-aaaa1111';

let api: TestApi;
let cdn: ManifestServer;
let clock: ReturnType<typeof testClock>;
let a: Instance;
let b: Instance;

const candidateUrl = (v = CANDIDATE) => `${cdn.url}/versions/${v}/mf-manifest.json`;

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  for (const v of [CANDIDATE, '0.3.0-bbbb2222', '0.4.0-cccc3333', '0.5.0-dddd4444']) cdn.set(`/versions/${v}/mf-manifest.json`, { body: manifest() });
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});

// Small thresholds keep the visitor counts small: 5 loads per step, 5 % failures; every visitor comes
// from 127.0.0.1 here, so one network counts for all (the per-network rules have their own tests).
const rollout = () => ({
  env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json`, ROLLOUT_MIN_LOADS: '5', ROLLOUT_MIN_FAILURE_NETWORKS: '1', ROLLOUT_PER_NETWORK: '100000', ROLLOUT_GATES: 'load-failures' },
  manifestTimeoutMs: 2000,
});

beforeEach(async () => {
  // Each test starts at the same clock time: visitors counted in an earlier test's run must not carry over.
  for (const c of ['rollouts', 'rolloutaudits', 'rolloutvisitors', 'rolloutcounters', 'rolloutnetworks']) await mongoose.connection.db!.collection(c).deleteMany({});
  clock = testClock();
  a = await startInstance(api, { clock, rollout: rollout() });
  b = await startInstance(api, { clock, rollout: rollout() });
});
afterEach(async () => {
  await a?.close();
  await b?.close();
});

/** The operator's calls through instance `inst`. */
const ops = (inst: Instance) => operator({ ...api, agent: inst.agent, config: api.config } as TestApi, undefined, 'planned release');

const trainers = async (inst = a) => (await ops(inst).status()).body.areas.find((x: { area: string }) => x.area === 'trainers');
const log = async () => (await ops(a).log('?area=trainers')).body.entries as { id: number; action: string; actor: string; reason: string; decision?: any; before: any; after: any }[];

/** Both instances tick at once (as their timers would, racing for the same decision). */
const tickBoth = async () => (await Promise.all([a.tick(), b.tick()])).flat();

test('a healthy plan advances through every step, one decision per interval, and promotes at 100 %', async () => {
  const pool = visitorPool('trainers', CANDIDATE);
  const started = clock.ms;
  const plan = await ops(a).plan('trainers', { candidate: candidateUrl(), steps: [5, 25, 50, 100], every: '30m' });
  expect(plan.status).toBe(200);
  expect(plan.body.candidate).toMatchObject({ version: CANDIDATE, percent: 5 });
  expect(plan.body.plan).toMatchObject({ steps: [5, 25, 50, 100], everyMs: 30 * MIN, stepIndex: 0, state: 'running', nextDecisionAt: new Date(started + 30 * MIN).toISOString(), startedBy: 'operator' });

  // Visitors in the 5 % share get the candidate, others the stable version.
  expect(await visitorsReport(api, a, pool.inShare(6, 5), 'trainers')).toEqual(Array(6).fill(CANDIDATE));
  expect(await visitorsReport(api, b, pool.outOfShare(2, 5), 'trainers')).toEqual(['default', 'default']);

  // Before the interval is over nothing is decided, however often the instances tick.
  clock.advance(30 * MIN - 1);
  expect(await tickBoth()).toEqual([]);
  expect((await trainers()).candidate.percent).toBe(5);

  const percents: number[] = [];
  for (const [percent, next] of [[5, 25], [25, 50]] as const) {
    clock.advance(1);
    const applied = await tickBoth();
    expect(applied.map((d) => d.decision.outcome)).toEqual(['advance']);
    expect(applied[0].decision).toMatchObject({ fromPercent: percent, toPercent: next });
    // A second round of ticks at the same time finds nothing due.
    expect(await tickBoth()).toEqual([]);
    const t = await trainers(b);
    percents.push(t.candidate.percent);
    expect(t.plan).toMatchObject({ stepIndex: percents.length, state: 'running', nextDecisionAt: new Date(clock.ms + 30 * MIN).toISOString() });
    // The new share's visitors: fresh ones, in the new share.
    expect(await visitorsReport(api, percents.length % 2 ? b : a, pool.inShare(5, next), 'trainers')).toEqual(Array(5).fill(CANDIDATE));
    clock.advance(30 * MIN - 1);
  }
  expect(percents).toEqual([25, 50]);
  clock.advance(1);
  const last = await tickBoth();
  expect(last.map((d) => d.decision.outcome)).toEqual(['promote']);
  const done = await trainers();
  expect(done.stable).toMatchObject({ version: CANDIDATE });
  expect(done.candidate).toBeNull();
  expect(done.plan).toMatchObject({ state: 'done', nextDecisionAt: null });
  expect(await tickBoth()).toEqual([]);

  // The log: the plan (by the operator), then one entry per decision (by system), with the numbers used.
  const entries = (await log()).reverse();
  expect(entries.map((e) => [e.action, e.actor])).toEqual([
    ['plan', 'operator'],
    ['advance', 'system'],
    ['advance', 'system'],
    ['promote', 'system'],
  ]);
  expect(entries[1].decision.signals[0]).toMatchObject({ signal: 'load-failures', verdict: 'pass', numbers: { loads: 6, failures: 0, minLoads: 5, failureRate: 0.05 } });
  expect(entries[1].reason).toBe('healthy at 5 % (0 of 6 loads failed (0 %, limit 5 %)): advanced to 25 %');
  expect(entries[2].decision.signals[0].numbers).toMatchObject({ loads: 5, failures: 0, runLoads: 11 });
  expect(entries[1].before.candidate.percent).toBe(5);
  expect(entries[1].after.candidate.percent).toBe(25);
  expect(entries[3].after).toMatchObject({ stable: { version: CANDIDATE }, candidate: null, plan: { state: 'done' } });
});

test('insufficient data holds the step, says why, and decides again after another interval', async () => {
  const pool = visitorPool('trainers', '0.3.0-bbbb2222');
  await ops(a).plan('trainers', { candidate: candidateUrl('0.3.0-bbbb2222'), steps: [10, 100], every: '1h' });
  await visitorsReport(api, a, pool.inShare(3, 10), 'trainers');
  clock.advance(60 * MIN);
  const held = await tickBoth();
  expect(held.map((d) => d.decision.outcome)).toEqual(['hold']);
  const t = await trainers();
  expect(t.candidate.percent).toBe(10);
  expect(t.plan).toMatchObject({ state: 'running', stepIndex: 0, nextDecisionAt: new Date(clock.ms + 60 * MIN).toISOString() });
  expect(t.plan.lastDecision).toMatchObject({ outcome: 'hold', reason: 'held at 10 %: only 3 loads since the step started (at least 5 needed)' });
  expect(t.plan.lastDecision.signals[0]).toMatchObject({ verdict: 'insufficient', numbers: { loads: 3, minLoads: 5 } });

  // Enough data by the next decision: it goes on (to 100 %: promoted).
  await visitorsReport(api, b, pool.inShare(2, 10), 'trainers');
  clock.advance(60 * MIN);
  expect((await tickBoth()).map((d) => d.decision.outcome)).toEqual(['promote']);
  expect((await trainers()).stable.version).toBe('0.3.0-bbbb2222');
  expect((await log()).map((e) => [e.action, e.actor])).toEqual([
    ['promote', 'system'],
    ['hold', 'system'],
    ['plan', 'operator'],
  ]);
});

test('a failing gate rolls the candidate back (and the plan ends); the failures of the step count, not the run average', async () => {
  const v = '0.4.0-cccc3333';
  const pool = visitorPool('trainers', v);
  await ops(a).plan('trainers', { candidate: candidateUrl(v), steps: [5, 50, 100], every: '30m' });
  // A healthy first step with many loads ...
  await visitorsReport(api, a, pool.inShare(40, 5), 'trainers');
  clock.advance(30 * MIN);
  expect((await tickBoth()).map((d) => d.decision.outcome)).toEqual(['advance']);
  // ... then 1 failure in 5 loads at 50 %: 20 % of the step (the run's 1 in 45 is under 5 %, so the
  // immediate automatic rollback does not fire; the gate does).
  await visitorsReport(api, b, pool.inShare(5, 50), 'trainers', 1);
  expect((await trainers()).candidate.percent).toBe(50);
  clock.advance(30 * MIN);
  const applied = await tickBoth();
  expect(applied.map((d) => d.decision.outcome)).toEqual(['rollback']);
  const t = await trainers();
  expect(t.candidate).toMatchObject({ version: v, percent: 0 });
  expect(t.plan).toMatchObject({ state: 'rolledBack', nextDecisionAt: null });
  expect(t.plan.endedReason).toBe('health gate failed at 50 %: 1 of 5 loads failed (20 %, limit 5 %)');
  expect(t.autoRollback).toMatchObject({ version: v, reason: t.plan.endedReason });
  // Everyone is back on stable; later ticks do nothing.
  expect(await visitorsReport(api, a, pool.inShare(3, 50), 'trainers')).toEqual(['default', 'default', 'default']);
  clock.advance(30 * MIN);
  expect(await tickBoth()).toEqual([]);
  const entries = await log();
  expect(entries[0]).toMatchObject({ action: 'rollback', actor: 'system' });
  expect(entries[0].decision.signals[0]).toMatchObject({ verdict: 'fail', numbers: { loads: 5, failures: 1, runLoads: 45, runFailures: 1 } });
});

test('an automatic rollback from reports ends a running plan, and is audited as system', async () => {
  const v = '0.5.0-dddd4444';
  const pool = visitorPool('trainers', v);
  await ops(a).plan('trainers', { candidate: candidateUrl(v), steps: [20, 100], every: '30m' });
  await visitorsReport(api, a, pool.inShare(5, 20), 'trainers', 2);
  const t = await trainers();
  expect(t.candidate.percent).toBe(0);
  expect(t.plan).toMatchObject({ state: 'rolledBack', endedReason: `rolled back automatically: 2 of 5 loads of ${v} failed` });
  clock.advance(30 * MIN);
  expect(await tickBoth()).toEqual([]);
  expect((await log())[0]).toMatchObject({ action: 'rollback', actor: 'system', reason: `automatic: 2 of 5 loads of ${v} failed` });
});

test('many instances racing at every due time: each step is decided exactly once', async () => {
  const pool = visitorPool('trainers', CANDIDATE);
  const more = await Promise.all([startInstance(api, { clock, rollout: rollout() }), startInstance(api, { clock, rollout: rollout() })]);
  try {
    await ops(a).plan('trainers', { candidate: candidateUrl(), steps: [1, 2, 3, 4, 5, 100], every: '10m' });
    const outcomes: string[] = [];
    for (let step = 1; step <= 6; step++) {
      await visitorsReport(api, a, pool.inShare(5, step === 6 ? 100 : step), 'trainers');
      clock.advance(10 * MIN);
      const rounds = await Promise.all([a, b, ...more].flatMap((inst) => [inst.tick(), inst.tick()]));
      outcomes.push(...rounds.flat().map((d) => d.decision.outcome));
    }
    expect(outcomes).toEqual(['advance', 'advance', 'advance', 'advance', 'promote']);
  } finally {
    await Promise.all(more.map((m) => m.close()));
  }
  expect((await log()).filter((e) => e.actor === 'system').map((e) => e.action)).toEqual(['promote', 'advance', 'advance', 'advance', 'advance']);
});

test('the schedule survives a restart, and a claim left by an instance that died is taken over when its lease ends', async () => {
  const pool = visitorPool('trainers', '0.3.0-bbbb2222');
  await ops(a).plan('trainers', { candidate: candidateUrl('0.3.0-bbbb2222'), steps: [10, 50, 100], every: '30m' });
  await visitorsReport(api, a, pool.inShare(5, 10), 'trainers');
  // Every instance goes away; a new one (a fresh process's runtime) picks the plan up from the database.
  await a.close();
  await b.close();
  a = await startInstance(api, { clock, rollout: { ...rollout(), planLeaseMs: 60_000 } });
  b = await startInstance(api, { clock, rollout: { ...rollout(), planLeaseMs: 60_000 } });
  clock.advance(30 * MIN);
  // An instance claimed the decision and died before applying it: its claim holds until the lease ends.
  await mongoose.connection.db!.collection('rollouts').updateOne({ area: 'trainers' }, { $set: { planLease: { id: 'dead-instance', until: new Date(clock.ms + 60_000) } } });
  expect(await tickBoth()).toEqual([]);
  clock.advance(59_999);
  expect(await tickBoth()).toEqual([]);
  clock.advance(1);
  expect((await tickBoth()).map((d) => d.decision.outcome)).toEqual(['advance']);
  expect((await trainers()).candidate.percent).toBe(50);
});

test('a manual change takes over: set by hand cancels the plan (with who and why)', async () => {
  await ops(a).plan('trainers', { candidate: candidateUrl(), steps: [5, 100], every: '30m' });
  expect((await ops(b).set('trainers', { percent: 20, reason: 'hold it at 20 for the demo' })).status).toBe(200);
  const t = await trainers();
  expect(t.candidate.percent).toBe(20);
  expect(t.plan).toMatchObject({ state: 'cancelled', endedReason: 'operator set trainers to 20 % by hand: hold it at 20 for the demo' });
  clock.advance(30 * MIN);
  expect(await tickBoth()).toEqual([]);
});

test('bad plans are refused and change nothing', async () => {
  const before = (await ops(a).status()).body;
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ candidate: candidateUrl(), steps: [5, 25, 50], every: '30m' }, /The last step must be 100/],
    [{ candidate: candidateUrl(), steps: [50, 25, 100], every: '30m' }, /The steps must increase/],
    [{ candidate: candidateUrl(), steps: [0, 100], every: '30m' }, /above 0 %/],
    [{ candidate: candidateUrl(), steps: [5, 100], every: 'soon' }, /must be a duration/],
    [{ candidate: candidateUrl(), steps: [5, 100], every: '10s' }, /must be from 1m to 7d/],
    [{ candidate: candidateUrl(), steps: [5, 100] }, /duration/],
    [{ steps: [5, 100], every: '30m' }, /trainers has no candidate yet/],
    [{ candidate: candidateUrl(), steps: [5, 100], every: '30m', reason: '   ' }, /A reason is required/],
  ];
  for (const [body, message] of cases) {
    const r = await ops(a).plan('trainers', body);
    expect({ body, status: r.status >= 400 && r.status < 500, message: r.body.message }).toEqual({ body, status: true, message: expect.stringMatching(message) });
  }
  expect((await ops(a).status()).body).toEqual(before);
  expect(await log()).toEqual([]);
});
