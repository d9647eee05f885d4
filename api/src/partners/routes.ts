import Router from '@koa/router';
import coBody from 'co-body';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { PARTNER_EVENT_MAX_BYTES, PartnerEventBody, PartnerId } from '@fitconnect/contracts/src/server';
import { badRequest, HttpError, toHttpError } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, parseOrThrow, queryOf, validateParams, validateQuery } from '../http/validate';
import { requireOperator } from '../rollout/policy';
import { recordTouch } from './attribution';
import { documented } from '../openapi/meta';
import { countPartnerEvent, isRegisteredPartner, partnerDailyReport } from './service';

/** Beacons per client address per minute (a finder sends one impression per render and one per click). */
export const PARTNER_EVENTS_PER_IP = { limit: 120, windowMs: 60_000 };
/** Beacons per partner id per minute, all addresses together (caps what one id can inflate). */
export const PARTNER_EVENTS_PER_PARTNER = { limit: 6000, windowMs: 60_000 };

/**
 * The beacon's body: JSON sent as text/plain (a CORS-simple request: no preflight, and the global body
 * parser, which takes JSON only, leaves it unread) or as application/json. Anything else is 415.
 */
function readBeaconBody(): Middleware {
  const mw: Middleware = async (ctx, next) => {
    let raw: unknown;
    if (ctx.is('text/plain')) {
      let text: string;
      try {
        text = await coBody.text(ctx, { limit: PARTNER_EVENT_MAX_BYTES, encoding: 'utf-8' });
      } catch (err) {
        // A body that does not decode (a broken Content-Encoding raises a bare zlib error) is the client's doing.
        throw toHttpError(err) ?? badRequest('Could not read the request body');
      }
      try {
        raw = JSON.parse(text);
      } catch {
        throw badRequest('Malformed JSON in request body');
      }
    } else if (ctx.is('application/json')) {
      raw = (ctx.request as { body?: unknown }).body;
    } else {
      throw new HttpError(415, 'Send the event as JSON (Content-Type text/plain or application/json)');
    }
    ctx.state.body = parseOrThrow(PartnerEventBody, raw, 'body');
    await next();
  };
  return documented(mw, { kind: 'body', schema: PartnerEventBody, contentTypes: ['text/plain', 'application/json'] });
}

const perPartner = rateLimit({
  name: 'partner-events-partner',
  ...PARTNER_EVENTS_PER_PARTNER,
  key: (ctx) => `partner:${(ctx.state.body as PartnerEventBody).partner}`,
  message: 'Too many events for this partner. Please try again in a minute.',
});

export const partnersRouter = new Router();

// Counted only for registered partners; an unknown id is answered the same (204) and not stored, so a
// typo on a partner's page never shows as an error there and nobody can fill the database with ids.
partnersRouter.post(
  '/api/partners/events',
  rateLimit({ name: 'partner-events', ...PARTNER_EVENTS_PER_IP, message: 'Too many events from this address. Please try again in a minute.' }),
  readBeaconBody(),
  perPartner,
  async (ctx) => {
    const event = bodyOf(ctx, PartnerEventBody);
    if (await isRegisteredPartner(event.partner)) await countPartnerEvent(event.partner, event.kind, ctx.deps.clock.now());
    ctx.status = 204;
  },
);

/**
 * Where a finder link may lead on our site: the directory, a trainer's profile, or a conversation with a
 * trainer (the finder's Contact button). Nothing else, so the route is no open redirect.
 */
const FINDER_TARGET = /^\/(?:trainers(?:\/\d{1,12})?|messages\/\d{1,12})$/;
export const PartnerGoQuery = z.object({
  partner: PartnerId,
  to: z.string().regex(FINDER_TARGET, 'to must be /trainers, /trainers/<id> or /messages/<id>'),
});

// A link from a partner's finder (issue 33): records the first touch (attribution.ts), then sends the
// visitor on to the page with ?partner= kept. A top-level GET navigation: no CORS, the session cookie comes
// along. An unknown partner id is sent on just the same and touches nothing.
partnersRouter.get(
  '/api/partners/go',
  rateLimit({ name: 'partner-go', limit: 120, windowMs: 60_000, message: 'Too many requests. Please try again in a minute.' }),
  validateQuery(PartnerGoQuery),
  async (ctx) => {
    const { partner, to } = queryOf(ctx, PartnerGoQuery);
    await recordTouch(ctx, partner, ctx.deps.clock.now());
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 302;
    ctx.redirect(`${to}?partner=${encodeURIComponent(partner)}`);
  },
);

export const PartnerReportParams = z.object({ partnerId: PartnerId });
export const PartnerReportQuery = z.object({
  days: z.pipe(
    z.optional(z.coerce.number({ message: 'days must be a number' }).int('days must be a whole number').gte(1, 'days is 1 to 366').lte(366, 'days is 1 to 366')),
    z.transform((v: number | undefined) => v ?? 30),
  ),
});

// One partner's counts per UTC day (operators; `npm run partners -- report <id>` prints the same):
// impressions, searches, clicks, sign-ups, contacts. Counts only: nothing about any person.
partnersRouter.get(
  '/api/ops/partners/:partnerId/report',
  rateLimit({ name: 'ops', limit: 60, windowMs: 60_000, message: 'Too many operator calls. Please wait a minute.' }),
  requireOperator(),
  validateParams(PartnerReportParams),
  validateQuery(PartnerReportQuery),
  async (ctx) => {
    const { partnerId } = paramsOf(ctx, PartnerReportParams);
    const { days } = queryOf(ctx, PartnerReportQuery);
    const report = await partnerDailyReport(partnerId, days, ctx.deps.clock.now());
    if (!report) throw new HttpError(404, 'No such partner');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report;
  },
);
