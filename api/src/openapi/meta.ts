import type { $ZodType } from 'zod/v4/core';

/**
 * What a route guard tells the OpenAPI document about itself. The guards that already define a route's
 * contract (validateBody/Params/Query, requireUser, rateLimit) attach one of these to the middleware they
 * return, so the document is read off the routes as they are registered and cannot drift from them.
 */
export type GuardDoc =
  | { kind: 'body'; schema: $ZodType; contentTypes?: string[] }
  | { kind: 'params'; schema: $ZodType }
  | { kind: 'query'; schema: $ZodType }
  | { kind: 'auth' }
  | { kind: 'rateLimit'; name: string; limit: number; windowMs: number };

const GUARD_DOC = Symbol.for('fitconnect.openapi.guard');

/** Attach `doc` to a middleware (returns the same function). */
export function documented<F extends (...args: never[]) => unknown>(fn: F, doc: GuardDoc): F {
  Object.defineProperty(fn, GUARD_DOC, { value: doc, enumerable: false });
  return fn;
}

/** The doc a middleware carries, if any. */
export function guardDocOf(fn: unknown): GuardDoc | undefined {
  return typeof fn === 'function' ? (fn as unknown as Record<symbol, GuardDoc | undefined>)[GUARD_DOC] : undefined;
}
