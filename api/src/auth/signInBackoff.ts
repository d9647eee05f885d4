import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import mongoose, { Schema } from 'mongoose';
import { tooMany } from '../http/errors';

/**
 * Per-account sign-in backoff (issue 26). The per-address limit alone lets many addresses guess one
 * account's password; this counts attempts per account name, wherever they come from.
 *
 * - FREE_ATTEMPTS attempts in a row without a success go through; from the fifth on, each attempt shuts
 *   the name for a delay that doubles (15 s, 30 s, 1 min, ...) up to MAX_DELAY: a guesser gets about one
 *   try per 5 minutes, and the owner is never shut out for longer than that. A successful sign-in clears
 *   the count; so does a day without attempts. RATE_LIMIT scales FREE_ATTEMPTS like every limit.
 * - An attempt is counted before its password is checked, in one atomic update with the check of the
 *   delay, so a burst of parallel guesses cannot slip through while the first ones are still hashing.
 * - Counted per name whether or not such an account exists, so the answers tell nothing about which names
 *   exist. Names are stored hashed. Times come from ctx.deps.clock.
 */
export const FREE_ATTEMPTS = 5;
export const BASE_DELAY_MS = 15_000;
export const MAX_DELAY_MS = 5 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export const SIGN_IN_BACKOFF_MESSAGE = 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.';

interface SignInAttemptsDoc {
  _id: string;
  /** Attempts since the last successful sign-in (or since a day without any). */
  attempts: number;
  lastAt: number;
  /** Epoch ms before which the name takes no attempt. */
  lockedUntil: number;
  expiresAt: Date;
  admitted?: boolean;
}
const schema = new Schema<SignInAttemptsDoc>(
  { _id: String, attempts: Number, lastAt: Number, lockedUntil: Number, expiresAt: Date, admitted: Boolean },
  { versionKey: false, collection: 'signinattempts' },
);
schema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const SignInAttempts = mongoose.model<SignInAttemptsDoc>('SignInAttempts', schema);

export function accountKey(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');
}

/** Count one attempt on `username` unless its delay is running; returns seconds to wait when it is. */
export async function claimAttempt(
  username: string,
  now: number,
  freeAttempts = FREE_ATTEMPTS,
  retried = false,
): Promise<{ admitted: boolean; retryAfter: number }> {
  const exponent = { $min: [{ $subtract: ['$attempts', freeAttempts] }, 20] };
  const delay = { $min: [{ $multiply: [BASE_DELAY_MS, { $pow: [2, exponent] }] }, MAX_DELAY_MS] };
  const update = SignInAttempts.findOneAndUpdate(
    { _id: accountKey(username) },
    [
      {
        $set: {
          // Forget a count with no attempt for a day.
          attempts: { $cond: [{ $gt: [{ $ifNull: ['$lastAt', 0] }, now - FORGET_AFTER_MS] }, { $ifNull: ['$attempts', 0] }, 0] },
          lockedUntil: { $ifNull: ['$lockedUntil', 0] },
        },
      },
      { $set: { admitted: { $lte: ['$lockedUntil', now] } } },
      { $set: { attempts: { $cond: ['$admitted', { $add: ['$attempts', 1] }, '$attempts'] } } },
      {
        $set: {
          lastAt: { $cond: ['$admitted', now, '$lastAt'] },
          lockedUntil: { $cond: [{ $and: ['$admitted', { $gte: ['$attempts', freeAttempts] }] }, { $add: [now, delay] }, '$lockedUntil'] },
          expiresAt: new Date(now + FORGET_AFTER_MS),
        },
      },
    ],
    { upsert: true, returnDocument: 'after', lean: true, updatePipeline: true },
  );
  let doc: SignInAttemptsDoc | null;
  try {
    doc = await update;
  } catch (err) {
    if ((err as { code?: number }).code === 11000 && !retried) return claimAttempt(username, now, freeAttempts, true);
    throw err;
  }
  if (!doc || doc.admitted) return { admitted: true, retryAfter: 0 };
  return { admitted: false, retryAfter: Math.max(1, Math.ceil((doc.lockedUntil - now) / 1000)) };
}

/** After a successful sign-in: the name starts over. */
export async function clearAttempts(username: string): Promise<void> {
  await SignInAttempts.deleteOne({ _id: accountKey(username) });
}

/** Guard (after validateBody): 429 with Retry-After while the account name's delay runs; counts the attempt otherwise. */
export function signInBackoff(usernameOf: (ctx: Parameters<Middleware>[0]) => string): Middleware {
  return async (ctx, next) => {
    const scale = ctx.deps.config.rateLimit;
    if (scale === false) return next();
    // RATE_LIMIT scales the free attempts like every other limit.
    const free = Math.max(1, Math.floor(FREE_ATTEMPTS * scale));
    const { admitted, retryAfter } = await claimAttempt(usernameOf(ctx), ctx.deps.clock.now().getTime(), free);
    if (!admitted) throw tooMany(SIGN_IN_BACKOFF_MESSAGE, retryAfter);
    await next();
  };
}
