import http from 'node:http';
import net from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROOT, serveDir, startSite, type Served, type Site } from '../src/harness';

// scripts/serve-static.mjs as the browser sees it (compression, caching, SPA fallback) and its /api
// proxy as a caller sees it: early refusals of unread uploads reach the client, the client's address is
// forwarded, a dead API is a 502 in JSON.

const SHELL_DIST = path.join(ROOT, 'shell', 'dist');

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function decoded(r: Reply): Buffer {
  if (r.headers['content-encoding'] === 'br') return brotliDecompressSync(r.body);
  if (r.headers['content-encoding'] === 'gzip') return gunzipSync(r.body);
  return r.body;
}

/**
 * Sends the head of an upload that declares far more body than it sends, then waits (still "uploading")
 * for whatever comes back on the socket: the raw response text, or '' if the connection was dropped.
 */
function incompleteUpload(port: number, pathname: string, extraHeaders = ''): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const boundary = 'x-boundary-42';
    socket.on('connect', () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: 5000000\r\n${extraHeaders}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` +
          'x'.repeat(64 * 1024),
      );
    });
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      // Whole answer in hand (head + a JSON body that closes): done.
      if (/\r\n\r\n[\s\S]*\}\s*$/.test(text)) socket.destroy();
    });
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

describe('static files', () => {
  let server: Served;
  let hashedJs: string;
  beforeAll(async () => {
    server = await serveDir(SHELL_DIST, { spa: true, remotes: true, api: true, env: { API_URL: 'http://127.0.0.1:9' } });
    hashedJs = readdirSync(SHELL_DIST).find((f) => /^main\.[0-9a-f]{8,}\.js$/.test(f))!;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('a hashed script is sent as precompressed brotli or gzip, by Accept-Encoding, immutable', async () => {
    const raw = readFileSync(path.join(SHELL_DIST, hashedJs));
    const br = await request(`${server.url}/${hashedJs}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(raw.length / 2);
    expect(decoded(br).equals(raw)).toBe(true);

    const gz = await request(`${server.url}/${hashedJs}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(decoded(gz).equals(raw)).toBe(true);

    const plain = await request(`${server.url}/${hashedJs}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.equals(raw)).toBe(true);
  });

  test('the page and client-side routes are index.html, compressed, never reused (each answer has its own CSP nonce)', async () => {
    const page = await request(`${server.url}/profile`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    // Cookie: the theme cookie's palette is written on <html> (withTheme), and a signed-out page is rendered.
    expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    // gzip, joined per answer from parts compressed once (scripts/page-body.cjs); brotli only for a client that takes no gzip.
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(decoded(page).toString()).toContain('<div id="root">');
    const brOnly = await request(`${server.url}/profile`, { headers: { 'Accept-Encoding': 'br' } });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(decoded(brOnly).toString()).toContain('<div id="root">');
    // No validator: a 304 would pair the cached page (old nonce) with a new CSP (new nonce) and block its styles.
    expect(page.headers.etag).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1];
    expect(decoded(page).toString()).toContain(`nonce="${nonce}"`);
    const again = await request(`${server.url}/profile`, { headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': '*' } });
    expect(again.status).toBe(200);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
  });

  test('/remotes.json is compressed on the fly and never cached', async () => {
    const r = await request(`${server.url}/remotes.json`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    // Per visitor since issue 17 (the rollout): never kept by a shared cache.
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(r.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(JSON.parse(decoded(r).toString()).remotes).toHaveLength(5);
  });

  test('a missing file is a 404, a write method a 405, a dead API a 502 in JSON', async () => {
    expect((await request(`${server.url}/nope.1234567890.js`)).status).toBe(404);
    const post = await request(`${server.url}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    const api = await request(`${server.url}/api/auth/user`);
    expect(api.status).toBe(502);
    expect(JSON.parse(api.body.toString())).toEqual({ message: 'The API is not reachable right now.' });
  });
});

describe('/api proxy', () => {
  let upstream: http.Server;
  let upstreamUrl: string;
  let proxy: Served;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // An API that refuses uploads before reading a byte of them (as Koa does before a route parses a
    // multipart body): the answer goes out while the client is still sending.
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.method === 'POST') {
        const body = JSON.stringify({ message: 'Authentication required' });
        res.writeHead(401, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
        res.end(body);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'fc.sid=abc; Path=/; HttpOnly' });
      res.end(JSON.stringify({ user: null }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
    proxy = await serveDir(SHELL_DIST, { spa: true, api: true, env: { API_URL: upstreamUrl } });
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
    await new Promise((r) => upstream.close(r));
  });

  test("status, body and cookies pass through; the API sees the client's real address and protocol, not what it wrote", async () => {
    // No TRUST_PROXY on this server: a visitor's own forwarding headers are dropped, so the API (trusting this
    // server as its one hop) cannot be told the request came over HTTPS or from another address.
    const r = await request(`${proxy.url}/api/auth/user`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' } });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toEqual({ user: null });
    expect(r.headers['set-cookie']).toEqual(['fc.sid=abc; Path=/; HttpOnly']);
    const last = seen[seen.length - 1];
    expect(String(last['x-forwarded-for']).split(/\s*,\s*/)).toEqual(['127.0.0.1']);
    expect(last['x-forwarded-proto']).toBe('http');
  });

  test('behind a trusted proxy (TRUST_PROXY=1) the client address is appended to the chain it brought', async () => {
    const trusting = await serveDir(SHELL_DIST, { spa: true, api: true, env: { API_URL: upstreamUrl, TRUST_PROXY: '1' } });
    try {
      const r = await request(`${trusting.url}/api/auth/user`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' } });
      expect(r.status).toBe(200);
      const last = seen[seen.length - 1];
      expect(String(last['x-forwarded-for']).split(/\s*,\s*/)).toEqual(['203.0.113.9', '127.0.0.1']);
      expect(String(last['x-forwarded-proto']).split(/\s*,\s*/)[0]).toBe('https');
    } finally {
      await trusting.stop();
    }
  });

  test('an early refusal of an incomplete upload reaches the client whole', async () => {
    const direct = await incompleteUpload(Number(new URL(upstreamUrl).port), '/api/upload');
    expect(direct).toMatch(/^HTTP\/1\.1 401/);
    for (let i = 0; i < 5; i++) {
      const text = await incompleteUpload(proxy.port, '/api/upload');
      expect(text).toMatch(/^HTTP\/1\.1 401/);
      expect(text).toContain('{"message":"Authentication required"}');
    }
  });
});

describe('/api proxy in front of the real API', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ launchBrowser: false });
  }, 240_000);
  afterAll(async () => {
    await site?.close();
  });

  test('the API refusing an unread multipart upload with 401 reaches the client through the proxy', async () => {
    const port = Number(new URL(site.shellUrl).port);
    for (let i = 0; i < 3; i++) {
      const text = await incompleteUpload(port, '/api/generate-workout');
      expect(text).toMatch(/^HTTP\/1\.1 401/);
      expect(text).toMatch(/"message":/);
    }
  });
});
