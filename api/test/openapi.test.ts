/**
 * GET /api/openapi.json (issue 16): every route the app registers is in the document, the document is
 * valid OpenAPI 3.1 (checked against the official schema by @seriousme/openapi-schema-validator), and
 * the public trainer reads' response schemas accept real answers (ajv, JSON Schema 2020-12).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type Router from '@koa/router';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import sharp from 'sharp';
import { createApp, randomSecret } from '../src/app';
import { loadConfig } from '../src/config';
import { memoryLogger } from '../src/log';
import { OPERATIONS } from '../src/openapi/routes';
import { PUBLIC_ROUTES } from '../src/http/cors';
import { runSeed } from '../src/seed';
import { startTestApi, signUpAndLogin, type Agent, type TestApi } from './helpers';
import { makeTrainer } from './trainers/support';

jest.setTimeout(180000);
let api: TestApi;
let doc: any;

beforeAll(async () => {
  api = await startTestApi();
  const r = await fetch(`${api.url}/api/openapi.json`, { headers: { Origin: 'https://partner.example' } });
  expect(r.status).toBe(200);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await r.json();
});
afterAll(async () => {
  await api?.stop();
});

/** Every method+path the Koa app serves, read off the app itself (its router middleware), not off the generator. */
function appRoutes(): { method: string; path: string }[] {
  const app = createApp({ config: { ...loadConfig({}), sessionSecret: randomSecret() }, logger: memoryLogger() });
  // Routers mounted one by one carry .router; routeByPrefix's middleware carries them all as .routers.
  const routers = app.middleware.flatMap((mw) => {
    const m = mw as unknown as { router?: Router; routers?: Router[] };
    return m.routers ?? (m.router ? [m.router] : []);
  });
  const out = new Map<string, { method: string; path: string }>();
  for (const router of routers)
    for (const layer of router.stack)
      for (const method of layer.methods) {
        if (method === 'HEAD') continue; // implied by GET
        const p = String(layer.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        out.set(`${method} ${p}`, { method, path: p });
      }
  return [...out.values()];
}

describe('the document covers the API', () => {
  it('lists every registered route (app-level ones included) and nothing else', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/health' }, { method: 'GET', path: '/api/openapi.json' }]));
    const missing = routes.filter((r) => !doc.paths[r.path]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('describes every route in api/src/openapi/routes.ts, and that table names no route that is gone', () => {
    const keys = new Set(appRoutes().map((r) => `${r.method} ${r.path}`));
    const undescribed = [...keys].filter((k) => !OPERATIONS[k]);
    expect(undescribed).toEqual([]); // add an entry for a new route in api/src/openapi/routes.ts
    const stale = Object.keys(OPERATIONS).filter((k) => !keys.has(k));
    expect(stale).toEqual([]);
    // The CORS allow-list names real routes too.
    const strayPublic = PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`).filter((k) => !keys.has(k));
    expect(strayPublic).toEqual([]);
  });

  it("reads parameters, bodies and sign-in off the routes' own guards", () => {
    const list = doc.paths['/api/trainers'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['location', 'online', 'inPerson', 'maxPrice', 'specialty', 'minRating', 'sort', 'page', 'limit']),
    );
    expect(list.parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 48 });
    expect(list.security).toBeUndefined();
    const byId = doc.paths['/api/trainers/{id}'].get;
    expect(byId.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) })]);
    const review = doc.paths['/api/reviews'].post;
    expect(review.security).toEqual([{ session: [] }]);
    expect(review.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['trainerId', 'rating']));
    expect(Object.keys(review.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401', '429']));
    const signup = doc.paths['/api/auth/signup'].post;
    expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'confirmPassword']),
    );
    const beacon = doc.paths['/api/partners/events'].post;
    expect(Object.keys(beacon.requestBody.content)).toEqual(['text/plain', 'application/json']);
  });
});

describe('the document is valid OpenAPI 3.1', () => {
  /** The validator is ESM-only: run it in a child Node process on the document. */
  function validate(document: unknown): { valid: boolean; version?: string; errors?: unknown } {
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      let input = '';
      for await (const chunk of process.stdin) input += chunk;
      const v = new Validator();
      const r = await v.validate(JSON.parse(input));
      process.stdout.write(JSON.stringify({ valid: r.valid, version: v.version, errors: r.errors }));
    `;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.join(__dirname, '..'),
      input: JSON.stringify(document),
      encoding: 'utf8',
      timeout: 60000,
    });
    if (out.status !== 0) throw new Error(`validator failed: ${out.stderr}`);
    return JSON.parse(out.stdout);
  }

  it('passes the official 3.1 schema', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const r = validate(doc);
    expect(r.errors ?? null).toBeNull();
    expect(r).toMatchObject({ valid: true, version: '3.1' });
  });

  it('and the check can fail: a document without info, or with a malformed operation, is refused', () => {
    const { info: _info, ...noInfo } = doc;
    expect(validate(noInfo).valid).toBe(false);
    const broken = structuredClone(doc);
    broken.paths['/api/trainers'].get.responses = 'none';
    expect(validate(broken).valid).toBe(false);
  });

  it('has a unique operationId per operation', () => {
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the trainer reads' response schemas accept real answers", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  let owner: Agent;
  let trainerId: number;

  beforeAll(async () => {
    ajv.addSchema(doc, 'openapi.json');
    await runSeed();
    // One trainer of our own with a photo and a review, so nullable fields are seen both ways.
    owner = api.agent();
    ({ trainer: { id: trainerId } } = await makeTrainer(owner, { location: 'LS6 2AB' }));
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#cc3366' } }).png().toBuffer();
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fetch(`${api.url}/api/trainers/${trainerId}/upload-photo`, { method: 'POST', body: form, headers: { cookie } })).status).toBe(200);
    const client = api.agent();
    await signUpAndLogin(client);
    expect((await client.post('/api/reviews', { trainerId, rating: 4, comment: 'Clear coaching.' })).status).toBe(201);
  });

  /** The validator of `paths[p][method].responses[status]`'s JSON schema, $refs resolved in the document. */
  function responseValidator(p: string, status: string) {
    const pointer = `#/paths/${p.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/${status}/content/application~1json/schema`;
    return ajv.compile({ $ref: `openapi.json${pointer}` });
  }
  function expectValid(p: string, status: string, body: unknown) {
    const v = responseValidator(p, status);
    const ok = v(body);
    if (!ok) throw new Error(`${p} ${status}: ${ajv.errorsText(v.errors)}`);
  }

  it('GET /api/trainers (seeded trainers, with and without distances)', async () => {
    const anon = api.agent();
    for (const q of ['', '?location=Leeds', '?sort=price&limit=48', '?online=true&minRating=4']) {
      const r = await anon.get(`/api/trainers${q}`);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeGreaterThan(0);
      expectValid('/api/trainers', '200', r.body);
    }
    // A place that does not resolve: a text match on locations, without distances.
    const literal = await anon.get('/api/trainers?location=leeds%20road');
    expect(literal.headers.get('x-location-resolved')).toBe('false');
    expectValid('/api/trainers', '200', literal.body);
    const near = (await anon.get('/api/trainers?location=Leeds')).body;
    expect(near.some((t: { distanceMiles: number | null }) => typeof t.distanceMiles === 'number')).toBe(true);
    expect(near.some((t: { profileImage: string | null }) => t.profileImage !== null)).toBe(true);
  });

  it('GET /api/trainers/{id} and /reviews for every trainer on the first page', async () => {
    const anon = api.agent();
    const list = (await anon.get('/api/trainers?limit=48')).body as { id: number }[];
    expect(list.map((t) => t.id)).toContain(trainerId);
    let reviews = 0;
    for (const { id } of list) {
      const t = await anon.get(`/api/trainers/${id}`);
      expect(t.status).toBe(200);
      expectValid('/api/trainers/{id}', '200', t.body);
      const rv = await anon.get(`/api/trainers/${id}/reviews`);
      expect(rv.status).toBe(200);
      expectValid('/api/trainers/{id}/reviews', '200', rv.body);
      reviews += rv.body.length;
    }
    expect(reviews).toBeGreaterThan(5);
  });

  it('and would catch a drifted answer (an extra private field, a wrong type)', () => {
    const v = responseValidator('/api/trainers/{id}', '200');
    const good = { id: 1, userId: 2, user: { id: 2, firstName: 'A', lastName: 'B', location: 'Leeds' }, specialization: 's', description: 'd', yearsOfExperience: 1, specialties: [], certifications: [], education: '', sessionPrice: null, availableOnline: true, availableInPerson: false, profileImage: null, profileImageThumb: null, rating: 0, reviewCount: 0, instagramHandle: '', twitterHandle: '', websiteUrl: '' };
    expect(v(good)).toBe(true);
    expect(v({ ...good, user: { ...good.user, email: 'a@b.c' } })).toBe(false);
    expect(v({ ...good, rating: '4.5' })).toBe(false);
    expect(v({ ...good, _id: 'x' })).toBe(false);
  });

  it('errors follow the Error schema', async () => {
    const r = await api.agent().get('/api/trainers/abc');
    expect(r.status).toBe(400);
    expect(ajv.validate({ $ref: 'openapi.json#/components/schemas/Error' }, r.body)).toBe(true);
  });
});
