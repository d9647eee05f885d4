import { BlockList, isIP } from 'node:net';
import type { Middleware } from 'koa';

/**
 * Who the client is when TRUST_PROXY lists proxy addresses (issue 26): X-Forwarded-For is read from the
 * right only while each hop is a listed proxy, starting with the direct peer. A client that reaches the
 * API directly (not through a listed proxy) is its socket address, whatever X-Forwarded-For it sends, so
 * it cannot pose as many addresses to dodge the per-address rate limits.
 *
 * With TRUST_PROXY as a hop count (Koa's own `proxy` + `maxIpsCount`) the last N entries are trusted
 * whoever sent them: safe only when nothing but the proxy can reach the API (npm start binds the API to
 * loopback; docker compose does not publish its port).
 */

/** '::ffff:10.0.0.1' (an IPv4 peer on a dual-stack socket) -> '10.0.0.1'. */
function normalise(addr: string): string {
  const a = addr.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a;
}

/** The listed proxies (`10.0.0.0/8`, `192.168.1.7`, `fd00::/8`) as a matcher. */
export function proxyMatcher(entries: string[]): (addr: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const a = normalise(addr);
    const type = isIP(a) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(a, type);
    else list.addSubnet(a, Number(bits), type);
  }
  return (addr) => {
    const a = normalise(addr);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The client address: walk from the peer leftwards through X-Forwarded-For while the current hop is trusted. */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: (addr: string) => boolean): string {
  let current = normalise(peer);
  const hops = (forwardedFor ?? '').split(',').map((h) => normalise(h)).filter(Boolean);
  while (trusted(current) && hops.length) {
    const next = hops.pop()!;
    // Whatever a trusted proxy wrote is an address; anything else came from further left (the client).
    if (!isIP(next)) break;
    current = next;
  }
  return current;
}

/**
 * Set ctx.ip from the listed proxies; when the peer is not one of them, drop the X-Forwarded-* headers
 * it sent so they cannot make Koa believe the request came over HTTPS or for another host either.
 */
export function clientIpFromTrustedProxies(entries: string[]): Middleware {
  const trusted = proxyMatcher(entries);
  return async (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    if (!trusted(peer)) {
      for (const h of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']) delete ctx.req.headers[h];
      ctx.request.ip = normalise(peer);
    } else {
      ctx.request.ip = clientAddress(peer, ctx.get('x-forwarded-for') || undefined, trusted);
    }
    await next();
  };
}
