import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  PREVIEW_PARAM,
  RolloutAreaParams,
  RolloutEntryParams,
  RolloutEventBody,
  RolloutLogQuery,
  RolloutPlanBody,
  RolloutPreviewBody,
  RolloutReasonBody,
  RolloutSetWithReasonBody,
  RolloutSignalBody,
  VISITOR_COOKIE,
} from '@fitconnect/contracts/src/server';
import { recordSeen, recordSignal } from './signals';
import { mountOpsRoutes } from './opsRoutes';
import { badRequest, HttpError, payloadTooLarge } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, parseOrThrow, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { documented, guardDocOf } from '../openapi/meta';
import { requireOperator } from './policy';
import { REMOTES } from './options';
import { presentConfig, presentStatus } from './presenter';
import { listAudit, presentAudit } from './audit';
import { verifyPreview, type Preview } from './preview';
import {
  createPreview,
  kill,
  pausePlan,
  planCandidate,
  promote,
  recordEvent,
  release,
  resumePlan,
  remotesFor,
  revert,
  rollback,
  rolloutRuntime,
  setCandidate,
  statusData,
  type ChangeBy,
} from './service';
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

/**
 * A preview link's grant (preview.ts), from `?fc_preview=` (the static server passes on the page's query)
 * or the fc_preview cookie set on its first use. A token from the query that checks out is kept in that
 * cookie until it expires, so the page's later loads keep the preview; anything forged, edited or expired
 * is ignored (the visitor gets their usual versions).
 */
function previewOf(ctx: Context): Preview | null {
  const rt = rolloutRuntime(ctx.deps);
  const now = ctx.deps.clock.now();
  const fromQuery = typeof ctx.query[PREVIEW_PARAM] === 'string' ? (ctx.query[PREVIEW_PARAM] as string) : undefined;
  const viaQuery = verifyPreview(rt.previewKey, fromQuery, now);
  if (viaQuery) {
    const maxAge = Math.max(1, Math.floor((viaQuery.expiresAt.getTime() - now.getTime()) / 1000));
    ctx.append('Set-Cookie', `${PREVIEW_PARAM}=${fromQuery}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${ctx.secure ? '; Secure' : ''}`);
    return viaQuery;
  }
  return verifyPreview(rt.previewKey, ctx.cookies.get(PREVIEW_PARAM, { signed: false }), now);
}

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
    const remotes = await remotesFor(ctx.deps, visitorId, previewOf(ctx));
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
    // Issue 34 item 2: a health signal (`kind`: an uncaught error, web vitals) rides on the same beacon.
    if (raw && typeof raw === 'object' && 'kind' in raw) {
      const signal = parseOrThrow(RolloutSignalBody, raw, 'body');
      await recordSignal(ctx.deps, signal, visitorIdOf(ctx), ctx.ip);
      ctx.status = 204;
      return;
    }
    const event = parseOrThrow(RolloutEventBody, raw ?? {}, 'body');
    const visitorId = visitorIdOf(ctx);
    await recordEvent(ctx.deps, event, visitorId, ctx.ip);
    // A load makes the visitor one of its version's visitors in this run (the signals' denominator).
    if (event.outcome === 'loaded') await recordSeen(ctx.deps, event.area, event.version, visitorId, ctx.ip);
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

/** The operator (named by their token) and the reason the body gives: what the audit log records. */
const changeBy = (ctx: Context, reason: string): ChangeBy => ({ actor: ctx.state.operator!, reason });

// Every change takes a reason (a call without one is a 400 and changes nothing) and is audited.
rolloutRouter.post(
  '/api/ops/rollout/:area/set',
  opsRateLimit(),
  requireOperator(),
  validateParams(RolloutAreaParams),
  validateBody(RolloutSetWithReasonBody),
  async (ctx) => {
    const { area } = paramsOf(ctx, RolloutAreaParams);
    const { reason, ...input } = bodyOf(ctx, RolloutSetWithReasonBody);
    const { config, warnings } = await setCandidate(ctx.deps, area, input, changeBy(ctx, reason));
    ctx.body = { ...presentConfig(config, nameOf(area)), warnings };
  },
);

rolloutRouter.post('/api/ops/rollout/:area/plan', opsRateLimit(), requireOperator(), validateParams(RolloutAreaParams), validateBody(RolloutPlanBody), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  const { reason, ...input } = bodyOf(ctx, RolloutPlanBody);
  const { config, warnings } = await planCandidate(ctx.deps, area, input, changeBy(ctx, reason));
  ctx.body = { ...presentConfig(config, nameOf(area)), warnings };
});

const reasonRoute = (action: string, run: typeof promote) =>
  rolloutRouter.post(`/api/ops/rollout/:area/${action}`, opsRateLimit(), requireOperator(), validateParams(RolloutAreaParams), validateBody(RolloutReasonBody), async (ctx) => {
    const { area } = paramsOf(ctx, RolloutAreaParams);
    ctx.body = presentConfig(await run(ctx.deps, area, changeBy(ctx, bodyOf(ctx, RolloutReasonBody).reason)), nameOf(area));
  });
reasonRoute('promote', promote);
reasonRoute('rollback', rollback);
// The kill switch: every visitor gets the stable version at once; no plan advances until release.
reasonRoute('kill', kill);
reasonRoute('release', release);
// Issue 34: a running plan stops deciding (its share stays) until resumed.
reasonRoute('pause', pausePlan);
reasonRoute('resume', resumePlan);

rolloutRouter.post(
  '/api/ops/rollout/:area/preview',
  opsRateLimit(),
  requireOperator(),
  validateParams(RolloutAreaParams),
  validateBody(RolloutPreviewBody),
  async (ctx) => {
    const { area } = paramsOf(ctx, RolloutAreaParams);
    const r = await createPreview(ctx.deps, area, bodyOf(ctx, RolloutPreviewBody), ctx.state.operator!);
    ctx.body = { area, version: r.preview.version, entry: r.preview.entry, expiresAt: r.preview.expiresAt.toISOString(), token: r.token, link: r.link, warnings: r.warnings };
  },
);

rolloutRouter.get('/api/ops/rollout/log', opsRateLimit(), requireOperator(), validateQuery(RolloutLogQuery), async (ctx) => {
  const { area, limit } = queryOf(ctx, RolloutLogQuery);
  ctx.body = { entries: (await listAudit(area, limit ?? 50)).map(presentAudit) };
});

rolloutRouter.post(
  '/api/ops/rollout/log/:entry/revert',
  opsRateLimit(),
  requireOperator(),
  validateParams(RolloutEntryParams),
  validateBody(RolloutReasonBody),
  async (ctx) => {
    const { entry } = paramsOf(ctx, RolloutEntryParams);
    const { area, config } = await revert(ctx.deps, entry, changeBy(ctx, bodyOf(ctx, RolloutReasonBody).reason));
    ctx.body = config ? presentConfig(config, nameOf(area)) : { area, name: nameOf(area), configured: false };
  },
);

// Issue 34 item 5: the /ops page's calls (operator accounts) and granting the operator role.
mountOpsRoutes(rolloutRouter);
