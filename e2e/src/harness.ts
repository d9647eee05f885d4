/**
 * Browser-test harness: the BUILT site, a real API and headless Chromium, all on ephemeral ports.
 *
 *   import { startSite, type Site } from '../src/harness';
 *
 *   let site: Site;
 *   beforeAll(async () => { site = await startSite(); });      // API + 5 remotes + shell + chromium
 *   afterAll(async () => { await site?.close(); });             // stops everything it started
 *
 *   test('landing', async () => {
 *     const page = await site.newPage();                        // fresh context (own cookies), 1280x800
 *     await page.goto(site.url('/'));
 *     ...
 *   });
 *
 * What `startSite()` does:
 *   - builds any app whose dist/ is missing (shell/dist/index.html, mfe-x/dist/mf-manifest.json); run
 *     `npm run build` first to build fresh (the harness never rebuilds an existing dist),
 *   - starts the API: `node --import tsx api/src/index.ts` with PORT=0, DATA_DIR=<temp dir> (embedded database,
 *     seeded demo data), RATE_LIMIT=off; `site.apiUrl`. Every process the harness starts gets only an
 *     allow-list of our environment plus its own settings (build-config/child-env.js): a developer's
 *     OPENAI_API_KEY, SMTP_URL or OPERATOR_TOKEN never reaches it,
 *   - serves each remote's dist with scripts/serve-static.mjs (--cors) and the shell's dist with
 *     (--spa --remotes --api); /remotes.json comes from a temp file (`site.remotesFile`), so
 *     `site.setRemoteEntry(area, url)` switches one remote's manifest URL without touching the shell,
 *   - launches Chromium headless through playwright-core: $CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 *     else the binary inside the @sparticuz/chromium package (browser.ts; nothing is downloaded),
 *   - watches every page from `site.newPage()` with the accessibility gate (a11y.ts): axe-core, WCAG 2.x
 *     A/AA, after each page load, at the end of each test and before a page the test closes itself; a
 *     serious or critical violation, or a page axe could not check, fails the test. `expectAccessible(page)`
 *     checks a chosen state explicitly.
 *
 * Other helpers: `site.remotes[area]` ({ url, manifestUrl, port, stop(), restart() }), `site.serveDir(dir)`
 * (serve another folder, e.g. a second build of a remote), `buildApp(dir, { outDir, env })`,
 * `site.signUp(page, overrides?)` (creates an account through the shell's /api proxy; the page's context is
 * then signed in), `site.logs()` (recent output of the servers, for failure messages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AccessibilityGate, formatFindings } from './a11y';
import { chooseBrowser, type BrowserChoice } from './browser';
import { childEnv } from '@fitconnect/build-config/child-env';
import { STATIC_NODE_FLAGS } from '../../scripts/static-env.cjs';

export { expectAccessible } from './a11y';

/**
 * The accessibility gate (a11y.ts): every page from `site.newPage()` is checked with axe after each
 * page load and in its final state at the end of the test; a serious or critical WCAG A/AA violation
 * fails the test.
 */
const a11yGate = new AccessibilityGate();
if (typeof afterEach === 'function') {
  afterEach(async () => {
    const findings = await a11yGate.flush();
    if (findings.length) throw new Error(formatFindings(findings));
  }, 120_000);
}

export const ROOT = path.resolve(__dirname, '..', '..');

export type AreaName = 'workouts' | 'trainers' | 'messages' | 'community' | 'challenges';

export const REMOTE_APPS: { area: AreaName; name: string; dir: string }[] = [
  { area: 'workouts', name: 'mfe_workouts', dir: 'mfe-workouts' },
  { area: 'trainers', name: 'mfe_trainers', dir: 'mfe-trainers' },
  { area: 'messages', name: 'mfe_messages', dir: 'mfe-messages' },
  { area: 'community', name: 'mfe_community', dir: 'mfe-community' },
  { area: 'challenges', name: 'mfe_challenges', dir: 'mfe-challenges' },
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const LOG_LINES = 200;

interface Proc {
  name: string;
  child: ChildProcess;
  log: string[];
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) if (c.exitCode === null) killServer(c, 'SIGKILL');
});

/**
 * Signal a server. Every server is one process (the API runs as `node --import tsx`, not through the
 * tsx CLI, whose node grandchild a SIGKILL to tsx would leave running, keeping jest from exiting).
 */
function killServer(child: ChildProcess, signal: NodeJS.Signals) {
  child.kill(signal);
}

function startProcess(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, readyPattern: RegExp, timeoutMs = 90_000) {
  // Only the allow-listed part of our environment plus the test's settings (build-config/child-env.js):
  // a developer's OPENAI_API_KEY, SMTP_URL or OPERATOR_TOKEN never reaches a test server.
  const child = spawn(cmd, args, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const proc: Proc = { name, child, log: [] };
  return new Promise<{ proc: Proc; match: RegExpMatchArray }>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => finish(new Error(`${name} did not start within ${timeoutMs} ms:\n${proc.log.join('\n')}`)), timeoutMs);
    function finish(err: Error | null, match?: RegExpMatchArray) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) {
        if (child.exitCode === null) killServer(child, 'SIGKILL');
        reject(err);
      } else resolve({ proc, match: match! });
    }
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        proc.log.push(line);
        if (proc.log.length > LOG_LINES) proc.log.shift();
        const m = line.match(readyPattern);
        if (m) finish(null, m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => finish(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${proc.log.join('\n')}`)));
    child.once('error', (err) => finish(err));
  });
}

async function stopProcess(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      if (child.exitCode === null) killServer(child, 'SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    killServer(child, 'SIGTERM');
  });
}

/** Build one app (`rspack build` with its own config); `outDir` and `env` let tests make a second build. */
export async function buildApp(dir: string, opts: { outDir?: string; env?: NodeJS.ProcessEnv; config?: string } = {}): Promise<void> {
  // Not the developer's environment (a PUBLIC_PATH there would change the build): the test's settings only.
  const env: NodeJS.ProcessEnv = childEnv({ ...opts.env, NODE_ENV: 'production' });
  if (opts.outDir) env.OUTPUT_DIR = opts.outDir;
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'rspack'), ['build', '-c', path.join(ROOT, dir, opts.config ?? 'rspack.config.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Building ${dir} failed (${code}):\n${out}`);
}

/** The environment the harness gives the API it starts (`env`: the test's own settings on top). */
export function apiEnv(dataDir: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return childEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT: 'off', MONGODB_URI: '', NODE_ENV: 'test', SEED_DEMO: '1', ...env });
}

/** Start the API (`node --import tsx api/src/index.ts`) on an ephemeral port with a throwaway embedded database in `dataDir`. */
export function startApiProcess(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  return startProcess(
    'api',
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'index.ts')],
    apiEnv(dataDir, env),
    /listening on http:\/\/[^:\s]+:(\d+)/i,
    // Compiling and seeding takes a while on a busy shared machine.
    240_000,
  );
}

/** Stop a server started by the harness (SIGTERM, then SIGKILL after 10 s). */
export const stopServer = (proc: { child: ChildProcess }) => stopProcess(proc.child);

export interface Served {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Start again on the same port (after stop()). */
  restart(): Promise<void>;
  proc: () => Proc;
}

export interface ServeOptions {
  port?: number;
  spa?: boolean;
  cors?: boolean;
  remotes?: boolean;
  api?: boolean;
  env?: NodeJS.ProcessEnv;
  name?: string;
  /** Extra folders under URL prefixes: `/embed=/abs/dir` (serve-static --mount). */
  mounts?: string[];
}

/** Serve a folder with scripts/serve-static.mjs on 127.0.0.1. */
export async function serveDir(dir: string, opts: ServeOptions = {}): Promise<Served> {
  const flags = [opts.spa && '--spa', opts.cors && '--cors', opts.remotes && '--remotes', opts.api && '--api'].filter(Boolean) as string[];
  for (const m of opts.mounts ?? []) flags.push('--mount', m);
  const name = opts.name ?? `static ${path.relative(ROOT, dir) || dir}`;
  const launch = async (port: number) =>
    startProcess(
      name,
      process.execPath,
      // The node flags npm start runs the static server with, so the bench's server rows measure that process.
      [...STATIC_NODE_FLAGS, path.join(ROOT, 'scripts', 'serve-static.mjs'), '--dir', dir, '--port', String(port), '--host', '127.0.0.1', ...flags],
      opts.env ?? {},
      /listening on http:\/\/[^:]+:(\d+)/,
      30_000,
    );
  let { proc, match } = await launch(opts.port ?? 0);
  const port = Number(match[1]);
  const served: Served = {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => stopProcess(proc.child),
    restart: async () => {
      await stopProcess(proc.child);
      ({ proc } = await launch(port));
    },
    proc: () => proc,
  };
  return served;
}

/** The embeddable trainer finder's build (mfe-trainers/rspack.embed.config.js), relative to ROOT. */
export const EMBED_DIR = path.join('mfe-trainers', 'dist-embed');

/**
 * The demo partner site (scripts/partner-demo/server.mjs) on its own ephemeral port (own origin), its
 * script tag pointing at `siteOrigin`/embed/trainer-finder.js.
 */
export async function servePartnerDemo(siteOrigin: string): Promise<Served> {
  const launch = (port: number) =>
    startProcess(
      'partner-demo',
      process.execPath,
      [path.join(ROOT, 'scripts', 'partner-demo', 'server.mjs'), '--port', String(port), '--host', '127.0.0.1', '--origin', siteOrigin],
      {},
      /listening on http:\/\/[^:]+:(\d+)/,
      30_000,
    );
  let { proc, match } = await launch(0);
  const port = Number(match[1]);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => stopProcess(proc.child),
    restart: async () => {
      await stopProcess(proc.child);
      ({ proc } = await launch(port));
    },
    proc: () => proc,
  };
}

export interface RemoteServer extends Served {
  area: AreaName;
  name: string;
  manifestUrl: string;
}

export interface Site {
  /** The shell's origin, e.g. http://127.0.0.1:41234 */
  shellUrl: string;
  apiUrl: string;
  browser: Browser;
  /** Which Chromium runs the tests (Debian's, or the one from the @sparticuz/chromium package). */
  browserChoice: BrowserChoice | null;
  remotes: Record<AreaName, RemoteServer>;
  /** The /remotes.json the shell serves (rewritten by setRemoteEntry). */
  remotesFile: string;
  tmpDir: string;
  url(pathname: string): string;
  /** Point one area at another mf-manifest.json URL (the next page load of the shell uses it). */
  setRemoteEntry(area: AreaName, entry: string): void;
  serveDir(dir: string, opts?: ServeOptions): Promise<Served>;
  /**
   * A page in a fresh browser context (own cookies and storage), watched by the accessibility gate
   * (`a11y: false` only for a page that is deliberately not a page of the site).
   */
  newPage(opts?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; a11y?: boolean; timezoneId?: string }): Promise<Page>;
  /** Create an account through the shell's /api proxy; the page's context is signed in afterwards. */
  signUp(page: Page, overrides?: Record<string, unknown>): Promise<{ username: string; password: string }>;
  logs(): string;
  close(): Promise<void>;
}

let counter = 0;

export interface StartSiteOptions {
  launchBrowser?: boolean;
  /**
   * Issue 17: the shell's /remotes.json comes from the API's rollout (GET /api/rollout/remotes, per visitor)
   * instead of the harness's file, and the API gets REMOTE_<AREA>_URL of the started remotes (its
   * defaults) plus `apiEnv` (e.g. { ROLLOUT_MIN_LOADS: '3' }). setRemoteEntry has no effect then.
   */
  rollout?: { apiEnv?: NodeJS.ProcessEnv };
  /** Extra environment for the API process (e.g. issue 30's NOTIFICATIONS_* test knobs). Not with `rollout`. */
  apiEnv?: NodeJS.ProcessEnv;
  /**
   * The shell's time budget for rendering a page with React (SSR_REACT_TIMEOUT_MS; production's default is
   * 1000 ms, past which the page is served unrendered). Default here 5000: each test file starts a fresh site,
   * whose first render loads the shell's and the area's server builds, and took 0.6-0.75 s of that second on a
   * loaded 2-core machine; a test of what the render contains must not turn on the machine's speed. The bench
   * passes production's 1000, so it measures what a deployment does.
   */
  ssrTimeoutMs?: number;
}

export async function startSite(opts: StartSiteOptions = {}): Promise<Site> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-e2e-'));
  const procs: (() => Proc)[] = [];
  const extra: Served[] = [];
  const contexts = new Set<BrowserContext>();
  let browser: Browser | null = null;
  const stops: (() => Promise<void>)[] = [];

  const close = async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    if (browser) await browser.close().catch(() => undefined);
    await Promise.all([...extra.map((s) => s.stop()), ...stops.map((s) => s())]);
    rmSync(tmpDir, { recursive: true, force: true });
  };

  try {
    // 1. Built apps (only what is missing).
    if (!existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) await buildApp('shell');
    for (const r of REMOTE_APPS) {
      if (!existsSync(path.join(ROOT, r.dir, 'dist', 'mf-manifest.json'))) await buildApp(r.dir);
    }
    // The partner widget, served at /embed on the shell's origin as `npm start` does.
    if (!existsSync(path.join(ROOT, EMBED_DIR, 'trainer-finder.js'))) await buildApp('mfe-trainers', { config: 'rspack.embed.config.js' });

    // 2. API with a throwaway embedded database.
    const startApi = (env: NodeJS.ProcessEnv = {}) => startApiProcess(path.join(tmpDir, 'data'), env);
    // (Rollout mode: started once the remotes' URLs are known.)
    const apiStarted = opts.rollout ? null : startApi(opts.apiEnv);

    // 3. Remotes (in parallel with the API).
    const remoteList = await Promise.all(
      REMOTE_APPS.map(async (r) => {
        const served = await serveDir(path.join(ROOT, r.dir, 'dist'), { cors: true, name: r.dir });
        stops.push(() => served.stop());
        procs.push(served.proc);
        const remote: RemoteServer = { ...served, area: r.area, name: r.name, manifestUrl: `${served.url}/mf-manifest.json` };
        return remote;
      }),
    );
    const remotes = Object.fromEntries(remoteList.map((r) => [r.area, r])) as Record<AreaName, RemoteServer>;

    const api = await (apiStarted ??
      startApi({
        ...Object.fromEntries(remoteList.map((r) => [`REMOTE_${r.area.toUpperCase()}_URL`, r.manifestUrl])),
        ...opts.rollout?.apiEnv,
      }));
    stops.push(() => stopProcess(api.proc.child));
    procs.push(() => api.proc);
    const apiUrl = `http://127.0.0.1:${api.match[1]}`;

    // 4. The shell: /remotes.json from a file we control, /api proxied to the API.
    const entries = new Map<AreaName, string>(remoteList.map((r) => [r.area, r.manifestUrl]));
    const remotesFile = path.join(tmpDir, 'remotes.json');
    const writeRemotes = () =>
      writeFileSync(
        remotesFile,
        JSON.stringify({ remotes: REMOTE_APPS.map((r) => ({ area: r.area, name: r.name, entry: entries.get(r.area)! })) }, null, 2),
      );
    writeRemotes();
    const ssrTimeout = String(opts.ssrTimeoutMs ?? 5000);
    const shell = await serveDir(path.join(ROOT, 'shell', 'dist'), {
      spa: true,
      remotes: true,
      api: true,
      name: 'shell',
      env: opts.rollout
        ? {
            API_URL: apiUrl,
            // The static fallback (API down or slow) points at the started remotes, as under npm start; the
            // wait for the API is longer than production's 1.5 s because the shared test machine is slow.
            ...Object.fromEntries(remoteList.map((r) => [`REMOTE_${r.area.toUpperCase()}_URL`, r.manifestUrl])),
            REMOTES_API_TIMEOUT_MS: '10000',
            SSR_REACT_TIMEOUT_MS: ssrTimeout,
          }
        : { REMOTES_JSON: remotesFile, API_URL: apiUrl, SSR_REACT_TIMEOUT_MS: ssrTimeout },
      mounts: [`/embed=${path.join(ROOT, EMBED_DIR)}`],
    });
    stops.push(() => shell.stop());
    procs.push(shell.proc);

    // 5. Chromium: Debian's when installed, else the one that came with npm install (browser.ts).
    let browserChoice: BrowserChoice | null = null;
    if (opts.launchBrowser !== false) {
      browserChoice = await chooseBrowser();
      browser = await chromium.launch({
        executablePath: browserChoice.executablePath,
        ...(browserChoice.env ? { env: { ...process.env, ...browserChoice.env } } : {}),
        headless: true,
        args: CHROMIUM_ARGS,
        timeout: 60_000,
      });
    }

    const site: Site = {
      shellUrl: shell.url,
      apiUrl,
      get browser() {
        if (!browser) throw new Error('startSite({ launchBrowser: false }) has no browser');
        return browser;
      },
      browserChoice,
      remotes,
      remotesFile,
      tmpDir,
      url: (p) => new URL(p, shell.url).href,
      setRemoteEntry(area, entry) {
        entries.set(area, entry);
        writeRemotes();
      },
      async serveDir(dir, o) {
        const s = await serveDir(dir, o);
        extra.push(s);
        procs.push(s.proc);
        return s;
      },
      async newPage(o = {}) {
        const context = await site.browser.newContext({
          viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
          colorScheme: o.colorScheme ?? 'light',
          locale: 'en-GB',
          timezoneId: o.timezoneId ?? 'Europe/London',
          // Pages under the accessibility gate: colours change at once (the site's reduced-motion rule), so an
          // axe run that overlaps a theme switch reads the old or the new colours, never a blend halfway
          // through the 0.2 s transition (seen as false colour-contrast failures once areas loaded sooner).
          ...(o.a11y !== false ? { reducedMotion: 'reduce' as const } : {}),
        });
        contexts.add(context);
        context.once('close', () => contexts.delete(context));
        context.setDefaultTimeout(20_000);
        const page = await context.newPage();
        if (o.a11y !== false) await a11yGate.watch(page, o.colorScheme ?? 'light');
        return page;
      },
      async signUp(page, overrides = {}) {
        counter += 1;
        const username = `e2e_${process.pid}_${Date.now().toString(36)}_${counter}`;
        const password = 'secret123';
        const res = await page.request.post(site.url('/api/auth/signup'), {
          data: {
            username,
            email: `${username}@example.com`,
            firstName: 'Erin',
            lastName: 'Tester',
            location: 'Leeds',
            password,
            confirmPassword: password,
            ...overrides,
          },
        });
        if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
        return { username, password };
      },
      logs: () => procs.map((p) => `--- ${p().name}\n${p().log.slice(-40).join('\n')}`).join('\n'),
      close,
    };
    return site;
  } catch (err) {
    await close();
    throw err;
  }
}
