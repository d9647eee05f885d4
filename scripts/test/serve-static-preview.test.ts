import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from '@fitconnect/build-config/child-env';

// Preview links (issue 34): a page opened at `/?fc_preview=<token>` asks the API for the visitor's remotes
// with that token (the API checks it and answers a cookie that keeps the preview); later loads, and
// /remotes.json, carry only the cookie. Nothing else of the page's query is passed on.

const SCRIPT = path.resolve(__dirname, '..', 'serve-static.mjs');
const running: ChildProcess[] = [];
const dirs: string[] = [];

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

function serve(args: string[], env: Record<string, string>): Promise<string> {
  const proc = spawn(process.execPath, [SCRIPT, ...args, '--port', '0'], { env: childEnv({ HOST: '127.0.0.1', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(proc);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`serve-static exited ${code}:\n${out}`)));
  });
}

afterEach(() => {
  for (const p of running.splice(0)) p.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('the page passes ?fc_preview= to the API and relays its cookie; /remotes.json sends the cookie only', async () => {
  const seen: { url: string; cookie?: string }[] = [];
  const api = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', cookie: req.headers.cookie });
    const preview = new URL(req.url ?? '/', 'http://x').searchParams.get('fc_preview');
    res.writeHead(200, { 'Content-Type': 'application/json', ...(preview ? { 'Set-Cookie': `fc_preview=${preview}; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly` } : {}) });
    res.end(JSON.stringify({ remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: 'http://localhost:3002/versions/0.3.0-prev/mf-manifest.json', version: '0.3.0-prev' }] }));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'serve-preview-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>FitConnect</title><script src="/main.js"></script>');
    // REMOTES_HANDOFF_MS=0: every /remotes.json asks the API here, to see what it sends (the page's own
    // /remotes.json is otherwise handed the page's answer: serve-static-handoff.test.ts).
    const site = await serve(['--dir', dir, '--spa', '--remotes'], { API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, REMOTES_HANDOFF_MS: '0' });

    const page = await get(`${site}/trainers?fc_preview=abc.def&utm_source=mail`, { Cookie: 'fc_vid=v1' });
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toEqual(['fc_preview=abc.def; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly']);
    expect(seen.at(-1)).toEqual({ url: '/api/rollout/remotes?fc_preview=abc.def', cookie: 'fc_vid=v1' });

    const remotes = await get(`${site}/remotes.json`, { Cookie: 'fc_vid=v1; fc_preview=abc.def' });
    expect(remotes.status).toBe(200);
    expect(seen.at(-1)).toEqual({ url: '/api/rollout/remotes', cookie: 'fc_vid=v1; fc_preview=abc.def' });

    // A page without the parameter asks without one.
    await get(`${site}/?utm_source=mail`);
    expect(seen.at(-1)!.url).toBe('/api/rollout/remotes');
  } finally {
    api.closeAllConnections();
    await new Promise<void>((r) => api.close(() => r()));
  }
});
