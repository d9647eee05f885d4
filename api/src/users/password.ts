import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto): random 16-byte salt, 64-byte key, stored as
 * `scrypt$N$r$p$salt$key` (base64url). The parameters travel with each hash, so the cost can be raised
 * (config.scrypt, SCRYPT_N) without breaking old hashes: a hash made with other parameters verifies as
 * before and is replaced after the next successful sign-in (needsRehash).
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17 (128 MiB), r=8, p=1. The default everywhere but tests. */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 64;
/** Largest N a stored hash may ask for (verifying costs 128*N*r bytes). */
const MAX_N = 2 ** 20;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // maxmem: scrypt needs 128*N*r bytes; Node's default cap (32 MiB) is below OWASP's N=2^17.
    scryptCb(password.normalize('NFKC'), salt, keylen, { ...opts, maxmem: 256 * opts.N! * opts.r! }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function format(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  return format(cost, salt, await scrypt(password, salt, KEYLEN, cost));
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || N > MAX_N) return null;
  return { cost: { N, r, p }, salt: Buffer.from(parts[4], 'base64url'), key: Buffer.from(parts[5], 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, parsed.cost);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** Whether `stored` was made with other parameters than `cost`: hash the password again once it verified. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p || parsed.key.length !== KEYLEN;
}

/**
 * A stored-hash lookalike to verify against when the username is unknown, so that answer costs the same
 * scrypt work as a wrong password (no telling names apart by time). Random salt and key: nothing matches it.
 */
export function timingDummyHash(cost: ScryptCost = OWASP_SCRYPT): string {
  return format(cost, randomBytes(16), randomBytes(KEYLEN));
}
