import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { HttpError } from '../http/errors';
import { rolloutRuntime } from './service';

declare module 'koa' {
  interface DefaultState {
    /** The operator behind this call (requireOperator): a name from OPERATOR_TOKENS, or `operator`. */
    operator?: string;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The operator whose token `Authorization: Bearer <token>` carries, or null. Every token is compared
 * (in constant time, as fixed-length digests), so the answer takes as long whichever matches.
 */
export function operatorOf(authorization: string | undefined, operators: { name: string; token: string }[]): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return null;
  const given = digest(m[1]);
  let found: string | null = null;
  for (const o of operators) if (timingSafeEqual(given, digest(o.token)) && found === null) found = o.name;
  return found;
}

/**
 * Guard of the operator calls: 401 without a known operator token (OPERATOR_TOKENS' named ones, or the
 * unnamed OPERATOR_TOKEN / DATA_DIR/operator-token); the operator's name is in ctx.state.operator.
 */
export function requireOperator(): Middleware {
  return async (ctx, next) => {
    const name = operatorOf(ctx.get('authorization') || undefined, rolloutRuntime(ctx.deps).operators());
    if (!name) {
      throw new HttpError(401, 'Operator token required (Authorization: Bearer <token>; see OPERATOR_TOKENS, OPERATOR_TOKEN or DATA_DIR/operator-token)', {
        headers: { 'WWW-Authenticate': 'Bearer realm="fitconnect-operator"' },
      });
    }
    ctx.state.operator = name;
    await next();
  };
}
