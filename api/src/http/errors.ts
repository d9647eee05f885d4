import { STATUS_CODES } from 'node:http';
import type { Context, Middleware } from 'koa';
import mongoose from 'mongoose';
import type { $ZodError } from 'zod/v4/core';

export interface Issue {
  path: (string | number)[];
  message: string;
}

/** A typed HTTP error; the error middleware turns it into `{ message }` (plus `issues` on 400). */
export class HttpError extends Error {
  readonly status: number;
  readonly issues?: Issue[];
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, opts: { issues?: Issue[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = opts.issues;
    this.headers = opts.headers;
  }
}

export const badRequest = (message = 'Bad request', issues?: Issue[]) => new HttpError(400, message, { issues });
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message = 'Conflict') => new HttpError(409, message);
export const payloadTooLarge = (message = 'Request body too large') => new HttpError(413, message);
export const tooMany = (message = 'Too many requests. Please try again later.', retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds ? { headers: { 'Retry-After': String(retryAfterSeconds) } } : {});

/** zod issues -> our `{ path, message }` list (any zod 4 error: classic zod's and zod/mini's share the core's). */
export function zodIssues(err: $ZodError): Issue[] {
  return err.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'),
    message: i.message,
  }));
}

interface MongoDuplicateError {
  code: number;
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
}

function isDuplicateKey(err: unknown): err is MongoDuplicateError {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** Turn anything thrown into an HttpError, or null when it is unexpected (500). */
export function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof mongoose.Error.CastError) {
    return badRequest(`Invalid value for ${err.path}`, [{ path: [err.path], message: `Invalid value for ${err.path}` }]);
  }
  if (err instanceof mongoose.Error.ValidationError) {
    const issues = Object.values(err.errors).map((e) => ({ path: e.path.split('.'), message: e.message }));
    return badRequest(issues[0]?.message ?? 'Validation failed', issues);
  }
  if (isDuplicateKey(err)) {
    const field = Object.keys(err.keyPattern ?? err.keyValue ?? {})[0];
    return conflict(field ? `A record with that ${field} already exists` : 'Already exists');
  }
  if (typeof err === 'object' && err !== null) {
    // http-errors style (koa's ctx.throw, co-body / raw-body): status + expose.
    const e = err as { status?: unknown; statusCode?: unknown; expose?: unknown; type?: unknown; message?: unknown };
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
    if (status === 413 || e.type === 'entity.too.large') return payloadTooLarge();
    if (e.type === 'entity.parse.failed' || (status === 400 && err instanceof SyntaxError)) return badRequest('Malformed JSON in request body');
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return new HttpError(415, 'Unsupported body encoding');
    if (e.type === 'request.aborted') return badRequest('Request aborted');
    if (status !== undefined && status >= 400 && status < 500) {
      return new HttpError(status, e.expose && typeof e.message === 'string' ? e.message : 'Bad request');
    }
  }
  return null;
}

/**
 * The error status an answer was left with but no body: no route matched (404), the path has no such method (405,
 * with the router's Allow header), or another bare status. Null when the answer has a body or is not an error.
 */
export function bareErrorStatus(ctx: Context): HttpError | null {
  if (ctx.body != null || ctx.status < 400) return null;
  if (ctx.status === 404) return notFound(`Not found: ${ctx.method} ${ctx.path}`);
  if (ctx.status === 405) return new HttpError(405, `Method ${ctx.method} not allowed on ${ctx.path}`);
  return new HttpError(ctx.status, STATUS_CODES[ctx.status] ?? 'Error');
}

/**
 * The outermost middleware: every error becomes JSON `{ message }` with the right status, and so does an
 * error status left without a body (bareErrorStatus), so unmatched paths and wrong methods answer like the rest.
 * Unexpected errors are logged and answered with a plain 500, never a stack trace.
 */
export function errorMiddleware(log: (message: string, err: unknown) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      const bare = bareErrorStatus(ctx);
      if (bare) throw bare;
    } catch (err) {
      const httpErr = toHttpError(err);
      if (httpErr) {
        ctx.status = httpErr.status;
        ctx.body = httpErr.issues ? { message: httpErr.message, issues: httpErr.issues } : { message: httpErr.message };
        for (const [k, v] of Object.entries(httpErr.headers ?? {})) ctx.set(k, v);
      } else {
        log(`Unhandled error on ${ctx.method} ${ctx.path}`, err);
        ctx.status = 500;
        ctx.body = { message: 'Internal server error' };
      }
    }
  };
}
