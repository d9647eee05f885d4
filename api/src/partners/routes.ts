import Router from '@koa/router';
import coBody from 'co-body';
import type { Middleware } from 'koa';
import { PARTNER_EVENT_MAX_BYTES, PartnerEventBody } from '@fitconnect/contracts/src/server';
import { badRequest, HttpError, toHttpError } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, parseOrThrow } from '../http/validate';
import { documented } from '../openapi/meta';
import { countPartnerEvent, isRegisteredPartner } from './service';

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
