#!/usr/bin/env node
// A small production static server for the built shell and remotes (node:http, no dependencies).
//
//   node scripts/serve-static.mjs --dir mfe-trainers/dist --port 3002 --cors
//   node scripts/serve-static.mjs --dir shell/dist --port 3000 --spa --remotes --api
//
// Options:
//   --dir <path>     folder to serve (required)
//   --port <n>       port (0 = any free port; default 3000 or $PORT)
//   --host <h>       interface (default $HOST or 0.0.0.0)
//   --spa            unknown paths without a file extension answer index.html (client-side routes)
//   --cors           Access-Control-Allow-Origin: * (remotes are fetched cross-origin by the shell)
//   --remotes        serve /remotes.json: the file named by $REMOTES_JSON (re-read on every request),
//                    else built from $REMOTE_<AREA>_URL (default http://localhost:300N/mf-manifest.json)
//   --api            proxy /api/* to $API_URL (default http://127.0.0.1:4000), cookies and status preserved
//
// Caching: content-hashed files (name.<hash>.js) are immutable for a year; index.html, mf-manifest.json,
// remoteEntry.js, remotes.json and everything else are `no-cache` (revalidated with ETag), so a redeployed
// remote is picked up on the next page load.
//
// Prints `listening on http://<host>:<port>` once ready (the browser-test harness reads it).
import http from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { remotesManifest } = require('../build-config/remotes.js');

function parseArgs(argv) {
  const opts = { dir: null, port: Number(process.env.PORT ?? 3000), host: process.env.HOST || '0.0.0.0', spa: false, cors: false, remotes: false, api: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dir') opts.dir = argv[++i];
    else if (a === '--port') opts.port = Number(argv[++i]);
    else if (a === '--host') opts.host = argv[++i];
    else if (a === '--spa') opts.spa = true;
    else if (a === '--cors') opts.cors = true;
    else if (a === '--remotes') opts.remotes = true;
    else if (a === '--api') opts.api = true;
    else throw new Error(`Unknown option ${a}`);
  }
  if (!opts.dir) throw new Error('--dir is required');
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new Error('--port must be a port number');
  return opts;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** name.<10+ hex>.ext: emitted with a content hash, so it never changes. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

function cacheControl(file) {
  return HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function sendJson(res, status, body, extra = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', ...extra });
  res.end(text);
}

async function fileIfExists(p) {
  try {
    const s = await stat(p);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

async function serveFile(req, res, file, st) {
  const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(file),
    ETag: etag,
    'Last-Modified': new Date(st.mtimeMs).toUTCString(),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': st.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

async function remotesJson() {
  const file = process.env.REMOTES_JSON;
  if (file) return JSON.parse(await readFile(file, 'utf8'));
  return remotesManifest(process.env);
}

function proxyApi(req, res, apiUrl) {
  const target = new URL(req.url, apiUrl);
  const headers = { ...req.headers };
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
  const upstream = http.request(
    { protocol: target.protocol, hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) sendJson(res, 502, { message: 'The API is not reachable right now.' });
    else if (!res.destroyed) res.destroy();
  });
  // A browser that goes away (closed tab, EventSource reconnect) ends the upstream request too, so a
  // long-lived response such as /api/messages/stream does not stay open at the API.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

export function createStaticServer(opts) {
  const root = path.resolve(opts.dir);
  const apiUrl = process.env.API_URL || 'http://127.0.0.1:4000';

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

      if (opts.api && (pathname === '/api' || pathname.startsWith('/api/'))) return proxyApi(req, res, apiUrl);
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendJson(res, 405, { message: 'Method not allowed' }, { Allow: 'GET, HEAD' });
        return;
      }
      if (opts.remotes && pathname === '/remotes.json') {
        sendJson(res, 200, await remotesJson());
        return;
      }

      let rel;
      try {
        rel = decodeURIComponent(pathname);
      } catch {
        sendJson(res, 400, { message: 'Bad path' });
        return;
      }
      if (rel.includes('\0')) {
        sendJson(res, 400, { message: 'Bad path' });
        return;
      }
      const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
      if (file !== root && !file.startsWith(root + path.sep)) {
        sendJson(res, 403, { message: 'Forbidden' });
        return;
      }
      let st = await fileIfExists(file);
      let target = file;
      if (!st && (await fileIfExists(path.join(file, 'index.html')))) {
        target = path.join(file, 'index.html');
        st = await fileIfExists(target);
      }
      if (!st && opts.spa && !path.extname(pathname)) {
        target = path.join(root, 'index.html');
        st = await fileIfExists(target);
      }
      if (!st) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
        res.end('Not found');
        return;
      }
      await serveFile(req, res, target, st);
    } catch (err) {
      console.error('[serve-static]', err);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' });
      else res.destroy();
    }
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`serve-static: ${err.message}`);
    process.exit(2);
  }
  const server = createStaticServer(opts);
  server.listen(opts.port, opts.host, () => {
    const addr = server.address();
    const shownHost = opts.host === '0.0.0.0' ? 'localhost' : opts.host;
    console.log(`listening on http://${shownHost}:${addr.port} (serving ${path.resolve(opts.dir)})`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
