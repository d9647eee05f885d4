import type { Middleware } from 'koa';
import { unauthorized } from './errors';
import { documented } from '../openapi/meta';
import { User } from '../users/model';
import { CURRENT_USER_FIELDS, type AuthCache, type CurrentUser } from './authCache';

declare module 'koa' {
  interface DefaultContext {
    /** This app's session and user cache (createApp). */
    authCache: AuthCache;
  }
}

/** One lean read of the fields a request may use (never the password hash). */
export async function readCurrentUser(id: number): Promise<CurrentUser | null> {
  // The driver's call (no mongoose query building): every request whose user is not in the auth cache reads it.
  return User.collection.findOne<CurrentUser>({ id }, { projection: CURRENT_USER_FIELDS });
}

/**
 * Loads the signed-in user (from the session's userId) into `ctx.state.user`: a read-only CurrentUser,
 * from the auth cache while fresh, else one lean read. A session whose user no longer exists is dropped.
 */
export function loadCurrentUser(): Middleware {
  // Not async: from the auth cache (most requests) it adds no promise of its own.
  return (ctx, next) => {
    const session = ctx.session;
    const userId = session && typeof session.userId === 'number' ? session.userId : undefined;
    if (userId === undefined) return next();
    const cached = ctx.authCache.peekUser(userId);
    if (cached) {
      ctx.state.user = cached;
      return next();
    }
    return ctx.authCache
      .user(userId, () => readCurrentUser(userId))
      .then((user) => {
        if (user) ctx.state.user = user;
        else ctx.session = null;
        return next();
      });
  };
}

/** Guard: 401 `{ message: 'Unauthorized' }` when signed out; afterwards `ctx.state.user` is the CurrentUser. */
export function requireUser(): Middleware {
  const mw: Middleware = (ctx, next) => {
    if (!ctx.state.user) throw unauthorized('Unauthorized');
    return next();
  };
  return documented(mw, { kind: 'auth' });
}

/** The signed-in user inside a route behind `requireUser()`. */
export function currentUser(ctx: { state: { user?: CurrentUser } }): CurrentUser {
  if (!ctx.state.user) throw unauthorized('Unauthorized');
  return ctx.state.user;
}
