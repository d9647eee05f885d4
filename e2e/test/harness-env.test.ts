/**
 * No environment leaks into tests: the API, static servers and builds the harness starts get an
 * allow-list of our environment (PATH, HOME, the temp folder, locale, NODE_OPTIONS...) plus the test's
 * own settings. A developer's OPENAI_API_KEY, SMTP_URL or OPERATOR_TOKEN must not reach the test API:
 * real OpenAI calls, real mail, an operator token the test did not choose.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WORKOUT_FORM_DEFAULTS } from '@fitconnect/contracts';
import { childEnv, PASSED_ENV } from '@fitconnect/build-config/child-env';
import { apiEnv, startApiProcess, stopServer } from '../src/harness';

/** A fake OpenAI-compatible endpoint and a fake mail server: each counts who reached it. */
let openai: http.Server;
const openaiRequests: string[] = [];
let smtp: net.Server;
let smtpConnections = 0;

const saved: NodeJS.ProcessEnv = {};
let leaks: Record<string, string>;
let dataDir: string;
let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
let apiUrl: string;

beforeAll(async () => {
  openai = http.createServer((req, res) => {
    openaiRequests.push(`${req.method} ${req.url}`);
    res.writeHead(500, { 'content-type': 'application/json', connection: 'close' }).end('{"error":{"message":"fake"}}');
  });
  smtp = net.createServer((socket) => {
    smtpConnections += 1;
    socket.end('554 not a real mail server\r\n');
  });
  await new Promise<void>((r) => openai.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));

  // What a developer's shell might hold when they run the tests.
  leaks = {
    OPENAI_API_KEY: 'sk-from-the-developers-shell',
    OPENAI_BASE_URL: `http://127.0.0.1:${(openai.address() as AddressInfo).port}/v1`,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}`,
    OPERATOR_TOKEN: 'operator-token-from-the-developers-shell-0123456789',
  };
  for (const [name, value] of Object.entries(leaks)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-env-'));
  api = await startApiProcess(path.join(dataDir, 'data'));
  apiUrl = `http://127.0.0.1:${api.match[1]}`;
}, 300_000);

afterAll(async () => {
  if (api) await stopServer(api.proc);
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await new Promise<void>((r) => openai?.close(() => r()));
  await new Promise<void>((r) => smtp?.close(() => r()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("the environment the harness gives a server holds none of the developer's settings, only the allow-list and the test's own", () => {
  const env = apiEnv('/tmp/some-data');
  for (const name of Object.keys(leaks)) expect(env).not.toHaveProperty(name);
  expect(env.PATH).toBe(process.env.PATH);
  expect(env.DATA_DIR).toBe('/tmp/some-data');
  for (const name of Object.keys(env)) {
    expect([...PASSED_ENV, 'PORT', 'HOST', 'DATA_DIR', 'RATE_LIMIT', 'MONGODB_URI', 'NODE_ENV', 'SEED_DEMO']).toContain(name);
  }
  // A test that wants one of them says so.
  expect(apiEnv('/tmp/some-data', { OPENAI_API_KEY: 'sk-test' }).OPENAI_API_KEY).toBe('sk-test');
  // The same allow-list for builds and static servers.
  expect(childEnv({ API_URL: 'http://127.0.0.1:1' })).toEqual({ ...Object.fromEntries(PASSED_ENV.filter((n) => process.env[n] !== undefined).map((n) => [n, process.env[n]])), API_URL: 'http://127.0.0.1:1' });
});

/** The API's next output line matching `pattern`. */
function apiLogLine(pattern: RegExp): Promise<string> {
  const child = api!.proc.child;
  return new Promise((resolve) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const hit = lines.find((l) => pattern.test(l));
      if (!hit) return;
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      resolve(hit);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
}

/** fetch with the API's session cookie kept between calls. */
function client() {
  const cookies = new Map<string, string>();
  return async (p: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(apiUrl + p, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

test("the API the harness starts does not use the developer's operator token, OpenAI key or mail server", async () => {
  // Operator calls: the developer's token is refused; the token the API keeps in its own DATA_DIR works.
  const ops = (token: string) => fetch(`${apiUrl}/api/ops/rollout`, { headers: { authorization: `Bearer ${token}` } });
  expect((await ops(leaks.OPERATOR_TOKEN)).status).toBe(401);
  const ownToken = readFileSync(path.join(dataDir, 'data', 'operator-token'), 'utf8').trim();
  expect((await ops(ownToken)).status).toBe(200);

  const call = client();
  const email = `env_${process.pid}@example.com`;
  const signup = await call('/api/auth/signup', {
    method: 'POST',
    json: { username: `env_${process.pid}`, email, firstName: 'Erin', lastName: 'Tester', location: 'Leeds', password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(signup.status).toBe(201);

  // A workout plan: made by the built-in planner, the fake OpenAI endpoint never asked (the generation
  // finishes inside the request, so anything sent to OpenAI has arrived by the time the answer has).
  const plan = await call('/api/generate-workout', { method: 'POST', json: { ...WORKOUT_FORM_DEFAULTS, duration: 30 } });
  expect(plan.status).toBe(201);
  expect(plan.body.generator).toBe('planner');
  expect(openaiRequests).toEqual([]);

  // A password reset mail (sent after the answer): the API's log line saying where it went is the
  // sentinel; then it is in the dev outbox of the API's DATA_DIR and the fake mail server saw nobody.
  const fate = apiLogLine(new RegExp(`mail to ${email}|Mail sent to ${email}|Could not send the password reset mail`));
  const forgot = await call('/api/auth/forgot-password', { method: 'POST', json: { email } });
  expect(forgot.status).toBe(200);
  expect(await fate).toContain(`[dev outbox] mail to ${email}`);
  const outbox = readdirSync(path.join(dataDir, 'data', 'outbox')).map((f) => JSON.parse(readFileSync(path.join(dataDir, 'data', 'outbox', f), 'utf8')) as { to: string });
  expect(outbox.map((m) => m.to)).toContain(email);
  expect(smtpConnections).toBe(0);
}, 120_000);
