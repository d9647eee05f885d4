/**
 * The API rows of `npm run bench` (issue 9): autocannon on loopback, 10 connections, ~5 s per row, against
 *   - a bare Koa server (e2e/src/bare-koa.mjs: the yardstick, measured just before each API row),
 *   - the compiled API (node api/dist/index.js with scripts/api-env.mjs's flags, as `npm start` runs it: embedded database on its worker
 *     thread, demo data seeded into a temp DATA_DIR): GET /api/workouts/{id} signed in and signed out,
 *     GET /api/auth/user signed in.
 * The API first gets 10 s to settle after start (the embedded database is still flushing the seed), then each
 * target a 2 s warm-up; each API row is compared with a bare Koa run made just before it, in req/s and in the
 * server's CPU time per request (read from /proc; steadier than req/s when the machine is busy), API_RUNS times
 * (default 3; the row shows the pair with the median CPU ratio, the goal's measure). A row whose answers were not all 2xx says so (a fast error is not a
 * fast read). The machine is shared: read the ratios, not the absolute numbers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { WORKOUT_FORM_DEFAULTS } from '@fitconnect/contracts';
import { API_NODE_FLAGS } from '../../scripts/api-env.mjs';

export interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  total: number;
  non2xx: number;
  errors: number;
  /** CPU time (user + system, every thread) the server process spent per answered request, in µs; null off Linux. */
  cpuUsPerRequest: number | null;
}

/** CPU time used so far by a process and all its threads, in µs (Linux /proc), or null. */
function processCpuUs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

export interface ApiBench {
  /**
   * Each API row with the bare Koa run measured just before it (the machine's load drifts; adjacent runs compare
   * best): API_RUNS pairs (default 3), and the pair whose CPU ratio is their median as `result` and `bare`.
   */
  rows: { name: string; result: LoadResult; bare: LoadResult; signedIn: boolean; cpuRatios: number[] }[];
  /**
   * Bare Koa with `workUs` µs of CPU spun in each request, paired with bare Koa as the rows are: how this machine
   * scores a server that only does more work per request. The ratio is not linear in the work: a slower server
   * also pays more of the kernel's and the event loop's per-request cost (docs/performance.md).
   */
  calibration: { workUs: number; result: LoadResult; bare: LoadResult; cpuRatios: number[] };
}

/** The calibration row's busy work per request, in µs. */
export const CALIBRATION_WORK_US = 30;

/** API_RUNS pairs of (bare Koa, target), each target run just after its bare Koa run; the pair with the median CPU ratio. */
async function pairs(bare: { url: string; child: ChildProcess }, target: { url: string; headers: Record<string, string>; pid: number | undefined }) {
  const all: { bare: LoadResult; result: LoadResult }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const b = await load(bare.url, {}, SECONDS, bare.child.pid);
    all.push({ bare: b, result: await load(target.url, target.headers, SECONDS, target.pid) });
  }
  const byRatio = [...all].sort((a, b) => cpuRatio(a) - cpuRatio(b));
  return { ...byRatio[Math.floor(byRatio.length / 2)], cpuRatios: all.map(cpuRatio) };
}

/** Bare Koa's CPU per request over the API's: how much of bare Koa's speed the API keeps (1 = as cheap). */
export const cpuRatio = (pair: { result: LoadResult; bare: LoadResult }) =>
  pair.result.cpuUsPerRequest && pair.bare.cpuUsPerRequest ? pair.bare.cpuUsPerRequest / pair.result.cpuUsPerRequest : NaN;

const RUNS = Math.max(1, Number(process.env.API_RUNS ?? 3));

const CONNECTIONS = 10;
const SECONDS = 5;

function start(name: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, cwd: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within 180 s:\n${log}`));
    }, 180_000);
    const onData = (d: Buffer) => {
      log = (log + d.toString()).slice(-4000);
      const m = ready.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${log}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Load `url` for `seconds`. With the server's pid, also its CPU time per request: on a shared machine the
 * req/s of two servers measured a few seconds apart drift with the load, their CPU cost per request much less.
 */
export async function load(url: string, headers: Record<string, string> = {}, seconds = SECONDS, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = processCpuUs(serverPid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpuAfter = processCpuUs(serverPid);
  const cpuUsPerRequest = cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? (cpuAfter - cpuBefore) / r.requests.total : null;
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, total: r.requests.total, non2xx: r.non2xx, errors: r.errors, cpuUsPerRequest };
}

/** The session cookies (name=value pairs) a response sets. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function benchApi(root: string): Promise<ApiBench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-apibench-'));
  const started: ChildProcess[] = [];
  try {
    const bareKoa = await start('bare Koa', [path.join(root, 'e2e', 'src', 'bare-koa.mjs')], {}, /listening on (http:\/\/\S+)/, root);
    started.push(bareKoa.child);
    const api = await start(
      'the API',
      // The node flags npm start gives the API (scripts/api-env.mjs).
      [...API_NODE_FLAGS, path.join(root, 'api', 'dist', 'index.js')],
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT: 'off', MONGODB_URI: '', NODE_ENV: 'production' },
      /API listening on (http:\/\/\S+)/,
      root,
    );
    started.push(api.child);
    const apiUrl = api.url.replace('localhost', '127.0.0.1');

    // A fresh account with one generated workout.
    const tag = Date.now().toString(36);
    const password = 'bench-pass-1';
    const signup = await fetch(`${apiUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench_${tag}`, email: `bench_${tag}@example.com`, firstName: 'Bench', lastName: 'Mark', location: '', password, confirmPassword: password, isTrainer: false }),
    });
    if (signup.status !== 201) throw new Error(`bench signup failed: ${signup.status} ${await signup.text()}`);
    const cookie = cookiesOf(signup);
    const gen = await fetch(`${apiUrl}/api/generate-workout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...WORKOUT_FORM_DEFAULTS, duration: 30 }),
    });
    if (gen.status !== 201) throw new Error(`bench workout generation failed: ${gen.status} ${await gen.text()}`);
    const workoutId = ((await gen.json()) as { id: number }).id;
    const workoutUrl = `${apiUrl}/api/workouts/${workoutId}`;

    // Each target answers what it should before it is loaded.
    const owner = (await (await fetch(workoutUrl, { headers: { cookie } })).json()) as { id: number; description?: string };
    const anonymous = (await (await fetch(workoutUrl)).json()) as { id: number; description?: string };
    const me = (await (await fetch(`${apiUrl}/api/auth/user`, { headers: { cookie } })).json()) as { user: { id: number } | null };
    if (owner.id !== workoutId || owner.description === undefined) throw new Error('signed-in GET /api/workouts/{id} did not answer the owner view');
    if (anonymous.id !== workoutId || anonymous.description !== undefined) throw new Error('signed-out GET /api/workouts/{id} did not answer the public view');
    if (!me.user) throw new Error('GET /api/auth/user did not see the session');

    const targets: { name: string; url: string; headers: Record<string, string>; signedIn: boolean }[] = [
      { name: 'GET /api/workouts/{id} signed in', url: workoutUrl, headers: { cookie }, signedIn: true },
      { name: 'GET /api/workouts/{id} signed out', url: workoutUrl, headers: {}, signedIn: false },
      { name: 'GET /api/auth/user signed in', url: `${apiUrl}/api/auth/user`, headers: { cookie }, signedIn: true },
    ];
    await new Promise((r) => setTimeout(r, 10_000));
    await load(bareKoa.url, {}, 2);
    const rows: ApiBench['rows'] = [];
    for (const t of targets) {
      await load(t.url, t.headers, 2);
      rows.push({ name: t.name, ...(await pairs(bareKoa, { ...t, pid: api.child.pid })), signedIn: t.signedIn });
    }
    // The calibration: the API is stopped first, so that it does not share the machine with the busy server.
    await stop(api.child);
    const busy = await start('bare Koa with busy work', [path.join(root, 'e2e', 'src', 'bare-koa.mjs')], { BARE_KOA_WORK_US: String(CALIBRATION_WORK_US) }, /listening on (http:\/\/\S+)/, root);
    started.push(busy.child);
    await load(busy.url, {}, 2);
    const calibration = { workUs: CALIBRATION_WORK_US, ...(await pairs(bareKoa, { url: busy.url, headers: {}, pid: busy.child.pid })) };
    return { rows, calibration };
  } finally {
    await Promise.all(started.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
