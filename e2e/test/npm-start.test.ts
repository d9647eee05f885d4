import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from '@fitconnect/build-config/child-env';
import { ROOT } from '../src/harness';

// `npm start` as a newcomer runs it: scripts/start.mjs with the compiled API (api/dist, embedded database
// on its worker thread, seeded on first run), one static-server process for the shell and every remote, and
// the demo partner site. The browser tests drive the same builds through the harness, which starts the API
// from its TypeScript sources; this test is what notices when the compiled API or start.mjs itself breaks
// (for example a data file the API reads that the build does not copy).

const REMOTE_AREAS = ['workouts', 'trainers', 'messages', 'community', 'challenges'] as const;

/**
 * The lowest port the system hands out for port 0 (Linux: ip_local_port_range; 32768 elsewhere, the IANA
 * dynamic range starts higher still).
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 1024) return low;
  } catch {
    // not Linux
  }
  return 32768;
}

const taken = new Set<number>();

/**
 * A free port for npm start, which is given port numbers and binds them only later (after its build check and
 * seed). Not one the system chose for port 0: that range is where every other test server on the machine
 * (started with port 0, in parallel) gets its port, so one of them could take it meanwhile. A random free
 * port below that range is not handed out to them.
 */
async function freePort(): Promise<number> {
  const high = ephemeralLow() - 1;
  // (A system whose port-0 range starts low leaves no room below it: take a port-0 port then, as before.)
  const low = high >= 11_024 ? Math.min(20_000, high - 5_000) : 0;
  for (;;) {
    const port = low ? low + Math.floor(Math.random() * (high - low + 1)) : 0;
    if (taken.has(port)) continue;
    const free = await new Promise<number>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(0));
      srv.listen({ port, host: '0.0.0.0', exclusive: true }, () => {
        const addr = srv.address();
        const got = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(got));
      });
    });
    if (free && !taken.has(free)) {
      taken.add(free);
      return free;
    }
  }
}

let child: ChildProcess | null = null;
let output = '';
let dataDir = '';
const ports: Record<string, number> = {};

function waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (pattern.test(output)) {
        clearInterval(timer);
        resolve();
      } else if (child?.exitCode !== null && child?.exitCode !== undefined) {
        clearInterval(timer);
        reject(new Error(`npm start exited (${child.exitCode}) before it was ready:\n${output.slice(-4000)}`));
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`npm start did not print ${pattern} within ${timeoutMs} ms:\n${output.slice(-4000)}`));
      }
    }, 250);
  });
}

beforeAll(async () => {
  for (const name of ['API_PORT', 'SHELL_PORT', 'PARTNER_DEMO_PORT', ...REMOTE_AREAS.map((a) => `REMOTE_${a.toUpperCase()}_PORT`)]) {
    ports[name] = await freePort();
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-npm-start-'));
  // Only the allow-listed part of our environment (build-config/child-env.js): configuration or secrets the
  // developer's shell may carry (MONGODB_URI, API_URL, OPENAI_API_KEY, SMTP_URL...) must not leak in, since
  // npm start's defaults are under test.
  const env = childEnv({ DATA_DIR: dataDir, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) });
  child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // Builds only what is missing or stale (npm test has just built everything), then seeds a fresh database.
  await waitForOutput(/FitConnect is running: open http:\/\/localhost:\d+/, 240_000);
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const shell = (p: string) => `http://127.0.0.1:${ports.SHELL_PORT}${p}`;

test('the site answers on the printed address: the page, the remotes manifest and every remote', async () => {
  expect(output).toContain(`open http://localhost:${ports.SHELL_PORT}`);
  const page = await fetch(shell('/trainers'));
  expect(page.status).toBe(200);
  // Rendered on the server (issue 32, docs/ssr.md): npm start builds and serves the server builds too.
  const html = await page.text();
  expect(html).toMatch(/<div id="root" data-ssr="trainers">/);
  expect(html).toMatch(/<h1[^>]*>Find a Trainer<\/h1>/);

  const manifest = (await (await fetch(shell('/remotes.json'))).json()) as { remotes: { area: string; entry: string }[] };
  expect(manifest.remotes.map((r) => r.area).sort()).toEqual([...REMOTE_AREAS].sort());
  for (const area of REMOTE_AREAS) {
    const entry = manifest.remotes.find((r) => r.area === area)!.entry;
    expect(entry).toBe(`http://localhost:${ports[`REMOTE_${area.toUpperCase()}_PORT`]}/mf-manifest.json`);
    const res = await fetch(entry.replace('localhost', '127.0.0.1'));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { metaData?: { remoteEntry?: unknown } }).metaData?.remoteEntry).toBeTruthy();
  }
});

test('the compiled API is up behind the shell with the seeded demo data (place search included)', async () => {
  const health = await fetch(shell('/api/health'));
  expect(health.status).toBe(200);
  // A place search reads the geo data files the compiled API must carry with it.
  const res = await fetch(shell('/api/trainers?location=Leeds&limit=3'));
  expect(res.status).toBe(200);
  expect(res.headers.get('x-location-resolved')).toBe('true');
  const trainers = (await res.json()) as { distanceMiles: number | null }[];
  expect(trainers.length).toBe(3);
  expect(trainers.every((t) => typeof t.distanceMiles === 'number')).toBe(true);

  const signin = await fetch(shell('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  expect(signin.status).toBe(200);
});

test('the partner widget is served on the site and the demo partner site is up', async () => {
  const loader = await fetch(shell('/embed/trainer-finder.js'));
  expect(loader.status).toBe(200);
  expect(loader.headers.get('content-type')).toMatch(/javascript/);
  const demo = await fetch(`http://127.0.0.1:${ports.PARTNER_DEMO_PORT}/`);
  expect(demo.status).toBe(200);
  expect(await demo.text()).toContain('fitconnect-trainer-finder');
});

test('Ctrl-C stops every process it started', async () => {
  const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
  child!.kill('SIGINT');
  expect(await exited).toBe(0);
  // Nothing is left listening on the ports it used.
  for (const port of Object.values(ports)) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    expect({ port, open }).toEqual({ port, open: false });
  }
}, 30_000);
