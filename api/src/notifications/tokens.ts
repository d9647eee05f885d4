import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@fitconnect/contracts';

/**
 * One-click unsubscribe tokens: `<userId>.<kind>.<mac>`, mac = HMAC-SHA256 over `unsubscribe:<userId>:<kind>`
 * with a key derived from the session secret (so nothing new to keep, and nobody without the secret can make
 * or alter one). A token names one user and one kind; it works without signing in and only turns that
 * kind's email off, so it never needs to expire.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('fitconnect:notifications:unsubscribe:v1').digest();
const macOf = (secret: string, userId: number, kind: NotificationKind) =>
  createHmac('sha256', keyOf(secret)).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${macOf(secret, userId, kind)}`;
}

/** The user and kind a token names, or null when it is malformed, forged or altered. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: NotificationKind } | null {
  const m = /^([1-9][0-9]{0,15})\.(messages|sessions)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const kind = m[2] as NotificationKind;
  if (!Number.isSafeInteger(userId)) return null;
  const expected = Buffer.from(macOf(secret, userId, kind));
  const given = Buffer.from(m[3]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}
