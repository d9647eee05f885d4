import { createHash } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import mongoose, { Schema } from 'mongoose';

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

export const mongoSessionStore = {
  async get(key: string) {
    const doc = await Session.findOne({ _id: hashKey(key), expiresAt: { $gt: new Date() } }).lean();
    return doc ? doc.data : null;
  },
  async set(key: string, data: Record<string, unknown>, maxAge: number) {
    const userId = typeof data.userId === 'number' ? data.userId : null;
    await Session.updateOne(
      { _id: hashKey(key) },
      { $set: { data, userId, expiresAt: new Date(Date.now() + maxAge) } },
      { upsert: true },
    );
  },
  async destroy(key: string) {
    await Session.deleteOne({ _id: hashKey(key) });
  },
};

/** End every session of a user (after a password reset). */
export async function destroyUserSessions(userId: number): Promise<void> {
  await Session.deleteMany({ userId });
}

/**
 * koa-session with the MongoDB store. Cookie: httpOnly, SameSite=Lax, signed (app.keys), Secure whenever
 * the request is HTTPS (koa's ctx.secure, which honours X-Forwarded-Proto when app.proxy is set).
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
      store: mongoSessionStore,
    },
    app,
  ) as unknown as Koa.Middleware;
}
