/**
 * Issue 26 (item 2) over real HTTP: forged rollout reports. Before, the fc_vid cookie was whatever the
 * client sent, the API recorded any visitor id without limit and the bucket is a public hash, so one
 * client could mint ids that land on a candidate and report `failed` for each (a healthy candidate rolled
 * back) or `loaded` for each (a broken one's failures buried). Now ids are signed and issued by the API
 * only, at most 60 new ones an hour per client address, each client network (/24, /64) adds at most 10
 * visitors' loads and 10 failures to a candidate run, a rollback needs failures from 3 networks, and
 * the visitors recorded per version are capped. The operator calls are rate limited too.
 *
 * The API runs behind a trusted proxy here (TRUST_PROXY), so each request's X-Forwarded-For is its client
 * address; the real limits apply (RATE_LIMIT=1) on a clock the tests move (a fresh window per test).
 */
import { randomBytes } from 'node:crypto';
import { signVisitorId, visitorKey } from '../../src/rollout/visitor';
import { startTestApi, type TestApi } from '../helpers';
import { manifest, operator, startManifestServer, type ManifestServer } from '../rollout-helpers';

let api: TestApi;
let cdn: ManifestServer;
let ops: ReturnType<typeof operator>;
let now = Date.now();
const VERSIONS = ['1.0.0-forged-fail', '1.0.0-forged-load', '1.0.0-tampered', '1.0.0-real-fail', '1.0.0-capped'];
const versionUrl = (v: string) => `${cdn.url}/versions/${v}/mf-manifest.json`;

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  for (const v of VERSIONS) cdn.set(`/versions/${v}/mf-manifest.json`, { body: manifest() });
  // The default rules: a rollback at 5 % of >= 20 loads, failures from >= 3 networks, 10 per network.
  api = await startTestApi({
    config: { trustProxy: true, rateLimit: 1 },
    clock: { now: () => new Date(now) },
    rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json` } },
  });
  ops = operator(api);
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});
// Every test starts in fresh rate-limit windows.
beforeEach(() => {
  now += 2 * 3_600_000;
});

/** A client on network `n` (its own /24). */
const netAddress = (n: number) => `198.18.${n}.10`;

async function remotes(ip: string, cookie?: string) {
  const r = await api.agent().request('GET', '/api/rollout/remotes', { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });
  const issued = r.headers.getSetCookie().find((c) => c.startsWith('fc_vid='));
  return { status: r.status, issued: issued?.split(';')[0], trainers: r.body?.remotes?.[1] as { version: string } | undefined };
}

/** A new visitor the API issues an id to, asking from `ip`: its cookie and the trainers version it got. */
async function newVisitorFrom(ip: string): Promise<{ cookie: string; version: string }> {
  const r = await remotes(ip);
  if (r.status !== 200 || !r.issued || !r.trainers) throw new Error(`remotes answered ${r.status}`);
  return { cookie: r.issued, version: r.trainers.version };
}

const report = (ip: string, cookie: string | undefined, version: string, outcome: 'loaded' | 'failed') =>
  api.agent().request('POST', '/api/rollout/events', {
    json: { area: 'trainers', version, outcome, reason: outcome === 'failed' ? 'ChunkLoadError' : undefined },
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });

async function trainers() {
  const r = await ops.status();
  return r.body.areas.find((a: { area: string }) => a.area === 'trainers');
}

async function setCandidate(version: string, percent: number) {
  const r = await ops.set('trainers', { candidate: versionUrl(version), percent });
  expect(r.status).toBe(200);
}

/** `count` real visitors on networks from..from+count-1, each on the candidate, reporting `outcome`. */
async function realVisitors(from: number, count: number, version: string, outcome: 'loaded' | 'failed') {
  for (let n = from; n < from + count; n += 1) {
    const v = await newVisitorFrom(netAddress(n));
    expect(v.version).toBe(version);
    expect((await report(netAddress(n), v.cookie, version, outcome)).status).toBe(204);
  }
}

test('ids minted (or forged) on one network and reported as failed do not roll a healthy candidate back', async () => {
  const version = VERSIONS[0];
  await setCandidate(version, 100);
  // Real traffic: 15 visitors on 15 networks load the candidate fine.
  await realVisitors(1, 15, version, 'loaded');

  // The attacker asks for as many ids as it can from one address: 60 an hour, then 429.
  const attacker = '203.0.113.66';
  const minted: string[] = [];
  for (let i = 0; i < 60; i += 1) minted.push((await newVisitorFrom(attacker)).cookie);
  const refused = await remotes(attacker);
  expect(refused.status).toBe(429);
  expect(refused.issued).toBeUndefined();
  // ... a returning visitor from that address is still served.
  expect((await remotes(attacker, minted[0])).status).toBe(200);
  // More addresses of the same /24 give more ids, but they are one network.
  for (let i = 0; i < 20; i += 1) minted.push((await newVisitorFrom('203.0.113.67')).cookie);
  // Rotating addresses inside one IPv6 /64 is one client for the id limit.
  for (let i = 1; i <= 60; i += 1) expect((await remotes(`2001:db8:66:1::${i.toString(16)}`)).status).toBe(200);
  expect((await remotes('2001:db8:66:1::ffff')).status).toBe(429);

  // Every minted id reports a failure (twice), plus cookies it made up: ids it chose, and ids signed with a guessed secret.
  for (const cookie of minted) {
    for (let k = 0; k < 2; k += 1) expect((await report(attacker, cookie, version, 'failed')).status).toBe(204);
  }
  for (let i = 0; i < 25; i += 1) {
    const id = randomBytes(16).toString('base64url');
    expect((await report(attacker, `fc_vid=${id}`, version, 'failed')).status).toBe(204);
    expect((await report(attacker, `fc_vid=${signVisitorId(visitorKey('guessed-secret'), id)}`, version, 'failed')).status).toBe(204);
  }

  const t = await trainers();
  // The candidate stays: the failures came from one network, which adds at most 10 of them.
  expect(t.candidate).toMatchObject({ version, percent: 100, loads: 25, failures: 10 });
  expect(t.autoRollback).toBeNull();
  expect(api.logLines.some((l) => l.includes('rolled back automatically'))).toBe(false);
  // And the healthy candidate is still served.
  expect((await newVisitorFrom(netAddress(100))).version).toBe(version);
}, 120_000);

test('a flood of loaded reports from minted ids does not hide real failures', async () => {
  const version = VERSIONS[1];
  await setCandidate(version, 100);
  // The attacker mints 120 ids from two addresses of its network and reports a load for each (three times).
  const minted: string[] = [];
  for (const ip of ['203.0.113.80', '203.0.113.81']) for (let i = 0; i < 60; i += 1) minted.push((await newVisitorFrom(ip)).cookie);
  for (const cookie of minted) for (let k = 0; k < 3; k += 1) await report('203.0.113.80', cookie, version, 'loaded');
  // 360 reports of 120 visitors count as 10 loads: one network's share.
  expect((await trainers()).candidate).toMatchObject({ loads: 10, failures: 0 });

  // Real visitors: 8 load it fine, then failures on 3 different networks (3 of 21 loads, 14 %).
  await realVisitors(1, 8, version, 'loaded');
  await realVisitors(20, 3, version, 'failed');
  const t = await trainers();
  expect(t.candidate).toMatchObject({ version, percent: 0 });
  expect(t.autoRollback).toMatchObject({ version, reason: `3 of 21 loads of ${version} failed` });
  // Without the per-network share the flood alone (120 loads) would have kept 3 failures under 5 %.
}, 120_000);

test('a forged or tampered visitor cookie is not honoured: a new signed id is issued, and its reports count nothing', async () => {
  const version = VERSIONS[2];
  await setCandidate(version, 100);
  const ip = netAddress(30);
  const real = await newVisitorFrom(ip);
  const [id, mac] = real.cookie.slice('fc_vid='.length).split('.');
  const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  const forged = [
    `fc_vid=${id}`, // an unsigned id (what the cookie was before)
    `fc_vid=${flip(id, 3)}.${mac}`, // another id under a real signature
    `fc_vid=${id}.${flip(mac, 10)}`, // a changed signature
    `fc_vid=${signVisitorId(visitorKey('guessed-secret'), id)}`, // signed with a guessed secret
    'fc_vid=../../etc',
  ];
  for (const cookie of forged) {
    const r = await remotes(ip, cookie);
    expect(r.status).toBe(200);
    // A new, signed id, not the one sent.
    expect(r.issued).toMatch(/^fc_vid=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(r.issued!.slice('fc_vid='.length, 'fc_vid='.length + 22)).not.toBe(cookie.slice('fc_vid='.length, 'fc_vid='.length + 22));
    expect((await report(ip, cookie, version, 'failed')).status).toBe(204);
  }
  // The genuine cookie is honoured as it is (no new id) ...
  expect((await remotes(ip, real.cookie)).issued).toBeUndefined();
  expect((await trainers()).candidate).toMatchObject({ loads: 0, failures: 0 });
  // ... and its report is the only one that counts.
  expect((await report(ip, real.cookie, version, 'failed')).status).toBe(204);
  expect((await trainers()).candidate).toMatchObject({ loads: 1, failures: 1 });
});

test('real failures from assigned visitors on several networks still roll the candidate back', async () => {
  const version = VERSIONS[3];
  await setCandidate(version, 100);
  // 17 visitors load it; failures on two networks are not yet enough (5 of 22 loads, but 2 networks) ...
  await realVisitors(1, 17, version, 'loaded');
  const a = await newVisitorFrom('198.18.40.1');
  const b = await newVisitorFrom('198.18.40.2');
  const c = await newVisitorFrom('198.18.41.1');
  const d = await newVisitorFrom('198.18.41.2');
  const e = await newVisitorFrom('198.18.41.3');
  for (const [ip, v] of [['198.18.40.1', a], ['198.18.40.2', b], ['198.18.41.1', c], ['198.18.41.2', d], ['198.18.41.3', e]] as const) {
    expect((await report(ip, v.cookie, version, 'failed')).status).toBe(204);
  }
  let t = await trainers();
  expect(t.candidate).toMatchObject({ percent: 100, loads: 22, failures: 5 });
  expect(t.autoRollback).toBeNull();
  // ... a third network's failure is.
  const f = await newVisitorFrom('2001:db8:42:1::7');
  expect((await report('2001:db8:42:1::7', f.cookie, version, 'failed')).status).toBe(204);
  t = await trainers();
  expect(t.candidate).toMatchObject({ version, percent: 0 });
  expect(t.autoRollback).toMatchObject({ version, reason: `6 of 23 loads of ${version} failed` });
  // Everyone is back on the stable version.
  expect((await remotes(netAddress(1), a.cookie)).trainers).toMatchObject({ version: 'default' });
}, 60_000);

test('the operator calls are rate limited per address: a token-guessing loop gets 429', async () => {
  const guesser = '203.0.113.99';
  const guess = (token: string) =>
    api.agent().request('POST', '/api/ops/rollout/trainers/rollback', { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': guesser } });
  const statuses: number[] = [];
  for (let i = 0; i < 60; i += 1) statuses.push((await guess(randomBytes(32).toString('base64url'))).status);
  expect(statuses.every((s) => s === 401)).toBe(true);
  const limited = await guess(randomBytes(32).toString('base64url'));
  expect(limited.status).toBe(429);
  expect(limited.body.message).toBe('Too many operator calls. Please wait a minute.');
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // Even the right token is refused from that address until the window ends; nothing changed.
  expect((await guess(ops.token)).status).toBe(429);
  // The operator on another address is not affected.
  const status = await api.agent().request('GET', '/api/ops/rollout', { headers: { authorization: `Bearer ${ops.token}`, 'x-forwarded-for': '192.0.2.5' } });
  expect(status.status).toBe(200);
  expect(status.body.areas.find((x: { area: string }) => x.area === 'trainers').candidate).toMatchObject({ version: VERSIONS[3], percent: 0 });
});

test('visitor rows are capped per version: past the cap new visitors get the stable version, unrecorded', async () => {
  await api.restart({
    config: { trustProxy: true, rateLimit: 1 },
    clock: { now: () => new Date(now) },
    rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json` }, maxVisitorsPerVersion: 30 },
  });
  const version = VERSIONS[4];
  await setCandidate(version, 100);
  const first: { cookie: string; version: string }[] = [];
  for (let i = 0; i < 30; i += 1) first.push(await newVisitorFrom('203.0.113.120'));
  expect(first.every((v) => v.version === version)).toBe(true);
  // The 31st new visitor gets the stable version (no candidate, no fallback) and is not recorded ...
  const late = await remotes('203.0.113.121');
  expect(late.status).toBe(200);
  expect(late.trainers).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: `${cdn.url}/mf-manifest.json`, version: 'default' });
  // ... so a report of the candidate from it counts nothing, while the recorded visitors keep theirs.
  expect((await report('203.0.113.121', late.issued, version, 'failed')).status).toBe(204);
  expect((await remotes('203.0.113.120', first[0].cookie)).trainers).toMatchObject({ version });
  const t = await trainers();
  expect(t.candidate).toMatchObject({ loads: 0, failures: 0 });
  expect(t.versions.find((v: { role: string }) => v.role === 'candidate')).toMatchObject({ visitors: 30 });
});
