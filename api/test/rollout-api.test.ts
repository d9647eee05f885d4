/**
 * Issue 17 over real HTTP: the per-visitor remotes manifest, the operator calls (set / promote /
 * rollback / status) and how fast a change reaches another instance.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import { memoryLogger } from '../src/log';
import { createAgent, startTestApi, type TestApi } from './helpers';
import { inCandidate } from '../src/rollout/bucket';
import { fixedVisitorIds, freshVisitor, knownVisitor, manifest, operator, startManifestServer, SINGLETONS, type ManifestServer } from './rollout-helpers';

let api: TestApi;
let cdn: ManifestServer;
let ops: ReturnType<typeof operator>;
const STABLE_URL = () => `${cdn.url}/trainers/mf-manifest.json`;
const versionUrl = (v: string) => `${cdn.url}/trainers/versions/${v}/mf-manifest.json`;

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/trainers/mf-manifest.json', { body: manifest() });
  for (const v of ['0.2.0-aaaa1111', '0.3.0-bbbb2222', '0.4.0-cccc3333']) cdn.set(`/trainers/versions/${v}/mf-manifest.json`, { body: manifest() });
  api = await startTestApi({ rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/trainers/mf-manifest.json` }, manifestTimeoutMs: 500 } });
  ops = operator(api);
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});

describe('GET /api/rollout/remotes', () => {
  test('a fresh visitor gets an fc_vid cookie once, every area at its default, and a private no-store answer', async () => {
    const a = api.agent();
    const r = await a.get('/api/rollout/remotes');
    expect(r.status).toBe(200);
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('fc_vid='))!;
    // The id (22 characters) and the API's signature of it (HMAC-SHA256, 43 characters).
    expect(cookie).toMatch(/^fc_vid=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=63072000; SameSite=Lax; HttpOnly$/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('vary')).toMatch(/Cookie/);
    expect(r.body.remotes.map((x: { area: string }) => x.area)).toEqual(['workouts', 'trainers', 'messages', 'community', 'challenges']);
    expect(r.body.remotes[0]).toEqual({ area: 'workouts', name: 'mfe_workouts', entry: 'http://localhost:3001/mf-manifest.json', version: 'default' });
    expect(r.body.remotes[1]).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: STABLE_URL(), version: 'default' });

    const again = await a.get('/api/rollout/remotes');
    expect(again.headers.getSetCookie().some((c) => c.startsWith('fc_vid='))).toBe(false);
    expect(again.body).toEqual(r.body);
  });

  test('a malformed visitor cookie is replaced; over https (behind a trusted proxy) the cookie is Secure', async () => {
    const r = await api.agent().request('GET', '/api/rollout/remotes', { headers: { cookie: 'fc_vid=../../etc' } });
    expect(r.headers.getSetCookie().find((c) => c.startsWith('fc_vid='))).toMatch(/^fc_vid=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    await api.restart({ config: { trustProxy: true }, rollout: { env: { REMOTE_TRAINERS_URL: STABLE_URL() }, manifestTimeoutMs: 500 } });
    const s = await api.agent().request('GET', '/api/rollout/remotes', { headers: { 'x-forwarded-proto': 'https' } });
    expect(s.headers.getSetCookie().find((c) => c.startsWith('fc_vid='))).toMatch(/; HttpOnly; Secure$/);
    await api.restart({ rollout: { env: { REMOTE_TRAINERS_URL: STABLE_URL() }, manifestTimeoutMs: 500 } });
  });
});

describe('operator calls', () => {
  test('refuse without the operator token, or with a wrong one (401), and are not CORS-open', async () => {
    const a = api.agent();
    const none = await a.request('GET', '/api/ops/rollout');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/Operator token required/);
    // From another origin it is refused before the token is even looked at, and never CORS-open.
    const foreign = await a.request('GET', '/api/ops/rollout', { headers: { origin: 'https://partner.example', authorization: `Bearer ${ops.token}` } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const wrong = await a.request('POST', '/api/ops/rollout/trainers/rollback', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const set = await a.request('POST', '/api/ops/rollout/trainers/set', { json: { candidate: versionUrl('0.2.0-aaaa1111'), percent: 50 } });
    expect(set.status).toBe(401);
    expect((await ops.status()).body.areas.find((x: { area: string }) => x.area === 'trainers').configured).toBe(false);
  });

  test('the generated token is kept in DATA_DIR/operator-token, readable only by its owner', async () => {
    const { statSync } = await import('node:fs');
    expect(statSync(`${api.config.dataDir}/operator-token`).mode & 0o777).toBe(0o600);
    const ok = await ops.status();
    expect(ok.status).toBe(200);
    expect(ok.body.threshold).toEqual({ failureRate: 0.05, minLoads: 20, minFailureNetworks: 3 });
  });

  test('bad input gets a clear 4xx and changes nothing', async () => {
    const before = (await ops.status()).body;
    const cases: [string, unknown, number, RegExp][] = [
      ['payments', { candidate: versionUrl('0.2.0-aaaa1111'), percent: 10 }, 400, /Unknown area "payments"/],
      ['trainers', { candidate: versionUrl('0.2.0-aaaa1111'), percent: 140 }, 400, /Percent must be from 0 to 100 \(got 140\)/],
      ['trainers', { candidate: 'http://127.0.0.1:1/mf-manifest.json', percent: 10 }, 400, /Could not reach the candidate manifest http:\/\/127\.0\.0\.1:1\/mf-manifest\.json/],
      ['trainers', { candidate: `${cdn.url}/missing/mf-manifest.json`, percent: 10 }, 400, /answered 404, not 200/],
      ['trainers', { candidate: `${cdn.url}/html`, percent: 10 }, 400, /is not JSON/],
      ['trainers', { candidate: `${cdn.url}/not-a-manifest`, percent: 10 }, 400, /names no metaData\.remoteEntry/],
      ['trainers', { candidate: `${cdn.url}/hang`, percent: 10 }, 400, /did not answer within 0\.5 s/],
      ['trainers', { candidate: `${cdn.url}/workouts/mf-manifest.json`, percent: 10 }, 400, /is the remote mfe_workouts, not the trainers remote \(mfe_trainers\)/],
      ['trainers', { candidate: `${cdn.url}/react-canary/mf-manifest.json`, percent: 10 }, 400, /react 19\.4\.0 in the candidate, 19\.3\.1 in stable/],
      ['trainers', { percent: 10 }, 409, /trainers has no candidate yet/],
      ['trainers', { candidate: 'javascript:alert(1)', percent: 10 }, 400, /http\(s\) URL/],
    ];
    cdn.set('/html', { raw: '<!doctype html><p>hi' });
    cdn.set('/not-a-manifest', { body: { hello: 'world' } });
    cdn.set('/hang', { hang: true });
    cdn.set('/workouts/mf-manifest.json', { body: manifest('mfe_workouts') });
    cdn.set('/react-canary/mf-manifest.json', { body: manifest('mfe_trainers', { ...SINGLETONS, react: '19.4.0' }) });
    for (const [area, body, status, message] of cases) {
      const r = await ops.set(area, body as Record<string, unknown>);
      expect({ area, body, status: r.status, message: r.body.message }).toEqual({ area, body, status, message: expect.stringMatching(message) });
    }
    expect((await ops.promote('trainers')).body.message).toBe('trainers has no candidate to promote');
    expect((await ops.rollback('trainers')).status).toBe(409);
    expect((await ops.promote('payments')).status).toBe(400);
    expect((await ops.status()).body).toEqual(before);
  });
});

describe('a rollout at 30 %', () => {
  const candidate = '0.2.0-aaaa1111';

  test('about 30 % of 1000 visitors get the candidate (with the stable as fallback), and each keeps what it got', async () => {
    const set = await ops.set('trainers', { candidate: versionUrl(candidate), percent: 30 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ area: 'trainers', stable: { entry: STABLE_URL(), version: 'default' }, candidate: { version: candidate, percent: 30 }, warnings: [] });

    // 1000 visitors with fixed ids (cookies signed as the API signs them), the same on every run: the
    // split is known in advance, so the check is exact and never fails by chance.
    const ids = fixedVisitorIds(1000);
    const visitors: Awaited<ReturnType<typeof knownVisitor>>[] = [];
    for (let i = 0; i < ids.length; i += 50) visitors.push(...(await Promise.all(ids.slice(i, i + 50).map((id) => knownVisitor(api, id)))));
    const onCandidate = visitors.filter((v) => v.entry.version === candidate);
    const expected = ids.filter((id) => inCandidate(id, 'trainers', candidate, 30)).length;
    expect(onCandidate.length).toBe(expected);
    // ... and that split is about 30 % (3 sigma of 1000 draws either way).
    expect(expected).toBeGreaterThanOrEqual(255);
    expect(expected).toBeLessThanOrEqual(345);
    for (const v of onCandidate) expect(v.entry).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: versionUrl(candidate), version: candidate, fallback: { entry: STABLE_URL(), version: 'default' } });
    for (const v of visitors.filter((x) => x.entry.version !== candidate)) expect(v.entry.fallback).toBeUndefined();

    // Sticky: the same 200 visitors load again and see the same version.
    for (const v of visitors.slice(0, 200)) {
      const again = await v.agent.get('/api/rollout/remotes');
      expect(again.body.remotes[1].version).toBe(v.entry.version);
    }

    // Status counts distinct visitors per version (the reloads above added nobody).
    const status = (await ops.status()).body.areas.find((x: { area: string }) => x.area === 'trainers');
    const count = (role: string) => status.versions.find((x: { role: string }) => x.role === role).visitors;
    expect(count('candidate')).toBe(onCandidate.length);
    expect(count('stable')).toBe(1000 - onCandidate.length);
    // Other areas are untouched by the trainers rollout.
    const all = (await onCandidate[0].agent.get('/api/rollout/remotes')).body.remotes;
    expect(all.filter((x: { area: string }) => x.area !== 'trainers').every((x: { version: string }) => x.version === 'default')).toBe(true);

    // Raising 30 -> 60 keeps everyone who had the candidate; promote / rollback apply on the next request.
    expect((await ops.set('trainers', { percent: 60 })).body.candidate.percent).toBe(60);
    for (const v of onCandidate.slice(0, 100)) expect((await v.agent.get('/api/rollout/remotes')).body.remotes[1].version).toBe(candidate);

    const rolledBack = await ops.rollback('trainers');
    expect(rolledBack.body.candidate).toMatchObject({ version: candidate, percent: 0 });
    for (const v of onCandidate.slice(0, 20)) expect((await v.agent.get('/api/rollout/remotes')).body.remotes[1]).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: STABLE_URL(), version: 'default' });

    const promoted = await ops.promote('trainers');
    expect(promoted.body).toMatchObject({ stable: { version: candidate, entry: versionUrl(candidate) }, candidate: null });
    for (const v of visitors.slice(0, 20)) expect((await v.agent.get('/api/rollout/remotes')).body.remotes[1]).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: versionUrl(candidate), version: candidate });
   }, 180_000); // 1,000 visitors plus reloads over HTTP: about 30 s on the shared 2-core machine


  test('a new candidate replaces a promoted one; an unreachable stable manifest is a warning, not a refusal', async () => {
    const set = await ops.set('trainers', { candidate: versionUrl('0.3.0-bbbb2222'), percent: 100 });
    expect(set.status).toBe(200);
    expect(set.body.warnings).toEqual([]);
    expect((await freshVisitor(api)).entry.version).toBe('0.3.0-bbbb2222');
    expect((await ops.promote('trainers')).status).toBe(200);
    // The stable (0.3.0) manifest disappears from the CDN: set still works and says it could not compare.
    cdn.set('/trainers/versions/0.3.0-bbbb2222/mf-manifest.json', { status: 503, body: {} });
    const next = await ops.set('trainers', { candidate: versionUrl('0.4.0-cccc3333'), percent: 10 });
    expect(next.status).toBe(200);
    expect(next.body.warnings[0]).toMatch(/The stable manifest could not be read, so shared versions were not compared: .*answered 503/);
  });
});

test('a change made through one instance reaches another instance when its cache window ends, without a restart', async () => {
  // A second API instance on the same database, with a 300 ms cache read by its own clock (moved here).
  let now = Date.now();
  const other = http.createServer(
    createApp({
      config: api.config,
      logger: memoryLogger(),
      clock: { now: () => new Date(now) },
      rollout: { env: { REMOTE_TRAINERS_URL: STABLE_URL() }, cacheTtlMs: 300 },
    }).callback(),
  );
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
  try {
    const b = createAgent(() => `http://127.0.0.1:${(other.address() as AddressInfo).port}`);
    const trainersVersion = async () => (await b.get('/api/rollout/remotes')).body.remotes[1].version;
    await ops.set('trainers', { percent: 0 });
    expect(await trainersVersion()).toBe('0.3.0-bbbb2222');
    expect((await ops.set('trainers', { percent: 100 })).status).toBe(200);
    // Within its window the other instance still answers from what it read ...
    now += 299;
    expect(await trainersVersion()).toBe('0.3.0-bbbb2222');
    // ... and once the window is over it reads the change.
    now += 1;
    expect(await trainersVersion()).toBe('0.4.0-cccc3333');
  } finally {
    other.closeAllConnections();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
