import http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { get, listen, serveStaticHarness } from './support/serveStatic';

// Preview links (issue 34): a page opened at `/?fc_preview=<token>` asks the API for the visitor's remotes
// with that token (the API checks it and answers a cookie that keeps the preview); later loads, and
// /remotes.json, carry only the cookie. Nothing else of the page's query is passed on.

const harness = serveStaticHarness();

test('the page passes ?fc_preview= to the API and relays its cookie; /remotes.json sends the cookie only', async () => {
  const seen: { url: string; cookie?: string }[] = [];
  const api = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', cookie: req.headers.cookie });
    const preview = new URL(req.url ?? '/', 'http://x').searchParams.get('fc_preview');
    res.writeHead(200, { 'Content-Type': 'application/json', ...(preview ? { 'Set-Cookie': `fc_preview=${preview}; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly` } : {}) });
    res.end(JSON.stringify({ remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: 'http://localhost:3002/versions/0.3.0-prev/mf-manifest.json', version: '0.3.0-prev' }] }));
  });
  const apiServer = await listen(api);
  try {
    const dir = harness.tmpDir('serve-preview-');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>FitConnect</title><script src="/main.js"></script>');
    // REMOTES_HANDOFF_MS=0: every /remotes.json asks the API here, to see what it sends (the page's own
    // /remotes.json is otherwise handed the page's answer: serve-static-handoff.test.ts).
    const site = (await harness.serve(['--dir', dir, '--spa', '--remotes'], { API_URL: apiServer.url, REMOTES_HANDOFF_MS: '0' })).url;

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
    await apiServer.close();
  }
});
