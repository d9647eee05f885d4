import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
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
  const fixed = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Depends on the request (below).
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
    // An API answer is never a document that links anywhere.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  return async (ctx, next) => {
    // ctx.secure: the socket is TLS, or (TRUST_PROXY) the trusted proxy's X-Forwarded-Proto says https.
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    // The partner widget's reads (public routes: trainer cards, photos) are used by other sites' pages, also
    // as <img>: those may be read cross-origin. Everything else (the signed-in user's data) only by this site.
    ctx.set('Cross-Origin-Resource-Policy', publicRouteFor(ctx.method, ctx.path) ? 'cross-origin' : 'same-origin');
    await fixed(ctx, next);
  };
}
