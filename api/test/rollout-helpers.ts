/** Helpers of the rollout tests: a tiny server of mf-manifest.json files, and the operator's agent. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { resolveOperatorToken } from '../src/rollout/options';
import { signVisitorId, visitorKey } from '../src/rollout/visitor';
import type { Agent, TestApi } from './helpers';

export const SINGLETONS = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router-dom': '7.18.5', zustand: '5.1.0', '@fitconnect/shared-ui': '0.1.0' };

/** A manifest shaped like the ones the remotes' builds write. */
export function manifest(name = 'mfe_trainers', shared: Record<string, string> = SINGLETONS, buildVersion = '0.1.0') {
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      buildInfo: { buildVersion, buildName: name.replace('_', '-') },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: Object.entries(shared).map(([pkg, version]) => ({ id: `${name}:${pkg}`, name: pkg, version, singleton: true, requiredVersion: `^${version}` })),
    remotes: [],
    exposes: [{ id: `${name}:routes`, name: 'routes', path: './routes' }],
  };
}

interface Route {
  status?: number;
  body?: unknown;
  raw?: string;
  /** Never answer (a hung server). */
  hang?: boolean;
  /** Answer after this many milliseconds (a slow server). */
  delayMs?: number;
}

export interface ManifestServer {
  url: string;
  set(path: string, route: Route): void;
  /** Resolves when the server next receives a request for `path`. */
  requested(path: string): Promise<void>;
  close(): Promise<void>;
}

export async function startManifestServer(): Promise<ManifestServer> {
  const routes = new Map<string, Route>();
  const waiting = new Map<string, (() => void)[]>();
  const server = http.createServer((req, res) => {
    for (const resolve of waiting.get(req.url ?? '') ?? []) resolve();
    waiting.delete(req.url ?? '');
    const r = routes.get(req.url ?? '');
    if (!r) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (r.hang) return;
    const send = () => {
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
      res.end(r.raw ?? JSON.stringify(r.body));
    };
    if (r.delayMs) setTimeout(send, r.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    set: (p, route) => routes.set(p, route),
    requested: (p) => new Promise<void>((resolve) => waiting.set(p, [...(waiting.get(p) ?? []), resolve])),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Calls with an operator's bearer token (by default the one the API keeps in DATA_DIR/operator-token).
 * Changes carry a reason (required since issue 34) unless the body gives its own.
 */
export function operator(api: TestApi, token = resolveOperatorToken(api.config.dataDir, {}), reason = 'test change') {
  const a: Agent = api.agent();
  const headers = { authorization: `Bearer ${token}` };
  const post = (path: string, body: Record<string, unknown> = {}) => a.request('POST', path, { json: { reason, ...body }, headers });
  return {
    token,
    status: () => a.request('GET', '/api/ops/rollout', { headers }),
    set: (area: string, body: Record<string, unknown>) => post(`/api/ops/rollout/${area}/set`, body),
    plan: (area: string, body: Record<string, unknown>) => post(`/api/ops/rollout/${area}/plan`, body),
    promote: (area: string, body?: Record<string, unknown>) => post(`/api/ops/rollout/${area}/promote`, body),
    rollback: (area: string, body?: Record<string, unknown>) => post(`/api/ops/rollout/${area}/rollback`, body),
    kill: (area: string, body?: Record<string, unknown>) => post(`/api/ops/rollout/${area}/kill`, body),
    release: (area: string, body?: Record<string, unknown>) => post(`/api/ops/rollout/${area}/release`, body),
    preview: (area: string, body: Record<string, unknown>) => post(`/api/ops/rollout/${area}/preview`, body),
    log: (query = '') => a.request('GET', `/api/ops/rollout/log${query}`, { headers }),
    revert: (entry: number | string, body?: Record<string, unknown>) => post(`/api/ops/rollout/log/${entry}/revert`, body),
    /** A raw call (e.g. without a reason). */
    raw: (method: string, path: string, json?: unknown) => a.request(method, path, { json, headers }),
  };
}

/** A fresh visitor's remotes: returns the agent (holding its fc_vid cookie) and the trainers entry. */
export async function freshVisitor(api: TestApi, area = 'trainers') {
  const a = api.agent();
  const r = await a.get('/api/rollout/remotes');
  if (r.status !== 200) throw new Error(`remotes answered ${r.status} ${r.text}`);
  return { agent: a, entry: r.body.remotes.find((x: { area: string }) => x.area === area) as { version: string; entry: string; fallback?: { entry: string; version: string } } };
}

/**
 * Visitor ids shaped like the real ones (22 base64url characters) and the same on every run, for the
 * tests that count how many visitors land on a candidate (random ids would fail such a check by chance).
 */
export const fixedVisitorIds = (n: number, tag = 'visitor') =>
  Array.from({ length: n }, (_, i) => createHash('sha256').update(`${tag}-${i}`).digest('base64url').slice(0, 22));

/** The fc_vid cookie the API would issue for this id (signed with the test API's session secret). */
export const visitorCookie = (api: TestApi, id: string) => `fc_vid=${signVisitorId(visitorKey(api.config.sessionSecret!), id)}`;

/** A visitor holding the API-signed cookie of a given id: its agent and the area's entry. */
export async function knownVisitor(api: TestApi, id: string, area = 'trainers', headers: Record<string, string> = {}) {
  const a = api.agent();
  const r = await a.request('GET', '/api/rollout/remotes', { headers: { cookie: visitorCookie(api, id), ...headers } });
  if (r.status !== 200) throw new Error(`remotes answered ${r.status} ${r.text}`);
  a.cookies.set('fc_vid', visitorCookie(api, id).slice('fc_vid='.length));
  return { agent: a, entry: r.body.remotes.find((x: { area: string }) => x.area === area) as { version: string; entry: string; fallback?: { entry: string; version: string } } };
}
