/**
 * Issue 26, proxy trust: the per-address rate limits count the client the trusted proxies saw. TRUST_PROXY
 * as a hop count trusts that many X-Forwarded-For entries from the right; as proxy addresses, it honours
 * X-Forwarded-For (and -Proto) only when the direct peer is one of them. The attack: a client that
 * reaches the API itself writes a new X-Forwarded-For on every request to get a fresh counter each time.
 * The limiter used: POST /api/auth/forgot-password, 5 per client address per 15 minutes (a new email
 * each time, so its per-email limit never answers first).
 */
import { startTestApi, type Agent, type TestApi } from '../helpers';
import { loadConfig, type Config } from '../../src/config';
import { clientAddress, proxyMatcher } from '../../src/http/clientIp';

jest.setTimeout(60_000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const LIMIT = 5;
let n = 0;
/** One reset request with these headers; a fresh email address each time. */
async function forgot(a: Agent, headers: Record<string, string>) {
  n += 1;
  return (await a.request('POST', '/api/auth/forgot-password', { json: { email: `nobody${n}@example.com` }, headers })).status;
}

/** Each scenario in its own rate-limit window (the app's clock), so no counter carries over. */
let hour = 0;
async function restartWith(config: Partial<Config>) {
  hour += 1;
  const at = new Date(Date.UTC(2031, 0, 1, hour));
  await api.restart({ config: { rateLimit: 1, ...config }, clock: { now: () => at } });
}

describe('TRUST_PROXY=1 (one proxy hop, e.g. the shell in front of the API)', () => {
  beforeAll(() => restartWith(loadConfig({ TRUST_PROXY: '1' })));

  it('gives two clients behind the proxy separate counters', async () => {
    const a = api.agent();
    for (let i = 0; i < LIMIT; i++) expect(await forgot(a, { 'x-forwarded-for': '203.0.113.10' })).toBe(200);
    expect(await forgot(a, { 'x-forwarded-for': '203.0.113.10' })).toBe(429);
    // Another visitor behind the same proxy is not limited by the first one.
    expect(await forgot(api.agent(), { 'x-forwarded-for': '203.0.113.11' })).toBe(200);
  });

  it('counts the entry the proxy appended, not what the client wrote before it', async () => {
    const a = api.agent();
    // The client forges a first entry; the proxy appends the real address (203.0.113.10, limited above).
    expect(await forgot(a, { 'x-forwarded-for': '198.51.100.99, 203.0.113.10' })).toBe(429);
  });
});

describe('TRUST_PROXY=<proxy addresses>', () => {
  it('counts a direct caller (not a listed proxy) by its real address, whatever X-Forwarded-For it forges', async () => {
    // The API's peer here is 127.0.0.1, which is not in 10.0.0.0/8.
    await restartWith(loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.168.0.1' }));
    const a = api.agent();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push(await forgot(a, { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
  });

  it('ignores a forged X-Forwarded-Proto from a direct caller (no Secure session cookie over plain HTTP)', async () => {
    await restartWith(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }));
    const r = await api.agent().request('POST', '/api/auth/signup', {
      json: { username: `px${Date.now()}`, email: `px${Date.now()}@example.com`, firstName: 'P', lastName: 'X', password: 'secret123', confirmPassword: 'secret123' },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.200' },
    });
    expect(r.status).toBe(201);
    const cookies = r.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/fitconnect\.sid=/);
    expect(cookies).not.toMatch(/;\s*secure/i);
  });

  it('honours X-Forwarded-For from a listed proxy: separate counters per client, forged entries further left ignored', async () => {
    await restartWith(loadConfig({ TRUST_PROXY: '127.0.0.1/32' }));
    const a = api.agent();
    for (let i = 0; i < LIMIT; i++) expect(await forgot(a, { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.20` })).toBe(200);
    expect(await forgot(a, { 'x-forwarded-for': '198.51.100.77, 203.0.113.20' })).toBe(429);
    expect(await forgot(api.agent(), { 'x-forwarded-for': '203.0.113.21' })).toBe(200);
  });
});

describe('reading TRUST_PROXY', () => {
  it('takes a hop count, yes/no, or a list of addresses and CIDR ranges; refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '2' })).toMatchObject({ trustProxy: true, proxyHops: 2, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, proxyHops: 1, trustedProxies: [] });
    expect(loadConfig({})).toMatchObject({ trustProxy: false, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/12,::1' })).toMatchObject({ trustProxy: true, trustedProxies: ['10.0.0.0/8', '172.16.0.0/12', '::1'] });
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'loadbalancer' })).toThrow(/cannot read "loadbalancer"/);
  });

  it('walks X-Forwarded-For from the right only through listed proxies', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', 'fd00::/8']);
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.5, 10.0.0.9', trusted)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.5', trusted)).toBe('203.0.113.5');
    expect(clientAddress('198.51.100.1', '203.0.113.5', trusted)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', 'not-an-ip', trusted)).toBe('10.0.0.2');
    expect(clientAddress('fd00::1', '2001:db8::7', trusted)).toBe('2001:db8::7');
  });
});
