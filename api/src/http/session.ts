import { createHash, randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware, Next } from 'koa';
import mongoose, { Schema, type mongo } from 'mongoose';
import type { AuthCache, CachedSession } from './authCache';

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

export const SESSION_COOKIE = 'fitconnect.sid';
/**
 * The cookie's name over HTTPS (issue 26): the `__Host-` prefix makes browsers keep it only when it is Secure,
 * has Path=/ and no Domain, so neither a sibling subdomain nor a plain-HTTP answer can plant or overwrite it
 * (session fixation). Over plain HTTP (npm start on localhost) browsers refuse the prefix: SESSION_COOKIE.
 * Each request reads and writes only the name of its own protocol; a deployment that moves to HTTPS signs
 * its users in again once.
 */
export const SECURE_SESSION_COOKIE = '__Host-fitconnect.sid';
/** ctx.secure: TLS to this process, or a trusted proxy's X-Forwarded-Proto: https (TRUST_PROXY). */
export const sessionCookieName = (ctx: Context) => (ctx.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The cookie's attributes: httpOnly, SameSite=Lax, signed (app.keys), Path=/ and no Domain (as `__Host-`
 * needs); Secure whenever the request is HTTPS (Koa's cookies follow ctx.secure; cookieOptions says so).
 */
const COOKIE_OPTIONS = { maxAge: SESSION_MAX_AGE_MS, httpOnly: true, sameSite: 'lax', signed: true, overwrite: true, path: '/' } as const;
const CLEAR_COOKIE_OPTIONS = { expires: new Date(0), httpOnly: true, sameSite: 'lax', signed: true, overwrite: true, path: '/' } as const;
const cookieOptions = <T extends object>(ctx: Context, options: T) => ({ ...options, secure: ctx.secure });

// The sha256 of a key, remembered for the keys seen lately: a signed-in browser sends the same key on every request.
const MAX_HASHES = 10_000;
const hashes = new Map<string, string>();
function hashKey(key: string): string {
  const hit = hashes.get(key);
  if (hit !== undefined) return hit;
  const hash = createHash('sha256').update(key).digest('base64url');
  if (hashes.size >= MAX_HASHES) hashes.delete(hashes.keys().next().value as string);
  hashes.set(key, hash);
  return hash;
}

/** The database read behind the cache: the session by the hash of its key, if it has not expired. */
async function readSession(hash: string): Promise<CachedSession | null> {
  // The driver's call (no mongoose query building): every request whose session is not in the auth cache reads it.
  const doc = await (Session.collection as unknown as mongo.Collection<SessionDoc>).findOne({ _id: hash, expiresAt: { $gt: new Date() } }, { projection: { data: 1, userId: 1, expiresAt: 1 } });
  return doc ? { data: Object.freeze({ ...doc.data }), userId: doc.userId ?? null, expiresAt: doc.expiresAt.getTime() } : null;
}

/**
 * End every session of a user (after a password reset): in the database, and at once in this instance's
 * cache (other instances stop accepting them within the cache TTL). Open message streams of those
 * sessions end on every instance: each one's feed hears the deletes (messages/live.ts).
 */
export async function destroyUserSessions(cache: AuthCache, userId: number): Promise<void> {
  cache.dropUser(userId);
  await Session.deleteMany({ userId });
  cache.dropUser(userId);
}

/** Which of these session ids are stored and unexpired (the message streams' re-check). */
export async function liveSessionIds(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const docs = await Session.find({ _id: { $in: ids }, expiresAt: { $gt: new Date() } }, { _id: 1 }).lean();
  return new Set(docs.map((d) => d._id));
}

/** What a route sees as `ctx.session` (context.ts): the signed-in user's id, and the two ways to write at once. */
export interface RequestSession {
  userId?: number;
  /**
   * The stored session's id (the sha256 of the cookie's key; the `sessions` document's _id), undefined
   * when there is none. Long-lived answers (the message stream) end when this document is deleted.
   */
  readonly id: string | undefined;
  /** A new key for this session, written now; the old key ends (sign-in: no session fixation). */
  regenerate(): Promise<void>;
  /** Written now rather than at the end of the request. */
  save(): Promise<void>;
}

const STATE = Symbol('session state');

/**
 * One request's session. Read from the cookie on the way in; written on the way out only when something
 * changed (the userId, a sign-out) or when less than half of its lifetime is left (renewal: an active user
 * stays signed in, an idle one is signed out after SESSION_MAX_AGE_MS).
 */
class SessionState implements RequestSession {
  #ctx: Context;
  #cache: AuthCache;
  /** The cookie's key (undefined: none yet), its hash, and when the stored session expires (0: not stored). */
  #key: string | undefined;
  #expiresAt = 0;
  #userId: number | undefined;
  #dirty = false;
  /** `ctx.session = null`: the session ends at the end of the request. */
  ended = false;

  constructor(ctx: Context, cache: AuthCache) {
    this.#ctx = ctx;
    this.#cache = cache;
  }

  get userId(): number | undefined {
    return this.#userId;
  }
  set userId(id: number | undefined) {
    if (id !== this.#userId) this.#dirty = true;
    this.#userId = id;
  }

  get id(): string | undefined {
    return this.#key ? hashKey(this.#key) : undefined;
  }

  /** Synchronous when the session is in the cache (the hot path); else one read through it. */
  load(): Promise<void> | void {
    const key = this.#ctx.cookies.get(sessionCookieName(this.#ctx), { signed: true });
    if (!key) return;
    const hash = hashKey(key);
    const cached = this.#cache.peekSession(hash);
    if (cached) return this.#use(key, cached);
    return this.#cache.session(hash, () => readSession(hash)).then((s) => (s ? this.#use(key, s) : undefined));
  }

  #use(key: string, s: CachedSession) {
    this.#key = key;
    this.#expiresAt = s.expiresAt;
    this.#userId = typeof s.data.userId === 'number' ? s.data.userId : undefined;
  }

  async regenerate(): Promise<void> {
    await this.#destroy();
    this.#key = randomUUID();
    await this.save();
  }

  async save(): Promise<void> {
    const key = this.#key ?? (this.#key = randomUUID());
    const hash = hashKey(key);
    const expiresAt = Date.now() + SESSION_MAX_AGE_MS;
    await Session.updateOne({ _id: hash }, { $set: { ...this.#record(), expiresAt: new Date(expiresAt) } }, { upsert: true });
    this.#dirty = false;
    this.#stored(key, hash, expiresAt);
  }

  /** What a session document holds besides its expiry: the userId, also inside `data` (where koa-session kept it). */
  #record(): { data: Record<string, unknown>; userId: number | null } {
    const userId = this.#userId ?? null;
    return { data: userId === null ? {} : { userId }, userId };
  }

  /** After a write that left the session stored until `expiresAt`: this instance's cache, and the cookie. */
  #stored(key: string, hash: string, expiresAt: number) {
    this.#cache.putSession(hash, { ...this.#record(), expiresAt });
    this.#expiresAt = expiresAt;
    this.#ctx.cookies.set(sessionCookieName(this.#ctx), key, cookieOptions(this.#ctx, COOKIE_OPTIONS));
  }

  async #destroy(): Promise<void> {
    const key = this.#key;
    this.#key = undefined;
    this.#expiresAt = 0;
    if (!key) return;
    const hash = hashKey(key);
    this.#cache.dropSession(hash);
    await Session.deleteOne({ _id: hash });
    // Again after the write: a read of this session that started meanwhile is not cached (epoch), but drop twice anyway.
    this.#cache.dropSession(hash);
  }

  /** At the end of the request; nothing (no promise) when the session needs no write: most requests. */
  commit(): Promise<void> | void {
    if (this.ended) {
      return this.#destroy().then(() => {
        this.#ctx.cookies.set(sessionCookieName(this.#ctx), '', cookieOptions(this.#ctx, CLEAR_COOKIE_OPTIONS));
      });
    }
    if (this.#dirty) return this.save();
    if (this.#key && this.#expiresAt - Date.now() < SESSION_MAX_AGE_MS / 2) return this.#renew(this.#key);
  }

  /** A later expiry for the stored session, only while it still exists: a sign-out meanwhile (another tab or instance) wins. */
  async #renew(key: string): Promise<void> {
    const hash = hashKey(key);
    const expiresAt = Date.now() + SESSION_MAX_AGE_MS;
    const res = await Session.updateOne({ _id: hash }, { $set: { expiresAt: new Date(expiresAt) } });
    if (res.matchedCount === 0) this.#cache.dropSession(hash);
    else this.#stored(key, hash, expiresAt);
  }
}

/**
 * The session middleware (in the place of koa-session, issue 9). It keeps koa-session's cookie and
 * database format, so a deploy signs nobody out: the signed `fitconnect.sid` cookie (`__Host-fitconnect.sid` over
 * HTTPS since issue 26), and documents keyed
 * by the sha256 of the key. koa-session did more per request than this API needs (a copy of its options,
 * a Session object, the session's JSON hashed twice to see whether it changed): about a third of the CPU
 * of a signed-in read. Here a cached session costs a cookie lookup and two Map reads, and a session is
 * written only when it changed, so a sign-in writes it once instead of twice.
 *
 * `ctx.session` is the request's RequestSession (an empty one when signed out), or null once set to null
 * (sign-out). Needs `app.context.authCache` (createApp sets it).
 */
export function sessionMiddleware(app: Koa): Middleware {
  Object.defineProperty(app.context, 'session', {
    configurable: true,
    get(this: Context & { [STATE]?: SessionState }) {
      const state = this[STATE];
      return state && !state.ended ? state : null;
    },
    set(this: Context & { [STATE]?: SessionState }, value: unknown) {
      if (value !== null) throw new TypeError('ctx.session can only be set to null (sign-out)');
      if (this[STATE]) this[STATE].ended = true;
    },
  });
  return (ctx, next) => {
    const state = new SessionState(ctx, ctx.authCache);
    (ctx as Context & { [STATE]?: SessionState })[STATE] = state;
    // From the auth cache (most requests) the session loads without a promise.
    const loading = state.load();
    return loading ? loading.then(() => runAndCommit(state, next)) : runAndCommit(state, next);
  };
}

async function runAndCommit(state: SessionState, next: Next): Promise<void> {
  try {
    await next();
  } finally {
    const committing = state.commit();
    if (committing) await committing;
  }
}
