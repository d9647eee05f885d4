/**
 * A short-lived in-process cache of sessions and signed-in users: the hot path of a signed-in request
 * (cookie -> session -> user) costs no database round trip while an entry is fresh.
 *
 * Correctness (issue 9):
 *   - An entry is trusted for at most `ttlMs` (default 1000 ms) counted from the moment its database read
 *     STARTED (readCache.ts), so no instance serves a session or user older than that: a sign-out, a
 *     password reset or a profile change made on another instance shows everywhere within `ttlMs`.
 *   - On the instance that made the change it shows at once: sign-out and session regeneration drop the
 *     session (`dropSession`), a password reset drops the user and every cached session of theirs
 *     (`dropUser`), a profile change drops the user (`dropUser`).
 *   - A read that was in flight while anything was invalidated is not cached (the `epoch` check), so a
 *     slow read cannot put back what a sign-out just removed.
 *   - `ttlMs: 0` turns the cache off (every request reads the database, as before).
 *
 * One cache per app (createApp): two app instances in one process behave like two servers.
 */
import type { UserFields } from '../users/model';
import { createReadCache } from './readCache';

declare module '../context' {
  interface AppDeps {
    /** How long a session or user read from the database is trusted (ms; default 1000; 0 turns the cache off). */
    authCacheTtlMs?: number;
  }
}

/** What a request knows of the signed-in user: never the password hash. Shared between requests: read-only. */
export type CurrentUser = Readonly<Pick<UserFields, 'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'location' | 'isTrainer' | 'promoTrainer' | 'trainerNumber'>>;

/** The projection that reads exactly a CurrentUser (lean, no _id). */
export const CURRENT_USER_FIELDS = {
  _id: 0,
  id: 1,
  username: 1,
  email: 1,
  firstName: 1,
  lastName: 1,
  location: 1,
  isTrainer: 1,
  promoTrainer: 1,
  trainerNumber: 1,
} as const;

export const DEFAULT_AUTH_CACHE_TTL_MS = 1000;

export interface CachedSession {
  data: Readonly<Record<string, unknown>>;
  userId: number | null;
  /** The session's own expiry in the database (ms since epoch). */
  expiresAt: number;
}

export interface AuthCache {
  readonly ttlMs: number;
  /** Read through: `load` runs only when there is no fresh entry; null results are not cached. */
  session(hash: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null>;
  /** The fresh, unexpired cached session, or undefined (then call `session`): no promise on the hot path. */
  peekSession(hash: string): CachedSession | undefined;
  /** The fresh cached user, or undefined (then call `user`). */
  peekUser(id: number): CurrentUser | undefined;
  /** What this instance just wrote (sign-in, renewal): fresh for ttlMs from now. */
  putSession(hash: string, value: CachedSession): void;
  user(id: number, load: () => Promise<CurrentUser | null>): Promise<CurrentUser | null>;
  /** Sign-out, regeneration: this session is gone. */
  dropSession(hash: string): void;
  /** Password reset, profile change: the user and every cached session of theirs are read again. */
  dropUser(id: number): void;
}

export function createAuthCache(ttlMs = DEFAULT_AUTH_CACHE_TTL_MS, now: () => number = Date.now): AuthCache {
  const sessions = createReadCache<string, CachedSession>(ttlMs, now);
  const users = createReadCache<number, CurrentUser>(ttlMs, now);
  return {
    ttlMs,
    async session(hash, load) {
      const s = await sessions.get(hash, load);
      if (s && s.expiresAt <= now()) {
        sessions.drop(hash);
        return null;
      }
      return s;
    },
    peekSession(hash) {
      const s = sessions.peek(hash);
      return s && s.expiresAt > now() ? s : undefined;
    },
    peekUser: (id) => users.peek(id),
    putSession(hash, value) {
      sessions.put(hash, Object.freeze({ ...value, data: Object.freeze({ ...value.data }) }));
    },
    user: (id, load) =>
      users.get(id, async () => {
        const u = await load();
        return u && Object.freeze({ ...u });
      }),
    dropSession: (hash) => sessions.drop(hash),
    dropUser(id) {
      users.drop(id);
      sessions.dropWhere((s) => s.userId === id);
    },
  };
}
