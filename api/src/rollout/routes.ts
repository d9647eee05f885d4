import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { RolloutAreaParams, RolloutEventBody, RolloutSetBody, VISITOR_COOKIE } from '@fitconnect/contracts/src/server';
import { badRequest, HttpError, payloadTooLarge } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, parseOrThrow, validateBody, validateParams } from '../http/validate';
import { documented, guardDocOf } from '../openapi/meta';
import { requireOperator } from './policy';
import { REMOTES } from './options';
import { presentConfig, presentStatus } from './presenter';
import { promote, recordEvent, remotesFor, rollback, rolloutRuntime, setCandidate, statusData } from './service';
import { newVisitor, verifyVisitorCookie } from './visitor';

/** The visitor id from the fc_vid cookie, or null unless the API signed it (visitor.ts). */
export function visitorIdOf(ctx: Context): string | null {
  return verifyVisitorCookie(rolloutRuntime(ctx.deps).visitorKey, ctx.cookies.get(VISITOR_COOKIE, { signed: false }));
}

/** Apply `guard` only to requests without a valid visitor cookie (keeps the guard's OpenAPI note). */
function forNewVisitors(guard: Middleware): Middleware {
  const mw: Middleware = (ctx, next) => (visitorIdOf(ctx) ? next() : guard(ctx, next));
  const doc = guardDocOf(guard);
  return doc ? documented(mw, doc) : mw;
}

const VISITOR_MAX_AGE_S = 63_072_000; // two years

export const rolloutRouter = new Router();

// The shell's per-visitor remotes manifest (forwarded by the static server as /remotes.json). Only the
// API issues visitor ids, and at most 60 new ones an hour per client address (an IPv6 /64 is one client;
// scaled by RATE_LIMIT): a 429 here makes the static server answer the default manifest, so the site
// keeps working.
rolloutRouter.get(
  '/api/rollout/remotes',
  rateLimit({ name: 'rollout-remotes', limit: 300, windowMs: 60_000, message: 'Too many requests. Please slow down.' }),
  forNewVisitors(rateLimit({ name: 'rollout-visitor-ids', limit: 60, windowMs: 3_600_000, message: 'Too many new visitors from this address.' })),
  async (ctx) => {
    let visitorId = visitorIdOf(ctx);
    if (!visitorId) {
      const fresh = newVisitor(rolloutRuntime(ctx.deps).visitorKey);
      visitorId = fresh.id;
      ctx.append('Set-Cookie', `${VISITOR_COOKIE}=${fresh.cookie}; Path=/; Max-Age=${VISITOR_MAX_AGE_S}; SameSite=Lax; HttpOnly${ctx.secure ? '; Secure' : ''}`);
    }
    const remotes = await remotesFor(ctx.deps, visitorId);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.vary('Cookie');
    ctx.body = { remotes };
  },
);

const BEACON_LIMIT_BYTES = 4096;

/** A text/plain body (navigator.sendBeacon with a string), at most 4 KB. */
async function readText(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > BEACON_LIMIT_BYTES) throw payloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// The shell's load / failure beacon: JSON, or text/plain carrying JSON (navigator.sendBeacon). At most
// 600 a minute per client address and 60 per visitor (scaled by RATE_LIMIT; off in the browser tests).
rolloutRouter.post(
  '/api/rollout/events',
  rateLimit({ name: 'rollout-events-ip', limit: 600, windowMs: 60_000, message: 'Too many rollout events. Please slow down.' }),
  rateLimit({
    name: 'rollout-events-visitor',
    limit: 60,
    windowMs: 60_000,
    key: (ctx) => visitorIdOf(ctx) ?? `ip:${ctx.ip}`,
    message: 'Too many rollout events. Please slow down.',
  }),
  async (ctx) => {
    let raw: unknown;
    if (ctx.is('application/json')) raw = (ctx.request as { body?: unknown }).body;
    else if (ctx.is('text/plain')) {
      const text = await readText(ctx);
      try {
        raw = JSON.parse(text);
      } catch {
        throw badRequest('The event must be JSON');
      }
    } else throw new HttpError(415, 'Send the event as application/json or text/plain carrying JSON');
    const event = parseOrThrow(RolloutEventBody, raw ?? {}, 'body');
    await recordEvent(ctx.deps, event, visitorIdOf(ctx), ctx.ip);
    ctx.status = 204;
  },
);

// Operator calls (npm run rollout): bearer token only, never CORS-open; at most 60 a minute per client
// address (rateLimit's default key; scaled by RATE_LIMIT), counted before the token is checked, so
// guessing it gets 429s.
const opsRateLimit = () =>
  rateLimit({ name: 'ops', limit: 60, windowMs: 60_000, message: 'Too many operator calls. Please wait a minute.' });

rolloutRouter.get('/api/ops/rollout', opsRateLimit(), requireOperator(), async (ctx) => {
  const rt = rolloutRuntime(ctx.deps);
  ctx.body = presentStatus(await statusData(), rt.defaults(), rt.options);
});

const nameOf = (area: string) => REMOTES.find((r) => r.area === area)!.name;

rolloutRouter.post('/api/ops/rollout/:area/set', opsRateLimit(), requireOperator(), validateParams(RolloutAreaParams), validateBody(RolloutSetBody), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  const { config, warnings } = await setCandidate(ctx.deps, area, bodyOf(ctx, RolloutSetBody));
  ctx.body = { ...presentConfig(config, nameOf(area)), warnings };
});

rolloutRouter.post('/api/ops/rollout/:area/promote', opsRateLimit(), requireOperator(), validateParams(RolloutAreaParams), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  ctx.body = presentConfig(await promote(ctx.deps, area), nameOf(area));
});

rolloutRouter.post('/api/ops/rollout/:area/rollback', opsRateLimit(), requireOperator(), validateParams(RolloutAreaParams), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  ctx.body = presentConfig(await rollback(ctx.deps, area), nameOf(area));
});
