#!/usr/bin/env node
// The demo partner site (issue 16): a third-party page on its own origin that embeds the trainer
// finder with the one script tag partners paste. Served by `npm start` on PARTNER_DEMO_PORT (3010).
//
//   node scripts/partner-demo/server.mjs --port 3010 --origin http://localhost:3000
//
//   /                 index.html, with {{FITCONNECT_ORIGIN}} replaced by --origin (where the script comes from)
//   /blank.html       an empty page (the browser tests add the finder there to compare window's globals)
//   /strict.html      the finder under a strict CSP (script-src 'self' <origin> 'nonce-…'; style-src 'self' 'nonce-…')
//   /many.html        three finders, one per club, the last far below the fold
//   /lazy.html        one finder far below the fold
//   /frame.html       iframe mode (/embed/frame/trainer-finder) sized by /embed/v1/frame-resize.js
//   /pinned.html      a pinned release (/embed/v<version>/trainer-finder.js) with its SRI hash
//   /partner-app.js   the partner's own React app
//   /partner-events.js the partner's own listener for the finder's events
//   /vendor/react*.js the partner's React 18 (UMD builds from the react-18 / react-dom-18 npm aliases)
//
// Prints `listening on http://<host>:<port>` once ready.
//
// `npm start` runs it inside its own supervising process (createPartnerDemoServer) rather than as one more
// Node process: a whole process for three static files cost about 45 MB of the site's memory (issue 9).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The aliases are dev dependencies of the e2e workspace.
const requireFromE2e = createRequire(path.join(here, '..', '..', 'e2e', 'package.json'));

/** @param {string[]} argv */
function parse(argv) {
  const opts = { port: Number(process.env.PARTNER_DEMO_PORT ?? 3010), host: process.env.HOST || '0.0.0.0', origin: process.env.FITCONNECT_ORIGIN || 'http://localhost:3000' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') opts.port = Number(argv[++i]);
    else if (a === '--host') opts.host = argv[++i];
    else if (a === '--origin') opts.origin = argv[++i];
    else throw new Error(`Unknown option ${a}`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new Error('--port must be a port number');
  opts.origin = new URL(opts.origin).origin;
  return opts;
}

const escapeHtml = (/** @type {string} */ s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A file inside an installed package (its umd/ folder is not in the package's "exports"). */
const packageFile = (/** @type {string} */ pkg, /** @type {string} */ file) => path.join(path.dirname(requireFromE2e.resolve(`${pkg}/package.json`)), file);

/** @param {string} name */
function vendorFile(name) {
  if (name === 'react.production.min.js') return packageFile('react-18', 'umd/react.production.min.js');
  if (name === 'react-dom.production.min.js') return packageFile('react-dom-18', 'umd/react-dom.production.min.js');
  return null;
}

/**
 * The demo partner site's HTTP server (not listening yet); `origin` is where the finder's script comes from.
 * @param {string} origin
 */
export function createPartnerDemoServer(origin) {
  const opts = { origin: new URL(origin).origin };
  return http.createServer(async (req, res) => {
    /** @param {number} status @param {string} type @param {string | Buffer} body */
    const send = (status, type, body) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method not allowed');
      if (pathname === '/' || pathname === '/index.html') {
        const html = await readFile(path.join(here, 'index.html'), 'utf8');
        return send(200, 'text/html; charset=utf-8', html.replaceAll('{{FITCONNECT_ORIGIN}}', escapeHtml(opts.origin)));
      }
      if (pathname === '/blank.html') return send(200, 'text/html; charset=utf-8', await readFile(path.join(here, 'blank.html')));
      const page = /^\/(strict|many|lazy|frame|pinned)\.html$/.exec(pathname)?.[1];
      if (page) {
        let html = (await readFile(path.join(here, `${page}.html`), 'utf8')).replaceAll('{{FITCONNECT_ORIGIN}}', escapeHtml(opts.origin));
        if (page === 'strict') {
          // A fresh nonce per answer, and the policy the issue names: no 'unsafe-inline' anywhere.
          const nonce = randomBytes(16).toString('base64');
          html = html.replaceAll('{{NONCE}}', nonce);
          res.setHeader('Content-Security-Policy', `script-src 'self' ${opts.origin} 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`);
        }
        if (page === 'pinned') {
          // The newest release FitConnect publishes, with its integrity hash.
          const releases = await fetch(`${opts.origin}/embed/releases.json`).then((r) => (r.ok ? r.json() : null));
          const latest = releases?.releases?.[0];
          if (!latest) return send(502, 'text/plain; charset=utf-8', 'FitConnect has published no release (/embed/releases.json)');
          html = html.replaceAll('{{PINNED_PATH}}', escapeHtml(latest.path)).replaceAll('{{PINNED_INTEGRITY}}', escapeHtml(latest.integrity));
        }
        return send(200, 'text/html; charset=utf-8', html);
      }
      if (pathname === '/partner-events.js') return send(200, 'text/javascript; charset=utf-8', await readFile(path.join(here, 'partner-events.js')));
      if (pathname === '/partner-app.js') return send(200, 'text/javascript; charset=utf-8', await readFile(path.join(here, 'partner-app.js')));
      if (pathname.startsWith('/vendor/')) {
        const file = vendorFile(pathname.slice('/vendor/'.length));
        if (file) return send(200, 'text/javascript; charset=utf-8', await readFile(file));
      }
      if (pathname === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      return send(404, 'text/plain; charset=utf-8', 'Not found');
    } catch (err) {
      console.error('[partner-demo]', err);
      if (!res.headersSent) send(500, 'text/plain; charset=utf-8', 'Internal error');
    }
  });
}

const runAsCommand = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runAsCommand) {
  let opts;
  try {
    opts = parse(process.argv.slice(2));
  } catch (err) {
    console.error(`partner-demo: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  const server = createPartnerDemoServer(opts.origin);
  server.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
    console.error(`partner-demo: port ${opts.port} ${err.code === 'EADDRINUSE' ? 'is already in use' : `cannot be used (${err.code})`}.`);
    process.exit(3);
  });
  server.listen(opts.port, opts.host, () => {
    const shown = opts.host === '0.0.0.0' ? 'localhost' : opts.host;
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    console.log(`listening on http://${shown}:${port} (demo partner site, finder from ${opts.origin})`);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
