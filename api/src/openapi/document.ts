import type Router from '@koa/router';
import { z } from 'zod';
import * as core from 'zod/v4/core';
import { ApiErrorBody, TrainerListItemResponse, TrainerPhotoResponseSchema, TrainerResponse, TrainerReviewResponse } from '@fitconnect/contracts/src/server';
import { guardDocOf, type GuardDoc } from './meta';
import { OPERATIONS, type ResponseDoc } from './routes';
import { PUBLIC_ROUTES } from '../http/cors';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../http/session';

type Json = Record<string, unknown>;

/** A registered route: method, Koa path (`/api/trainers/:id`) and its middleware in order. */
export interface RegisteredRoute {
  method: string;
  path: string;
  stack: unknown[];
}

/** Koa's `/api/trainers/:id` -> OpenAPI's `/api/trainers/{id}`. */
export const toOpenApiPath = (koaPath: string) => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every method+path the routers serve (HEAD is implied by GET, as in OpenAPI it is not listed). */
export function registeredRoutes(routers: Router[]): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD' && layer.methods.includes('GET')) continue;
        out.push({ method, path: String(layer.path), stack: layer.stack });
      }
    }
  }
  return out;
}

/**
 * zod -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as the request (input) or the answer (output).
 * Any zod 4 schema: the contracts' (zod/mini) and the API's own (classic zod) convert through the same core.
 */
export function jsonSchema(schema: core.$ZodType, io: 'input' | 'output'): Json {
  const js = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as Json;
  delete js.$schema;
  return js;
}

/** Named schemas (components) for the shapes partners use; referenced instead of inlined. */
const NAMED = new Map<core.$ZodType, string>();
function named(schema: core.$ZodType, name: string) {
  NAMED.set(schema, name);
}

function responseSchema(schema: core.$ZodType, components: Json): Json {
  const name = NAMED.get(schema);
  if (name) {
    components[name] ??= jsonSchema(schema, 'output');
    return { $ref: `#/components/schemas/${name}` };
  }
  if (schema instanceof core.$ZodArray) {
    const el = schema._zod.def.element;
    const elName = NAMED.get(el);
    if (elName) return { type: 'array', items: responseSchema(el, components) };
  }
  return jsonSchema(schema, 'output');
}

/** Object shape -> one OpenAPI parameter per key (path or query). */
function parameters(schema: core.$ZodType, where: 'path' | 'query'): Json[] {
  const js = jsonSchema(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' ? true : required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function operationId(method: string, path: string) {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By ${w.slice(1, -1)}` : w))
    .join(' ');
  return (method.toLowerCase() + ' ' + words).replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
}

function response(doc: ResponseDoc, components: Json): Json {
  const out: Json = { description: doc.description };
  if (doc.headers) out.headers = doc.headers;
  if (doc.content) out.content = doc.content;
  else if (doc.schema) out.content = { 'application/json': { schema: responseSchema(doc.schema, components) } };
  return out;
}

export interface DocumentOptions {
  /** Shown as `servers[0].url`; default: relative to where the document was fetched. */
  serverUrl?: string;
  version?: string;
}

/**
 * The OpenAPI 3.1 document of `routers`: paths and methods are the ones registered; parameters, query,
 * bodies, sign-in and rate limits are read off each route's guards (./meta.ts); summaries and answers
 * come from ./routes.ts. Routes with no entry there still appear (with a minimal answer).
 */
export function buildOpenApiDocument(routers: Router[], opts: DocumentOptions = {}): Json {
  const components: Json = { Error: jsonSchema(ApiErrorBody, 'output') };
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();

  for (const route of registeredRoutes(routers)) {
    const path = toOpenApiPath(route.path);
    const method = route.method.toLowerCase();
    const op = OPERATIONS[`${route.method} ${path}`];
    const guards = route.stack.map(guardDocOf).filter((g): g is GuardDoc => Boolean(g));
    const params: Json[] = [];
    let requestBody: Json | undefined = op?.requestBody;
    let auth = false;
    const limits: string[] = [];
    for (const g of guards) {
      if (g.kind === 'params') params.push(...parameters(g.schema, 'path'));
      else if (g.kind === 'query') params.push(...parameters(g.schema, 'query'));
      else if (g.kind === 'body') {
        const schema = jsonSchema(g.schema, 'input');
        const types = g.contentTypes ?? ['application/json'];
        requestBody = { required: true, content: Object.fromEntries(types.map((t) => [t, { schema }])) };
      } else if (g.kind === 'auth') auth = true;
      else if (g.kind === 'rateLimit') limits.push(`${g.limit} per ${Math.round(g.windowMs / 1000)} s (${g.name})`);
    }
    // A path parameter the guards did not describe (none today) is still declared, as OpenAPI requires.
    for (const m of path.matchAll(/\{([^}]+)\}/g)) {
      if (!params.some((p) => p.in === 'path' && p.name === m[1])) params.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
    }

    const responses: Record<string, Json> = {};
    for (const [status, doc] of Object.entries(op?.responses ?? { 200: { description: 'Success', schema: z.object({}).passthrough() } })) {
      responses[status] = response(doc, components);
    }
    const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    if (params.length || requestBody) responses['400'] ??= error('Invalid request: `message` is the first problem, `issues` lists them all');
    if (auth) responses['401'] ??= error('Not signed in');
    if (limits.length) responses['429'] ??= { ...error('Rate limited'), headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' } } } };

    const tag = op?.tag ?? 'Other';
    tags.add(tag);
    const isPublic = PUBLIC_ROUTES.some((r) => r.method === route.method && r.path === path);
    const description = [
      op?.description,
      limits.length ? `Rate limits: ${limits.join('; ')}.` : undefined,
      isPublic && !op?.description?.includes('CORS') ? 'Open to any origin (CORS, no credentials).' : undefined,
    ]
      .filter(Boolean)
      .join('\n\n');
    paths[path] ??= {};
    paths[path][method] = {
      operationId: operationId(route.method, path),
      summary: op?.summary ?? `${route.method} ${path}`,
      ...(description ? { description } : {}),
      tags: [tag],
      ...(params.length ? { parameters: params } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      ...(auth ? { security: [{ session: [] }] } : {}),
    };
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'FitConnect API',
      version: opts.version ?? '1.0.0',
      description:
        'The FitConnect API. Generated from the zod contracts the API validates with (never written by hand).\n\n' +
        'Errors are JSON `{ message }` (400 adds `issues`). Ids are positive integers. ' +
        `Signed-in calls use the \`${SESSION_COOKIE}\` session cookie (\`${SECURE_SESSION_COOKIE}\` over HTTPS) and are same-origin only. ` +
        'The public reads marked "CORS" answer any origin without credentials (`Access-Control-Allow-Origin: *`): ' +
        PUBLIC_ROUTES.map((r) => `\`${r.method} ${r.path}\``).join(', ') +
        '.',
    },
    servers: [{ url: opts.serverUrl ?? '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/auth/login or /api/auth/signup' } },
    },
  };
}

// Shapes partners build against get names in `components.schemas`.
named(TrainerResponse, 'Trainer');
named(TrainerListItemResponse, 'TrainerListItem');
named(TrainerReviewResponse, 'TrainerReview');
named(TrainerPhotoResponseSchema, 'TrainerPhotoResponse');
