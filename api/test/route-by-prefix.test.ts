import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import fc from 'fast-check';
import { moduleRouters } from '../src/modules';
import { fixedSegments, routeByPrefix } from '../src/http/routeByPrefix';
import { bareErrorStatus } from '../src/http/errors';

// routeByPrefix (http/routeByPrefix.ts) runs only the routers that can match a request's path. It must answer
// exactly as running every router in order does: the same route, the same 404, 405 (and Allow), 501 and OPTIONS
// answers. Checked over real HTTP on stand-ins of the API's routers (same paths and methods, handlers that say
// which route answered), plus routers that must run for every path (a parameter first, middleware without a path).

jest.setTimeout(120_000);

/** A router with the same routes as `real`, each answering which router and route it is. */
function standIn(real: Router, index: number): Router {
  const r = new Router();
  for (const layer of real.stack) {
    if (layer.methods.length === 0) continue;
    const methods = layer.methods.filter((m) => m !== 'HEAD').map((m) => m.toLowerCase());
    r.register(layer.path, methods, (ctx) => {
      ctx.body = { router: index, route: layer.path, params: ctx.params };
    });
  }
  return r;
}

const routers = moduleRouters.map(standIn);
// A route whose first segment is a parameter: its router must run for every path.
const paramFirst = new Router();
paramFirst.get('/api/:area/summary', (ctx) => {
  ctx.body = { router: 'paramFirst', area: ctx.params.area };
});
// Middleware mounted without a path: runs for every path it is reached on.
const pathless = new Router();
pathless.use((ctx, next) => {
  ctx.set('X-Seen-By', 'pathless');
  return next();
});
pathless.post('/api/feedback', (ctx) => {
  ctx.body = { router: 'pathless' };
});
const all = [...routers.slice(0, 4), paramFirst, ...routers.slice(4, 9), pathless, ...routers.slice(9)];

/** The API's way of turning a bare error status into JSON (errorMiddleware), so both apps answer as the API does. */
function appWith(mount: (app: Koa) => void): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    await next();
    const bare = bareErrorStatus(ctx);
    if (bare) {
      ctx.status = bare.status;
      ctx.body = { message: bare.message };
    }
  });
  mount(app);
  return app;
}

const everyRouter = appWith((app) => {
  for (const r of all) {
    app.use(r.routes());
    app.use(r.allowedMethods());
  }
});
const byPrefix = appWith((app) => app.use(routeByPrefix(all)));

let servers: http.Server[] = [];
let ports: number[] = [];
beforeAll(async () => {
  servers = [everyRouter, byPrefix].map((app) => http.createServer(app.callback()));
  ports = await Promise.all(
    servers.map((s) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)))),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

interface Answer {
  status: number;
  allow: string | undefined;
  seenBy: string | undefined;
  body: string;
}

function ask(port: number, method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, seenBy: res.headers['x-seen-by'] as string | undefined, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const askBoth = (method: string, path: string) => Promise.all(ports.map((p) => ask(p, method, path)));

/** Concrete paths for the API's route templates: parameters filled in. */
const templates = moduleRouters.flatMap((r) => r.stack.map((l) => l.path)).filter((p): p is string => typeof p === 'string');
const fill = (template: string, value: string) => template.replace(/:[A-Za-z]+/g, value);

test('every router of the API has fixed first segments (none runs for every path)', () => {
  for (const r of moduleRouters) expect(fixedSegments(r)).not.toBeNull();
  expect(fixedSegments(paramFirst)).toBeNull();
  expect(fixedSegments(pathless)).toBeNull();
  expect([...fixedSegments(moduleRouters[0])!]).toEqual(['auth']);
});

test('each route of the API, with each method, answers the same through routeByPrefix', async () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
  let routed = 0;
  for (const template of templates) {
    const path = fill(template, '12');
    for (const method of methods) {
      const [expected, actual] = await askBoth(method, path);
      expect({ method, path, ...actual }).toEqual({ method, path, ...expected });
      if (expected.status === 200 && expected.body.includes('"router"')) routed++;
    }
  }
  // The stand-ins did answer (a comparison of two 404s everywhere would prove nothing).
  expect(routed).toBeGreaterThan(templates.length);
});

test('random paths and methods answer the same through routeByPrefix', async () => {
  const segment = fc.oneof(
    fc.constantFrom(...templates.map((t) => t.split('/')[2])),
    fc.constantFrom('', 'API', 'Workouts', 'TRAINERS', 'nope', 'summary', 'openapi.json', '%77orkouts', 'wor%4Bouts'),
    fc.stringMatching(/^[a-zA-Z0-9._~-]{1,8}$/),
  );
  const path = fc.oneof(
    fc.tuple(fc.constantFrom(...templates), fc.constantFrom('7', 'abc', 'me', '0')).map(([t, v]) => fill(t, v)),
    fc.tuple(fc.constantFrom('/api/', '/API/', '/Api/', '/apix/', '/'), fc.array(segment, { minLength: 0, maxLength: 4 }), fc.boolean()).map(
      ([head, parts, slash]) => head + parts.join('/') + (slash ? '/' : ''),
    ),
    fc.constantFrom('/api', '/api/', '/API', '/api//workouts', '/api/workouts//1', '/api/workouts/summary', '/API/Auth/summary', '/api/users/summary', '/api/feedback'),
    fc.tuple(fc.constantFrom(...templates), fc.boolean()).map(([t, upper]) => (upper ? fill(t, '5').toUpperCase() : `${fill(t, '5')}/`)),
  );
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND', 'PURGE');
  await fc.assert(
    fc.asyncProperty(method, path, async (m, p) => {
      const [expected, actual] = await askBoth(m, p);
      expect(actual).toEqual(expected);
    }),
    { numRuns: 400, seed: 35 },
  );
});
