import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { get, listen, serveStaticHarness, type Reply } from './support/serveStatic';

// scripts/serve-static.mjs's security headers (issue 26), over real HTTP: pages get a Content-Security-Policy
// with a fresh nonce per answer (on every <script>/<style> of the page and in <meta property="csp-nonce"> for
// styled-components) and the origins of the remotes manifest the visitor gets; every other answer gets a CSP
// that allows nothing; HSTS only when the request came over HTTPS through a proxy this server trusts.

const harness = serveStaticHarness();

function serve(args: string[], env: Record<string, string | undefined> = {}) {
  // A default API_URL (port 9) unless a test gives its own.
  return harness.serve(args, { API_URL: 'http://127.0.0.1:9', ...env });
}

/** A built site in miniature: a page with an inline script and style (as a plugin could add), a script, an SVG. */
function site(): string {
  const dir = harness.tmpDir('serve-headers-');
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title><style>body{margin:0}</style></head>' +
    '<body><div id="root"></div><script>window.booted=1</script><script defer src="/main.0123456789.js"></script></body></html>';
  writeFileSync(path.join(dir, 'index.html'), page);
  writeFileSync(path.join(dir, 'main.0123456789.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  // A remote's immutable version folder (its standalone page and manifest).
  mkdirSync(path.join(dir, 'releases', '1.0.0'), { recursive: true });
  writeFileSync(path.join(dir, 'releases', '1.0.0', 'index.html'), page);
  writeFileSync(path.join(dir, 'releases', '1.0.0', 'mf-manifest.json'), '{}');
  mkdirSync(path.join(dir, 'widget'));
  writeFileSync(path.join(dir, 'widget', 'finder.js'), 'void 0');
  return dir;
}

/** A Content-Security-Policy header as directive -> sources. */
function csp(header: string | string[] | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

/** The nonce a page's CSP allows, after checking that every script and style of the page carries it. */
function pageNonce(r: Reply): string {
  const policy = csp(r.headers['content-security-policy']);
  const nonces = policy['script-src'].filter((s) => s.startsWith("'nonce-")).map((s) => s.slice(7, -1));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0];
  expect(nonce.length).toBeGreaterThanOrEqual(22); // 128+ random bits
  expect(policy['style-src']).toContain(`'nonce-${nonce}'`);
  const tags = r.body.match(/<(script|style)\b[^>]*>/g) ?? [];
  expect(tags.length).toBe(3);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  expect(r.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  return nonce;
}

describe('pages', () => {
  test('a page and a client-side route: a CSP without unsafe-inline/unsafe-eval, a fresh nonce on every answer, no framing by others', async () => {
    const s = await serve(['--dir', site(), '--spa']);
    const first = await get(`${s.url}/`);
    const route = await get(`${s.url}/trainers/7`);
    for (const r of [first, route]) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      const policy = csp(r.headers['content-security-policy']);
      for (const d of ['script-src', 'style-src', 'default-src']) {
        expect(policy[d]).not.toContain("'unsafe-inline'");
        expect(policy[d]).not.toContain("'unsafe-eval'");
      }
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      // Each answer has its own nonce, so none may be cached and revalidated.
      expect(r.headers.etag).toBeUndefined();
      expect(r.headers['cache-control']).toBe('private, no-cache');
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
    expect(pageNonce(first)).not.toBe(pageNonce(route));
  });

  test('a HEAD of a page carries the page headers; a gzip page has the header nonce in its body', async () => {
    const s = await serve(['--dir', site(), '--spa']);
    const head = await get(`${s.url}/`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(csp(head.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
    expect(head.body).toBe('');
    const zipped = await new Promise<Reply>((resolve, reject) => {
      http
        .get(`${s.url}/`, { headers: { 'Accept-Encoding': 'gzip' }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: gunzipSync(Buffer.concat(chunks)).toString() }));
        })
        .on('error', reject);
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    pageNonce(zipped);
  });

  test("the shell's page allows exactly the origins of the remotes manifest it serves (re-read per page), fallbacks and CSP_REMOTE_ORIGINS included", async () => {
    const dir = site();
    const manifest = path.join(dir, '..', `${path.basename(dir)}-remotes.json`);
    harness.removeAfterAll(manifest);
    const write = (entries: object[]) => writeFileSync(manifest, JSON.stringify({ remotes: entries }));
    write([
      { area: 'trainers', name: 'mfe_trainers', entry: 'https://trainers.cdn.test/v2/mf-manifest.json', fallback: { entry: 'https://old.cdn.test/mf-manifest.json' } },
      { area: 'workouts', name: 'mfe_workouts', entry: 'http://localhost:3001/mf-manifest.json' },
    ]);
    const s = await serve(['--dir', dir, '--spa', '--remotes'], { REMOTES_JSON: manifest, CSP_REMOTE_ORIGINS: 'https://assets.cdn.test' });
    const policy = csp((await get(`${s.url}/`)).headers['content-security-policy']);
    const remotes = ['https://trainers.cdn.test', 'https://old.cdn.test', 'http://localhost:3001', 'https://assets.cdn.test'];
    for (const d of ['script-src', 'style-src', 'connect-src', 'img-src']) expect(policy[d]).toEqual(expect.arrayContaining(remotes));
    expect(policy['script-src']).not.toContain('http://localhost:3002');

    // The deployment moves the trainers remote: the next page allows the new origin, not the old one.
    write([{ area: 'trainers', name: 'mfe_trainers', entry: 'https://new.cdn.test/mf-manifest.json' }]);
    const moved = csp((await get(`${s.url}/trainers`)).headers['content-security-policy']);
    expect(moved['script-src']).toContain('https://new.cdn.test');
    expect(moved['script-src']).not.toContain('https://trainers.cdn.test');
  });

  test("with the rollout API, the page allows the origins of this visitor's manifest and keeps the visitor id it created", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const api = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'fc_vid=NEWVISITOR; Path=/; HttpOnly' });
      res.end(JSON.stringify({ remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: 'https://candidate.cdn.test/mf-manifest.json', fallback: { entry: 'http://localhost:3002/mf-manifest.json' } }] }));
    });
    const apiServer = await listen(api);
    try {
      const s = await serve(['--dir', site(), '--spa', '--remotes'], { API_URL: apiServer.url });
      const r = await get(`${s.url}/`, { Cookie: 'fc_vid=OLD' });
      const policy = csp(r.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(expect.arrayContaining(['https://candidate.cdn.test', 'http://localhost:3002']));
      expect(policy['connect-src']).toEqual(expect.arrayContaining(['https://candidate.cdn.test', 'http://localhost:3002']));
      expect(r.headers['set-cookie']).toEqual(['fc_vid=NEWVISITOR; Path=/; HttpOnly']);
      expect(seen[0].cookie).toBe('fc_vid=OLD');
    } finally {
      await apiServer.close();
    }
  });

  test("a remote's standalone page and a version folder's page get the page CSP with their own nonce", async () => {
    const dir = site();
    const s = await serve(['--dir', dir, '--cors', '--versions', path.join(dir, 'releases')]);
    for (const p of ['/', '/index.html', '/versions/1.0.0/', '/versions/1.0.0/index.html']) {
      const r = await get(`${s.url}${p}`);
      expect(r.status).toBe(200);
      pageNonce(r);
      expect(r.headers['access-control-allow-origin']).toBe('*');
    }
  });

  test("a visitor's theme cookie puts its palette on the page's <html>, and nothing else a cookie holds gets into the page", async () => {
    const s = await serve(['--dir', site(), '--spa']);
    const html = async (cookie?: string) => {
      const r = await get(`${s.url}/trainers/7`, cookie === undefined ? {} : { Cookie: cookie });
      expect(r.status).toBe(200);
      // Pages differ by cookie: no shared cache may answer one visitor's with another's.
      expect(String(r.headers.vary)).toMatch(/\bCookie\b/);
      return /<html[^>]*>/.exec(r.body)![0];
    };
    expect(await html()).toBe('<html lang="en">');
    expect(await html('fitconnect-theme=dark')).toBe('<html data-theme="dark" lang="en">');
    expect(await html('fc_vid=abc; fitconnect-theme=light')).toBe('<html data-theme="light" lang="en">');
    // Anything but the two palettes is ignored, markup included.
    for (const bad of ['fitconnect-theme=purple', 'fitconnect-theme="><script>alert(1)</script>', 'fitconnect-theme=dark%22%3E', 'fitconnect-theme=', 'fitconnect-theme=DARK']) {
      expect(await html(bad)).toBe('<html lang="en">');
    }
  });
});

describe('other answers', () => {
  test('scripts, images, JSON, 404s and 405s: a CSP that allows nothing, no framing, nosniff; the shell keeps its files to itself', async () => {
    const dir = site();
    const s = await serve(['--dir', dir, '--spa', '--remotes', '--mount', `/embed=${path.join(dir, 'widget')}`]);
    const answers = await Promise.all([
      get(`${s.url}/main.0123456789.js`),
      get(`${s.url}/logo.svg`),
      get(`${s.url}/remotes.json`),
      get(`${s.url}/nope.0123456789.js`),
      get(`${s.url}/`, {}, 'POST'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 404, 405]);
    for (const r of answers) {
      expect(csp(r.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  test("the partner widget's mounted script and a remote's files stay loadable from other sites (CORS and CORP cross-origin)", async () => {
    const dir = site();
    const shell = await serve(['--dir', dir, '--spa', '--mount', `/embed=${path.join(dir, 'widget')}`]);
    const widget = await get(`${shell.url}/embed/finder.js`, { Origin: 'https://partner.test' });
    expect(widget.status).toBe(200);
    expect(widget.headers['access-control-allow-origin']).toBe('*');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const remote = await serve(['--dir', dir, '--cors']);
    const chunk = await get(`${remote.url}/main.0123456789.js`, { Origin: 'http://localhost:3000' });
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('HSTS', () => {
  const HTTPS = { 'X-Forwarded-Proto': 'https' };

  test('not trusting any proxy (the default): a client that writes X-Forwarded-Proto: https itself gets no HSTS', async () => {
    const s = await serve(['--dir', site(), '--spa']);
    for (const p of ['/', '/main.0123456789.js']) expect((await get(`${s.url}${p}`, HTTPS)).headers['strict-transport-security']).toBeUndefined();
  });

  test('behind a trusted proxy (TRUST_PROXY=1): HSTS on answers that came over HTTPS only', async () => {
    const s = await serve(['--dir', site(), '--spa'], { TRUST_PROXY: '1' });
    expect((await get(`${s.url}/`, HTTPS)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get(`${s.url}/main.0123456789.js`, HTTPS)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get(`${s.url}/`)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(`${s.url}/`, { 'X-Forwarded-Proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });

  test('TRUST_PROXY as addresses: only a listed peer is believed', async () => {
    const other = await serve(['--dir', site(), '--spa'], { TRUST_PROXY: '10.1.2.3' });
    expect((await get(`${other.url}/`, HTTPS)).headers['strict-transport-security']).toBeUndefined();
    const local = await serve(['--dir', site(), '--spa'], { TRUST_PROXY: '127.0.0.0/8' });
    expect((await get(`${local.url}/`, HTTPS)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
