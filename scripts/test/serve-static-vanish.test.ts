import { mkdirSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { get, serveStaticHarness } from './support/serveStatic';

// scripts/serve-static.mjs while its dist folder changes under it: a file deleted, a folder rebuilt in place
// (new hashed names, a new index.html), the whole folder deleted and made again, and files deleted and
// re-created while requests for them race. Each answer is a 404 (or the index for a client-side route) or
// the whole file, never a 500, and the process stays up (it used to die of an unhandled ENOENT when a file
// it had listed at start was gone when it came to read it).

const harness = serveStaticHarness();

function serve(dir: string, extra: string[] = []) {
  return harness.serve(['--dir', dir, ...extra], { SSR: 'off' }, { startTimeoutMs: 15_000 });
}

/** A built site: index.html, a hashed script with its .br/.gz, a sub page. */
function build(dir: string, hash: string, title: string) {
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  const js = `console.log(${JSON.stringify(hash)});\n`.repeat(200);
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>${title}</title><script src="/main.${hash}.js"></script></head><body></body></html>`);
  writeFileSync(path.join(dir, `main.${hash}.js`), js);
  writeFileSync(path.join(dir, `main.${hash}.js.br`), brotliCompressSync(js));
  writeFileSync(path.join(dir, `main.${hash}.js.gz`), gzipSync(js));
  writeFileSync(path.join(dir, 'docs', 'page.html'), `<!doctype html><html><head><title>Docs ${title}</title></head><body></body></html>`);
  return js;
}

const tmp = () => harness.tmpDir('serve-vanish-');

test('a file deleted while serving is a 404; a folder rebuilt in place serves its new files', async () => {
  const dir = path.join(tmp(), 'dist');
  const js = build(dir, 'aaaaaaaa', 'First');
  const site = await serve(dir, ['--spa']);
  expect((await get(`${site.url}/main.aaaaaaaa.js`)).body).toBe(js);
  expect((await get(`${site.url}/main.aaaaaaaa.js`, { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBe('br');

  // Deleted: 404 in every encoding, and the process keeps serving.
  for (const f of ['main.aaaaaaaa.js', 'main.aaaaaaaa.js.br', 'main.aaaaaaaa.js.gz']) rmSync(path.join(dir, f));
  for (const enc of ['br', 'gzip', 'identity']) {
    const r = await get(`${site.url}/main.aaaaaaaa.js`, { 'Accept-Encoding': enc });
    expect({ enc, status: r.status }).toEqual({ enc, status: 404 });
  }

  // Rebuilt in place (as `npm run build` does): the old script is gone, the new one and the new index are served.
  rmSync(dir, { recursive: true, force: true });
  const js2 = build(dir, 'bbbbbbbb', 'Second');
  expect((await get(`${site.url}/main.aaaaaaaa.js`)).status).toBe(404);
  const fresh = await get(`${site.url}/main.bbbbbbbb.js`);
  expect([fresh.status, fresh.body]).toEqual([200, js2]);
  const page = await get(`${site.url}/some/client/route`);
  expect(page.status).toBe(200);
  expect(page.body).toContain('<title>Second</title>');
  expect((await get(`${site.url}/docs/page`)).body).toContain('Docs Second');
  expect(site.exited()).toBe(false);
});

test('a folder that vanishes while serving answers 404 (pages, client-side routes and files), then serves again when rebuilt', async () => {
  const dir = path.join(tmp(), 'dist');
  build(dir, 'cccccccc', 'Third');
  const site = await serve(dir, ['--spa']);
  expect((await get(`${site.url}/`)).status).toBe(200);
  rmSync(dir, { recursive: true, force: true });
  for (const p of ['/', '/index.html', '/some/route', '/docs/page', '/main.cccccccc.js', '/favicon.ico']) {
    const r = await get(`${site.url}${p}`, { 'Accept-Encoding': 'br, gzip' });
    expect({ p, status: r.status }).toEqual({ p, status: 404 });
  }
  // A file where the folder was (ENOTDIR underneath) is no folder either.
  writeFileSync(dir, 'not a folder');
  expect((await get(`${site.url}/main.cccccccc.js`)).status).toBe(404);
  expect((await get(`${site.url}/some/route`)).status).toBe(404);
  rmSync(dir);
  build(dir, 'dddddddd', 'Fourth');
  expect((await get(`${site.url}/some/route`)).body).toContain('<title>Fourth</title>');
  expect(site.exited()).toBe(false);
  expect(site.output()).not.toMatch(/ENOENT|Internal error/);
});

test('files deleted and written again while requests for them race: each answer is whole or a 404, never a 500 or a crash', async () => {
  const dir = path.join(tmp(), 'dist');
  build(dir, 'eeeeeeee', 'Race');
  const site = await serve(dir, ['--spa']);
  const js = `console.log("race");\n`.repeat(2000);
  const file = path.join(dir, 'race.js');
  const page = path.join(dir, 'docs', 'page.html');
  const pageText = '<!doctype html><html><head><title>Race page</title></head><body></body></html>';
  let stop = false;
  // Delete, and write again through a rename (as bundlers do), as fast as the event loop allows.
  const churn = (async () => {
    let i = 0;
    while (!stop) {
      rmSync(file, { force: true });
      rmSync(page, { force: true });
      await new Promise((r) => setImmediate(r));
      writeFileSync(`${file}.tmp`, js);
      renameSync(`${file}.tmp`, file);
      writeFileSync(`${page}.tmp`, pageText);
      renameSync(`${page}.tmp`, page);
      await new Promise((r) => setImmediate(r));
      i++;
    }
    return i;
  })();
  const statuses = new Map<string, number>();
  try {
    for (let round = 0; round < 60; round++) {
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, () => get(`${site.url}/race.js`)),
        ...Array.from({ length: 4 }, () => get(`${site.url}/docs/page`)),
      ]);
      for (const [i, r] of replies.entries()) {
        const what = i < 4 ? 'file' : 'page';
        statuses.set(`${what} ${r.status}`, (statuses.get(`${what} ${r.status}`) ?? 0) + 1);
        if (what === 'file') expect([404, 200]).toContain(r.status);
        // A page that vanished between its lookup and its read falls back to index.html (a client-side route).
        else expect(r.status).toBe(200);
        if (r.status === 200 && what === 'file') expect(r.body).toBe(js);
        if (what === 'page') expect(r.body).toMatch(/<title>(Race page|Race)<\/title>/);
      }
    }
  } finally {
    stop = true;
    await churn;
  }
  expect(site.exited()).toBe(false);
  expect(site.output()).not.toMatch(/ENOENT|Internal error/);
  // Both outcomes happened, so the race was really played.
  expect(statuses.get('file 200')).toBeGreaterThan(0);
}, 60_000);
