import type { Context, Middleware } from 'koa';
import mongoose, { Schema } from 'mongoose';
import ipaddr from 'ipaddr.js';
import { tooMany } from './errors';
import { documented } from '../openapi/meta';

/**
 * Sliding-window log in MongoDB: one document per (limiter, client) holding the times (ms, from
 * ctx.deps.clock) of the requests it let through in the last `windowMs`. A request is admitted when fewer
 * than `limit` of them are younger than `windowMs`, so no window of that length (wherever it starts) ever
 * holds more than `limit` admitted requests: no doubled burst across a boundary, as fixed windows allowed.
 *
 * Why not rate-limiter-flexible's Mongo store: it reads Date.now() itself (tests could not drive it) and
 * counts in a fixed window from the first request, which still lets 2x the limit through at its edge.
 *
 * The check and the append are one pipeline update of one document, so concurrent requests, from any
 * number of API instances, never let more than `limit` through. Refused requests are not recorded, so
 * the document never holds more than `limit` times and a client is let in again as soon as its oldest
 * admitted request ages out (that is the Retry-After). TTL removes a document a window after its last hit.
 */
interface RateLimitDoc {
  _id: string;
  /** Times (epoch ms) of the admitted requests still inside the window. */
  hits: number[];
  expiresAt: Date;
  /** Set by the update: whether this request got in. */
  admitted?: boolean;
}
const rateLimitSchema = new Schema<RateLimitDoc>(
  { _id: { type: String, required: true }, hits: { type: [Number], default: [] }, expiresAt: { type: Date, required: true }, admitted: Boolean },
  { versionKey: false, collection: 'ratelimits' },
);
rateLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const RateLimit = mongoose.model<RateLimitDoc>('RateLimit', rateLimitSchema);

export interface RateLimitOptions {
  /** Limiter name, part of the key (e.g. 'login'). */
  name: string;
  /** Requests allowed in any `windowMs` (scaled by config.rateLimit). */
  limit: number;
  windowMs: number;
  /** Who is counted; default clientKey (the client address, IPv6 per /64). */
  key?: (ctx: Context) => string;
  message?: string;
}

/**
 * The client as the per-address limits count it: ctx.ip (X-Forwarded-For only behind TRUST_PROXY), with an
 * IPv6 address reduced to its /64. One subscriber usually gets a whole /64, so counting single IPv6
 * addresses would give one client 2^64 fresh counters. IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as IPv4.
 */
export function clientKey(ctx: Pick<Context, 'ip'>): string {
  return addressKey(ctx.ip);
}

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const prefix = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${prefix.join(':')}::/64`;
}

export interface Admission {
  admitted: boolean;
  /** Seconds until a request would be admitted (when refused). */
  retryAfter: number;
}

/** Admit one request for `id` if fewer than `limit` were admitted in the `windowMs` before `now` (atomic). */
export async function admit(id: string, limit: number, windowMs: number, now: number, retried = false): Promise<Admission> {
  const update = RateLimit.findOneAndUpdate(
    { _id: id },
    [
      { $set: { hits: { $filter: { input: { $ifNull: ['$hits', []] }, as: 'h', cond: { $gt: ['$$h', now - windowMs] } } } } },
      { $set: { admitted: { $lt: [{ $size: '$hits' }, limit] } } },
      {
        $set: {
          hits: { $cond: ['$admitted', { $concatArrays: ['$hits', [now]] }, '$hits'] },
          expiresAt: { $cond: ['$admitted', new Date(now + windowMs), { $ifNull: ['$expiresAt', new Date(now + windowMs)] }] },
        },
      },
    ],
    { upsert: true, returnDocument: 'after', lean: true, updatePipeline: true },
  );
  let doc: RateLimitDoc | null;
  try {
    doc = await update;
  } catch (err) {
    // Two first requests raced to insert the document: the loser runs again as an update.
    if ((err as { code?: number }).code === 11000 && !retried) return admit(id, limit, windowMs, now, true);
    throw err;
  }
  if (!doc) throw new Error(`rate limit ${id}: no document after upsert`);
  if (doc.admitted) return { admitted: true, retryAfter: 0 };
  // In again once enough of the oldest hits age out to leave fewer than `limit`.
  const hits = [...doc.hits].sort((a, b) => a - b);
  const freedAt = hits[Math.max(0, hits.length - limit)] + windowMs;
  return { admitted: false, retryAfter: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

/** Guard: 429 `{ message }` with Retry-After once a client used up its limit in the sliding window. */
export function rateLimit(opts: RateLimitOptions): Middleware {
  const mw: Middleware = async (ctx, next) => {
    const scale = ctx.deps.config.rateLimit;
    if (scale === false) return next();
    const limit = Math.max(1, Math.floor(opts.limit * scale));
    const who = opts.key ? opts.key(ctx) : clientKey(ctx);
    const { admitted, retryAfter } = await admit(`${opts.name}:${who}`, limit, opts.windowMs, ctx.deps.clock.now().getTime());
    if (!admitted) throw tooMany(opts.message ?? 'Too many attempts. Please wait a few minutes and try again.', retryAfter);
    await next();
  };
  return documented(mw, { kind: 'rateLimit', name: opts.name, limit: opts.limit, windowMs: opts.windowMs });
}
