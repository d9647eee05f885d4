/**
 * Preview links (issue 34): `/?fc_preview=<token>` opens one version of one area in production for
 * whoever holds the link, before any visitor gets it, without touching anyone's assignment.
 *
 * The token is `<payload>.<mac>`: base64url JSON { a: area, v: version, e: manifest URL, x: expiry (ms) }
 * and an HMAC-SHA256 of the payload under a key derived from the session secret (not the session cookie's
 * nor the visitor ids'). Only the API makes tokens (operator call); a token it did not sign, an edited one
 * or an expired one is ignored, and the visitor gets their usual versions.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ManifestUrl, RolloutArea } from '@fitconnect/contracts/src/server';

export interface Preview {
  area: string;
  version: string;
  entry: string;
  expiresAt: Date;
}

export function previewKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('fitconnect/rollout-preview/v1').digest();
}

const macOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signPreview(key: Buffer, p: Preview): string {
  const payload = Buffer.from(JSON.stringify({ a: p.area, v: p.version, e: p.entry, x: p.expiresAt.getTime() })).toString('base64url');
  return `${payload}.${macOf(key, payload)}`;
}

/** The preview a token grants at `now`, or null (not signed by this API, edited, malformed or expired). */
export function verifyPreview(key: Buffer, token: string | undefined, now: Date): Preview | null {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(key, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: { a?: unknown; v?: unknown; e?: unknown; x?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const area = RolloutArea.safeParse(body?.a);
  const entry = ManifestUrl.safeParse(body?.e);
  if (!area.success || !entry.success || typeof body.v !== 'string' || !body.v || typeof body.x !== 'number') return null;
  if (body.x <= now.getTime()) return null;
  return { area: area.data, version: body.v, entry: entry.data, expiresAt: new Date(body.x) };
}

/**
 * The manifest URL of `version` beside an area's stable manifest: the builds serve every version at
 * `<remote>/versions/<version>/mf-manifest.json` (a stable that is itself a version folder is replaced).
 */
export function versionEntry(stableEntry: string, version: string): string {
  const u = new URL(stableEntry);
  const m = /^(.*\/)versions\/[^/]+\/([^/]*)$/.exec(u.pathname);
  if (m) u.pathname = `${m[1]}versions/${encodeURIComponent(version)}/${m[2] || 'mf-manifest.json'}`;
  else u.pathname = u.pathname.replace(/[^/]*$/, `versions/${encodeURIComponent(version)}/mf-manifest.json`);
  u.search = '';
  u.hash = '';
  return u.toString();
}
