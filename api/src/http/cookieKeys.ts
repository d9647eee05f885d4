import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing keys of the session cookie (Koa's `app.keys`), as a Keygrip-compatible object: the same
 * signatures as the keygrip Koa builds from an array of secrets (HMAC-SHA1, base64url; the first secret
 * signs, every secret verifies), so cookies issued before stay valid.
 *
 * Why not keygrip itself (issue 9): its constant-time compare (tsscmp) draws random bytes and computes two
 * more HMACs per check, and Koa builds a new Keygrip per request from an array. That was about 50 µs of
 * CPU on every signed-in request here, against about 13 µs for one HMAC and crypto.timingSafeEqual; a
 * signature verified once is remembered, so a returning cookie costs a Map lookup.
 */
/** What Koa and the cookies package call on `app.keys` (keygrip's interface). */
export interface SigningKeys {
  sign(data: unknown): string;
  verify(data: unknown, digest: string): boolean;
  index(data: unknown, digest: string): number;
}

/** How many verified signatures are remembered (about 1 MB at most). */
const MAX_VERIFIED = 10_000;

export function cookieKeys(secrets: readonly string[]): SigningKeys {
  if (secrets.length === 0 || secrets.some((s) => !s)) throw new Error('cookieKeys: every secret must be a non-empty string');
  const signWith = (data: unknown, secret: string) => createHmac('sha1', secret).update(String(data)).digest('base64url');
  const index = (data: unknown, digest: string): number => {
    const given = Buffer.from(String(digest));
    for (let i = 0; i < secrets.length; i++) {
      const expected = Buffer.from(signWith(data, secrets[i]));
      // The length of a signature is public (fixed by the algorithm); only equal lengths are compared.
      if (expected.length === given.length && timingSafeEqual(expected, given)) return i;
    }
    return -1;
  };
  // Signatures already verified (issue 9): a signed-in browser sends the same cookie on every request, and
  // one HMAC per request was a measurable share of a signed-in read. Only successes are kept, keyed by the
  // exact data and signature, so a guessed signature is always checked in full. Bounded: oldest out first.
  const verified = new Map<string, number>();
  const memoIndex = (data: unknown, digest: string): number => {
    // Length-prefixed, so no other (data, digest) pair makes the same key.
    const d = String(digest);
    const k = `${d.length}:${d}${String(data)}`;
    const hit = verified.get(k);
    if (hit !== undefined) return hit;
    const i = index(data, digest);
    if (i > -1) {
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
      verified.set(k, i);
    }
    return i;
  };
  return {
    sign: (data) => signWith(data, secrets[0]),
    verify: (data, digest) => memoIndex(data, digest) > -1,
    index: memoIndex,
  };
}
