import { createHash } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import mongoose, { Schema } from 'mongoose';
import type { AuthCache } from './authCache';

/**
 * Sessions live in MongoDB (collection `sessions`, TTL index on expiresAt) so they survive a restart and
 * are shared by every API instance. The cookie holds a random key (signed with the session secret);
 * the database holds only its sha256, plus the userId so all of a user's sessions can be ended at once.
 */
interface SessionDoc {
  _id: string;
  data: Record<string, unknown>;
  userId: number | null;
  expiresAt: Date;
}
const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    data: { type: Schema.Types.Mixed, default: {} },
    userId: { type: Number, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'sessions', minimize: false },
);
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
sessionSchema.index({ userId: 1 });
export const Session = mongoose.model<SessionDoc>('Session', sessionSchema);

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export const SESSION_COOKIE = 'fitconnect.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The koa-session store over the `sessions` collection, read through this app's auth cache (authCache.ts):
 * a session read from the database is trusted for at most the cache's TTL; what this instance writes or
 * destroys updates its cache at once.
 */
export function mongoSessionStore(cache: AuthCache) {
  return {
    async get(key: string) {
      const hash = hashKey(key);
      const s = await cache.session(hash, async () => {
        const doc = await Session.findOne({ _id: hash, expiresAt: { $gt: new Date() } }, { data: 1, userId: 1, expiresAt: 1 }).lean();
        return doc ? { data: Object.freeze({ ...doc.data }), userId: doc.userId ?? null, expiresAt: doc.expiresAt.getTime() } : null;
      });
      // koa-session copies the fields into its own Session object; the cached data itself stays untouched.
      return s ? s.data : null;
    },
    async set(key: string, data: Record<string, unknown>, maxAge: number) {
      const hash = hashKey(key);
      const userId = typeof data.userId === 'number' ? data.userId : null;
      const expiresAt = new Date(Date.now() + maxAge);
      await Session.updateOne({ _id: hash }, { $set: { data, userId, expiresAt } }, { upsert: true });
      cache.putSession(hash, { data, userId, expiresAt: expiresAt.getTime() });
    },
    async destroy(key: string) {
      const hash = hashKey(key);
      cache.dropSession(hash);
      await Session.deleteOne({ _id: hash });
      // Again after the write: a read of this session that started meanwhile is not cached (epoch), but drop twice anyway.
      cache.dropSession(hash);
    },
  };
}

/**
 * End every session of a user (after a password reset): in the database, and at once in this instance's
 * cache (other instances stop accepting them within the cache TTL).
 */
export async function destroyUserSessions(cache: AuthCache, userId: number): Promise<void> {
  cache.dropUser(userId);
  await Session.deleteMany({ userId });
  cache.dropUser(userId);
}

/**
 * koa-session with the MongoDB store. Cookie: httpOnly, SameSite=Lax, signed (app.keys), Secure whenever
 * the request is HTTPS (koa's ctx.secure, which honours X-Forwarded-Proto when app.proxy is set).
 * Needs `app.context.authCache` (createApp sets it).
 */
export function sessionMiddleware(app: Koa): Koa.Middleware {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      renew: true,
      rolling: false,
      store: mongoSessionStore(app.context.authCache),
    },
    app,
  ) as unknown as Koa.Middleware;
}
