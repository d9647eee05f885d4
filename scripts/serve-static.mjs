#!/usr/bin/env node
// The production static server for the built shell and remotes: files as `sirv` serves them (precompressed
// brotli/gzip chosen by Accept-Encoding), but looked up on disk per request and read from the descriptor
// that was checked (createFileServer), so a dist folder rebuilt or deleted while serving answers 404 for what
// is gone and never crashes the process; the /api proxy through `http-proxy-3`.
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
//   --remotes        serve /remotes.json: the file named by $REMOTES_JSON (read again whenever it changes), else the
//                    visitor's own manifest from the API's rollout (GET $API_URL/api/rollout/remotes with the
//                    request's Cookie and X-Forwarded-For; status, body and Set-Cookie passed back), else when
//                    the API is down, answers non-2xx or takes over $REMOTES_API_TIMEOUT_MS (default 1500) ms, the
//                    static default built from $REMOTE_<AREA>_URL (default http://localhost:300N/mf-manifest.json).
//                    Always `Cache-Control: private, no-store` and `Vary: Cookie`: it is per visitor.
//                    A page asks the API once: its answer (which the page's CSP is made from) is handed to
//                    that visitor's next /remotes.json within $REMOTES_HANDOFF_MS (default 1000; 0: off),
//                    once (remotesHandoff below).
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
// Security headers (issue 26, through `helmet`) on every answer of this server: nosniff, Referrer-Policy,
// X-Frame-Options, Cross-Origin-Opener/Resource-Policy, and HSTS when the request came over HTTPS (TLS to
// this server, or `X-Forwarded-Proto: https` from a proxy trusted by $TRUST_PROXY). Pages (HTML) get the
// site's Content-Security-Policy (PAGE_DIRECTIVES below) with a fresh nonce per answer, written into the page's
// <script>/<style> tags and a <meta property="csp-nonce"> that styled-components reads, and the origins of the
// remotes manifest the visitor gets (/remotes.json's source) plus $CSP_REMOTE_ORIGINS; every other file gets
// `default-src 'none'; frame-ancestors 'none'`. /api answers carry the API's own headers.
//
// Prints `listening on http://<host>:<port>` per site once ready (the browser-test harness reads it).
// A port already in use ends the process with one line naming the port (exit code 3), no stack trace.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import helmet from 'helmet';
import { createProxyServer } from 'http-proxy-3';
import { createSeo, injectPage } from './ssr/seo.mjs';
import { createPageBodies, withNonce } from './page-body.cjs';

export { withNonce };

const require = createRequire(import.meta.url);
const { remotesManifest } = require('../build-config/remotes.js');
// sirv's own content-type table (its dependency, resolved from where sirv is installed).
const { lookup: mimeOf } = createRequire(require.resolve('sirv'))('mrmime');

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

// The partner widget's pinned releases (/embed/v1.2.3/...) never change: partners load them with an SRI hash.
const EMBED_RELEASE = /^\/embed\/v\d+\.\d+\.\d+\//;

function cacheControl(pathname) {
  return HASHED.test(path.posix.basename(pathname)) || EMBED_RELEASE.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function sendJson(req, res, status, body, extra = {}) {
  sendCompressed(req, res, status, Buffer.from(JSON.stringify(body)), { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', ...extra });
}

/** A body made per request, compressed on the fly by Accept-Encoding (br, else gzip). */
function sendCompressed(req, res, status, text, extra) {
  const headers = { Vary: 'Accept-Encoding', ...extra };
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

// ---- Security headers (issue 26) -------------------------------------------------------------------------

/** One year, subdomains too (helmet's default), as the API sends it. Only on answers that came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whom this server believes about the visitor's protocol ($TRUST_PROXY, as for the API): unset/0/no: nobody
 * (X-Forwarded-Proto is ignored); a hop count or yes/true/on: the proxy in front of it; proxy addresses or
 * CIDR ranges (`10.0.0.0/8,192.168.1.7`): only a peer among them.
 */
export function proxyTrust(raw = process.env.TRUST_PROXY) {
  const v = String(raw ?? '').trim().toLowerCase();
  if (!v || ['0', 'false', 'no', 'off'].includes(v)) return () => false;
  if (/^\d+$/.test(v) || ['true', 'yes', 'on'].includes(v)) return () => true;
  const list = new BlockList();
  const unmapped = (a) => a.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  for (const entry of v.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(unmapped(addr));
    if (!family || extra !== undefined || (bits !== undefined && !/^\d+$/.test(bits))) throw new Error(`TRUST_PROXY: cannot read "${entry}"`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(unmapped(addr), type);
    else list.addSubnet(unmapped(addr), Number(bits), type);
  }
  return (req) => {
    const peer = unmapped(req.socket.remoteAddress ?? '');
    const family = isIP(peer);
    return family !== 0 && list.check(peer, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Request headers that only a trusted proxy may set (see the request handler). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

/** Over HTTPS: TLS to this server, or a trusted proxy's X-Forwarded-Proto (its first value, as Koa reads it). */
function isHttps(req, trusted) {
  if (req.socket.encrypted) return true;
  if (!trusted(req)) return false;
  return String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase() === 'https';
}

/** `http://cdn:1/x/mf-manifest.json` -> `http://cdn:1`; a relative or non-http(s) URL -> null ('self' covers it). */
function originOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins a page's remotes load from: each entry of its remotes manifest (and a rollout candidate's
 * stable fallback), plus $CSP_REMOTE_ORIGINS (space- or comma-separated), for remotes whose files live on
 * another origin than their mf-manifest.json (a build with PUBLIC_PATH on a CDN).
 */
export function remoteOrigins(manifest, env = process.env) {
  const out = new Set();
  for (const r of Array.isArray(manifest?.remotes) ? manifest.remotes : []) {
    for (const entry of [r?.entry, r?.fallback?.entry]) {
      const origin = typeof entry === 'string' ? originOf(entry) : null;
      if (origin) out.add(origin);
    }
  }
  for (const extra of String(env.CSP_REMOTE_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean)) {
    const origin = originOf(extra);
    if (origin) out.add(origin);
  }
  return [...out];
}

const nonceSource = (_req, res) => `'nonce-${res.cspNonce}'`;
const remoteSources = (_req, res) => res.cspOrigins.join(' ');

/**
 * The pages' Content-Security-Policy (the shell's index.html, a remote's standalone page). No 'unsafe-inline',
 * no 'unsafe-eval' anywhere.
 * - script-src: this origin and the remotes' (the Module Federation runtime adds their remoteEntry.js and
 *   chunks as <script src>), and the answer's nonce, which every <script> of the built page carries (they
 *   have no inline code today; a plugin that adds some is covered).
 * - style-src: styled-components writes <style> elements at run time. They carry the nonce: styled-components
 *   is one shared singleton on the page (the shell's copy, build-config/singletons.js) and reads it from
 *   <meta property="csp-nonce">, so the one nonce reaches the styles of every remote, and of a remote's
 *   standalone page (its own copy, same meta). React's style={...} props go through the CSSOM, which CSP
 *   does not restrict. The remotes' origins too, for a stylesheet a remote may one day ship as a file.
 * - connect-src: /api and the remotes' mf-manifest.json. img-src: data: (the favicon, small inlined assets),
 *   blob: (a photo's preview before upload). frame-src: exercise videos (YouTube embeds).
 * - frame-ancestors 'self' (and X-Frame-Options SAMEORIGIN): no other site may frame the site (clickjacking).
 */
export const PAGE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", nonceSource, remoteSources],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", nonceSource, remoteSources],
  imgSrc: ["'self'", 'data:', 'blob:', remoteSources],
  fontSrc: ["'self'", 'data:', remoteSources],
  connectSrc: ["'self'", remoteSources],
  frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * The service worker (/sw.js, issue 31; docs/offline.md): a script's own CSP governs what the worker itself
 * may fetch, and it fetches what its pages ask for (the page's CSP already allowed that request: the API,
 * the remotes' origins of the visitor's /remotes.json) plus the files named by those remotes' manifests.
 * So any http(s) origin for connect-src: the remotes' origins change with a rollout or a CDN, and a worker
 * whose script bytes did not change keeps the CSP it was installed with. Nothing else (no scripts, frames).
 * Its Cache-Control is no-cache (its name has no hash), so a deploy's new worker is seen on the next visit.
 */
export const SERVICE_WORKER_PATH = '/sw.js';
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self' http: https:; frame-ancestors 'none'";

const COMMON_HELMET = {
  strictTransportSecurity: false, // only over HTTPS: set per request
  crossOriginResourcePolicy: false, // per site: set per request
  // Not helmet's no-referrer: under it browsers send `Origin: null` on same-origin POSTs, which the API
  // refuses as cross-origin. The path still never leaves the site.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};
const pageHeaders = helmet({ ...COMMON_HELMET, contentSecurityPolicy: { useDefaults: false, directives: PAGE_DIRECTIVES }, xFrameOptions: { action: 'sameorigin' } });
// Pages of a --mount (the trainer finder's iframe mode, /embed/frame/...): made to be framed by partners'
// sites, so any ancestor (and no X-Frame-Options); they show only public data and take no action.
const framedPageHeaders = helmet({
  ...COMMON_HELMET,
  contentSecurityPolicy: { useDefaults: false, directives: { ...PAGE_DIRECTIVES, frameAncestors: ['*'] } },
  xFrameOptions: false,
});
// Scripts, JSON, images, 404s: nothing of theirs runs as a page (an SVG or a file sniffed as HTML, opened in a tab).
const fileHeaders = helmet({
  ...COMMON_HELMET,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
});

/** Run a (synchronous) helmet middleware on a plain node response. */
function applyHelmet(middleware, req, res) {
  let failure;
  middleware(req, res, (err) => {
    failure = err;
  });
  if (failure) throw failure;
}

// sirv's rule: a last path segment with an extension never falls back to index.html.
const ANY_EXTENSION = /[/]([A-Za-z\s\d~$._-]+\.\w+){1,}$/;

/**
 * The HTML file sirv would answer `rel` (decoded path) with under `root`, in its order (rel, rel/index,
 * rel.html, rel/index.html, then index.html for a client-side route), or null when the answer is not a page.
 */
export function pageFile(root, rel, spa) {
  // Dotfiles and '..' are never files here (sirv does not serve them either); such a path may still be a client-side route.
  if (!rel.split('/').some((seg) => seg.startsWith('.'))) {
    const uri = rel.endsWith('/') ? rel.slice(0, -1) : rel;
    const tries = uri ? [uri, `${uri}/index`, `${uri}.html`, `${uri}/index.html`] : ['/index', '/index.html'];
    for (const t of tries) {
      const abs = path.join(root, t);
      if (!abs.startsWith(root + path.sep)) return null;
      // Synchronous, and no error object for a name that is not there (as sirv's own lookup): a client-side route
      // tries six names; as awaited stats they were a tenth of a rendered page's server time at 50 concurrent.
      const st = statQuiet(abs);
      if (st?.isFile()) return abs.toLowerCase().endsWith('.html') ? { abs, st } : null;
    }
  }
  return spa && !ANY_EXTENSION.test(rel) && !/\/\.well-known/.test(rel) ? pageFile(root, '/', false) : null;
}

/** A file that is not there (any more): deleted, its folder deleted or replaced by a file, or a folder now. */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

const pageTexts = new Map();
/** stat() of a path, or null when nothing (readable) is there. */
function statQuiet(abs) {
  try {
    return statSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/**
 * The page's text, or null when the file is gone (a dist folder rebuilt in place while serving): opened
 * first and checked through the open descriptor, so it cannot vanish between the check and the read.
 * Synchronous (a page is a small local file, its text usually in pageTexts): a cached page costs an open, an
 * fstat and a close, not three trips through the thread pool.
 */
function readPage({ abs }) {
  let fd;
  try {
    fd = openSync(abs, 'r');
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const hit = pageTexts.get(abs);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.text;
    const text = readFileSync(fd, 'utf8');
    pageTexts.set(abs, { mtimeMs: st.mtimeMs, size: st.size, text });
    return text;
  } catch (err) {
    if (GONE.has(err.code)) return null;
    throw err;
  } finally {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    }
  }
}

const PRECOMPRESSED = { '.br': 'br', '.gz': 'gzip' };

/** sirv's candidate names for `uri`: each extension on the path itself, then on path/index. */
function candidates(uri, extns) {
  const base = uri.endsWith('/') ? uri.slice(0, -1) : uri;
  const out = [];
  for (const e of extns) {
    const x = e ? `.${e}` : '';
    if (base) out.push(base + x);
    out.push(`${base}/index${x}`);
  }
  return out;
}

/**
 * The files under `dir`, answered as sirv answered them (same lookup order: the path, path/index, each with
 * `.br` / `.gz` first when the client accepts them, then with `.html`; Content-Type, Content-Encoding,
 * Last-Modified, a weak ETag of size and mtime, 304, a single byte range), but never from a list made at
 * start and never with a gap between checking and reading: each candidate is opened, checked through the open
 * descriptor (fstat) and streamed from it. So a dist folder rebuilt in place while serving answers its new
 * files, a file or folder that vanished is a miss (`next()`: 404) rather than an unhandled ENOENT that killed
 * the process, and a file deleted after it was opened is still sent whole (the descriptor keeps it).
 * Dotfiles are never served (except under /.well-known/). `typeOf(pathname)` may name the Content-Type.
 */
function createFileServer(dir, { typeOf = () => undefined } = {}) {
  const root = path.resolve(dir);
  return async function serveFile(req, res, next) {
    let pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname.includes('%')) {
      try {
        pathname = decodeURI(pathname);
      } catch {
        /* left as it is, as sirv does */
      }
    }
    if (pathname.split('/').some((seg) => seg.startsWith('.') && seg !== '.well-known')) return next();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const extns = [...(/(br|brotli)/i.test(accepts) ? ['html.br', 'br'] : []), ...(accepts.includes('gzip') ? ['html.gz', 'gz'] : []), '', 'html'];
    for (const name of candidates(pathname, extns)) {
      const abs = path.join(root, name);
      if (!abs.startsWith(root + path.sep)) continue;
      let handle;
      try {
        handle = await open(abs, 'r');
        const st = await handle.stat();
        if (!st.isFile()) {
          await handle.close();
          continue;
        }
        sendFile(req, res, handle, st, name, typeOf(pathname));
        return;
      } catch (err) {
        await handle?.close().catch(() => {});
        if (GONE.has(err.code)) continue;
        throw err;
      }
    }
    next();
  };
}

/** Answer with the open file `handle` (closed when done, whatever happens). */
function sendFile(req, res, handle, st, name, type) {
  const enc = PRECOMPRESSED[name.slice(-3)];
  const etag = `W/"${st.size}-${st.mtime.getTime()}"`;
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === etag) {
    handle.close().catch(() => {});
    res.writeHead(304);
    res.end();
    return;
  }
  let ctype = type ?? mimeOf(enc ? name.slice(0, -3) : name) ?? '';
  if (ctype === 'text/html') ctype += ';charset=utf-8';
  const headers = { 'Content-Length': st.size, 'Last-Modified': st.mtime.toUTCString(), ETag: etag };
  if (ctype) headers['Content-Type'] = ctype;
  if (enc) headers['Content-Encoding'] = enc;
  let code = 200;
  const range = { start: 0, end: Math.max(0, st.size - 1) };
  const asked = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
  if (asked) {
    code = 206;
    range.start = Number.parseInt(asked[1], 10) || 0;
    range.end = Math.min(Number.parseInt(asked[2], 10) || st.size - 1, st.size - 1);
    if (range.start >= st.size || range.start > range.end) {
      handle.close().catch(() => {});
      res.setHeader('Content-Range', `bytes */${st.size}`);
      res.statusCode = 416;
      res.end();
      return;
    }
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${st.size}`;
    headers['Content-Length'] = range.end - range.start + 1;
    headers['Accept-Ranges'] = 'bytes';
  }
  // Headers this server set already (Cache-Control, a Content-Type) win, as with sirv.
  for (const [k, v] of Object.entries(headers)) if (!res.hasHeader(k) || k === 'Content-Length' || k === 'Content-Range') res.setHeader(k, v);
  res.writeHead(code);
  if (req.method === 'HEAD' || st.size === 0) {
    handle.close().catch(() => {});
    res.end();
    return;
  }
  // pipeline: a client that goes away closes the file, and a read error cuts the answer (never an unhandled error).
  pipeline(handle.createReadStream({ start: range.start, end: range.end }), res, (err) => {
    if (err && !res.destroyed) res.destroy();
  });
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
    const target = new URL('/api/rollout/remotes', apiUrl);
    // A preview link (`/?fc_preview=<token>`, issue 34): the API checks the token and answers a cookie
    // that keeps the preview for the page's later loads.
    const preview = new URL(req.url ?? '/', 'http://localhost').searchParams.get('fc_preview');
    if (preview) target.searchParams.set('fc_preview', preview);
    const res = await fetch(target, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const setCookie = res.headers.getSetCookie();
    if (res.status < 200 || res.status >= 300) return { body: null, setCookie, status: res.status };
    const body = await res.json();
    if (!body || !Array.isArray(body.remotes)) return { body: null, setCookie, status: res.status };
    return { body, setCookie, status: res.status };
  } catch {
    return { body: null, setCookie: [], status: 0 };
  }
}

/** The rollout cookies (contracts/src/rollout.ts): the visitor id and a preview link's grant. */
const VISITOR_COOKIE = 'fc_vid';
const PREVIEW_COOKIE = 'fc_preview';

/** name -> value of a Cookie header. */
function cookiesOf(header) {
  const out = new Map();
  for (const part of String(header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/** The theme cookie the shell's theme store writes (shared-ui/src/themeStore.ts, THEME_COOKIE). */
const THEME_COOKIE = 'fitconnect-theme';

/**
 * The palette a visitor chose, from the theme cookie: 'light' or 'dark', else null (nothing else a client sends is
 * written into the page). The page's <html> gets it as data-theme (withTheme), so a server-rendered page is painted
 * in that palette with no script run before its first frame (issue 32 item 4); with none, the page's CSS follows
 * the system's preference.
 */
export function themeOf(cookieHeader) {
  const value = cookiesOf(cookieHeader).get(THEME_COOKIE);
  return value === 'light' || value === 'dark' ? value : null;
}

/** The page with data-theme on its <html> for `theme` ('light' | 'dark'); unchanged for null or an <html> that has one. */
export function withTheme(html, theme) {
  if (!theme) return html;
  return html.replace(/<html\b(?![^>]*\sdata-theme=)/i, `<html data-theme="${theme}"`);
}

/**
 * Who the API's remotes answer is for: the visitor id and preview cookies the browser will send next (the
 * request's, updated by the Set-Cookie of the answer: a first visit's new id, a preview link's grant, a
 * deletion), or null without a visitor id (nothing is handed on then).
 */
export function handoffKey(cookieHeader, setCookie = []) {
  const jar = cookiesOf(cookieHeader);
  for (const line of setCookie) {
    const [pair, ...attrs] = String(line).split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const expired = attrs.some((a) => /^\s*max-age\s*=\s*0*(\s|$)/i.test(a) || /^\s*max-age\s*=\s*-/i.test(a));
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(eq + 1).trim());
  }
  const vid = jar.get(VISITOR_COOKIE);
  return vid ? `${vid}\n${jar.get(PREVIEW_COOKIE) ?? ''}` : null;
}

/**
 * The page -> /remotes.json hand-off (TTFB; issue: the API was asked twice per page load). A page asks the
 * API for the visitor's remotes manifest (its CSP names those origins); the shell's script then fetches
 * /remotes.json, which used to ask the API again. Now the page's answer is kept under the visitor's cookies
 * (handoffKey) and the visitor's next /remotes.json takes it, once, within `ttlMs` (default 1 s); a
 * /remotes.json without a page just before it (a retry after a failed load, a page from the service worker's
 * cache, a preview link's query) asks the API as before. So a page and its manifest always agree, and the
 * rollout promise holds exactly: every page load asks the API itself, so a rollback, kill or promote shows on
 * the next page load after the command (the API's own config cache, 2 s across instances, is unchanged); only
 * the /remotes.json of a page loaded before the command can still carry that page's answer. Bounded: at most
 * `max` visitors are kept (the oldest go first); entries are dropped when taken or expired.
 */
export function createRemotesHandoff({ ttlMs = 1000, max = 10_000, now = () => performance.now() } = {}) {
  const entries = new Map();
  const purge = (t) => {
    for (const [key, e] of entries) {
      if (t - e.at < ttlMs && entries.size <= max) break;
      entries.delete(key);
    }
  };
  return {
    get size() {
      return entries.size;
    },
    put(key, body) {
      if (!key || !(ttlMs > 0)) return;
      const t = now();
      entries.delete(key);
      entries.set(key, { at: t, body });
      purge(t);
    },
    take(key) {
      if (!key) return null;
      const e = entries.get(key);
      if (!e) return null;
      entries.delete(key);
      return now() - e.at < ttlMs ? e.body : null;
    },
  };
}

/** REMOTES_HANDOFF_MS: a whole number of ms (0 turns the hand-off off); anything else is the default. */
function handoffMs(raw = process.env.REMOTES_HANDOFF_MS) {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : 1000;
}

/**
 * The operator's REMOTES_JSON file, parsed: read again whenever the file changed (its size, modification or
 * change time), so a rewrite shows on the next request, as a read per request did, without reading and parsing
 * it for every page. Throws as readFileSync/JSON.parse do. Callers must not change the object.
 */
const jsonFiles = new Map();
export function readJsonFile(file) {
  const st = statSync(file);
  const hit = jsonFiles.get(file);
  if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs && hit.ctimeMs === st.ctimeMs) return hit.value;
  const value = JSON.parse(readFileSync(file, 'utf8'));
  jsonFiles.set(file, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, value });
  return value;
}

async function remotesJson(req, apiUrl) {
  const file = process.env.REMOTES_JSON;
  if (file) return { status: 200, body: readJsonFile(file), setCookie: [] };
  const fromApi = await remotesFromApi(req, apiUrl);
  if (fromApi.body) return { ...fromApi, fromApi: true };
  if (fromApi.status) console.warn(`[serve-static] /api/rollout/remotes answered ${fromApi.status}; serving the static remotes manifest`);
  else console.warn('[serve-static] the API did not answer /api/rollout/remotes in time; serving the static remotes manifest');
  return { status: 200, body: remotesManifest(process.env), setCookie: fromApi.setCookie };
}

/**
 * How much of a request body is still read (and thrown away) after its answer has been sent, before the
 * connection is dropped instead; as the API's (api/src/http/unreadBody.ts).
 */
export const UNREAD_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Read and throw away what is left of a request body once its answer has been sent (an early answer of the
 * API passed on by the proxy, a 405 to a POST); past `maxBytes` the connection is dropped instead.
 * Why (issue 26): a body left unread stops this server reading the connection, while the client, which reuses
 * keep-alive connections, may already have sent its next request behind it; after the keep-alive timeout Node
 * closes the socket with those bytes unread, the kernel answers with a reset, and that request is lost
 * (ECONNRESET; a POST is not retried). Closing at once instead would reset the connection under a client still
 * sending, which can discard the answer itself before the client reads it.
 */
function discardUnreadBody(req, maxBytes = UNREAD_BODY_LIMIT) {
  if (req.readableEnded || req.destroyed) return;
  req.unpipe();
  req.removeAllListeners('data');
  let seen = 0;
  req.on('data', (chunk) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
  req.resume();
}

/**
 * /api proxy. An answer the API gives before it has read the request body (an early 401/404/413 to an
 * upload) is passed on whole: an upstream error that follows (the API closing under the unread body) is
 * ignored once the answer has started, and the client's response is only cut if the answer itself was.
 * The rest of such a body is not forwarded: the upstream request is dropped once the answer is complete
 * (Node's client stops passing the upstream socket's 'drain' on to a request whose answer is complete, so the
 * forwarding pipe could stall for good with the client's body unread) and the server discards the rest.
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
  proxy.on('proxyRes', (proxyRes, req, res) => {
    proxyRes.on('aborted', () => res.destroy());
    proxyRes.once('end', () => {
      if (req.readableEnded) return;
      // Answered before the whole body was forwarded: stop forwarding; the rest is discarded (discardUnreadBody).
      req.unpipe(proxyRes.req);
      proxyRes.req.destroy();
    });
  });
  return proxy;
}

/** A request that may come from a signed-in visitor (its session cookie): rendered in the browser, as before. */
const SESSION_COOKIES = ['fitconnect.sid', '__Host-fitconnect.sid'];
function mayBeSignedIn(req) {
  const cookies = cookiesOf(req.headers.cookie);
  return SESSION_COOKIES.some((name) => cookies.has(name));
}

/**
 * Issue 32 stage 2 (docs/ssr.md, scripts/ssr/react.mjs): renders a signed-out GET of an area's page with React
 * on the server. The shell's server build is `<root>/../dist-server/server.js` (built with the shell); without
 * it, nothing is rendered (logged once). The renderer (React, styled-components' server side) is loaded on the
 * first page it may render, not at start. Only server builds on the deployment's remotes' origins are run.
 */
function createPageRenderer({ apiUrl, root }) {
  // The server RUNS the server builds it loads: only from the deployment's own remotes (REMOTE_<AREA>_URL, the
  // REMOTES_JSON file the operator wrote, CSP_REMOTE_ORIGINS) and SSR_REACT_ORIGINS; an entry elsewhere (a
  // candidate or preview on another origin) is rendered in the browser.
  const trustedOrigins = () => {
    const out = remoteOrigins(remotesManifest(process.env));
    if (process.env.REMOTES_JSON) {
      try {
        out.push(...remoteOrigins(readJsonFile(process.env.REMOTES_JSON)));
      } catch {
        /* unreadable: its pages are answered from the built-in manifest, see remotesJson */
      }
    }
    for (const o of String(process.env.SSR_REACT_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean)) if (originOf(o)) out.push(originOf(o));
    return out;
  };
  const areas = new Set(String(process.env.SSR_REACT_AREAS ?? 'trainers community challenges workouts').split(/[\s,]+/).filter(Boolean));
  const shellFile = path.join(root, '..', 'dist-server', 'server.js');
  let renderer = null;
  const ready = () =>
    (renderer ??= (async () => {
      try {
        await stat(shellFile);
      } catch {
        console.warn(`[serve-static] ${shellFile} is missing (npm run build -w shell): pages are rendered in the browser`);
        return null;
      }
      const [{ createReactRenderer, injectRendered }, shell] = [await import('./ssr/react.mjs'), require(shellFile)];
      const byArea = new Map();
      let shellPages = null;
      return {
        shellPages: () => (shellPages ??= createReactRenderer({ apiUrl, shell, area: null })),
        injectRendered,
        areaForPath: shell.areaForPath,
        for(area) {
          let r = byArea.get(area);
          if (!r) {
            r = createReactRenderer({ apiUrl, shell, area, remote: `mfe_${area}`, allowedOrigins: trustedOrigins });
            byArea.set(area, r);
          }
          return r;
        },
      };
    })());
  return {
    /** `{ inject(html) }` for this request's page, or null (rendered in the browser). */
    async render(req, manifest) {
      if (req.method !== 'GET' || mayBeSignedIn(req)) return null;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const r = await ready();
      if (!r) return null;
      const area = r.areaForPath(url.pathname);
      // A page of the shell itself (the landing page): the shell's server build alone (its prefetch says which).
      if (!area) {
        const out = await r.shellPages().render({ url: url.pathname + url.search, manifestUrl: null });
        return out ? { inject: (html) => r.injectRendered(html, out, 'shell') } : null;
      }
      if (!areas.has(area)) return null;
      const entry = Array.isArray(manifest?.remotes) ? manifest.remotes.find((e) => e?.area === area)?.entry : null;
      if (typeof entry !== 'string') return null;
      const out = await r.for(area).render({ url: url.pathname + url.search, manifestUrl: entry });
      return out ? { inject: (html) => r.injectRendered(html, out, area) } : null;
    },
  };
}

export function createStaticServer(opts) {
  const root = path.resolve(opts.dir);
  const apiUrl = process.env.API_URL || 'http://127.0.0.1:4000';
  const proxy = opts.api ? createApiProxy(apiUrl) : null;
  // Files are looked up on disk per request (createFileServer), so a folder rebuilt while the server runs is
  // served as it is now, and a file that vanished is a 404, never a crash. Pages (HTML, including the SPA
  // fallback to index.html) go through servePage first.
  const textType = (pathname) => TEXT_TYPES[path.posix.extname(pathname).toLowerCase()];
  // A client-side route (no extension) is index.html.
  const files = createFileServer(root, { typeOf: (pathname) => TEXT_TYPES[path.posix.extname(pathname).toLowerCase() || '.html'] });
  const mounts = (opts.mounts ?? []).map((m) => ({
    prefix: m.prefix,
    dir: path.resolve(m.dir),
    files: createFileServer(m.dir, { typeOf: textType }),
  }));
  // Version folders: a candidate built while the server runs is served at once; each version's files never
  // change, the Cache-Control below still applies.
  const versionsDir = path.resolve(opts.versions ?? path.join(root, '..', 'releases'));
  const versionFiles = createFileServer(versionsDir, { typeOf: textType });
  const notFound = (res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
  };
  const trusted = proxyTrust();
  const handoff = createRemotesHandoff({ ttlMs: handoffMs() });
  // The shell's public pages: per-page tags, JSON-LD and a JavaScript-off body from the API; /robots.txt and
  // /sitemap.xml (issue 32, scripts/ssr/seo.mjs, docs/ssr.md). SSR=off serves index.html as it is.
  const seo = opts.api && opts.spa && process.env.SSR !== 'off' ? createSeo({ apiUrl, root }) : null;
  // Stage 2: a signed-out visitor's page of an area in SSR_REACT_AREAS rendered with React (the shell's server
  // build around the area's, this visitor's version) and hydrated in the browser. SSR_REACT=off: not.
  const react = seo && process.env.SSR_REACT !== 'off' ? createPageRenderer({ apiUrl, root }) : null;
  const pageBodies = createPageBodies();

  /**
   * A page (HTML), if `rel` under `dir` is one: its CSP names the origins of the remotes manifest this visitor
   * gets next (the shell's /remotes.json, from the same source; a visitor id the API creates meanwhile is set
   * here, so that /remotes.json assigns the same versions), and a nonce made for this answer alone. So the
   * page has no ETag: each answer's body differs (a cached body would not match a new nonce).
   */
  async function servePage(req, res, dir, rel, spa, headers = pageHeaders) {
    // The page's file is read first: one that vanished since pageFile saw it (a rebuild in place) is looked
    // up again, a few times; one still vanishing as it is read (written and deleted in a loop) answers an SPA
    // route with index.html, as it would once gone; otherwise the caller answers 404.
    let page = null;
    let text = null;
    for (let attempt = 0; attempt < 3 && text === null; attempt++) {
      page = await pageFile(dir, rel, spa);
      if (!page) break;
      text = await readPage(page);
    }
    if (page && text === null && spa) {
      page = await pageFile(dir, '/', false);
      text = page && (await readPage(page));
    }
    if (!page || text === null) return false;
    // Read from the API while the remotes manifest is read (never rejects; null: the page as it is).
    const described = seo && dir === root ? seo.page(req, new URL(req.url ?? '/', 'http://localhost')) : null;
    let manifest = { body: null, setCookie: [] };
    if (opts.remotes) {
      try {
        manifest = await remotesJson(req, apiUrl);
        // This page's /remotes.json gets the same answer (only the API's own: a fallback is asked again).
        if (manifest.fromApi) handoff.put(handoffKey(req.headers.cookie, manifest.setCookie), manifest.body);
      } catch (err) {
        console.warn(`[serve-static] cannot read the remotes manifest for the page's CSP: ${err.message}`);
        manifest = { body: remotesManifest(process.env), setCookie: [] };
      }
    }
    res.cspNonce = randomBytes(18).toString('base64');
    res.cspOrigins = opts.remotes ? remoteOrigins(manifest.body) : [];
    applyHelmet(headers, req, res);
    // (The answer started with the files' DENY; frame-ancestors decides for a framed page.)
    if (headers === framedPageHeaders) res.removeHeader('X-Frame-Options');
    if (manifest.setCookie.length) res.setHeader('Set-Cookie', manifest.setCookie);
    const rendered = react ? await react.render(req, manifest.body) : null;
    const body = rendered ? rendered.inject(injectPage(text, await described)) : injectPage(text, await described);
    const html = withTheme(body, themeOf(req.headers.cookie));
    // The page's text is split at its nonces and compressed once per distinct text (scripts/page-body.cjs). The
    // answer is written as the page's prepared Buffers with the nonce between them (corked: one write), not joined
    // into one page-sized Buffer per answer.
    const { chunks, length, encoding } = pageBodies.encodeChunks(html, res.cspNonce, String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-cache',
      // The page differs by the visitor's cookies (the theme's data-theme, rendered only when signed out).
      Vary: 'Accept-Encoding, Cookie',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': length,
    });
    if (req.method !== 'HEAD') {
      res.cork(); // end() uncorks: the chunks go out in one write
      for (const chunk of chunks) res.write(chunk);
    }
    res.end();
    return true;
  }

  return http.createServer(async (req, res) => {
    // Whatever part of the body the answer left unread is read and discarded once it is sent (issue 26).
    res.once('finish', () => discardUnreadBody(req));
    // Forwarding headers a visitor wrote itself are dropped unless its peer is a proxy we trust: the /api proxy
    // and the /remotes.json call append to them, and the API (trusting this server as its one hop) would
    // otherwise take a client's own `X-Forwarded-Proto: https` as the truth.
    if (!trusted(req)) for (const h of FORWARDING_HEADERS) delete req.headers[h];
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
      // This server's own answers (the API's carry its own): helmet's headers with the strict CSP (a page
      // gets its own below), HSTS over HTTPS, and whether other sites may load the file (the remotes' and the
      // mounted widget's files: yes; the shell's: only the shell).
      applyHelmet(fileHeaders, req, res);
      if (isHttps(req, trusted)) res.setHeader('Strict-Transport-Security', HSTS);
      res.setHeader('Cross-Origin-Resource-Policy', opts.cors ? 'cross-origin' : 'same-origin');
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
        // The answer its page was made with (once, just after the page), else the API's.
        const handed = url.searchParams.has(PREVIEW_COOKIE) ? null : handoff.take(handoffKey(req.headers.cookie));
        const answer = handed ? { status: 200, body: handed, setCookie: [] } : await remotesJson(req, apiUrl);
        sendJson(req, res, answer.status, answer.body, { ...REMOTES_HEADERS, ...(answer.setCookie.length ? { 'Set-Cookie': answer.setCookie } : {}) });
        return;
      }
      if (seo && (await seo.answer(req, res, pathname))) return;
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
      if (pathname === SERVICE_WORKER_PATH) res.setHeader('Content-Security-Policy', SERVICE_WORKER_CSP);
      if (COMPRESSIBLE.test(pathname) || !path.posix.extname(pathname)) res.setHeader('Vary', 'Accept-Encoding');
      const mount = mounts.find((m) => pathname.startsWith(`${m.prefix}/`));
      if (mount) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        if (await servePage(req, res, mount.dir, rel.slice(mount.prefix.length), false, framedPageHeaders)) return;
        req.url = pathname.slice(mount.prefix.length) + url.search;
        await mount.files(req, res, () => {
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
        if (await servePage(req, res, versionsDir, `/${version[1]}/${decoded.slice(1).join('/')}`, false)) return;
        const original = req.url;
        req.url = `/${version[1]}${version[2]}`;
        await versionFiles(req, res, () => {
          req.url = original;
          res.removeHeader('Vary');
          notFound(res);
        });
        return;
      }
      if (await servePage(req, res, root, rel, opts.spa)) return;
      await files(req, res, () => {
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
