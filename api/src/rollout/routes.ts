import Router from '@koa/router';
import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import { RolloutAreaParams, RolloutEventBody, RolloutSetBody, VISITOR_COOKIE, VisitorId } from '@fitconnect/contracts/src/server';
import { badRequest, HttpError, payloadTooLarge } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, parseOrThrow, validateBody, validateParams } from '../http/validate';
import { requireOperator } from './policy';
import { REMOTES } from './options';
import { presentConfig, presentStatus } from './presenter';
import { promote, recordEvent, remotesFor, rollback, rolloutRuntime, setCandidate, statusData } from './service';

/** The visitor id from the fc_vid cookie, or null when missing or malformed. */
export function visitorIdOf(ctx: Context): string | null {
  const raw = ctx.cookies.get(VISITOR_COOKIE, { signed: false });
  return raw && VisitorId.safeParse(raw).success ? raw : null;
}

const VISITOR_MAX_AGE_S = 63_072_000; // two years

export const rolloutRouter = new Router();

// The shell's per-visitor remotes manifest (forwarded by the static server as /remotes.json).
rolloutRouter.get('/api/rollout/remotes', async (ctx) => {
  let visitorId = visitorIdOf(ctx);
  if (!visitorId) {
    visitorId = randomBytes(16).toString('base64url');
    ctx.append('Set-Cookie', `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=${VISITOR_MAX_AGE_S}; SameSite=Lax; HttpOnly${ctx.secure ? '; Secure' : ''}`);
  }
  const remotes = await remotesFor(ctx.deps, visitorId);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.vary('Cookie');
  ctx.body = { remotes };
});

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
    await recordEvent(ctx.deps, event, visitorIdOf(ctx));
    ctx.status = 204;
  },
);

// Operator calls (npm run rollout): bearer token only, never CORS-open.
rolloutRouter.get('/api/ops/rollout', requireOperator(), async (ctx) => {
  const rt = rolloutRuntime(ctx.deps);
  ctx.body = presentStatus(await statusData(), rt.defaults(), rt.options);
});

const nameOf = (area: string) => REMOTES.find((r) => r.area === area)!.name;

rolloutRouter.post('/api/ops/rollout/:area/set', requireOperator(), validateParams(RolloutAreaParams), validateBody(RolloutSetBody), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  const { config, warnings } = await setCandidate(ctx.deps, area, bodyOf(ctx, RolloutSetBody));
  ctx.body = { ...presentConfig(config, nameOf(area)), warnings };
});

rolloutRouter.post('/api/ops/rollout/:area/promote', requireOperator(), validateParams(RolloutAreaParams), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  ctx.body = presentConfig(await promote(ctx.deps, area), nameOf(area));
});

rolloutRouter.post('/api/ops/rollout/:area/rollback', requireOperator(), validateParams(RolloutAreaParams), async (ctx) => {
  const { area } = paramsOf(ctx, RolloutAreaParams);
  ctx.body = presentConfig(await rollback(ctx.deps, area), nameOf(area));
});
