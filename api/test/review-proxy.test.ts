/**
 * Review probe (R1): behind a proxy (TRUST_PROXY), the rate limits count the client address the proxy saw,
 * not whatever a client writes into X-Forwarded-For.
 */
import { startTestApi, type TestApi } from './helpers';
import { loadConfig } from '../src/config';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  // rateLimit 1: the real limits (forgot-password: 5 per 15 minutes).
  api = await startTestApi({ config: { trustProxy: true, rateLimit: 1 } });
});
afterAll(async () => {
  await api?.stop();
});

const forgot = (forwardedFor: string, email = 'nobody@example.com') =>
  api.agent().request('POST', '/api/auth/forgot-password', {
    json: { email },
    headers: { 'x-forwarded-for': forwardedFor },
  });

it('a client cannot dodge a rate limit by forging X-Forwarded-For entries', async () => {
  // The proxy appends the address it saw (203.0.113.9); the client controls everything before it.
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await forgot(`10.0.0.${i}, 203.0.113.9`)).status);
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(statuses.slice(5)).toEqual([429, 429]);
});

it('different real clients behind the proxy still have their own allowance', async () => {
  // Another address (the per-email limit, which the first test has used up for nobody@, is its own test).
  expect((await forgot('10.0.0.1, 198.51.100.7', 'somebody@example.com')).status).toBe(200);
});

it('TRUST_PROXY takes a number of proxy hops (and still means "trust" when it is a number)', () => {
  expect(loadConfig({})).toMatchObject({ trustProxy: false, proxyHops: 1 });
  expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
  expect(loadConfig({ TRUST_PROXY: '1' })).toMatchObject({ trustProxy: true, proxyHops: 1 });
  expect(loadConfig({ TRUST_PROXY: '2' })).toMatchObject({ trustProxy: true, proxyHops: 2 });
  expect(loadConfig({ TRUST_PROXY: 'off' })).toMatchObject({ trustProxy: false });
});
