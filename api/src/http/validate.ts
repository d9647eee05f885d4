import type { Middleware, ParameterizedContext } from 'koa';
import * as core from 'zod/v4/core';
import { badRequest, zodIssues } from './errors';
import { documented } from '../openapi/meta';

// Schemas here are any zod 4 schema (core.$ZodType): the contracts' are zod/mini schemas, the API's own
// are classic zod ones; both parse with zod's core (same issues, same messages).

/** Parse `input` with `schema` or throw a 400 whose message is the first issue and whose `issues` list them all. */
export function parseOrThrow<S extends core.$ZodType>(schema: S, input: unknown, where?: 'body' | 'params' | 'query'): core.output<S> {
  const r = core.safeParse(schema, input);
  if (r.success) return r.data;
  const issues = zodIssues(r.error);
  const first = issues[0];
  const message = first?.message && first.message !== 'Invalid input' ? first.message : `Invalid request ${where ?? 'input'}`;
  throw badRequest(message, issues);
}

/** Validates the JSON body; the parsed value is in `ctx.state.body` (read it with `bodyOf(ctx, schema)`). */
export function validateBody<S extends core.$ZodType>(schema: S): Middleware {
  const mw: Middleware = async (ctx, next) => {
    const raw = (ctx.request as { body?: unknown }).body;
    ctx.state.body = parseOrThrow(schema, raw === undefined ? {} : raw, 'body');
    await next();
  };
  return documented(mw, { kind: 'body', schema });
}

/** Validates route params (`ctx.params` from @koa/router); the parsed value is in `ctx.state.params`. */
export function validateParams<S extends core.$ZodType>(schema: S): Middleware {
  const mw: Middleware = async (ctx, next) => {
    ctx.state.params = parseOrThrow(schema, (ctx as { params?: unknown }).params ?? {}, 'params');
    await next();
  };
  return documented(mw, { kind: 'params', schema });
}

/** Validates the query string; the parsed value is in `ctx.state.query`. */
export function validateQuery<S extends core.$ZodType>(schema: S): Middleware {
  const mw: Middleware = async (ctx, next) => {
    ctx.state.query = parseOrThrow(schema, ctx.query, 'query');
    await next();
  };
  return documented(mw, { kind: 'query', schema });
}

type AnyCtx = ParameterizedContext<Record<string, unknown>>;

/** Typed readers for what the validators stored (the schema argument only carries the type). */
export const bodyOf = <S extends core.$ZodType>(ctx: { state: AnyCtx['state'] }, _schema: S) => ctx.state.body as core.output<S>;
export const paramsOf = <S extends core.$ZodType>(ctx: { state: AnyCtx['state'] }, _schema: S) => ctx.state.params as core.output<S>;
export const queryOf = <S extends core.$ZodType>(ctx: { state: AnyCtx['state'] }, _schema: S) => ctx.state.query as core.output<S>;
