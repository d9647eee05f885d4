import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing keys of the session cookie (Koa's `app.keys`), as a Keygrip-compatible object: the same
 * signatures as the keygrip Koa builds from an array of secrets (HMAC-SHA1, base64url; the first secret
 * signs, every secret verifies), so cookies issued before stay valid.
 *
 * Why not keygrip itself (issue 9): its constant-time compare (tsscmp) draws random bytes and computes two
 * more HMACs per check, and Koa builds a new Keygrip per request from an array. That was about 50 µs of
 * CPU on every signed-in request here, against about 13 µs for one HMAC and crypto.timingSafeEqual.
 */
/** What Koa and the cookies package call on `app.keys` (keygrip's interface). */
export interface SigningKeys {
  sign(data: unknown): string;
  verify(data: unknown, digest: string): boolean;
  index(data: unknown, digest: string): number;
}

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
  return {
    sign: (data) => signWith(data, secrets[0]),
    verify: (data, digest) => index(data, digest) > -1,
    index,
  };
}
