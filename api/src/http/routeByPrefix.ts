import type Router from '@koa/router';
import compose from 'koa-compose';
import type { Middleware } from 'koa';

/**
 * The routers' middleware (each router's routes() then its allowedMethods(), in the given order), run only for
 * the routers that can match the request: those with a route under its first segment after /api/.
 *
 * Why: a request went through every router before the one with its route (17 of them, 34 middlewares); each one
 * that did not match still tested its routes' patterns, emitted its not-found event and waited to check the
 * allowed methods on the way back. That was about a tenth of a signed-in read's CPU (docs/performance.md, "API
 * CPU per request").
 *
 * The answers are the same as running every router:
 *   - A router is skipped only when none of its routes can match the path: each route's path starts with a
 *     fixed `/api/<segment>` that differs from the request's. The routers match case-insensitively (ASCII
 *     letters only, as a regular expression without the u flag does), so the request's segment is compared in
 *     lower case.
 *   - A router with any route that does not start so (a parameter or a pattern in that place, middleware
 *     mounted without a path) runs for every request, in its place.
 *   - 404, 405 (with Allow) and 501 come from the allowedMethods of the routers that run, computed from the
 *     routes matched so far: a skipped router matched nothing and would have added nothing. A request whose
 *     segment no route has goes through every router, as before (only 404s and 501s take that path).
 */
export function routeByPrefix(routers: Router[]): Middleware & { routers: Router[] } {
  const everyRouter = routers.map((router) => ({ router, segments: fixedSegments(router) }));
  const chainOf = (entries: typeof everyRouter) => compose(entries.flatMap(({ router }): Middleware[] => [router.routes() as Middleware, router.allowedMethods() as Middleware]));
  const all = chainOf(everyRouter);
  const known = new Set(everyRouter.flatMap((e) => [...(e.segments ?? [])]));
  const bySegment = new Map([...known].map((segment) => [segment, chainOf(everyRouter.filter((e) => e.segments === null || e.segments.has(segment)))]));
  const middleware: Middleware = (ctx, next) => {
    const path = ctx.path;
    let chain = all;
    if (path.length > 5 && path.slice(0, 5).toLowerCase() === '/api/') {
      const end = path.indexOf('/', 5);
      chain = bySegment.get((end === -1 ? path.slice(5) : path.slice(5, end)).toLowerCase()) ?? all;
    }
    return chain(ctx, next);
  };
  // The routers it runs, for whoever lists the app's routes (the OpenAPI test).
  return Object.assign(middleware, { routers });
}

/** The lower-case segments after /api/ the router's routes start with, or null when a route might match elsewhere. */
export function fixedSegments(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    const m = typeof layer.path === 'string' ? /^\/api\/([A-Za-z0-9._~-]+)(?:\/|$)/.exec(layer.path) : null;
    if (!m) return null;
    segments.add(m[1].toLowerCase());
  }
  return segments;
}
