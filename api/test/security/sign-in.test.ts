/**
 * Password guessing (issue 26): a per-account backoff on top of the per-address sign-in limit, IPv6
 * clients counted per /64, the same scrypt work for unknown names, and OWASP's scrypt cost with older
 * hashes re-hashed at sign-in. Real limits (RATE_LIMIT=1), client addresses from X-Forwarded-For
 * (TRUST_PROXY), and a clock the tests move.
 */
import crypto from 'node:crypto';
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import { User } from '../../src/users/model';
import { hashPassword, OWASP_SCRYPT } from '../../src/users/password';
import { loadConfig } from '../../src/config';
import { SIGN_IN_BACKOFF_MESSAGE } from '../../src/auth/signInBackoff';

jest.setTimeout(120_000);

let now = Date.parse('2032-01-10T09:00:00.000Z');
const clock = { now: () => new Date(now) };
const advance = (seconds: number) => {
  now += seconds * 1000;
};
const config = { rateLimit: 1, trustProxy: true, proxyHops: 1 } as const;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config, clock });
});
afterAll(async () => {
  await api?.stop();
});

let client = 0;
/** Every call from a client address of its own unless one is given. */
function login(username: string, password: string, ip = `10.9.${Math.floor(client / 250)}.${(client++ % 250) + 1}`) {
  return api.agent().request('POST', '/api/auth/login', { json: { username, password }, headers: { 'x-forwarded-for': ip } });
}
async function account() {
  // Sign-ups from addresses of their own too (10 an hour per address).
  const a = api.agent();
  const ip = `172.16.${Math.floor(client / 250)}.${(client++ % 250) + 1}`;
  const orig = a.request;
  a.request = (method, path, opts = {}) => orig(method, path, { ...opts, headers: { 'x-forwarded-for': ip, ...opts.headers } });
  a.post = (path, body) => a.request('POST', path, { json: body });
  return signUpAndLogin(a);
}

describe('guessing one account from many addresses', () => {
  it('is shut out of that account after 5 attempts; the owner signs in once the delay has run', async () => {
    const { username, password, user } = await account();
    const guesses = [];
    for (let i = 0; i < 12; i++) guesses.push(await login(username, `guess-${i}`));
    expect(guesses.map((r) => r.status)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const r of guesses.slice(5)) {
      expect(r.body).toEqual({ message: SIGN_IN_BACKOFF_MESSAGE });
      expect(r.headers.get('retry-after')).toBe('15');
    }
    // While the delay runs even the right password is not tried (nor answered).
    expect((await login(username, password, '192.0.2.10')).status).toBe(429);

    advance(15);
    const owner = await login(username, password, '192.0.2.10');
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(user.id);
    // The success cleared the count: the next mistakes are ordinary failures again.
    for (let i = 0; i < 4; i++) expect((await login(username, `typo-${i}`)).status).toBe(401);
  });

  it('doubles the delay with each further failure, up to 5 minutes', async () => {
    const { username, password } = await account();
    for (let i = 0; i < 5; i++) expect((await login(username, `guess-${i}`)).status).toBe(401);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await login(username, 'whatever');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      delays.push(wait);
      advance(wait);
      expect((await login(username, `guess-after-${i}`)).status).toBe(401);
    }
    expect(delays).toEqual([15, 30, 60, 120, 240, 300, 300]);
    // However long the guessing went on, the owner waits at most the cap.
    advance(300);
    expect((await login(username, password)).status).toBe(200);
  });

  it('lets no more than 5 of a burst of parallel guesses be checked', async () => {
    const { username, password } = await account();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(username, `burst-${i}`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    advance(15);
    expect((await login(username, password)).status).toBe(200);
  });

  it('answers an unknown username exactly like a real one', async () => {
    const { username } = await account();
    const real = [];
    const unknown = [];
    for (let i = 0; i < 7; i++) {
      real.push(await login(username, `guess-${i}`));
      unknown.push(await login('nobody_by_this_name', `guess-${i}`));
    }
    const view = (r: { status: number; body: unknown; headers: Headers }) => [r.status, r.body, r.headers.get('retry-after')];
    expect(unknown.map(view)).toEqual(real.map(view));
    expect(real.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    advance(15);
  });
});

describe('the per-address sign-in limit (20 per 15 minutes)', () => {
  it('counts IPv6 addresses of one /64 as one client', async () => {
    advance(3600);
    // Each attempt on a name of its own, so only the per-address limit counts.
    const statuses = [];
    for (let i = 1; i <= 20; i++) statuses.push((await login(`nobody_${i}`, 'pw', `2001:db8:5:6::${i.toString(16)}`)).status);
    expect(statuses).toEqual(Array(20).fill(401));
    const over = await login('nobody_21', 'pw', '2001:db8:5:6:ffff:1:2:3');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(Number(over.headers.get('retry-after'))).toBe(15 * 60);
    // The next /64 is someone else.
    expect((await login('nobody_22', 'pw', '2001:db8:5:7::1')).status).toBe(401);
  });
});

describe('password hashing', () => {
  it('spends the same scrypt work on an unknown username as on a wrong password', async () => {
    const { username } = await account();
    const calls: Array<{ keylen: number; N?: number; r?: number; p?: number }> = [];
    const realScrypt = crypto.scrypt;
    const spy = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: Parameters<typeof crypto.scrypt>) => {
      const [, , keylen, opts] = args as unknown as [unknown, unknown, number, crypto.ScryptOptions];
      calls.push({ keylen, N: opts.N, r: opts.r, p: opts.p });
      return realScrypt(...args);
    }) as typeof crypto.scrypt);
    try {
      expect((await login(username, 'wrong-password')).status).toBe(401);
      const wrongPassword = calls.splice(0);
      expect((await login('no_such_user_here', 'wrong-password')).status).toBe(401);
      const unknownName = calls.splice(0);
      expect(wrongPassword).toEqual([{ keylen: 64, N: 1024, r: 8, p: 1 }]);
      expect(unknownName).toEqual(wrongPassword);
    } finally {
      spy.mockRestore();
    }
  });

  it("hashes at OWASP's N=2^17 by default and re-hashes an older N=16384 hash at the next sign-in", async () => {
    expect(loadConfig({}).scrypt).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const { username, password, user } = await account();
    const old = await hashPassword(password, { N: 16384, r: 8, p: 1 });
    await User.updateOne({ id: user.id }, { $set: { passwordHash: old } });

    // The app as deployed: the default cost.
    await api.restart({ config: { ...config, scrypt: loadConfig({}).scrypt }, clock });
    try {
      expect((await login(username, 'not-it')).status).toBe(401);
      expect((await User.findOne({ id: user.id }).lean())!.passwordHash).toBe(old);
      expect((await login(username, password)).status).toBe(200);
      const upgraded = (await User.findOne({ id: user.id }).lean())!.passwordHash;
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(upgraded.split('$')).toHaveLength(6);
      // The new hash signs in, and is kept as it is.
      expect((await login(username, password)).status).toBe(200);
      expect((await User.findOne({ id: user.id }).lean())!.passwordHash).toBe(upgraded);
      expect(OWASP_SCRYPT.N).toBe(131072);
    } finally {
      await api.restart({ config, clock });
    }
  });
});
