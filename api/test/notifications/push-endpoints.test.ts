/**
 * Server-side request forgery through Web Push endpoints (notifications/endpoint.ts), over real HTTP.
 * Without the PUSH_ALLOW_PRIVATE_ENDPOINTS opt-in (as in production): a subscription whose endpoint is not an
 * https URL of a public address is refused with 400 and nothing is stored, whatever spelling the address has
 * (IPv4-mapped IPv6, decimal, hex, a name resolving to 127.0.0.1 ...); a public https endpoint is accepted;
 * and at send time the worker refuses again (the host's DNS may have changed since, or the row was stored
 * while the opt-in was on), connects to nothing, and deletes the subscription.
 * Host names are resolved through a table (deps.notifications.resolve) so the test needs no DNS: `localhost`
 * goes to the system resolver, `rebind.example` answers what the test says at the moment.
 */
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import { resolveDeps } from '../../src/app';
import { loadConfig } from '../../src/config';
import { memoryLogger } from '../../src/log';
import type { AppDeps } from '../../src/context';
import { tickNotifications } from '../../src/notifications/worker';
import { NotificationOutbox, PushSubscription } from '../../src/notifications/model';
import { PUBLIC_ONLY, HTTPS_ONLY, guardedLookup, refusedRange, systemResolve, type Resolve } from '../../src/notifications/endpoint';
import { browserKeys, drivenClock, startPushService } from './support';

jest.setTimeout(120_000);

const MINUTE = 60_000;
const clock = drivenClock('2027-03-01T08:00:00Z');
const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:4700::6810:84e5';
let rebindTo = PUBLIC_V4;
const TABLE: Record<string, string[]> = {
  'push.example': [PUBLIC_V4],
  'v6.example': [PUBLIC_V6],
  'mixed.example': [PUBLIC_V4, '10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
};
const resolve: Resolve = async (host) => {
  if (host === 'rebind.example') return [{ address: rebindTo, family: isIP(rebindTo) }];
  if (TABLE[host]) return TABLE[host].map((address): LookupAddress => ({ address, family: isIP(address) }));
  if (host.endsWith('.example')) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return systemResolve(host);
};

let api: TestApi;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let logger: ReturnType<typeof memoryLogger>;
/** Another API instance's worker, without the opt-in (production). */
let worker: AppDeps;

beforeAll(async () => {
  pushService = await startPushService();
  api = await startTestApi({ clock, notifications: { resolve } });
  logger = memoryLogger();
  worker = resolveDeps({ config: api.config, clock, logger, notifications: { resolve } });
});
afterAll(async () => {
  await api?.stop();
  await pushService?.stop();
});

async function user(firstName: string) {
  const agent = api.agent();
  const acc = await signUpAndLogin(agent, { firstName, lastName: 'Test' });
  return { agent, ...acc, id: acc.user.id };
}

it('is off unless PUSH_ALLOW_PRIVATE_ENDPOINTS says so, and cannot be turned on in production', () => {
  expect(loadConfig({}).pushAllowPrivateEndpoints).toBe(false);
  expect(api.config.pushAllowPrivateEndpoints).toBe(false);
  expect(loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1', NODE_ENV: 'test' }).pushAllowPrivateEndpoints).toBe(true);
  expect(() => loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1', NODE_ENV: 'production' })).toThrow(/PUSH_ALLOW_PRIVATE_ENDPOINTS .* cannot be set with NODE_ENV=production/);
});

describe('subscribing', () => {
  const attacks: [string, string][] = [
    // Plain http is refused first (https only without the opt-in), whatever the address.
    ['http://127.0.0.1:27017/', HTTPS_ONLY],
    ['http://[::ffff:127.0.0.1]/', HTTPS_ONLY],
    ['http://2130706433/', HTTPS_ONLY],
    ['http://push.example/x', HTTPS_ONLY],
    // https to a non-public address, in every spelling.
    ['https://127.0.0.1:27017/', PUBLIC_ONLY],
    ['https://127.1.2.3/', PUBLIC_ONLY],
    ['https://2130706433/', PUBLIC_ONLY],
    ['https://0x7f.0.0.1/', PUBLIC_ONLY],
    ['https://0177.0.0.1/', PUBLIC_ONLY],
    ['https://[::1]/', PUBLIC_ONLY],
    ['https://[::ffff:127.0.0.1]/', PUBLIC_ONLY],
    ['https://[::ffff:7f00:1]/', PUBLIC_ONLY],
    ['https://[::ffff:169.254.169.254]/', PUBLIC_ONLY],
    ['https://[::127.0.0.1]/', PUBLIC_ONLY],
    ['https://[64:ff9b::7f00:1]/', PUBLIC_ONLY],
    ['https://169.254.169.254/latest/meta-data/', PUBLIC_ONLY],
    ['https://10.0.0.5/', PUBLIC_ONLY],
    ['https://172.16.3.4/', PUBLIC_ONLY],
    ['https://192.168.1.1/', PUBLIC_ONLY],
    ['https://100.64.0.1/', PUBLIC_ONLY],
    ['https://224.0.0.1/', PUBLIC_ONLY],
    ['https://0.0.0.0/', PUBLIC_ONLY],
    ['https://[::]/', PUBLIC_ONLY],
    ['https://[fd00::1]/', PUBLIC_ONLY],
    ['https://[fe80::1]/', PUBLIC_ONLY],
    ['https://[ff02::1]/', PUBLIC_ONLY],
    // Names: one resolving to loopback, to the metadata service, to a public and a private address, to nothing.
    ['https://localhost:27017/', PUBLIC_ONLY],
    ['https://metadata.example/', PUBLIC_ONLY],
    ['https://mixed.example/', PUBLIC_ONLY],
    ['https://nxdomain.example/', PUBLIC_ONLY],
    ['https://user:secret@push.example/x', PUBLIC_ONLY],
  ];

  it('refuses loopback, private, link-local, unique-local, CGNAT, multicast and unspecified addresses in any spelling (400, nothing stored)', async () => {
    const u = await user('Sam');
    for (const [endpoint, message] of attacks) {
      const r = await u.agent.post('/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys });
      expect({ endpoint, status: r.status, body: r.body }).toEqual({ endpoint, status: 400, body: { message, issues: [{ path: ['endpoint'], message }] } });
    }
    expect(await PushSubscription.countDocuments({ userId: u.id })).toBe(0);
    // The answer names no address a host resolved to (no oracle for internal DNS); the log says why.
    expect(api.logLines.some((l) => /localhost resolves to 127\.0\.0\.1 \(loopback\)/.test(JSON.stringify(l)))).toBe(true);
  });

  it('accepts an https endpoint of a public address (IPv4, IPv6, or a name resolving to one)', async () => {
    const u = await user('Pam');
    for (const endpoint of [`https://push.example/wpush/${u.id}`, `https://v6.example/${u.id}`, `https://[${PUBLIC_V6}]/${u.id}`, `https://${PUBLIC_V4}:8443/${u.id}`]) {
      const r = await u.agent.post('/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys });
      expect({ endpoint, status: r.status }).toEqual({ endpoint, status: 201 });
    }
    expect(await PushSubscription.countDocuments({ userId: u.id })).toBe(4);
  });
});

describe('sending', () => {
  /** b has push on for messages (email off); a sends b a message; the unread summary is due. */
  async function pushDue() {
    const a = await user('Ada');
    const b = await user('Bob');
    expect((await b.agent.put('/api/notifications/preferences', { messages: { email: false, push: true }, sessions: { email: false, push: false } })).status).toBe(200);
    return {
      a,
      b,
      async messageAndTick() {
        expect((await a.agent.post('/api/messages', { receiverId: b.id, content: 'Hello' })).status).toBe(201);
        clock.advance(10 * MINUTE);
        return tickNotifications(worker);
      },
    };
  }

  it('refuses at send time a name that resolves to a private address now (DNS rebinding): no connection, the subscription is removed', async () => {
    const { b, messageAndTick } = await pushDue();
    rebindTo = PUBLIC_V4;
    const endpoint = `https://rebind.example:${pushService.port}/rebind/${b.id}`;
    expect((await b.agent.post('/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys })).status).toBe(201);
    rebindTo = '127.0.0.1';
    const before = pushService.connections();
    const results = await messageAndTick();
    const mine = results.filter((r) => r.row.userId === b.id);
    // The row itself is done (the refused channel is not retried); the push service saw nothing.
    expect(mine.map((r) => r.outcome)).toEqual(['sent']);
    expect(pushService.connections()).toBe(before);
    expect(await PushSubscription.countDocuments({ userId: b.id })).toBe(0);
    expect((await NotificationOutbox.findOne({ userId: b.id }).lean())?.status).toBe('sent');
    expect(logger.lines.some((l) => /refused at send time \(rebind\.example resolves to 127\.0\.0\.1 \(loopback\)\); removed/.test(JSON.stringify(l)))).toBe(true);
  });

  it('refuses rows stored while the opt-in was on (http, an address literal, localhost) when it is off: no connection, each removed', async () => {
    const { b, messageAndTick } = await pushDue();
    const keys = browserKeys().keys;
    const endpoints = [
      `${pushService.base}/plain/${b.id}`,
      `https://127.0.0.1:${pushService.port}/literal/${b.id}`,
      `https://[::ffff:127.0.0.1]:${pushService.port}/mapped/${b.id}`,
      `https://localhost:${pushService.port}/name/${b.id}`,
    ];
    // As the API with PUSH_ALLOW_PRIVATE_ENDPOINTS=1 stored them.
    await PushSubscription.insertMany(endpoints.map((endpoint) => ({ userId: b.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: clock.now() })));
    const before = pushService.connections();
    const results = await messageAndTick();
    expect(results.filter((r) => r.row.userId === b.id).map((r) => r.outcome)).toEqual(['sent']);
    expect(pushService.connections()).toBe(before);
    expect(pushService.requests.filter((q) => q.path.endsWith(`/${b.id}`))).toEqual([]);
    expect(await PushSubscription.countDocuments({ userId: b.id })).toBe(0);
  });

  it('with the opt-in, the same local endpoint is delivered (the tests\' and developers\' push service)', async () => {
    const { b, messageAndTick } = await pushDue();
    const keys = browserKeys();
    await PushSubscription.create({ userId: b.id, endpoint: `${pushService.base}/ok/${b.id}`, p256dh: keys.keys.p256dh, auth: keys.keys.auth, createdAt: clock.now() });
    const saved = worker;
    worker = resolveDeps({ config: { ...api.config, pushAllowPrivateEndpoints: true }, clock, logger: memoryLogger(), notifications: { resolve } });
    try {
      const results = await messageAndTick();
      expect(results.filter((r) => r.row.userId === b.id).map((r) => r.outcome)).toEqual(['sent']);
    } finally {
      worker = saved;
    }
    const got = pushService.requests.filter((q) => q.path === `/ok/${b.id}`);
    expect(got).toHaveLength(1);
    expect(keys.decrypt(got[0].body)).toMatchObject({ title: 'New message from Ada Test', body: 'Hello' });
  });
});

describe('the address classification (ipaddr.js)', () => {
  it('passes public unicast addresses only', () => {
    expect(refusedRange(PUBLIC_V4)).toBeNull();
    expect(refusedRange(PUBLIC_V6)).toBeNull();
    expect(refusedRange('8.8.8.8')).toBeNull();
    expect(
      Object.fromEntries(['127.0.0.1', '::1', '::ffff:10.1.2.3', '169.254.169.254', 'fe80::1', 'fc00::1', '100.64.0.1', '239.1.1.1', '0.0.0.0', '::', '255.255.255.255', '::7f00:1', '2002:7f00:1::'].map((a) => [a, refusedRange(a)])),
    ).toEqual({
      '127.0.0.1': 'loopback',
      '::1': 'loopback',
      '::ffff:10.1.2.3': 'private',
      '169.254.169.254': 'linkLocal',
      'fe80::1': 'linkLocal',
      'fc00::1': 'uniqueLocal',
      '100.64.0.1': 'carrierGradeNat',
      '239.1.1.1': 'multicast',
      '0.0.0.0': 'unspecified',
      '::': 'unspecified',
      '255.255.255.255': 'broadcast',
      '::7f00:1': 'ipv4Compatible',
      '2002:7f00:1::': '6to4',
    });
  });

  it("the socket's lookup answers public addresses and refuses a name with any private one", async () => {
    const lookup = guardedLookup({ allowPrivate: false, resolve });
    const ask = (host: string, all: boolean) =>
      new Promise<unknown>((done) => lookup(host, { all }, (err, address, family) => done(err ? { error: (err as Error).message } : { address, family })));
    expect(await ask('push.example', false)).toEqual({ address: PUBLIC_V4, family: 4 });
    expect(await ask('v6.example', true)).toEqual({ address: [{ address: PUBLIC_V6, family: 6 }], family: undefined });
    expect(await ask('mixed.example', true)).toEqual({ error: 'push endpoint refused: mixed.example resolves to 10.0.0.5 (private)' });
    expect(await ask('localhost', false)).toEqual({ error: expect.stringMatching(/^push endpoint refused: localhost resolves to (127\.0\.0\.1|::1) \(loopback\)$/) });
  });
});
