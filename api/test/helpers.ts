/**
 * Integration-test harness: an in-memory embedded MongoDB, the real app on 127.0.0.1:0, and a small
 * fetch client with a cookie jar. Tests talk to the API over real HTTP.
 *
 *   const api = await startTestApi();
 *   const a = api.agent();
 *   const { user } = await signUpAndLogin(a);
 *   const r = await a.get('/api/auth/user');   // { status, body, headers, text }
 *   await api.stop();
 *
 * One startTestApi per test file at a time (models live on mongoose's default connection).
 */
import http from 'node:http';
import type Router from '@koa/router';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import { createApp, randomSecret } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connectDb, disconnectDb } from '../src/db/connect';
import { memoryLogger } from '../src/log';
import { afterAnswerSettled } from '../src/mail/afterAnswer';
import type { AppDeps } from '../src/context';
import type { PublicUser } from '@fitconnect/contracts';

export interface TestApiOverrides extends Partial<Omit<AppDeps, 'config'>> {
  config?: Partial<Config>;
  /** Extra routers mounted after the modules (e.g. a route that throws, to test the 500 path). */
  extraRouters?: Router[];
}

export interface TestApi {
  /** Base URL, e.g. http://127.0.0.1:51234 (stays the same across restart()). */
  readonly url: string;
  /** MongoDB URI of the embedded server. */
  readonly mongoUri: string;
  readonly config: Config;
  /** Log lines written by the app (mail in the dev outbox is logged here too). */
  readonly logLines: string[];
  agent(): Agent;
  /** Stop the HTTP server and the mongoose connection, then start a fresh app on the same database and port. */
  restart(overrides?: TestApiOverrides): Promise<void>;
  /** Messages in the dev outbox (DATA_DIR/outbox), oldest first, once mail sent after an answer went out. */
  outbox(): Promise<OutboxMessage[]>;
  stop(): Promise<void>;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  file: string;
}

export interface AgentResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface Agent {
  get<T = any>(path: string): Promise<AgentResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<AgentResponse<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<AgentResponse<T>>;
  put<T = any>(path: string, body?: unknown): Promise<AgentResponse<T>>;
  delete<T = any>(path: string, body?: unknown): Promise<AgentResponse<T>>;
  /** Anything else: raw string/Buffer bodies, custom headers. */
  request<T = any>(method: string, path: string, opts?: { json?: unknown; raw?: string; headers?: Record<string, string> }): Promise<AgentResponse<T>>;
  /** The cookie jar (name -> value). */
  cookies: Map<string, string>;
}

export function createAgent(baseUrl: () => string): Agent {
  const cookies = new Map<string, string>();
  async function request(method: string, p: string, opts: { json?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    } else if (opts.raw !== undefined) {
      body = opts.raw;
    }
    const res = await fetch(baseUrl() + p, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now());
      if (!value || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any, text, headers: res.headers };
  }
  return {
    cookies,
    request,
    get: (p) => request('GET', p),
    post: (p, b) => request('POST', p, { json: b }),
    patch: (p, b) => request('PATCH', p, { json: b }),
    put: (p, b) => request('PUT', p, { json: b }),
    delete: (p, b) => request('DELETE', p, { json: b }),
  };
}

let seq = 0;
/** A second agent holding the same cookies as `from` (the same browser, or whoever stole the cookie), against `baseUrl`. */
export function sameCookie(from: Agent, baseUrl: () => string): Agent {
  const b = createAgent(baseUrl);
  for (const [k, v] of from.cookies) b.cookies.set(k, v);
  return b;
}

/** A fresh signed-in account on its own agent of `api` (its session cookie): the agent, the id, the name and address used. */
export async function newSignedInUser(api: Pick<TestApi, 'agent'>, partial: Parameters<typeof signUpAndLogin>[1] = {}) {
  const agent = api.agent();
  const { user, username, email } = await signUpAndLogin(agent, partial);
  return { agent, id: user.id, username, email };
}

/** Sign up a fresh account on this agent (signup signs in). Returns the user and the password used. */
export async function signUpAndLogin(
  agent: Agent,
  partial: Partial<{ username: string; email: string; firstName: string; lastName: string; location: string; password: string; isTrainer: boolean }> = {},
): Promise<{ user: PublicUser; password: string; username: string; email: string }> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e4)}`;
  const password = partial.password ?? 'secret123';
  const input = {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    firstName: 'Test',
    lastName: 'User',
    location: partial.isTrainer ? 'Leeds' : '',
    isTrainer: false,
    ...partial,
    password,
    confirmPassword: password,
  };
  const res = await agent.post('/api/auth/signup', input);
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { user: res.body.user, password, username: input.username, email: input.email };
}

export async function startTestApi(overrides: TestApiOverrides = {}): Promise<TestApi> {
  const db = await startEmbeddedMongo();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fitconnect-api-test-'));
  const logger = memoryLogger();
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    sessionSecret: randomSecret(),
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    rateLimit: 1000,
    // A cheap scrypt (the app's default is OWASP's N=2^17, ~0.4 s and 128 MiB a hash): tests create many users.
    // test/security/sign-in.test.ts checks the default and the re-hash of older hashes.
    scrypt: { N: 1024, r: 8, p: 1 },
    ...overrides.config,
  };
  let server: http.Server | undefined;
  let port = 0;

  async function start(o: TestApiOverrides) {
    await connectDb(db.uri);
    const { config: cfgOverrides, ...deps } = o;
    const app = createApp({ logger, ...deps, config: { ...config, ...cfgOverrides } });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  }
  async function closeServer() {
    if (!server) return;
    const s = server;
    server = undefined;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start(overrides);
  const api: TestApi = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    mongoUri: db.uri,
    config,
    logLines: logger.lines,
    agent: () => createAgent(() => api.url),
    async restart(o = overrides) {
      await closeServer();
      await disconnectDb();
      await start(o);
    },
    async outbox() {
      await afterAnswerSettled();
      const dir = path.join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
      } catch {
        return [];
      }
      return Promise.all(
        files.map(async (f) => ({ ...(JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Omit<OutboxMessage, 'file'>), file: f })),
      );
    },
    async stop() {
      await closeServer();
      await disconnectDb();
      await db.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return api;
}
