#!/usr/bin/env node
// The production static server for the built shell and remotes: files through `sirv` (precompressed
// brotli/gzip chosen by Accept-Encoding), the /api proxy through `http-proxy-3`.
//
//   node scripts/serve-static.mjs --dir mfe-trainers/dist --port 3002 --cors
//   node scripts/serve-static.mjs --dir shell/dist --port 3000 --spa --remotes --api
//   # several sites in one process, each on its own port (own origin), separated by --and:
//   node scripts/serve-static.mjs --dir shell/dist --port 3000 --spa --remotes --api --and --dir mfe-workouts/dist --port 3001 --cors
//
// Options (per site):
//   --dir <path>     folder to serve (required)
//   --port <n>       port (0 = any free port; default 3000 or $PORT)
//   --host <h>       interface (default $HOST or 0.0.0.0)
//   --spa            unknown paths without a file extension answer index.html (client-side routes)
//   --cors           Access-Control-Allow-Origin: * (remotes are fetched cross-origin by the shell)
//   --remotes        serve /remotes.json: the file named by $REMOTES_JSON (re-read on every request), else the
//                    visitor's own manifest from the API's rollout (GET $API_URL/api/rollout/remotes with the
//                    request's Cookie and X-Forwarded-For; status, body and Set-Cookie passed back), else when
//                    the API is down, answers non-2xx or takes over $REMOTES_API_TIMEOUT_MS (default 1500) ms, the
//                    static default built from $REMOTE_<AREA>_URL (default http://localhost:300N/mf-manifest.json).
//                    Always `Cache-Control: private, no-store` and `Vary: Cookie`: it is per visitor.
//   --versions <dir> serve the remote's immutable version folders (build-config/release.js) at
//                    /versions/<version>/... (default: the `releases` folder beside --dir, e.g. mfe-trainers/releases
//                    for mfe-trainers/dist; looked up per request, so a version built while serving is reachable)
//   --api            proxy /api/* to $API_URL (default http://127.0.0.1:4000), cookies and status preserved;
//                    the client's address is appended to X-Forwarded-For
//   --name <label>   how the site is named in messages (e.g. "shell")
//   --mount <p>=<d>  also serve folder <d> under the URL prefix <p> (e.g. /embed=mfe-trainers/dist-embed,
//                    the partner widget on the shell's origin); repeatable; those files are public
//                    scripts for other sites' pages, so they answer any origin (CORS *) and are never
//                    an SPA fallback
//
// Compression: the builds write name.br and name.gz beside every text file (build-config/precompress.js);
// a request that accepts br (else gzip) gets that file with Content-Encoding, and every compressible
// response says `Vary: Accept-Encoding`. /remotes.json is compressed on the fly.
// Caching: content-hashed files (name.<hash>.js) are immutable for a year; index.html, mf-manifest.json,
// remoteEntry.js, remotes.json and everything else are `no-cache` (revalidated with ETag), so a redeployed
// remote is picked up on the next page load.
//
// Prints `listening on http://<host>:<port>` per site once ready (the browser-test harness reads it).
// A port already in use ends the process with one line naming the port (exit code 3), no stack trace.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import sirv from 'sirv';
import { createProxyServer } from 'http-proxy-3';

const require = createRequire(import.meta.url);
const { remotesManifest } = require('../build-config/remotes.js');

function parseSite(argv) {
  const opts = { dir: null, port: Number(process.env.PORT ?? 3000), host: process.env.HOST || '0.0.0.0', spa: false, cors: false, remotes: false, api: false, name: null, mounts: [], versions: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dir') opts.dir = argv[++i];
    else if (a === '--port') opts.port = Number(argv[++i]);
    else if (a === '--host') opts.host = argv[++i];
    else if (a === '--name') opts.name = argv[++i];
    else if (a === '--versions') opts.versions = argv[++i];
    else if (a === '--spa') opts.spa = true;
    else if (a === '--cors') opts.cors = true;
    else if (a === '--remotes') opts.remotes = true;
    else if (a === '--api') opts.api = true;
    else if (a === '--mount') opts.mounts.push(parseMount(argv[++i]));
    else throw new Error(`Unknown option ${a}`);
  }
  if (!opts.dir) throw new Error('--dir is required');
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new Error('--port must be a port number');
  return opts;
}

/** `/embed=some/dir` -> { prefix: '/embed', dir: 'some/dir' }. */
function parseMount(value) {
  const m = /^(\/[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*)=(.+)$/.exec(value ?? '');
  if (!m) throw new Error('--mount needs /prefix=folder');
  return { prefix: m[1], dir: m[2] };
}

/** `--dir a ... --and --dir b ...` -> one options object per site. */
export function parseArgs(argv) {
  const groups = [[]];
  for (const a of argv) {
    if (a === '--and') groups.push([]);
    else groups[groups.length - 1].push(a);
  }
  return groups.map(parseSite);
}

/** Text types get an explicit charset (sirv's types have none). */
const TEXT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Worth compressing: what the builds precompress. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/i;

/** name.<8+ hex>.ext: emitted with a content hash, so it never changes. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

function cacheControl(pathname) {
  return HASHED.test(path.posix.basename(pathname)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function sendJson(req, res, status, body, extra = {}) {
  const text = Buffer.from(JSON.stringify(body));
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', ...extra };
  const accept = String(req.headers['accept-encoding'] ?? '');
  let payload = text;
  if (/\bbr\b/.test(accept)) {
    payload = brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    headers['Content-Encoding'] = 'br';
  } else if (/\bgzip\b/.test(accept)) {
    payload = gzipSync(text);
    headers['Content-Encoding'] = 'gzip';
  }
  res.writeHead(status, { ...headers, 'Content-Length': payload.length });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Headers of every /remotes.json answer: it differs per visitor (cookie), so no shared cache may keep it. */
const REMOTES_HEADERS = { 'Cache-Control': 'private, no-store', Vary: 'Cookie, Accept-Encoding' };

/** The client's address appended to the X-Forwarded-For it sent (as the /api proxy does). */
function forwardedFor(req) {
  const prior = req.headers['x-forwarded-for'];
  const own = req.socket.remoteAddress ?? '';
  return [prior, own].filter(Boolean).join(', ');
}

/**
 * The visitor's remotes manifest from the API (GET /api/rollout/remotes), or null when the API cannot
 * give one in time (then the caller answers the static default). Set-Cookie of the API's answer is kept
 * even then, so a visitor id it created is not lost.
 */
export async function remotesFromApi(req, apiUrl, timeoutMs = Number(process.env.REMOTES_API_TIMEOUT_MS ?? 1500)) {
  const headers = { Accept: 'application/json', 'X-Forwarded-For': forwardedFor(req) };
  if (req.headers.cookie) headers.Cookie = req.headers.cookie;
  headers['X-Forwarded-Proto'] = String(req.headers['x-forwarded-proto'] ?? (req.socket.encrypted ? 'https' : 'http'));
  if (req.headers.host) headers['X-Forwarded-Host'] = String(req.headers['x-forwarded-host'] ?? req.headers.host);
  if (req.headers['user-agent']) headers['User-Agent'] = String(req.headers['user-agent']);
  try {
    const res = await fetch(new URL('/api/rollout/remotes', apiUrl), { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const setCookie = res.headers.getSetCookie();
    if (res.status < 200 || res.status >= 300) return { body: null, setCookie, status: res.status };
    const body = await res.json();
    if (!body || !Array.isArray(body.remotes)) return { body: null, setCookie, status: res.status };
    return { body, setCookie, status: res.status };
  } catch {
    return { body: null, setCookie: [], status: 0 };
  }
}

async function remotesJson(req, apiUrl) {
  const file = process.env.REMOTES_JSON;
  if (file) return { status: 200, body: JSON.parse(await readFile(file, 'utf8')), setCookie: [] };
  const fromApi = await remotesFromApi(req, apiUrl);
  if (fromApi.body) return fromApi;
  if (fromApi.status) console.warn(`[serve-static] /api/rollout/remotes answered ${fromApi.status}; serving the static remotes manifest`);
  else console.warn('[serve-static] the API did not answer /api/rollout/remotes in time; serving the static remotes manifest');
  return { status: 200, body: remotesManifest(process.env), setCookie: fromApi.setCookie };
}

/**
 * /api proxy. An answer the API gives before it has read the request body (an early 401/404/413 to an
 * upload) is passed on whole: an upstream error that follows (the API closing under the unread body) is
 * ignored once the answer has started, and the client's response is only cut if the answer itself was.
 */
function createApiProxy(apiUrl) {
  // Keep-alive upstream connections: faster, and (unlike http-proxy's default `Connection: close`) the
  // API does not close the connection under an unread body after an early answer, which could reset it
  // before the proxy had read that answer.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyServer({ target: apiUrl, xfwd: true, changeOrigin: false, ws: false, agent });
  proxy.on('error', (err, req, res) => {
    if (!res || typeof res.writeHead !== 'function') return;
    if (!res.headersSent) {
      sendJson(req, res, 502, { message: 'The API is not reachable right now.' });
      return;
    }
    // The answer started: let it finish; an upstream that dies mid-answer leaves a cut response.
  });
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    proxyRes.on('aborted', () => res.destroy());
  });
  return proxy;
}

export function createStaticServer(opts) {
  const root = path.resolve(opts.dir);
  const apiUrl = process.env.API_URL || 'http://127.0.0.1:4000';
  const proxy = opts.api ? createApiProxy(apiUrl) : null;
  const files = sirv(root, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    single: opts.spa,
    extensions: ['html'],
    setHeaders(res, pathname) {
      // A client-side route (no extension) is index.html.
      const type = TEXT_TYPES[path.posix.extname(pathname).toLowerCase() || '.html'];
      if (type) res.setHeader('Content-Type', type);
    },
  });
  const mounts = (opts.mounts ?? []).map((m) => ({
    prefix: m.prefix,
    files: sirv(path.resolve(m.dir), {
      dev: false,
      etag: true,
      gzip: true,
      brotli: true,
      setHeaders(res, pathname) {
        const type = TEXT_TYPES[path.posix.extname(pathname).toLowerCase()];
        if (type) res.setHeader('Content-Type', type);
      },
    }),
  }));
  // Version folders: looked up on disk per request (sirv dev mode), so a candidate built while the server
  // runs is served at once; each version's files never change, the Cache-Control below still applies.
  const versionsDir = path.resolve(opts.versions ?? path.join(root, '..', 'releases'));
  const versionFiles = sirv(versionsDir, {
    dev: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      const type = TEXT_TYPES[path.posix.extname(pathname).toLowerCase()];
      if (type) res.setHeader('Content-Type', type);
    },
  });
  const notFound = (res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
  };

  return http.createServer(async (req, res) => {
    try {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (opts.cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', '*');
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pathname = url.pathname;

      if (proxy && (pathname === '/api' || pathname.startsWith('/api/'))) {
        proxy.web(req, res);
        return;
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendJson(req, res, 405, { message: 'Method not allowed' }, { Allow: 'GET, HEAD' });
        return;
      }
      if (opts.remotes && pathname === '/remotes.json') {
        const answer = await remotesJson(req, apiUrl);
        sendJson(req, res, answer.status, answer.body, { ...REMOTES_HEADERS, ...(answer.setCookie.length ? { 'Set-Cookie': answer.setCookie } : {}) });
        return;
      }
      let rel;
      try {
        rel = decodeURIComponent(pathname);
      } catch {
        sendJson(req, res, 400, { message: 'Bad path' });
        return;
      }
      if (rel.includes('\0')) {
        sendJson(req, res, 400, { message: 'Bad path' });
        return;
      }
      // Set before sirv answers, so a 304 carries them too. (index.html for SPA routes: no-cache.)
      res.setHeader('Cache-Control', cacheControl(pathname));
      if (COMPRESSIBLE.test(pathname) || !path.posix.extname(pathname)) res.setHeader('Vary', 'Accept-Encoding');
      const mount = mounts.find((m) => pathname.startsWith(`${m.prefix}/`));
      if (mount) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        req.url = pathname.slice(mount.prefix.length) + url.search;
        mount.files(req, res, () => {
          res.removeHeader('Vary');
          notFound(res);
        });
        return;
      }
      const version = /^\/versions\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})(\/.*)$/.exec(pathname);
      if (version) {
        // Checked decoded (the file server decodes %2e too): no dotfile, and no segment that does not decode.
        const decoded = version[2].split('/').map((seg) => {
          try {
            return decodeURIComponent(seg);
          } catch {
            return null;
          }
        });
        if (decoded.some((seg) => seg === null || seg.startsWith('.'))) {
          notFound(res);
          return;
        }
        const original = req.url;
        req.url = `/${version[1]}${version[2]}`;
        versionFiles(req, res, () => {
          req.url = original;
          res.removeHeader('Vary');
          notFound(res);
        });
        return;
      }
      files(req, res, () => {
        res.removeHeader('Vary');
        notFound(res);
      });
    } catch (err) {
      console.error('[serve-static]', err);
      if (!res.headersSent) sendJson(req, res, 500, { message: 'Internal error' });
      else res.destroy();
    }
  });
}

/** Listen, or reject with a one-line message when the port is taken. */
export function listen(server, opts) {
  return new Promise((resolve, reject) => {
    const onError = (err) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') {
        const what = opts.name ? `${opts.name}: ` : '';
        const why = err.code === 'EADDRINUSE' ? 'is already in use' : 'cannot be used (permission denied)';
        reject(Object.assign(new Error(`${what}port ${opts.port} ${why}.`), { code: err.code, port: opts.port }));
      } else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(server.address());
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(opts.port, opts.host);
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let sites;
  try {
    sites = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`serve-static: ${err.message}`);
    process.exit(2);
  }
  const servers = [];
  const stop = (code = 0) => {
    for (const s of servers) {
      s.close();
      s.closeAllConnections?.();
    }
    setTimeout(() => process.exit(code), 2000).unref();
    Promise.all(servers.map((s) => new Promise((r) => s.once('close', r)))).then(() => process.exit(code));
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  for (const opts of sites) {
    const server = createStaticServer(opts);
    servers.push(server);
    try {
      const addr = await listen(server, opts);
      const shownHost = opts.host === '0.0.0.0' ? 'localhost' : opts.host;
      console.log(`listening on http://${shownHost}:${addr.port} (serving ${path.resolve(opts.dir)})`);
    } catch (err) {
      console.error(`serve-static: ${err.message}`);
      servers.pop();
      stop(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? 3 : 1);
      break;
    }
  }
}
