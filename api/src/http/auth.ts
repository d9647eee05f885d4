import type { Middleware } from 'koa';
import { unauthorized } from './errors';
import { User, type UserDoc } from '../users/model';
import { documented } from '../openapi/meta';

/**
 * Loads the signed-in user (from the session's userId) into `ctx.state.user`.
 * A session whose user no longer exists is dropped.
 */
export function loadCurrentUser(): Middleware {
  return async (ctx, next) => {
    const session = ctx.session;
    const userId = session && typeof session.userId === 'number' ? session.userId : undefined;
    if (userId !== undefined) {
      const user = await User.findOne({ id: userId });
      if (user) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  };
}

/** Guard: 401 `{ message: 'Unauthorized' }` when signed out; afterwards `ctx.state.user` is the User document. */
export function requireUser(): Middleware {
  const mw: Middleware = async (ctx, next) => {
    if (!ctx.state.user) throw unauthorized('Unauthorized');
    await next();
  };
  return documented(mw, { kind: 'auth' });
}

/** The signed-in user inside a route behind `requireUser()`. */
export function currentUser(ctx: { state: { user?: UserDoc } }): UserDoc {
  if (!ctx.state.user) throw unauthorized('Unauthorized');
  return ctx.state.user;
}
