import type { Context, Middleware } from 'koa';
import mongoose, { Schema } from 'mongoose';
import { tooMany } from './errors';
import { documented } from '../openapi/meta';

/**
 * Fixed-window counters live in MongoDB (TTL-expired), so every API instance behind a load balancer
 * shares them. One document per (limiter, client, window).
 */
interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}
const rateLimitSchema = new Schema<RateLimitDoc>(
  { _id: { type: String, required: true }, count: { type: Number, default: 0 }, expiresAt: { type: Date, required: true } },
  { versionKey: false, collection: 'ratelimits' },
);
rateLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const RateLimit = mongoose.model<RateLimitDoc>('RateLimit', rateLimitSchema);

export interface RateLimitOptions {
  /** Limiter name, part of the key (e.g. 'login'). */
  name: string;
  /** Requests allowed per window (scaled by config.rateLimit). */
  limit: number;
  windowMs: number;
  /** Who is counted; default the client IP (X-Forwarded-For only when TRUST_PROXY is set). */
  key?: (ctx: Context) => string;
  message?: string;
}

/** Guard: 429 `{ message }` with Retry-After once a client used up its window. */
export function rateLimit(opts: RateLimitOptions): Middleware {
  const mw: Middleware = async (ctx, next) => {
    const scale = ctx.deps.config.rateLimit;
    if (scale === false) return next();
    const limit = Math.max(1, Math.floor(opts.limit * scale));
    const now = ctx.deps.clock.now().getTime();
    const window = Math.floor(now / opts.windowMs);
    const who = opts.key ? opts.key(ctx) : ctx.ip;
    const id = `${opts.name}:${who}:${window}`;
    const doc = await RateLimit.findOneAndUpdate(
      { _id: id },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date((window + 1) * opts.windowMs) } },
      { upsert: true, returnDocument: 'after', lean: true },
    );
    if (doc && doc.count > limit) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * opts.windowMs - now) / 1000));
      throw tooMany(opts.message ?? 'Too many attempts. Please wait a few minutes and try again.', retryAfter);
    }
    await next();
  };
  return documented(mw, { kind: 'rateLimit', name: opts.name, limit: opts.limit, windowMs: opts.windowMs });
}
