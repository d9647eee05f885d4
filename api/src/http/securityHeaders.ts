import type { Middleware } from 'koa';
import helmet from 'helmet';
import { publicRouteFor } from './cors';

/** One year, subdomains too (helmet's default). Sent only on answers that came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers of every API answer (issue 26). The API answers data (JSON, images, an event stream),
 * never a page, so its Content-Security-Policy allows nothing at all (`default-src 'none'; frame-ancestors
 * 'none'`): a response opened directly in a tab (or an upload a browser tries to sniff as HTML) can run no
 * script, load nothing and be framed by nobody. Pages get their own policy from scripts/serve-static.mjs.
 */
export function securityHeaders(): Middleware {
  const fixed = fixedHeaders();
  // Not async: a middleware that only sets headers and passes on adds no promise of its own to each request.
  return (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of fixed) res.setHeader(name, value);
    // ctx.secure: the socket is TLS, or (TRUST_PROXY) the trusted proxy's X-Forwarded-Proto says https.
    if (ctx.secure) res.setHeader('Strict-Transport-Security', HSTS);
    // The partner widget's reads (public routes: trainer cards, photos) are used by other sites' pages, also
    // as <img>: those may be read cross-origin. Everything else (the signed-in user's data) only by this site.
    res.setHeader('Cross-Origin-Resource-Policy', publicRouteFor(ctx.method, ctx.path) ? 'cross-origin' : 'same-origin');
    return next();
  };
}

/**
 * The headers helmet sets on every answer, asked of it once: they depend on nothing in the request. Running
 * helmet's chain of eleven middlewares per request cost about a sixth of a signed-in read's CPU
 * (docs/performance.md, "API CPU per request").
 */
export function fixedHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let passedOn = false;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Depends on the request (above).
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
    // An API answer is never a document that links anywhere.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  })({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
    passedOn = true;
  });
  // helmet answers synchronously; if a version ever did not, this would be an API without its headers.
  if (!passedOn || headers.size === 0) throw new Error('securityHeaders: helmet did not set its headers synchronously');
  return [...headers];
}
