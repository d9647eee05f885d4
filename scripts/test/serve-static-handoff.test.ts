import http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { get, listen, serveStaticHarness, type Reply } from './support/serveStatic';

// scripts/serve-static.mjs's page -> /remotes.json hand-off (TTFB): a page load asks the API for the
// visitor's remotes once; the page's CSP is made from that answer and the visitor's /remotes.json right after
// gets the same answer without asking again. Rollouts keep their promise: every page load asks the API, so a
// rollback shows on the next page load; a /remotes.json without a page before it asks the API; visitors never
// get each other's answer.

const harness = serveStaticHarness();

/**
 * The rollout API's GET /api/rollout/remotes: a visitor without an id gets one (Set-Cookie); the answer names
 * the visitor and the current rollout state (`state.origin`: the candidate's origin, which the page's CSP lists).
 */
async function fakeRolloutApi() {
  const state = { origin: 'http://candidate.example:3002', calls: [] as string[], issued: 0 };
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith('/api/rollout/remotes')) {
      res.writeHead(404).end();
      return;
    }
    let vid = /(?:^|;\s*)fc_vid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const headers: Record<string, string | string[]> = { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' };
    if (!vid) {
      vid = `new${++state.issued}.sig`;
      headers['Set-Cookie'] = `fc_vid=${vid}; Path=/; Max-Age=63072000; SameSite=Lax; HttpOnly`;
    }
    const preview = new URL(req.url, 'http://x').searchParams.get('fc_preview');
    if (preview) headers['Set-Cookie'] = [...[headers['Set-Cookie'] ?? []].flat(), `fc_preview=${preview}; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly`];
    state.calls.push(vid);
    res.writeHead(200, headers);
    res.end(JSON.stringify({ remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: `${state.origin}/mf-manifest.json`, version: vid }] }));
  });
  const { url, close } = await listen(server);
  harness.onCleanup(close);
  return { url, state };
}

async function shell(env: Record<string, string> = {}) {
  const api = await fakeRolloutApi();
  const dir = harness.tmpDir('serve-handoff-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Shell</title><script src="/main.js"></script></head><body></body></html>');
  // A long hand-off window, so a slow machine cannot turn a hand-off into a second API call (the default is 1 s;
  // the rollout guarantees below do not depend on it: a page's answer is handed on once, to its own /remotes.json).
  const site = await harness.serve(['--dir', dir, '--spa', '--remotes'], { SSR: 'off', API_URL: api.url, REMOTES_HANDOFF_MS: '60000', ...env }, { startTimeoutMs: 15_000 });
  return { site, api };
}

const csp = (r: Reply) => String(r.headers['content-security-policy'] ?? '');
const versionOf = (r: Reply) => (JSON.parse(r.body) as { remotes: { version: string; entry: string }[] }).remotes[0];

test("a page asks the API once: the page's /remotes.json gets the answer its CSP was made from; the next one asks again", async () => {
  const { site, api } = await shell();
  const cookie = { Cookie: 'fc_vid=v1.sig; other=1' };
  const page = await get(`${site.url}/trainers`, cookie);
  expect(page.status).toBe(200);
  expect(csp(page)).toContain('http://candidate.example:3002');
  expect(api.state.calls).toEqual(['v1.sig']);
  const manifest = await get(`${site.url}/remotes.json`, cookie);
  expect(manifest.status).toBe(200);
  expect(manifest.headers['cache-control']).toBe('private, no-store');
  expect(versionOf(manifest)).toEqual({ area: 'trainers', name: 'mfe_trainers', entry: 'http://candidate.example:3002/mf-manifest.json', version: 'v1.sig' });
  expect(api.state.calls).toEqual(['v1.sig']);
  // Handed on once: a second /remotes.json (a retry, no page before it) asks the API.
  await get(`${site.url}/remotes.json`, cookie);
  expect(api.state.calls).toEqual(['v1.sig', 'v1.sig']);
});

test('a first visit: the id the API gives with the page is the one its /remotes.json is handed to', async () => {
  const { site, api } = await shell();
  const page = await get(`${site.url}/`);
  expect(page.headers['set-cookie']).toEqual(['fc_vid=new1.sig; Path=/; Max-Age=63072000; SameSite=Lax; HttpOnly']);
  const manifest = await get(`${site.url}/remotes.json`, { Cookie: 'fc_vid=new1.sig' });
  expect(versionOf(manifest).version).toBe('new1.sig');
  expect(manifest.headers['set-cookie']).toBeUndefined();
  expect(api.state.calls).toEqual(['new1.sig']);
});

test('a rollback shows on the next page load: every page asks the API, and its /remotes.json agrees with it', async () => {
  const { site, api } = await shell();
  const cookie = { Cookie: 'fc_vid=v2.sig' };
  const before = await get(`${site.url}/`, cookie);
  expect(csp(before)).toContain('http://candidate.example:3002');
  expect(versionOf(await get(`${site.url}/remotes.json`, cookie)).entry).toBe('http://candidate.example:3002/mf-manifest.json');
  // The operator rolls back (the API answers the stable version from now on).
  api.state.origin = 'http://stable.example:3002';
  const after = await get(`${site.url}/`, cookie);
  expect(csp(after)).toContain('http://stable.example:3002');
  expect(csp(after)).not.toContain('candidate.example');
  expect(versionOf(await get(`${site.url}/remotes.json`, cookie)).entry).toBe('http://stable.example:3002/mf-manifest.json');
  expect(api.state.calls).toEqual(['v2.sig', 'v2.sig']);
});

test("a rollback between a page and a /remotes.json that is not that page's: the API is asked", async () => {
  const { site, api } = await shell();
  const cookie = { Cookie: 'fc_vid=v3.sig' };
  await get(`${site.url}/`, cookie);
  await get(`${site.url}/remotes.json`, cookie); // the page's own
  api.state.origin = 'http://stable.example:3002';
  expect(versionOf(await get(`${site.url}/remotes.json`, cookie)).entry).toBe('http://stable.example:3002/mf-manifest.json');
});

test("visitors never get each other's answer, and a preview link's /remotes.json always asks the API", async () => {
  const { site, api } = await shell();
  await get(`${site.url}/`, { Cookie: 'fc_vid=alice.sig' });
  const bob = await get(`${site.url}/remotes.json`, { Cookie: 'fc_vid=bob.sig' });
  expect(versionOf(bob).version).toBe('bob.sig');
  // No visitor id: nothing to match, the API is asked (and gives one).
  expect(versionOf(await get(`${site.url}/remotes.json`)).version).toBe('new1.sig');
  // Alice's hand-off is still hers, but a preview query goes to the API.
  await get(`${site.url}/remotes.json?fc_preview=tok`, { Cookie: 'fc_vid=alice.sig' });
  expect(api.state.calls).toEqual(['alice.sig', 'bob.sig', 'new1.sig', 'alice.sig']);
  // Same visitor id with a different preview grant: another key.
  await get(`${site.url}/`, { Cookie: 'fc_vid=carol.sig' });
  await get(`${site.url}/remotes.json`, { Cookie: 'fc_vid=carol.sig; fc_preview=grant' });
  expect(api.state.calls.filter((v) => v === 'carol.sig')).toHaveLength(2);
});

test("a preview link's page: the grant the API sets with the page is part of the key its /remotes.json is handed on under", async () => {
  const { site, api } = await shell();
  const page = await get(`${site.url}/trainers?fc_preview=tok1`, { Cookie: 'fc_vid=dave.sig' });
  expect(page.status).toBe(200);
  const remotes = await get(`${site.url}/remotes.json`, { Cookie: 'fc_vid=dave.sig; fc_preview=tok1' });
  expect(versionOf(remotes).version).toBe('dave.sig');
  expect(api.state.calls).toEqual(['dave.sig']);
});

test('REMOTES_HANDOFF_MS=0 turns the hand-off off', async () => {
  const { site, api } = await shell({ REMOTES_HANDOFF_MS: '0' });
  const cookie = { Cookie: 'fc_vid=v4.sig' };
  await get(`${site.url}/`, cookie);
  await get(`${site.url}/remotes.json`, cookie);
  expect(api.state.calls).toEqual(['v4.sig', 'v4.sig']);
});
