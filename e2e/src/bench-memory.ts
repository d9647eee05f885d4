/**
 * `npm start` for the bench (issue 35.5 and "the bench starts everything it measures on spare ports"):
 *
 *   const app = await startNpmStart();     // node scripts/start.mjs, every port spare, own DATA_DIR
 *   app.rssMb()                            // resident memory of it and every process under it
 *   await mixedLoad(app, 100_000)          // 100,000 mixed requests (pages, assets, API reads and writes, bad input)
 *   await app.stop()
 *
 * Every port scripts/start.mjs listens on (shell, API, five remotes, demo partner site) is asked of the OS
 * first, so the bench runs beside a developer's `npm start` on the default ports. The variables that would
 * point the started site elsewhere (REMOTE_<AREA>_URL, PUBLIC_URL, API_URL, MONGODB_URI) are dropped.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './harness';

/** Ports the OS says are free right now (all held at once, so they differ). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: n }, () => new Promise<net.Server>((resolve) => { const s = net.createServer(); s.listen(0, '0.0.0.0', () => resolve(s)); })),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

export interface NpmStart {
  url: string;
  apiUrl: string;
  child: ChildProcess;
  /** Resident memory (MB) of node scripts/start.mjs and every process under it, and how many processes. */
  rss(): { mb: number; processes: number; byProcess: { pid: number; mb: number; cmd: string }[] };
  output(): string;
  stop(): Promise<void>;
}

const AREAS = ['WORKOUTS', 'TRAINERS', 'MESSAGES', 'COMMUNITY', 'CHALLENGES'];

export async function startNpmStart(script = path.join(ROOT, 'scripts', 'start.mjs')): Promise<NpmStart> {
  const [shell, api, partner, ...remote] = await freePorts(3 + AREAS.length);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['PUBLIC_URL', 'API_URL', 'MONGODB_URI', 'PORT', ...AREAS.map((a) => `REMOTE_${a}_URL`)]) delete env[k];
  Object.assign(env, {
    SHELL_PORT: String(shell),
    API_PORT: String(api),
    PARTNER_DEMO_PORT: String(partner),
    ...Object.fromEntries(AREAS.map((a, i) => [`REMOTE_${a}_PORT`, String(remote[i])])),
    DATA_DIR: dataDir,
    // The bench's load comes from one address: the per-visitor limits would answer 429 to most of it.
    RATE_LIMIT: 'off',
  });
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const until = Date.now() + 300_000;
  while (!out.includes('FitConnect is running') && Date.now() < until && child.exitCode === null) await new Promise((r) => setTimeout(r, 300));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (!out.includes('FitConnect is running')) {
    await stop();
    throw new Error(`npm start did not come up:\n${out.slice(-3000)}`);
  }
  const tree = (pid: number): number[] => {
    let kids: number[] = [];
    try {
      kids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      /* ps exits 1 when a process has no children */
    }
    return [pid, ...kids.flatMap(tree)];
  };
  const info = (pid: number) => {
    try {
      const [rss, ...cmd] = execFileSync('ps', ['-o', 'rss=,args=', '-p', String(pid)]).toString().trim().split(/\s+/);
      return { pid, mb: Number(rss || 0) / 1024, cmd: cmd.join(' ').slice(0, 80) };
    } catch {
      return { pid, mb: 0, cmd: '?' };
    }
  };
  return {
    url: `http://127.0.0.1:${shell}`,
    apiUrl: `http://127.0.0.1:${api}`,
    child,
    rss() {
      const byProcess = tree(child.pid!).map(info);
      return { mb: byProcess.reduce((n, p) => n + p.mb, 0), processes: byProcess.length, byProcess };
    },
    output: () => out,
    stop,
  };
}

/** The session cookies (name=value pairs) a response sets. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * `total` requests through the shell's origin (as browsers send them), 10 connections, cycling through a mix:
 * the landing HTML and a deep link, /remotes.json, built JS files of the shell and a remote, public API reads
 * (trainer directory pages and searches, a profile, challenges, exercises, community), signed-in reads
 * (the current user, the own plan, conversations), signed-out 401s, malformed input (400s) and unknown
 * paths (404s), with query strings that vary so every read cache sees many keys.
 */
export async function mixedLoad(app: NpmStart, total: number): Promise<{ seconds: number; non2xx: number; errors: number; byStatus: Record<string, number> }> {
  const tag = Date.now().toString(36);
  const password = 'bench-pass-1';
  const signup = await fetch(`${app.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `mem_${tag}`, email: `mem_${tag}@example.com`, firstName: 'Bench', lastName: 'Mark', location: 'Leeds', password, confirmPassword: password, isTrainer: false }),
  });
  if (signup.status !== 201) throw new Error(`bench signup failed: ${signup.status} ${await signup.text()}`);
  const cookie = cookiesOf(signup);
  const gen = await fetch(`${app.url}/api/generate-workout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ age: 30, gender: 'prefer-not-to-say', fitnessLevel: 'beginner', focusArea: 'full body', duration: 20, equipment: ['bodyweight'], goals: ['general fitness'], injuries: [] }),
  });
  const workoutId = gen.ok ? ((await gen.json()) as { id: number }).id : 1;
  const shellAssets = readdirSync(path.join(ROOT, 'shell', 'dist')).filter((f) => f.endsWith('.js')).slice(0, 3);
  const places = ['Leeds', 'London', 'Manchester', 'Bristol', 'York', 'Glasgow', 'Cardiff', 'Nowhere'];
  const specialties = ['yoga', 'strength', 'hiit', 'pilates', 'running', 'boxing'];
  let n = 0;
  // Paths vary with a counter, so caches keyed by URL see many keys (a bounded cache stays bounded).
  const mix: ((i: number) => { method?: string; path: string; headers?: Record<string, string>; body?: string })[] = [
    () => ({ path: '/' }),
    (i) => ({ path: `/trainers/${(i % 20) + 1}` }),
    () => ({ path: '/remotes.json' }),
    (i) => ({ path: `/${shellAssets[i % Math.max(1, shellAssets.length)] ?? 'index.html'}`, headers: { 'accept-encoding': 'br, gzip' } }),
    (i) => ({ path: `/api/trainers?page=${(i % 7) + 1}` }),
    (i) => ({ path: `/api/trainers?location=${places[i % places.length]}&page=${(i % 3) + 1}` }),
    (i) => ({ path: `/api/trainers?specialty=${specialties[i % specialties.length]}&minRating=${i % 5}` }),
    (i) => ({ path: `/api/trainers/${(i % 20) + 1}` }),
    () => ({ path: '/api/challenges' }),
    (i) => ({ path: `/api/challenges/${(i % 5) + 1}` }),
    (i) => ({ path: `/api/exercises?q=${['squat', 'push', 'plank', 'lunge', 'row'][i % 5]}${i}` }),
    () => ({ path: '/api/community-reviews' }),
    (i) => ({ path: `/api/trainers/${(i % 20) + 1}/reviews` }),
    (i) => ({ path: `/api/challenges/${(i % 5) + 1}/participants` }),
    () => ({ path: '/api/auth/user', headers: { cookie } }),
    () => ({ path: `/api/workouts/${workoutId}`, headers: { cookie } }),
    () => ({ path: '/api/messages', headers: { cookie } }),
    () => ({ path: '/api/ai-workouts/saved', headers: { cookie } }),
    () => ({ path: '/api/auth/user' }),
    () => ({ path: '/api/messages' }),
    (i) => ({ method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: `{"username":${i},"password":` }),
    (i) => ({ method: 'POST', path: '/api/generate-workout', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ age: -i }) }),
    (i) => ({ path: `/api/no-such-thing-${i}` }),
  ];
  const started = Date.now();
  const r = await autocannon({
    url: app.url,
    connections: 10,
    amount: total,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const m = mix[i % mix.length](Math.floor(i / mix.length));
          return { ...req, method: (m.method ?? 'GET') as 'GET', path: m.path, headers: { ...(m.headers ?? {}) }, body: m.body };
        },
      },
    ],
  });
  const byStatus: Record<string, number> = {};
  for (const k of ['1xx', '2xx', '3xx', '4xx', '5xx'] as const) byStatus[k] = (r as unknown as Record<string, number>)[k] ?? 0;
  return { seconds: (Date.now() - started) / 1000, non2xx: r.non2xx, errors: r.errors, byStatus };
}

/**
 * Resident memory after a load, sampled every 3 s while the site is idle for `idleMs` (default 45 s).
 * Right after a burst the API's V8 heap still holds the burst's garbage (measured: 151 MB used before a
 * forced GC, 40 MB after, the same as after start); V8's memory reducer collects it and gives the pages
 * back once the process has been idle for a while (measured 18-27 s after the load). So `first` (3 s after
 * the load) is the garbage high-water mark and `last` (after the idle time) is what stays resident.
 */
export async function rssAfterIdle(app: NpmStart, idleMs = 45_000): Promise<{ first: ReturnType<NpmStart['rss']>; last: ReturnType<NpmStart['rss']>; peakMb: number }> {
  await new Promise((r) => setTimeout(r, 3000));
  const first = app.rss();
  let last = first;
  let peakMb = first.mb;
  for (let waited = 3000; waited < idleMs; waited += 3000) {
    await new Promise((r) => setTimeout(r, 3000));
    last = app.rss();
    peakMb = Math.max(peakMb, last.mb);
  }
  return { first, last, peakMb };
}
