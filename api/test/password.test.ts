import { hashPassword, verifyPassword, needsRehash, timingDummyHash, OWASP_SCRYPT } from '../src/users/password';
import { loadConfig } from '../src/config';

jest.setTimeout(60_000);
const CHEAP = { N: 1024, r: 8, p: 1 };

it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
  const h1 = await hashPassword('correct horse', CHEAP);
  const h2 = await hashPassword('correct horse', CHEAP);
  expect(h1).toMatch(/^scrypt\$1024\$8\$1\$/);
  expect(h1).not.toBe(h2);
  expect(h1).not.toContain('correct horse');
  expect(await verifyPassword('correct horse', h1)).toBe(true);
  expect(await verifyPassword('correct horse', h2)).toBe(true);
  expect(await verifyPassword('correct horsE', h1)).toBe(false);
  expect(await verifyPassword('', h1)).toBe(false);
});

it("uses OWASP's scrypt cost by default: N=2^17, r=8, p=1 (also the app's default configuration)", async () => {
  expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
  expect(loadConfig({}).scrypt).toEqual({ N: 131072, r: 8, p: 1 });
  const h = await hashPassword('correct horse');
  expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
  expect(await verifyPassword('correct horse', h)).toBe(true);
  expect(needsRehash(h, OWASP_SCRYPT)).toBe(false);
});

it('SCRYPT_N sets the cost; a value that is not a sane power of two stops the start', () => {
  expect(loadConfig({ SCRYPT_N: '262144' }).scrypt).toEqual({ N: 262144, r: 8, p: 1 });
  for (const bad of ['1000', '1024', 'lots', String(2 ** 21)]) expect(() => loadConfig({ SCRYPT_N: bad })).toThrow(/SCRYPT_N/);
});

it('tells which stored hashes were made with other parameters (to re-hash after sign-in)', async () => {
  const old = await hashPassword('pw', { N: 16384, r: 8, p: 1 });
  expect(await verifyPassword('pw', old)).toBe(true);
  expect(needsRehash(old, OWASP_SCRYPT)).toBe(true);
  expect(needsRehash(old, { N: 16384, r: 8, p: 1 })).toBe(false);
  expect(needsRehash(old, { N: 16384, r: 8, p: 2 })).toBe(true);
  expect(needsRehash('garbage', OWASP_SCRYPT)).toBe(true);
});

it('the stand-in hash for unknown usernames has the configured cost and matches nothing', async () => {
  const dummy = timingDummyHash(CHEAP);
  expect(dummy).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  expect(timingDummyHash(CHEAP)).not.toBe(dummy);
  expect(await verifyPassword('', dummy)).toBe(false);
  expect(timingDummyHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
});

it('rejects malformed stored hashes instead of throwing', async () => {
  for (const bad of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$abc$def', 'scrypt$99999999$8$1$abc$def']) {
    expect(await verifyPassword('x', bad)).toBe(false);
  }
});
