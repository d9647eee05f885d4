import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { HttpError } from '../http/errors';
import { rolloutRuntime } from './service';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Does `Authorization: Bearer <token>` carry the operator token? (constant-time comparison) */
export function isOperator(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m !== null && timingSafeEqual(digest(m[1]), digest(token));
}

/** Guard of the operator calls: 401 without the operator token (there is no operator account). */
export function requireOperator(): Middleware {
  return async (ctx, next) => {
    if (!isOperator(ctx.get('authorization') || undefined, rolloutRuntime(ctx.deps).operatorToken())) {
      throw new HttpError(401, 'Operator token required (Authorization: Bearer <token>; see DATA_DIR/operator-token or OPERATOR_TOKEN)', {
        headers: { 'WWW-Authenticate': 'Bearer realm="fitconnect-operator"' },
      });
    }
    await next();
  };
}
