/**
 * Which push endpoints this API will POST to (server-side request forgery guard).
 *
 * A push subscription's `endpoint` comes from the browser, i.e. from whoever calls the API: without a guard
 * anyone could store `http://127.0.0.1:27017/`, `http://169.254.169.254/latest/meta-data/` or
 * `http://10.0.0.5/` and have the notification worker send requests into the private network. So:
 *
 * - at subscribe time (routes.ts) the endpoint must be https, carry no credentials, and its host (an address,
 *   or every address its name resolves to) must be a public unicast address; otherwise 400;
 * - at send time (push.ts) the same is checked again, and the connection is made to an address checked in the
 *   socket's own DNS lookup (`guardedLookup`), so a name that resolved to a public address when it was stored
 *   (or a moment ago) and resolves to 127.0.0.1 now (DNS rebinding) is refused before anything is sent.
 *
 * The classification is ipaddr.js's (well kept, already used by rateLimit.ts and rollout/visitor.ts): an
 * address passes only if ipaddr.js calls its range `unicast` after `process()` (which turns IPv4-mapped IPv6
 * such as ::ffff:127.0.0.1 into the IPv4 address). That is an allow-list: loopback, private (RFC 1918),
 * link-local (169.254/16, fe80::/10), unique-local (fc00::/7), carrier-grade NAT (100.64/10), multicast,
 * unspecified (0/8, ::), broadcast, the documentation/benchmark/reserved ranges, 6to4, Teredo and NAT64
 * (which embed IPv4 addresses) are all refused, and a range a future ipaddr.js learns is refused too. Hand-written
 * CIDR lists miss forms like these; the one form ipaddr.js calls unicast that we refuse ourselves is the
 * deprecated IPv4-compatible IPv6 `::a.b.c.d` (RFC 4291 2.5.5.1). Hostnames in odd spellings
 * (`http://2130706433/`, `http://0x7f.1/`) are normalised to dotted IPv4 by the WHATWG URL parser first.
 *
 * `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS=1, tests and development only; refused with
 * NODE_ENV=production by config.ts) turns all of this off, including the https requirement: the tests'
 * push service is plain http on 127.0.0.1.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Every address a host name resolves to. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface EndpointPolicy {
  /** Accept http and any address (tests and development only). */
  allowPrivate: boolean;
  resolve: Resolve;
}

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address in the order it gives them. */
export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** ipaddr.js's name of the range `address` is in when it is not a public unicast address, else null. */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an address';
  const addr = ipaddr.process(address);
  const range = addr.range();
  if (range !== 'unicast') return range;
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return 'ipv4Compatible';
  return null;
}

/** A refused endpoint: `reason` is for logs (it may name an address); `publicMessage` for the client. */
export class RefusedEndpoint extends Error {
  readonly code = 'EPUSHREFUSED';
  constructor(
    readonly reason: string,
    readonly publicMessage: string,
  ) {
    super(`push endpoint refused: ${reason}`);
  }
}

export const HTTPS_ONLY = 'endpoint must be an https URL';
/** One message for a private, local or unresolvable host, so the answer is no oracle for internal DNS names. */
export const PUBLIC_ONLY = 'endpoint must be a public push service address (not a private, local or unresolvable host)';

function hostOf(u: URL): string {
  return u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
}

/** The checks that need no DNS: scheme, credentials and an address written in the URL. Throws RefusedEndpoint. */
export function checkEndpointSyntax(endpoint: string | URL, policy: Pick<EndpointPolicy, 'allowPrivate'>): URL {
  let u: URL;
  try {
    u = new URL(String(endpoint));
  } catch {
    throw new RefusedEndpoint('not a URL', HTTPS_ONLY);
  }
  if (!(u.protocol === 'https:' || (u.protocol === 'http:' && policy.allowPrivate))) throw new RefusedEndpoint(`scheme ${u.protocol}`, HTTPS_ONLY);
  if (u.username || u.password) throw new RefusedEndpoint('credentials in the URL', PUBLIC_ONLY);
  const host = hostOf(u);
  if (!policy.allowPrivate && isIP(host)) {
    const range = refusedRange(host);
    if (range) throw new RefusedEndpoint(`${host} is ${range}`, PUBLIC_ONLY);
  }
  return u;
}

/** Every address of `hostname`, refused unless each one is public (an empty answer is refused too). */
async function publicAddresses(hostname: string, policy: EndpointPolicy): Promise<LookupAddress[]> {
  let all: LookupAddress[];
  try {
    all = await policy.resolve(hostname);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new RefusedEndpoint(`${hostname} does not resolve (${code})`, PUBLIC_ONLY);
    throw err;
  }
  if (all.length === 0) throw new RefusedEndpoint(`${hostname} does not resolve`, PUBLIC_ONLY);
  if (!policy.allowPrivate) {
    for (const a of all) {
      const range = refusedRange(a.address);
      if (range) throw new RefusedEndpoint(`${hostname} resolves to ${a.address} (${range})`, PUBLIC_ONLY);
    }
  }
  return all;
}

/**
 * The whole check, as the subscribe route makes it: throws RefusedEndpoint, or the resolver's own error
 * when it could not answer (a DNS outage: the caller says "try again"). At most `timeoutMs` for DNS.
 */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy, timeoutMs = 5000): Promise<URL> {
  const u = checkEndpointSyntax(endpoint, policy);
  const host = hostOf(u);
  if (policy.allowPrivate || isIP(host)) return u;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`DNS lookup of ${host} timed out`), { code: 'ETIMEOUT' })), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([publicAddresses(host, policy), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return u;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves with the policy's resolver and refuses (RefusedEndpoint) a
 * name with any non-public address: the socket connects only to an address checked here, so there is no
 * gap between the check and the connection for DNS to change in. (Node skips `lookup` for an IP literal:
 * checkEndpointSyntax covers those.)
 */
export function guardedLookup(policy: EndpointPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    publicAddresses(hostname, policy).then(
      (all) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = family ? all.filter((a) => a.family === family) : all;
        if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/**
 * POST `body` to `url` once (no redirects followed, no connection reuse), connecting only to addresses the
 * policy allows. Resolves with the status and (at most 64 KB of) the answer's text; rejects with
 * RefusedEndpoint for a refused endpoint, or the network error.
 */
export function postToEndpoint(
  url: string,
  init: { headers: Record<string, string>; body: Buffer | null; timeoutMs: number },
  policy: EndpointPolicy,
): Promise<{ status: number; text: string }> {
  let u: URL;
  try {
    u = checkEndpointSyntax(url, policy);
  } catch (err) {
    return Promise.reject(err);
  }
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { ...init.headers, 'Content-Length': String(init.body?.length ?? 0) },
        agent: false,
        lookup: guardedLookup(policy) as unknown as typeof dnsLookup,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 64 * 1024) chunks.push(c);
        });
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('the push service closed the connection mid-answer'));
          else resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body ?? undefined);
  });
}
