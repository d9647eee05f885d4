import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { get, listen, serveStaticHarness } from './support/serveStatic';

// scripts/serve-static.mjs as the browser and the rollout API see it (issue 17): /remotes.json is the
// visitor's own manifest forwarded from GET /api/rollout/remotes (cookie in, Set-Cookie out, never
// cached by shared caches), with the static default when the API is down, failing or slow; and a
// remote's immutable version folders are served at /versions/<version>/.

const harness = serveStaticHarness();
const tmp = () => harness.tmpDir('serve-rollout-');

function serve(args: string[], env: Record<string, string | undefined>) {
  return harness.serve(args, env, { startTimeoutMs: 15_000 });
}

/** A stand-in for the API's GET /api/rollout/remotes that records what it was sent. */
async function fakeApi(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  return { ...(await listen(server)), seen };
}

const apiManifest = {
  remotes: [
    {
      area: 'trainers',
      name: 'mfe_trainers',
      entry: 'http://localhost:3002/versions/0.2.0-cand/mf-manifest.json',
      version: '0.2.0-cand',
      fallback: { entry: 'http://localhost:3002/versions/0.1.0-stable/mf-manifest.json', version: '0.1.0-stable' },
    },
  ],
};

describe('/remotes.json', () => {
  test("forwards the visitor's cookie and address to the API and passes back its body and Set-Cookie, uncacheable", async () => {
    const api = await fakeApi((req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': 'fc_vid=AAAAAAAAAAAAAAAAAAAAAA; Path=/; Max-Age=63072000; SameSite=Lax; HttpOnly',
        'Cache-Control': 'private, no-store',
      });
      res.end(JSON.stringify(apiManifest));
    });
    try {
      // TRUST_PROXY=1: this server sits behind a proxy, so the chain the request brought is kept and extended.
      const site = await serve(['--dir', tmp(), '--remotes'], { API_URL: api.url, TRUST_PROXY: '1' });
      const r = await get(`${site.url}/remotes.json`, { Cookie: 'fc_vid=abc123; other=1', 'X-Forwarded-For': '203.0.113.9' });
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body)).toEqual(apiManifest);
      expect(r.headers['set-cookie']).toEqual(['fc_vid=AAAAAAAAAAAAAAAAAAAAAA; Path=/; Max-Age=63072000; SameSite=Lax; HttpOnly']);
      expect(r.headers['cache-control']).toBe('private, no-store');
      expect(r.headers.vary).toMatch(/\bCookie\b/);

      expect(api.seen).toHaveLength(1);
      expect(api.seen[0].url).toBe('/api/rollout/remotes');
      expect(api.seen[0].headers.cookie).toBe('fc_vid=abc123; other=1');
      // The client's own address is appended to the chain it sent.
      expect(api.seen[0].headers['x-forwarded-for']).toMatch(/^203\.0\.113\.9, (::ffff:)?127\.0\.0\.1$/);
    } finally {
      await api.close();
    }
  });

  test('a visitor without a cookie sends none (the API creates the id)', async () => {
    const api = await fakeApi((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(apiManifest));
    });
    try {
      const site = await serve(['--dir', tmp(), '--remotes'], { API_URL: api.url });
      const r = await get(`${site.url}/remotes.json`);
      expect(r.status).toBe(200);
      expect(api.seen[0].headers.cookie).toBeUndefined();
      expect(r.headers['set-cookie']).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  const staticDefault = (port: number) => ({ area: 'trainers', name: 'mfe_trainers', entry: `http://localhost:${port}/mf-manifest.json` });

  test('an API that is not running: the static default manifest, still uncacheable', async () => {
    const api = await fakeApi(() => undefined);
    const deadUrl = api.url;
    await api.close();
    const site = await serve(['--dir', tmp(), '--remotes'], { API_URL: deadUrl, REMOTE_TRAINERS_URL: undefined });
    const r = await get(`${site.url}/remotes.json`, { Cookie: 'fc_vid=abc' });
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as { remotes: { area: string; fallback?: unknown }[] };
    expect(body.remotes.map((x) => x.area)).toEqual(['workouts', 'trainers', 'messages', 'community', 'challenges']);
    expect(body.remotes).toContainEqual(staticDefault(3002));
    expect(body.remotes.every((x) => x.fallback === undefined)).toBe(true);
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(r.headers.vary).toMatch(/\bCookie\b/);
  });

  test('an API error (5xx) or an answer that is not a manifest: the static default (with REMOTE_<AREA>_URL)', async () => {
    let answer = 0;
    const api = await fakeApi((_req, res) => {
      answer++;
      if (answer === 1) {
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end('{"message":"down"}');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"nope":true}');
      }
    });
    try {
      const site = await serve(['--dir', tmp(), '--remotes'], { API_URL: api.url, REMOTE_TRAINERS_URL: 'https://cdn.test/trainers/mf-manifest.json' });
      for (let i = 0; i < 2; i++) {
        const r = await get(`${site.url}/remotes.json`);
        expect(r.status).toBe(200);
        const body = JSON.parse(r.body) as { remotes: unknown[] };
        expect(body.remotes).toContainEqual({ area: 'trainers', name: 'mfe_trainers', entry: 'https://cdn.test/trainers/mf-manifest.json' });
      }
      expect(answer).toBe(2);
    } finally {
      await api.close();
    }
  });

  test('an API slower than 1.5 s: the static default after about 1.5 s', async () => {
    // The API never answers (until the test ends): only the server's own timeout can produce an answer,
    // so no upper bound on wall time is needed (a missing timeout hangs the test and fails it).
    const held: http.ServerResponse[] = [];
    const api = await fakeApi((_req, res) => void held.push(res));
    try {
      const site = await serve(['--dir', tmp(), '--remotes'], { API_URL: api.url, REMOTES_API_TIMEOUT_MS: undefined, REMOTE_TRAINERS_URL: undefined });
      const r = await get(`${site.url}/remotes.json`);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body).remotes).toContainEqual(staticDefault(3002));
      expect(r.ms).toBeGreaterThanOrEqual(1400);
    } finally {
      for (const res of held) res.end();
      await api.close();
    }
  });

  test('REMOTES_JSON still overrides everything (the API is not asked)', async () => {
    const api = await fakeApi((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(apiManifest));
    });
    try {
      const dir = tmp();
      const file = path.join(dir, 'remotes.json');
      writeFileSync(file, JSON.stringify({ remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: 'http://x.test/m.json' }] }));
      const site = await serve(['--dir', dir, '--remotes'], { API_URL: api.url, REMOTES_JSON: file });
      const r = await get(`${site.url}/remotes.json`);
      expect(JSON.parse(r.body)).toEqual({ remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: 'http://x.test/m.json' }] });
      expect(api.seen).toHaveLength(0);
    } finally {
      await api.close();
    }
  });
});

describe('/versions/<version>/', () => {
  function release(root: string, version: string, files: Record<string, string>) {
    const dir = path.join(root, 'releases', version);
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  }

  test('serves every version folder beside dist/, including one built after the server started; hashed chunks are immutable', async () => {
    const root = tmp();
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'dist', 'mf-manifest.json'), '{"latest":true}');
    release(root, '0.1.0-aaaaaaaaaa', { 'mf-manifest.json': '{"v":"stable"}', 'remoteEntry.js': 'var stable;', '12.0123456789.js': 'chunk();' });
    const site = await serve(['--dir', path.join(root, 'dist'), '--cors'], {});

    const latest = await get(`${site.url}/mf-manifest.json`);
    expect(latest.body).toBe('{"latest":true}');

    const manifest = await get(`${site.url}/versions/0.1.0-aaaaaaaaaa/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.body).toBe('{"v":"stable"}');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');

    const entry = await get(`${site.url}/versions/0.1.0-aaaaaaaaaa/remoteEntry.js`);
    expect(entry.body).toBe('var stable;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await get(`${site.url}/versions/0.1.0-aaaaaaaaaa/12.0123456789.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A candidate built while the server runs is reachable without a restart.
    release(root, 'candidate', { 'mf-manifest.json': '{"v":"candidate"}' });
    const cand = await get(`${site.url}/versions/candidate/mf-manifest.json`);
    expect(cand.status).toBe(200);
    expect(cand.body).toBe('{"v":"candidate"}');
  });

  test('unknown versions, half-written (dot) folders and paths out of the releases folder are 404', async () => {
    const root = tmp();
    mkdirSync(path.join(root, 'dist'));
    release(root, '.tmp-x-123', { 'mf-manifest.json': '{}' });
    writeFileSync(path.join(root, 'secret.txt'), 'secret');
    const site = await serve(['--dir', path.join(root, 'dist'), '--cors'], {});
    expect((await get(`${site.url}/versions/nope/mf-manifest.json`)).status).toBe(404);
    expect((await get(`${site.url}/versions/.tmp-x-123/mf-manifest.json`)).status).toBe(404);
    expect((await get(`${site.url}/versions/%2e%2e/secret.txt`)).status).toBe(404);
    expect((await get(`${site.url}/versions/x/..%2f..%2fsecret.txt`)).body).not.toBe('secret');
    // A dotfile inside a version folder, asked for with its dot escaped, stays hidden.
    release(root, '0.1.0-aaaa', { 'mf-manifest.json': '{}', '.git/config': 'private' });
    expect((await get(`${site.url}/versions/0.1.0-aaaa/mf-manifest.json`)).status).toBe(200);
    expect((await get(`${site.url}/versions/0.1.0-aaaa/%2egit/config`)).status).toBe(404);
    expect((await get(`${site.url}/versions/0.1.0-aaaa/.git/config`)).status).toBe(404);
  });

  test('--versions names another folder', async () => {
    const root = tmp();
    mkdirSync(path.join(root, 'dist'));
    mkdirSync(path.join(root, 'elsewhere', '1.0.0'), { recursive: true });
    writeFileSync(path.join(root, 'elsewhere', '1.0.0', 'mf-manifest.json'), '{"v":1}');
    const site = await serve(['--dir', path.join(root, 'dist'), '--versions', path.join(root, 'elsewhere')], {});
    expect((await get(`${site.url}/versions/1.0.0/mf-manifest.json`)).body).toBe('{"v":1}');
  });
});
