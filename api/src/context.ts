import type { Config } from './config';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { CurrentUser } from './http/authCache';
import type { RequestSession } from './http/session';

/** A clock the app reads "now" from (tests can move it). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
/** A clock that reads `at` now and runs at real speed from there (TEST_CLOCK_AT, config.ts). */
export function clockStartingAt(at: Date, realNow: () => number = Date.now): Clock {
  const offset = at.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/**
 * What the app is built from. Modules read it as `ctx.deps`.
 * A module that needs more (e.g. a workout planner) may extend this interface by declaration merging:
 *   declare module '../context' { interface AppDeps { planner?: Planner } }
 */
export interface AppDeps {
  config: Config;
  /** Signs the session cookie (config.sessionSecret or the one kept in DATA_DIR). */
  sessionSecret: string;
  mailer: Mailer;
  logger: Logger;
  clock: Clock;
}

declare module 'koa' {
  interface DefaultState {
    /** The signed-in user (set by loadCurrentUser; guaranteed behind requireUser()). Read-only, no password hash. */
    user?: CurrentUser;
    /** Parsed by validateBody / validateParams / validateQuery. */
    body?: unknown;
    params?: unknown;
    query?: unknown;
  }
  interface DefaultContext {
    deps: AppDeps;
  }
  interface ExtendableContext {
    /** http/session.ts: `userId` when signed in; `null` after sign-out (set it to null to sign out). */
    session: RequestSession | null;
  }
}

