/**
 * The rate-limit guard (http/rateLimit.ts): a sliding window kept in MongoDB, read off the app's clock.
 * A test route limited to 3 requests a minute, the real scale (RATE_LIMIT=1), and client addresses from
 * X-Forwarded-For (TRUST_PROXY) so each test counts for an address of its own.
 */
import Router from '@koa/router';
import { startTestApi, type TestApi } from './helpers';
import { rateLimit, addressKey } from '../src/http/rateLimit';

jest.setTimeout(60_000);

const limited = new Router();
limited.get('/api/test/limited', rateLimit({ name: 'test-limited', limit: 3, windowMs: 60_000, message: 'Slow down, test.' }), (ctx) => {
  ctx.body = { ok: true };
});

let now = Date.parse('2031-05-06T10:00:00.000Z');
const clock = { now: () => new Date(now) };
const at = (iso: string) => {
  now = Date.parse(iso);
};
const config = { rateLimit: 1, trustProxy: true, proxyHops: 1 } as const;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config, clock, extraRouters: [limited] });
});
afterAll(async () => {
  await api?.stop();
});

const hit = (ip: string) => api.agent().request('GET', '/api/test/limited', { headers: { 'x-forwarded-for': ip } });
const statuses = async (ip: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await hit(ip)).status);
  return out;
};

it('refuses a second burst just after a wall-clock minute boundary (no 2x the limit across it)', async () => {
  at('2031-05-06T10:00:59.000Z');
  expect(await statuses('198.51.100.1', 3)).toEqual([200, 200, 200]);
  at('2031-05-06T10:01:00.500Z');
  const refused = await hit('198.51.100.1');
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ message: 'Slow down, test.' });
  // The three admitted requests leave the window at 10:01:59.000: 58.5 s from now, rounded up.
  expect(refused.headers.get('retry-after')).toBe('59');
  expect(await statuses('198.51.100.1', 2)).toEqual([429, 429]);
  at('2031-05-06T10:01:59.000Z');
  expect(await statuses('198.51.100.1', 4)).toEqual([200, 200, 200, 429]);
});

it('lets requests age out of the window one by one, with Retry-After to the next free slot', async () => {
  const ip = '198.51.100.2';
  at('2031-05-07T08:00:00.000Z');
  expect((await hit(ip)).status).toBe(200);
  at('2031-05-07T08:00:20.000Z');
  expect((await hit(ip)).status).toBe(200);
  at('2031-05-07T08:00:40.000Z');
  expect((await hit(ip)).status).toBe(200);
  at('2031-05-07T08:00:59.000Z');
  const r = await hit(ip);
  expect(r.status).toBe(429);
  expect(r.headers.get('retry-after')).toBe('1');
  // Waiting exactly Retry-After is enough: the first request has left the window.
  at('2031-05-07T08:01:00.000Z');
  expect((await hit(ip)).status).toBe(200);
  const next = await hit(ip);
  expect(next.status).toBe(429);
  expect(next.headers.get('retry-after')).toBe('20');
  at('2031-05-07T08:01:20.000Z');
  expect((await hit(ip)).status).toBe(200);
  expect((await hit(ip)).status).toBe(429);
});

it('never lets more than the limit through concurrent requests', async () => {
  at('2031-05-08T12:00:00.000Z');
  const answers = await Promise.all(Array.from({ length: 25 }, () => hit('198.51.100.3')));
  const codes = answers.map((r) => r.status).sort();
  expect(codes).toEqual([...Array(3).fill(200), ...Array(22).fill(429)]);
  for (const r of answers.filter((x) => x.status === 429)) expect(r.headers.get('retry-after')).toBe('60');
});

it('keeps its counts in MongoDB: another app instance on the same database sees them', async () => {
  at('2031-05-09T12:00:00.000Z');
  expect(await statuses('198.51.100.4', 3)).toEqual([200, 200, 200]);
  await api.restart({ config, clock, extraRouters: [limited] });
  expect((await hit('198.51.100.4')).status).toBe(429);
  expect((await hit('198.51.100.5')).status).toBe(200);
});

it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', async () => {
  at('2031-05-10T12:00:00.000Z');
  expect((await hit('2001:db8:7:1::1')).status).toBe(200);
  expect((await hit('2001:db8:7:1:ffff:ffff:ffff:fffe')).status).toBe(200);
  expect((await hit('2001:0db8:0007:0001:0:0:0:99')).status).toBe(200);
  expect((await hit('2001:db8:7:1::abcd')).status).toBe(429);
  // The neighbouring /64 is another client.
  expect((await hit('2001:db8:7:2::1')).status).toBe(200);

  expect((await hit('203.0.113.77')).status).toBe(200);
  expect((await hit('::ffff:203.0.113.77')).status).toBe(200);
  expect((await hit('203.0.113.77')).status).toBe(200);
  expect((await hit('::ffff:cb00:714d')).status).toBe(429);

  expect(addressKey('2001:db8:7:1::abcd')).toBe('2001:db8:7:1::/64');
  expect(addressKey('::1')).toBe('0:0:0:0::/64');
  expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
  expect(addressKey('not an address')).toBe('not an address');
});

it('scales every limit with RATE_LIMIT and turns off with RATE_LIMIT=off', async () => {
  at('2031-05-11T12:00:00.000Z');
  await api.restart({ config: { ...config, rateLimit: 2 }, clock, extraRouters: [limited] });
  expect(await statuses('198.51.100.6', 7)).toEqual([...Array(6).fill(200), 429]);
  await api.restart({ config: { ...config, rateLimit: false }, clock, extraRouters: [limited] });
  expect(await statuses('198.51.100.6', 10)).toEqual(Array(10).fill(200));
  await api.restart({ config, clock, extraRouters: [limited] });
});
