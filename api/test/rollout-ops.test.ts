/**
 * Issue 34 over real HTTP: the audit log (every change, with actor, reason, before and after) and revert;
 * the kill switch (everyone on stable at once, plans blocked until release); preview links (signed,
 * expiring, cookie-kept, nobody else's assignment changes; forged, edited or expired ones ignored); a
 * manual change without a reason is refused; named operator tokens (OPERATOR_TOKENS) and unknown tokens.
 */
import mongoose from 'mongoose';
import { startTestApi, type TestApi } from './helpers';
import { manifest, operator, startManifestServer, visitorCookie, type ManifestServer } from './rollout-helpers';
import { startInstance, testClock, visitorPool, visitorsReport, type Instance } from './rollout-plan-helpers';
import { previewKey, signPreview } from '../src/rollout/preview';
import { resolveOperatorToken } from '../src/rollout/options';

const MIN = 60_000;
const V1 = '0.2.0-aaaa1111';
const V2 = '0.3.0-bbbb2222';
const ALICE = 'alice-token-0123456789abcdef0123456789';
const BOB = 'bob-token-0123456789abcdef0123456789abc';

let api: TestApi;
let cdn: ManifestServer;
let clock: ReturnType<typeof testClock>;
let inst: Instance;

const versionUrl = (v: string) => `${cdn.url}/versions/${v}/mf-manifest.json`;
const rollout = () => ({
  env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json`, ROLLOUT_MIN_LOADS: '5', ROLLOUT_MIN_FAILURE_NETWORKS: '1', ROLLOUT_PER_NETWORK: '100000', ROLLOUT_GATES: 'load-failures' },
  manifestTimeoutMs: 2000,
});

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  for (const v of [V1, V2]) cdn.set(`/versions/${v}/mf-manifest.json`, { body: manifest() });
  cdn.set('/versions/0.9.0-other/mf-manifest.json', { body: manifest('mfe_workouts') });
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});
beforeEach(async () => {
  for (const c of ['rollouts', 'rolloutaudits', 'rolloutvisitors', 'rolloutcounters', 'rolloutnetworks', 'ratelimits']) await mongoose.connection.db!.collection(c).deleteMany({});
  clock = testClock();
  inst = await startInstance(api, { clock, rollout: rollout(), config: { ...api.config, operatorTokens: [{ name: 'alice', token: ALICE }, { name: 'bob', token: BOB }] } });
});
afterEach(async () => {
  await inst?.close();
});

/** Calls through the test's instance with `token` (default: alice's). */
const ops = (token = ALICE, reason = 'test change') => operator({ ...api, agent: inst.agent, config: api.config } as TestApi, token, reason);
const trainers = async () => (await ops().status()).body.areas.find((x: { area: string }) => x.area === 'trainers');
const log = async (q = '') => (await ops().log(q)).body.entries as any[];
const remotesOf = async (headers: Record<string, string>, query = '') => {
  const r = await inst.agent().request('GET', `/api/rollout/remotes${query}`, { headers });
  return { status: r.status, trainers: r.body.remotes.find((x: { area: string }) => x.area === 'trainers'), setCookie: r.headers.getSetCookie() };
};

describe('audit log and revert', () => {
  test('every change is recorded with time, actor, reason and the state before and after', async () => {
    const t0 = clock.ms;
    expect((await ops(ALICE, 'first 10 % for the new search').set('trainers', { candidate: versionUrl(V1), percent: 10 })).status).toBe(200);
    clock.advance(MIN);
    expect((await ops(BOB, 'numbers look fine').set('trainers', { percent: 50 })).status).toBe(200);
    clock.advance(MIN);
    expect((await ops(ALICE, 'error spike in support tickets').rollback('trainers')).status).toBe(200);
    expect((await ops(BOB, 'incident 42').kill('trainers')).status).toBe(200);
    expect((await ops(BOB, 'incident 42 resolved').release('trainers')).status).toBe(200);
    expect((await ops(ALICE, 'go').promote('trainers')).status).toBe(200);
    expect((await ops(ALICE, 'plan next').plan('trainers', { candidate: versionUrl(V2), steps: [5, 100], every: '1h' })).status).toBe(200);

    const entries = await log();
    expect(entries.map((e) => [e.action, e.actor, e.reason, e.automatic])).toEqual([
      ['plan', 'alice', 'plan next', false],
      ['promote', 'alice', 'go', false],
      ['release', 'bob', 'incident 42 resolved', false],
      ['kill', 'bob', 'incident 42', false],
      ['rollback', 'alice', 'error spike in support tickets', false],
      ['set', 'bob', 'numbers look fine', false],
      ['set', 'alice', 'first 10 % for the new search', false],
    ]);
    const first = entries[entries.length - 1];
    expect(first).toMatchObject({ area: 'trainers', at: new Date(t0).toISOString(), before: null, after: { stable: { version: 'default' }, candidate: { version: V1, percent: 10 }, killed: null } });
    expect(entries[5]).toMatchObject({ at: new Date(t0 + MIN).toISOString(), before: { candidate: { percent: 10 } }, after: { candidate: { percent: 50 } } });
    expect(entries[3].after.killed).toMatchObject({ by: 'bob', reason: 'incident 42' });
    expect(entries[1].after).toMatchObject({ stable: { version: V1 }, candidate: null });
    // Ids are increasing integers; `log <area>` and the limit filter.
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((x, y) => y - x));
    expect((await log('?area=workouts')).length).toBe(0);
    expect((await log('?limit=2')).map((e) => e.action)).toEqual(['plan', 'promote']);
    expect((await ops().log('?limit=0')).status).toBe(400);
    expect((await ops().log('?area=payments')).status).toBe(400);
  });

  test('revert restores the state before an entry (and is itself audited); the run and its counts are kept when it is the same run', async () => {
    const pool = visitorPool('trainers', V1);
    await ops().set('trainers', { candidate: versionUrl(V1), percent: 10 });
    await visitorsReport(api, inst, pool.inShare(3, 10), 'trainers');
    await ops().set('trainers', { percent: 60 });
    const [raise] = await log();
    const r = await ops(BOB, '60 was too fast').revert(raise.id);
    expect(r.status).toBe(200);
    expect(r.body.candidate).toMatchObject({ version: V1, percent: 10, loads: 3 });
    const [entry] = await log();
    expect(entry).toMatchObject({ action: 'revert', revertOf: raise.id, actor: 'bob', reason: '60 was too fast', before: { candidate: { percent: 60 } }, after: { candidate: { percent: 10 } } });

    // Reverting the very first change: the area goes back to having no rollout at all.
    const firstId = (await log()).at(-1).id;
    expect((await ops().revert(firstId)).body).toMatchObject({ area: 'trainers', configured: false });
    expect((await trainers()).configured).toBe(false);
    expect((await remotesOf({ cookie: visitorCookie(api, pool.inShare(1, 10)[0]) })).trainers.version).toBe('default');

    // A revert of a revert puts it back; of a kill, releases; of a release, kills again.
    const [undo] = await log();
    expect((await ops().revert(undo.id)).body.candidate).toMatchObject({ version: V1, percent: 10 });
    await ops().kill('trainers');
    const [killEntry] = await log();
    expect((await ops().revert(killEntry.id)).body.killed).toBeNull();
    await ops().kill('trainers');
    await ops().release('trainers');
    const [releaseEntry] = await log();
    expect((await ops().revert(releaseEntry.id)).body.killed).toMatchObject({ by: 'alice' });
  });

  test('revert refusals: unknown entry 404, a preview entry 409, no reason 400; nothing changes', async () => {
    await ops().set('trainers', { candidate: versionUrl(V1), percent: 10 });
    await ops().preview('trainers', { version: V2 });
    const before = (await ops().status()).body;
    const count = (await log()).length;
    const [preview] = await log();
    expect((await ops().revert(99999)).status).toBe(404);
    expect((await ops().revert('abc')).status).toBe(400);
    const p = await ops().revert(preview.id);
    expect(p.status).toBe(409);
    expect(p.body.message).toMatch(/preview link, which changed nothing to revert/);
    expect((await ops().raw('POST', `/api/ops/rollout/log/${preview.id - 1}/revert`, {})).status).toBe(400);
    expect((await ops().status()).body).toEqual(before);
    expect((await log()).length).toBe(count);
  });
});

describe('a manual change needs a reason', () => {
  test('set, plan, promote, rollback, kill, release and revert without a reason (or a blank one) are 400 and change nothing', async () => {
    await ops().set('trainers', { candidate: versionUrl(V1), percent: 10 });
    const before = (await ops().status()).body;
    const count = (await log()).length;
    const [entry] = await log();
    const calls: [string, unknown][] = [
      ['/api/ops/rollout/trainers/set', { percent: 20 }],
      ['/api/ops/rollout/trainers/plan', { steps: [5, 100], every: '30m' }],
      ['/api/ops/rollout/trainers/promote', {}],
      ['/api/ops/rollout/trainers/rollback', undefined],
      ['/api/ops/rollout/trainers/kill', { reason: '' }],
      ['/api/ops/rollout/trainers/release', { reason: '   ' }],
      [`/api/ops/rollout/log/${entry.id}/revert`, { reason: 42 }],
    ];
    for (const [path, body] of calls) {
      const r = await ops().raw('POST', path, body);
      expect({ path, status: r.status, message: r.body.message }).toEqual({ path, status: 400, message: expect.stringMatching(/reason/i) });
    }
    expect((await ops().status()).body).toEqual(before);
    expect((await log()).length).toBe(count);
  });
});

describe('operator tokens', () => {
  test('an unknown token is refused (401) and changes nothing; with OPERATOR_TOKENS the generated token is not accepted', async () => {
    const generated = resolveOperatorToken(api.config.dataDir, {});
    for (const token of ['nope', `${ALICE}x`, ALICE.slice(0, -1), generated]) {
      const r = await ops(token).kill('trainers');
      expect({ token, status: r.status }).toEqual({ token, status: 401 });
      expect((await ops(token).log()).status).toBe(401);
    }
    expect((await trainers()).configured).toBe(false);
    expect(await log()).toEqual([]);
  });

  test('OPERATOR_TOKEN keeps working next to named tokens, as actor "operator"', async () => {
    const single = 'single-operator-token-0123456789abcdefgh';
    const other = await startInstance(api, {
      clock,
      rollout: { ...rollout(), env: { ...rollout().env, OPERATOR_TOKEN: single } },
      config: { ...api.config, operatorTokens: [{ name: 'alice', token: ALICE }] },
    });
    try {
      const via = (token: string) => operator({ ...api, agent: other.agent, config: api.config } as TestApi, token, 'from the old script');
      expect((await via(single).kill('trainers')).status).toBe(200);
      expect((await via(ALICE).release('trainers')).status).toBe(200);
      expect((await log()).map((e) => e.actor)).toEqual(['alice', 'operator']);
    } finally {
      await other.close();
    }
  });

  test('the new operator calls are rate limited before the token is checked (a guessing loop gets 429)', async () => {
    const limited = await startInstance(api, { clock, rollout: rollout(), config: { ...api.config, rateLimit: 1, operatorTokens: [{ name: 'alice', token: ALICE }] } });
    try {
      const guess = (token: string) =>
        limited.agent().request('POST', '/api/ops/rollout/trainers/kill', { json: { reason: 'guess' }, headers: { authorization: `Bearer ${token}` } });
      for (let i = 0; i < 60; i++) expect((await guess(`guess-${i}`)).status).toBe(401);
      const r = await guess(ALICE);
      expect(r.status).toBe(429);
      expect((await limited.agent().request('GET', '/api/ops/rollout/log', { headers: { authorization: `Bearer ${ALICE}` } })).status).toBe(429);
      expect((await trainers()).killed).toBeNull();
      // A minute later (the API's clock) the operator gets through.
      clock.advance(MIN);
      expect((await guess(ALICE)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('kill switch', () => {
  test('kill sends every visitor to stable at once, blocks plan decisions until release; set/plan/promote are refused meanwhile', async () => {
    const pool = visitorPool('trainers', V1);
    await ops().plan('trainers', { candidate: versionUrl(V1), steps: [50, 100], every: '30m' });
    const onCandidate = pool.inShare(6, 50);
    expect(await visitorsReport(api, inst, onCandidate, 'trainers')).toEqual(Array(6).fill(V1));

    expect((await ops(BOB, 'checkout errors').kill('trainers')).status).toBe(200);
    // At once: the instance the command went through answers stable to everyone.
    for (const id of onCandidate) expect((await remotesOf({ cookie: visitorCookie(api, id) })).trainers).toEqual(expect.objectContaining({ version: 'default' }));
    const t = await trainers();
    expect(t.killed).toMatchObject({ by: 'bob', reason: 'checkout errors' });
    expect(t.candidate.percent).toBe(50);

    // The decision falls due while killed: nothing happens, however long.
    clock.advance(5 * 60 * MIN);
    expect(await inst.tick()).toEqual([]);
    expect((await trainers()).candidate.percent).toBe(50);
    for (const [call, what] of [
      [() => ops().set('trainers', { percent: 100 }), 'setting a candidate'],
      [() => ops().plan('trainers', { steps: [10, 100], every: '30m' }), 'planning'],
      [() => ops().promote('trainers'), 'promoting'],
      [() => ops().kill('trainers'), 'already killed'],
    ] as const) {
      const r = await call();
      expect({ what, status: r.status, message: r.body.message }).toEqual({ what, status: 409, message: expect.stringContaining(what === 'already killed' ? 'already killed' : `release it before ${what}`) });
    }

    // Release: the candidate's visitors get it again; the plan decides a whole interval later.
    const released = await ops(BOB, 'fixed').release('trainers');
    expect(released.status).toBe(200);
    expect(released.body.plan.nextDecisionAt).toBe(new Date(clock.ms + 30 * MIN).toISOString());
    expect((await remotesOf({ cookie: visitorCookie(api, onCandidate[0]) })).trainers.version).toBe(V1);
    expect((await ops().release('trainers')).status).toBe(409);
    await visitorsReport(api, inst, pool.inShare(5, 50), 'trainers');
    clock.advance(30 * MIN);
    expect((await inst.tick()).map((d) => d.decision.outcome)).toEqual(['promote']);
    expect((await log()).map((e) => e.action)).toEqual(['promote', 'release', 'kill', 'plan']);
  });

  test('an area without a rollout can be killed too (it stays on its default)', async () => {
    expect((await ops().kill('workouts')).status).toBe(200);
    const w = (await ops().status()).body.areas.find((x: { area: string }) => x.area === 'workouts');
    expect(w).toMatchObject({ configured: true, stable: { version: 'default' }, killed: { by: 'alice' } });
  });
});

describe('preview links', () => {
  test('a preview link shows its version to whoever opens it, keeps it by cookie, and changes nobody else', async () => {
    await ops().set('trainers', { candidate: versionUrl(V1), percent: 10 });
    const made = await ops(BOB, 'design review').preview('trainers', { version: V2, ttl: '2h' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ area: 'trainers', version: V2, entry: versionUrl(V2), expiresAt: new Date(clock.ms + 120 * MIN).toISOString() });
    expect(made.body.link).toBe(`${api.config.publicUrl}/?fc_preview=${made.body.token}`);
    const [entry] = await log();
    expect(entry).toMatchObject({ action: 'preview', actor: 'bob', reason: 'design review', preview: { version: V2 } });

    const pool = visitorPool('trainers', V1);
    const [viewer, other] = pool.outOfShare(2, 10);
    const visitorsBefore = (await trainers()).versions;
    const first = await remotesOf({ cookie: visitorCookie(api, viewer) }, `?fc_preview=${made.body.token}`);
    expect(first.trainers).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: versionUrl(V2), version: V2, fallback: { entry: `${cdn.url}/mf-manifest.json`, version: 'default' } });
    const cookie = first.setCookie.find((c) => c.startsWith('fc_preview='))!;
    expect(cookie).toMatch(/^fc_preview=[^;]+; Path=\/; Max-Age=7200; SameSite=Lax; HttpOnly$/);
    // Later loads carry only the cookie: still the preview.
    const kept = await remotesOf({ cookie: `${visitorCookie(api, viewer)}; ${cookie.split(';')[0]}` });
    expect(kept.trainers.version).toBe(V2);
    // Nobody else's version changes, and the preview records no visitor of any version.
    expect((await remotesOf({ cookie: visitorCookie(api, other) })).trainers.version).toBe('default');
    expect((await trainers()).versions.map((v: { version: string; visitors: number }) => [v.version, v.visitors])).toEqual([
      ['default', visitorsBefore[0].visitors + 1],
      [V1, visitorsBefore[1].visitors],
    ]);

    // It expires (the API's clock): the same cookie is ignored.
    clock.advance(120 * MIN);
    expect((await remotesOf({ cookie: `${visitorCookie(api, viewer)}; ${cookie.split(';')[0]}` })).trainers.version).toBe('default');
    const late = await remotesOf({ cookie: visitorCookie(api, viewer) }, `?fc_preview=${made.body.token}`);
    expect(late.trainers.version).toBe('default');
    expect(late.setCookie.some((c) => c.startsWith('fc_preview='))).toBe(false);
  });

  test('forged, edited or foreign tokens are ignored', async () => {
    const made = (await ops().preview('trainers', { version: V2, ttl: '1h' })).body;
    const [payload, mac] = made.token.split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edit = (changes: Record<string, unknown>) => `${Buffer.from(JSON.stringify({ ...body, ...changes })).toString('base64url')}.${mac}`;
    const forged = [
      edit({ v: V1 }), // another version under the same signature
      edit({ x: body.x + 365 * 24 * 60 * MIN }), // a longer life
      edit({ e: 'https://evil.example/mf-manifest.json' }),
      signPreview(previewKey('another-deployments-session-secret-0123456789'), { area: 'trainers', version: V2, entry: versionUrl(V2), expiresAt: new Date(clock.ms + MIN * 60) }),
      `${payload}.${mac.slice(0, -2)}AA`,
      payload,
      'garbage',
      `${payload}.${mac}.extra`,
    ];
    for (const token of forged) {
      const r = await remotesOf({}, `?fc_preview=${encodeURIComponent(token)}`);
      expect({ token, version: r.trainers.version, cookie: r.setCookie.some((c) => c.startsWith('fc_preview=')) }).toEqual({ token, version: 'default', cookie: false });
      const viaCookie = await remotesOf({ cookie: `fc_preview=${token}` });
      expect({ token, version: viaCookie.trainers.version }).toEqual({ token, version: 'default' });
    }
    // The real one works (the check above is not vacuous).
    expect((await remotesOf({}, `?fc_preview=${made.token}`)).trainers.version).toBe(V2);
  });

  test('a killed area shows no preview; a preview of another remote or the stable version is refused', async () => {
    const made = (await ops().preview('trainers', { candidate: versionUrl(V2) })).body;
    expect(made.version).toBe(V2);
    await ops().kill('trainers');
    expect((await remotesOf({}, `?fc_preview=${made.token}`)).trainers.version).toBe('default');
    const bad = await ops().preview('trainers', { candidate: `${cdn.url}/versions/0.9.0-other/mf-manifest.json` });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not the trainers remote/);
    expect((await ops().preview('trainers', { version: 'default' })).status).toBe(400);
    expect((await ops().preview('trainers', { version: V2, ttl: '30d' })).status).toBe(400);
    expect((await ops().preview('trainers', { version: '../etc' })).status).toBe(400);
    expect((await ops().preview('trainers', {})).status).toBe(400);
  });
});
