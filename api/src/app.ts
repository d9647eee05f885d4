import mongoose from 'mongoose';
import Koa from 'koa';
import { randomBytes } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { AppDeps } from './context';
import { clockStartingAt, systemClock } from './context';
import { badRequest, errorMiddleware, toHttpError } from './http/errors';
import { sessionMiddleware } from './http/session';
import { drainUnreadBody } from './http/unreadBody';
import { cookieKeys } from './http/cookieKeys';
import { cors } from './http/cors';
import { routeByPrefix } from './http/routeByPrefix';
import { securityHeaders } from './http/securityHeaders';
import { clientIpFromTrustedProxies } from './http/clientIp';
import { openApiRouter } from './openapi/router';
import { loadCurrentUser } from './http/auth';
import { createAuthCache } from './http/authCache';
import { moduleRouters } from './modules';
import { apiSignals } from './rollout/signals';
import { createMailer } from './mail/mailer';
import { consoleLogger } from './log';
import { resolveSessionSecret } from './config';
import type { Config } from './config';

export type CreateAppDeps = { config: Config; /** Mounted after the module routers (tests, tools). */ extraRouters?: Router[] } & Partial<
  Omit<AppDeps, 'config'>
>;

/** Fill in the defaults: real clock, console logger, nodemailer mailer, session secret from env/data dir. */
export function resolveDeps(deps: CreateAppDeps): AppDeps {
  const { extraRouters: _extra, ...rest } = deps;
  const logger = rest.logger ?? consoleLogger;
  return {
    ...rest,
    config: deps.config,
    logger,
    clock: deps.clock ?? (deps.config.testClockAt ? clockStartingAt(deps.config.testClockAt) : systemClock),
    mailer: deps.mailer ?? createMailer(deps.config, logger),
    sessionSecret: deps.sessionSecret ?? resolveSessionSecret(deps.config),
  };
}

/** The methods whose bodies the API reads (@koa/bodyparser's parsedMethods default). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const healthRouter = new Router();
/** Health (docker compose, load balancers): 200 while the database connection is up, else 503. */
healthRouter.get('/api/health', (ctx) => {
  const dbUp = mongoose.connection.readyState === mongoose.ConnectionStates.connected;
  ctx.set('Cache-Control', 'no-store');
  ctx.status = dbUp ? 200 : 503;
  ctx.body = dbUp ? { ok: true } : { ok: false, message: 'The database is not reachable right now.' };
});

/**
 * The Koa app (no listening, no database connection: the caller connects mongoose first).
 * Order: drain unread bodies -> errors (and JSON 404/405) -> security headers -> CORS -> headers -> body (size-limited) -> session -> current user -> module routers.
 */
export function createApp(input: CreateAppDeps): Koa {
  const deps = resolveDeps(input);
  // Behind proxies, ctx.ip is the address the nearest trusted proxy saw, not a client-written entry.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: deps.config.proxyHops ?? 1 });
  // Keygrip-compatible, with a cheaper constant-time check (http/cookieKeys.ts).
  app.keys = cookieKeys([deps.sessionSecret]);
  app.context.deps = deps;
  // Sessions and signed-in users, trusted for at most deps.authCacheTtlMs (default 1 s; 0 = off): http/authCache.ts.
  app.context.authCache = createAuthCache(deps.authCacheTtlMs);
  app.silent = true;

  // Whatever part of a request body an answer left unread is read and discarded once it is sent, so the next
  // request on that keep-alive connection is not lost behind it (http/unreadBody.ts).
  app.use(drainUnreadBody());
  // TRUST_PROXY as proxy addresses: X-Forwarded-* only from those peers (http/clientIp.ts).
  if (deps.config.trustedProxies?.length) app.use(clientIpFromTrustedProxies(deps.config.trustedProxies));
  app.use(errorMiddleware((msg, err) => deps.logger.error(msg, err)));
  // CSP (nothing allowed: the API serves data, not pages), HSTS over HTTPS, nosniff, no referrer, no framing.
  app.use(securityHeaders());
  // Cross-origin rules (public reads open to any origin without credentials; the rest same-origin only).
  app.use(cors());
  // The middlewares that only act before the routes are plain functions returning next(): an async one would
  // add promises to every request (docs/performance.md, "API CPU per request").
  app.use((ctx, next) => {
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    return next();
  });
  const parseBody = bodyParser({
    // JSON only: an HTML form on another site cannot produce a body this API accepts (CSRF defence
    // next to SameSite=Lax). Multipart uploads are parsed by the route that takes them.
    enableTypes: ['json'],
    jsonLimit: deps.config.bodyLimit,
    jsonStrict: true,
    // Anything that goes wrong reading the body is the client's doing (e.g. a Content-Encoding that
    // does not decode raises a bare zlib error): answer 4xx, never 500.
    onError: (err) => {
      throw toHttpError(err) ?? badRequest('Could not read the request body');
    },
  });
  // The body parser reads POST, PUT and PATCH bodies only (its default); every other request passes it by.
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? parseBody(ctx, next) : next()));
  app.use(sessionMiddleware(app));
  app.use(loadCurrentUser());
  // Rollouts (issue 34): the API 5xx rate of visitors on each version of an area, counted here.
  app.use(apiSignals());
  // The OpenAPI document describes the app's own routers (not test/tool extras), itself included.
  const documented: Router[] = [healthRouter, ...moduleRouters];
  documented.push(openApiRouter(() => documented));
  // Each router's routes and allowed methods, in this order, skipping the routers that cannot match the path.
  app.use(routeByPrefix([...documented, ...(input.extraRouters ?? [])]));
  return app;
}

/** A random secret for tests and throwaway instances. */
export const randomSecret = () => randomBytes(32).toString('base64url');
