import type { Context, Middleware } from 'koa';
import { TRAINER_LIST_HEADERS } from '@fitconnect/contracts';
import { HttpError } from './errors';

/**
 * Cross-origin rules of the API, in one place (issue 16).
 *
 * - The routes below are open to any origin WITHOUT credentials: `Access-Control-Allow-Origin: *` and
 *   never `Access-Control-Allow-Credentials`, so a browser will not hand a partner page a response to a
 *   request that carried our cookies. Their preflights (OPTIONS) answer 204.
 * - Every other route stays same-origin, as before: no CORS header is ever sent for it (so a browser
 *   refuses a preflighted call and hides any answer), and a request whose `Origin` is another site's is
 *   refused with 403 before it reaches the route, so it changes nothing even when a browser sends it
 *   without a preflight (a "simple" cross-origin POST). Requests with no Origin (same-origin GETs,
 *   server-to-server, curl) are not affected.
 *
 * Same origin = the Origin's host:port is the request's Host (the shell's proxies keep Host:
 * changeOrigin false), the X-Forwarded-Host a proxy set, or PUBLIC_URL's.
 */
export interface PublicRoute {
  method: 'GET' | 'POST';
  /** OpenAPI-style template, e.g. /api/trainers/{id}. */
  path: string;
  /** Response headers a partner's script may read. */
  exposeHeaders?: string[];
}

/** Path parameters of public routes: what a value must look like (ids are numeric). */
const PARAM_PATTERNS: Record<string, string> = {
  id: '[0-9]+',
  fileId: '[a-f0-9]{24}',
  slug: '[a-z0-9-]+',
};

export const PUBLIC_ROUTES: PublicRoute[] = [
  // The embedded trainer finder's reads.
  { method: 'GET', path: '/api/trainers', exposeHeaders: Object.values(TRAINER_LIST_HEADERS) },
  { method: 'GET', path: '/api/trainers/{id}' },
  { method: 'GET', path: '/api/trainers/{id}/reviews' },
  { method: 'GET', path: '/api/trainer-photos/{fileId}', exposeHeaders: ['ETag'] },
  // The exercise library: static, anonymous data (same answer for everyone).
  { method: 'GET', path: '/api/exercises' },
  { method: 'GET', path: '/api/exercises/{slug}' },
  // The API's own description, for partners' tooling.
  { method: 'GET', path: '/api/openapi.json' },
  // The finder's impression/click beacon (anonymous; a CORS-simple text/plain POST, JSON also accepted).
  { method: 'POST', path: '/api/partners/events' },
];

const compiled = PUBLIC_ROUTES.map((route) => {
  const source = route.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = PARAM_PATTERNS[m[1]];
      if (!pattern) throw new Error(`cors.ts: no pattern for path parameter {${m[1]}} of ${route.path}`);
      return pattern;
    })
    .join('');
  return { route, regexp: new RegExp(`^${source}/?$`) };
});

/** The public route serving `method path` (HEAD counts as GET), if any. */
export function publicRouteFor(method: string, path: string): PublicRoute | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return compiled.find((c) => c.route.method === m && c.regexp.test(path))?.route;
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Does `origin` (an Origin header) name this site? */
export function isSameOrigin(ctx: Context, origin: string): boolean {
  const host = hostOf(origin);
  if (!host) return false; // "null" (sandboxed frames, file:) or garbage
  const own = [ctx.get('Host'), ...ctx.get('X-Forwarded-Host').split(','), hostOf(ctx.deps.config.publicUrl) ?? '']
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return own.includes(host);
}

export const CROSS_ORIGIN_REFUSED = 'Cross-origin requests are not allowed';

/** The middleware (mounted right after the error handler, before the body parser and the session). */
export function cors(): Middleware {
  // Not async (it only acts before the routes): no promise of its own per request.
  return (ctx, next) => {
    // The router matches paths case-insensitively, so /API/... is an API call too.
    if (!ctx.path.toLowerCase().startsWith('/api/')) return next();
    const preflight = ctx.method === 'OPTIONS';
    const requested = preflight ? ctx.get('Access-Control-Request-Method').toUpperCase() || 'GET' : ctx.method;
    const route = publicRouteFor(requested, ctx.path);
    if (route) {
      ctx.set('Access-Control-Allow-Origin', '*');
      if (preflight) {
        ctx.set('Access-Control-Allow-Methods', route.method === 'GET' ? 'GET, HEAD' : 'POST');
        // Only Content-Type is ever needed (the beacon may send application/json, which preflights).
        ctx.set('Access-Control-Allow-Headers', 'Content-Type');
        ctx.set('Access-Control-Max-Age', '86400');
        ctx.status = 204;
        return;
      }
      if (route.exposeHeaders?.length) ctx.set('Access-Control-Expose-Headers', route.exposeHeaders.join(', '));
      return next();
    }
    const origin = ctx.get('Origin');
    if (origin && !isSameOrigin(ctx, origin)) throw new HttpError(403, CROSS_ORIGIN_REFUSED);
    return next();
  };
}
