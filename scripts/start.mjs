#!/usr/bin/env node
// One command for the whole site: `npm start` (production builds) or `npm run dev` (hot reload).
//
//  - builds the API (to JavaScript) and every front end whose build is missing or older than its
//    sources (npm start only),
//  - starts the API on 127.0.0.1 only (embedded MongoDB-compatible database under .data/ unless MONGODB_URI
//    is set; demo data is seeded on first run unless SEED_DEMO=0),
//  - serves each remote on its own port (REMOTE_<AREA>_PORT, default 3001-3005) and the shell on
//    SHELL_PORT (default 3000), which serves /remotes.json and proxies /api to the API; one static-server
//    process serves all six sites (scripts/serve-static.mjs --and), each on its own port and origin,
//  - serves the embeddable trainer finder at /embed/trainer-finder.js on the shell's origin
//    (mfe-trainers/dist-embed) and a demo partner site that embeds it on PARTNER_DEMO_PORT (default 3010),
//  - prints the one URL to open. Ctrl-C stops everything.
//  - A port that is taken stops it before anything starts, with one line naming the port and the
//    variable that moves it (exit code 3).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_HOST, API_NODE_FLAGS, apiProcessEnv } from './api-env.mjs';
import { STATIC_NODE_FLAGS } from './static-env.cjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const forceBuild = process.argv.includes('--rebuild');

// Area -> remote folder and port: the deployment's one list (also behind /remotes.json).
const { REMOTES } = createRequire(import.meta.url)('../build-config/remotes.js');

/** A port from the environment, or the default; a bad value stops with a clear line. */
function portFrom(names, fallback) {
  for (const name of names) {
    const raw = process.env[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 65535) {
      console.error(`${name}=${raw} is not a port number (1-65535).`);
      process.exit(2);
    }
    return n;
  }
  return fallback;
}
const API_PORT = portFrom(['API_PORT', 'PORT'], 4000);
const SHELL_PORT = portFrom(['SHELL_PORT'], 3000);
const PARTNER_DEMO_PORT = portFrom(['PARTNER_DEMO_PORT'], 3010);
const remotePortVar = (r) => `REMOTE_${r.area.toUpperCase()}_PORT`;
const REMOTE_PORTS = Object.fromEntries(REMOTES.map((r) => [r.area, portFrom([remotePortVar(r)], r.port)]));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Newest modification time under a folder (skipping node_modules and dist). */
function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function needsBuild(app) {
  const marker = join(root, app, 'dist', app === 'shell' ? 'index.html' : app === 'api' ? 'index.js' : 'mf-manifest.json');
  if (forceBuild || !existsSync(marker)) return true;
  // The trainers build also makes the partner widget (mfe-trainers/dist-embed).
  if (app === 'mfe-trainers' && !existsSync(join(root, app, 'dist-embed', 'trainer-finder.js'))) return true;
  // Server builds (issue 32: the pages rendered with React on the server): the shell's and the trainers area's.
  if (app === 'shell' && !existsSync(join(root, app, 'dist-server', 'server.js'))) return true;
  if (existsSync(join(root, app, 'rspack.server.config.js')) && app !== 'shell' && !existsSync(join(root, app, 'dist', 'server', 'mf-manifest.json'))) return true;
  const built = statSync(marker).mtimeMs;
  const sources =
    app === 'api'
      ? [join(root, 'api', 'src'), join(root, 'api', 'build.mjs'), join(root, 'contracts', 'src'), join(root, 'embedded-mongo', 'src')]
      : [join(root, app, 'src'), join(root, 'shared-ui', 'src'), join(root, 'contracts', 'src'), join(root, 'build-config'), ...(app === 'mfe-trainers' ? [join(root, app, 'embed')] : [])];
  return sources.some((s) => newest(s) > built);
}

const children = [];
/** Servers running in this process (the demo partner site), closed on shutdown. */
const servers = [];
let stopping = false;

/**
 * The C library's allocator, tuned for long-running Node servers (each one overridable from the environment):
 * two arenas instead of eight per core, and blocks of 64 KB or more (a page's answer) mapped and given back
 * when freed instead of kept in an arena. After the bench's 100,000 mixed requests the processes kept 347-373 MB
 * resident with these, 380-385 MB without (three runs each; docs/performance.md, "Memory").
 */
const ALLOCATOR = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' };

function run(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, env: { ...ALLOCATOR, ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(16);
  const pipe = (stream, out) => {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines) out.write(`${prefix} ${l}\n`);
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix} exited (${signal ?? code}); stopping everything.`);
      shutdown(1);
    }
  });
  children.push(child);
  return child;
}

function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const s of servers) {
    s.close();
    s.closeAllConnections?.();
  }
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  deadline.unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitFor(url, what, timeoutMs = 120000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (!stopping) throw new Error(`${what} did not come up at ${url}`);
}

/** Resolves true when something else already listens on host:port. */
function portTaken(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err) => resolve(err.code === 'EADDRINUSE' || err.code === 'EACCES'));
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen({ port, host, exclusive: true });
  });
}

/** Every port `npm start` needs, checked before anything starts. */
async function checkPorts() {
  const apiHost = API_HOST;
  const wanted = [
    { port: API_PORT, host: apiHost, what: 'the API', variable: 'API_PORT' },
    { port: SHELL_PORT, host: '0.0.0.0', what: 'the site (shell)', variable: 'SHELL_PORT' },
    ...REMOTES.map((r) => ({ port: REMOTE_PORTS[r.area], host: '0.0.0.0', what: `the ${r.area} remote`, variable: remotePortVar(r) })),
    ...(dev ? [] : [{ port: PARTNER_DEMO_PORT, host: '0.0.0.0', what: 'the demo partner site', variable: 'PARTNER_DEMO_PORT' }]),
  ];
  const seen = new Map();
  for (const w of wanted) {
    if (seen.has(w.port)) {
      console.error(`Port ${w.port} is set for both ${seen.get(w.port).what} and ${w.what}; give one of them another port (${w.variable}=...).`);
      process.exit(3);
    }
    seen.set(w.port, w);
  }
  const taken = [];
  for (const w of wanted) if (await portTaken(w.port, w.host)) taken.push(w);
  if (taken.length) {
    for (const w of taken) {
      const free = w.port + 100;
      console.error(`Port ${w.port} (${w.what}) is already in use. Stop what uses it, or choose another port: ${w.variable}=${free} npm start`);
    }
    process.exit(3);
  }
}

/** The demo partner site in this process (scripts/partner-demo/server.mjs); its failure stops everything, like a child's. */
async function startPartnerDemo(siteOrigin) {
  const { createPartnerDemoServer } = await import('./partner-demo/server.mjs');
  const server = createPartnerDemoServer(siteOrigin);
  await new Promise((resolve) => {
    server.once('error', (err) => {
      console.error(`${'[partner-demo]'.padEnd(16)} port ${PARTNER_DEMO_PORT} cannot be used (${err.code}); stopping everything.`);
      shutdown(1);
    });
    server.listen(PARTNER_DEMO_PORT, '0.0.0.0', resolve);
  });
  servers.push(server);
}

async function main() {
  // The API listens on loopback (even with HOST=0.0.0.0) behind the shell's /api proxy, which appends the
  // client's address to X-Forwarded-For: trust exactly that one hop, so rate limits apply per visitor, not
  // site-wide. An empty database gets the demo data (SEED_DEMO=0 for none). See scripts/api-env.mjs.
  const apiEnv = {
    PORT: String(API_PORT),
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${SHELL_PORT}`,
    ...apiProcessEnv(process.env),
  };
  // REMOTE_<AREA>_URL pass through from the environment, else follow the remotes' ports.
  const shellEnv = { API_URL: process.env.API_URL ?? `http://127.0.0.1:${API_PORT}` };
  for (const r of REMOTES) {
    const key = `REMOTE_${r.area.toUpperCase()}_URL`;
    shellEnv[key] = process.env[key] || `http://localhost:${REMOTE_PORTS[r.area]}/mf-manifest.json`;
    // The API's /api/rollout/remotes serves the same defaults for areas without a rollout (issue 17).
    apiEnv[key] = shellEnv[key];
  }
  await checkPorts();

  if (dev) {
    run('api', bin('tsx'), ['watch', 'api/src/index.ts'], apiEnv);
    for (const r of REMOTES) run(r.dir, bin('rspack'), ['serve', '-c', join(r.dir, 'rspack.config.js')], { PORT: String(REMOTE_PORTS[r.area]) });
    run('shell', bin('rspack'), ['serve', '-c', 'shell/rspack.config.js'], { ...shellEnv, PORT: String(SHELL_PORT) });
  } else {
    const toBuild = ['api', 'shell', ...REMOTES.map((r) => r.dir)].filter(needsBuild);
    for (const app of toBuild) {
      console.log(`Building ${app} ...`);
      const res = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
      if (res.status !== 0) {
        console.error(`Build of ${app} failed.`);
        process.exit(1);
      }
    }
    // The API as compiled JavaScript (api/build.mjs), its embedded database on a worker thread, with the node
    // flags of scripts/api-env.mjs (a young generation of 8 MB per semi-space; `npm run bench` measures the
    // memory and the API's CPU per request).
    run('api', process.execPath, [...API_NODE_FLAGS, 'api/dist/index.js'], apiEnv);
    // One process serves the shell and every remote, each on its own port (own origin), with the node flags of
    // scripts/static-env.cjs (a small young generation, full GCs sooner: memory).
    const sites = [
      ['--name', 'shell', '--dir', 'shell/dist', '--port', String(SHELL_PORT), '--spa', '--remotes', '--api', '--mount', '/embed=mfe-trainers/dist-embed'],
      ...REMOTES.map((r) => ['--name', `${r.area} remote`, '--dir', join(r.dir, 'dist'), '--port', String(REMOTE_PORTS[r.area]), '--cors']),
    ];
    run('static', process.execPath, [...STATIC_NODE_FLAGS, 'scripts/serve-static.mjs', ...sites.flatMap((s, i) => (i ? ['--and', ...s] : s))], shellEnv);
    // A third-party page on its own origin embedding the finder from the site (README: "Embedding the trainer
    // finder"). Three small files: served from this process rather than one more Node process.
    const siteOrigin = process.env.PUBLIC_URL ?? `http://localhost:${SHELL_PORT}`;
    await startPartnerDemo(siteOrigin);
  }

  await waitFor(`http://127.0.0.1:${API_PORT}/api/auth/user`, 'The API');
  await waitFor(`http://127.0.0.1:${SHELL_PORT}/`, 'The shell');
  console.log(`\n  FitConnect is running: open http://localhost:${SHELL_PORT}\n  (demo sign-in: demo / demo1234; Ctrl-C stops everything)\n`);
  if (!dev) console.log(`  Demo partner site with the embedded trainer finder: http://localhost:${PARTNER_DEMO_PORT}\n`);
  // Without SMTP_URL, every email (reset links, notifications) is written to the dev outbox (issue 30).
  if (!process.env.SMTP_URL?.trim()) console.log(`  Emails (no SMTP_URL set) go to the dev outbox: ${resolvePath(process.env.DATA_DIR?.trim() || join(root, '.data'), 'outbox')}\n`);
}

main().catch((err) => {
  console.error(err.message ?? err);
  shutdown(1);
});
