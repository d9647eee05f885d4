/**
 * Who reports what (issue 26): visitor ids the server signs, and the client networks reports come from.
 *
 * A visitor id is 128 random bits the API picks; the `fc_vid` cookie carries it with an HMAC-SHA256 of
 * it under a key derived from the session secret (`<id>.<mac>`). A cookie the API did not sign (a
 * chosen, guessed or edited id, or an unsigned cookie from before issue 26) is not a visitor: it gets a
 * new id, and its reports count nothing. So nobody can pick ids that land on a candidate; the only way to
 * get ids is to ask /api/rollout/remotes, which is rate limited per client.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { VisitorId } from '@fitconnect/contracts/src/server';

/** The key of visitor-id MACs: its own key, derived from the session secret (not the session cookie's). */
export function visitorKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('fitconnect/rollout-visitor-id/v1').digest();
}

const macOf = (key: Buffer, id: string) => createHmac('sha256', key).update(id).digest('base64url');

/** The cookie value of a visitor id: `<id>.<mac>`. */
export function signVisitorId(key: Buffer, id: string): string {
  return `${id}.${macOf(key, id)}`;
}

/** A fresh visitor: its id and the cookie value carrying it. */
export function newVisitor(key: Buffer): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, cookie: signVisitorId(key, id) };
}

/** The visitor id in a cookie value, or null unless the API signed it (compared in constant time). */
export function verifyVisitorCookie(key: Buffer, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  if (!VisitorId.safeParse(id).success) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(macOf(key, id));
  // The MAC's length is public (fixed by the algorithm): only equal lengths are compared.
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * The client network of an address, the unit in which reports are counted: the /24 of an IPv4 address
 * (also when written IPv4-mapped, ::ffff:a.b.c.d), the /64 of an IPv6 address. Anything else is its own
 * network.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return `other:${ip}`;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return `${(addr as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  return `${(addr as ipaddr.IPv6).parts.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/** What is stored of a network: a keyed hash (the database never holds client address prefixes). */
export function networkTag(key: Buffer, network: string): string {
  return createHmac('sha256', key).update(`net\0${network}`).digest('base64url').slice(0, 22);
}
