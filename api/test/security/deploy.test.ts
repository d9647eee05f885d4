/**
 * Issue 26, the API process as a deployment starts it (`node --import tsx api/src/index.ts`, as the
 * Dockerfile does): no demo accounts on a production start, and no start at all with a guessable secret
 * or an unreadable TRUST_PROXY (one clear line, non-zero exit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../src/seed';
import { trainers as seedTrainers } from '../../src/seed/data';

jest.setTimeout(240_000);
const ROOT = path.resolve(__dirname, '..', '..', '..');
const LONG = 'x'.repeat(40);
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fitconnect-deploy-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Start the API with `env` on top of a production environment (embedded database in a temp DATA_DIR). */
function startApi(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null>; waitFor: (re: RegExp) => Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MONGODB_URI: '',
      SEED_DEMO: '',
      TRUST_PROXY: '',
      SESSION_SECRET: LONG,
      OPERATOR_TOKEN: LONG,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of [...waiters]) {
      const m = out.match(w.re);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const m = out.match(re);
        if (m) return resolve(m);
        waiters.push({ re, resolve });
        // The process ending first is an answer too: fail with what it printed.
        void exited.then((code) => reject(new Error(`API exited (${code}) before ${re}:\n${out}`)));
      }),
  };
}

it('a production start on an empty database seeds nothing, says so, and a demo trainer cannot sign in', async () => {
  const api = startApi({});
  try {
    const [, url] = await api.waitFor(/API listening on (http:\/\/\S+)/);
    expect(api.output()).toContain('Demo data not seeded (SEED_DEMO is not set');
    expect(api.output()).not.toContain(`password '${DEMO_PASSWORD}'`);
    const r = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: seedTrainers[0].username, password: DEMO_PASSWORD }),
    });
    expect(r.status).toBe(401);
    const list = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/trainers`);
    expect(await list.json()).toEqual([]);
  } finally {
    api.child.kill('SIGTERM');
    await api.exited;
  }
});

it.each([
  ['OPERATOR_TOKEN', { OPERATOR_TOKEN: 'letmein' }],
  ['SESSION_SECRET', { SESSION_SECRET: 'short-secret' }],
])('refuses to start with a %s shorter than 32 characters: one line, exit code 2', async (name, env) => {
  const api = startApi(env);
  expect(await api.exited).toBe(2);
  const lines = api.output().trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${name} is ${Object.values(env)[0].length} characters long; use at least 32`);
  // Nothing started: no database, no listening.
  expect(api.output()).not.toMatch(/listening|Embedded database/i);
});

it('refuses a TRUST_PROXY it cannot read: one line, exit code 1', async () => {
  const api = startApi({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' });
  expect(await api.exited).toBe(1);
  const lines = api.output().trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/The API could not start: TRUST_PROXY must be .*cannot read "proxy\.internal"/);
});
