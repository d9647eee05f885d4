import { spawn, execFile } from 'node:child_process';
import http from 'node:http';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { childEnv } from '@fitconnect/build-config/child-env';
import { get, listen, serveStaticHarness } from './support/serveStatic';

// Issue 32 stage 2, step 1 (scripts/ssr/react.mjs, mfe-trainers/rspack.server.config.js, docs/ssr.md), over real
// HTTP: the trainers area's server build is built into a temp folder, served as version folders by
// serve-static (as releases/<version>/server/ is), and loaded by the renderer through the Module Federation
// runtime's Node support from the URL of the version's browser manifest. A stand-in API plays the data.
// The renderer runs in its own process (a tiny HTTP front, below), as it does inside the shell's server.

const ROOT = path.resolve(__dirname, '..', '..');
const RENDERER = path.join(ROOT, 'scripts', 'ssr', 'react.mjs');

// ---- the stand-in API -------------------------------------------------------------------------------------

/** Text added to a trainer's description (an edit of the profile, as the API would then answer it). */
const edits = new Map<number, string>();
const trainer = (id: number) => ({
  id,
  userId: 100 + id,
  user: { id: 100 + id, firstName: 'Sam', lastName: 'Carter', location: 'Leeds' },
  specialization: 'Strength coach',
  description: `Trainer ${id} helps you lift safely </script><b>at home</b>.${edits.get(id) ?? ''}`,
  yearsOfExperience: 5,
  specialties: ['Strength', 'Mobility'],
  certifications: ['Level 3 PT'],
  education: '',
  sessionPrice: 40,
  availableOnline: true,
  availableInPerson: true,
  profileImage: null,
  profileImageThumb: null,
  rating: 4.6,
  reviewCount: 12,
  instagramHandle: '',
  twitterHandle: '',
  websiteUrl: '',
});
let apiCalls: string[] = [];
function api(req: http.IncomingMessage, res: http.ServerResponse) {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  apiCalls.push(pathname);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  let m: RegExpExecArray | null;
  // A trainer the API never answers for (the renderer's time budget).
  if (pathname.startsWith('/api/trainers/777')) return;
  if ((m = /^\/api\/trainers\/(\d+)$/.exec(pathname))) return Number(m[1]) === 404 ? json(404, { message: 'Trainer not found' }) : json(200, trainer(Number(m[1])));
  if ((m = /^\/api\/trainers\/(\d+)\/reviews$/.exec(pathname)))
    return json(200, [{ id: 1, rating: 5, comment: 'Great coach, clear plans', createdAt: '2026-10-01T10:00:00.000Z', helpfulCount: 0, user: { id: 7, firstName: 'Ann', lastName: 'Bell', profileImage: null } }]);
  if ((m = /^\/api\/trainers\/(\d+)\/slots$/.exec(pathname)))
    return json(200, { trainerId: Number(m[1]), timeZone: 'Europe/London', sessionMinutes: 60, from: '2026-11-26', to: '2026-12-09', configured: false, requiresConfirmation: false, slots: [] });
  return json(404, { message: 'Not found' });
}

// ---- the renderer's process -------------------------------------------------------------------------------

/** GET /?url=<page>&manifest=<browser manifest URL> -> the renderer's answer as JSON (null: rendered in the browser). */
const FRONT = `
import http from 'node:http';
import { createReactRenderer } from ${JSON.stringify(RENDERER)};
// The renderer's clock: the real one, moved on by GET /advance?ms=N (a test past the cache's time without waiting).
// STILL_CLOCK=1: it stands still but for /advance, so "within the cache's second" holds on a busy machine too (a
// clean-clone run beside three others once took over a second between two renders).
let offset = 0;
const start = Date.now();
const clock = process.env.STILL_CLOCK === '1' ? () => start : () => Date.now();
const renderer = createReactRenderer({ apiUrl: process.env.API_URL, timeoutMs: Number(process.env.BUDGET_MS), maxVersions: 2, failureTtlMs: 0, allowedOrigins: process.env.ALLOW ? process.env.ALLOW.split(',') : undefined, now: () => clock() + offset });
const server = http.createServer(async (req, res) => {
  const u = new URL(req.url, 'http://x');
  if (u.pathname === '/rss') return res.end(JSON.stringify({ rss: process.memoryUsage().rss, versions: renderer.size }));
  if (u.pathname === '/advance') return res.end(String((offset += Number(u.searchParams.get('ms')))));
  // How many times the 'counting' version's profile has been rendered by React.
  if (u.pathname === '/renders') return res.end(String(globalThis.__fcRenders ?? 0));
  const out = await renderer.render({ url: u.searchParams.get('url'), manifestUrl: u.searchParams.get('manifest') });
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(out));
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

function startRenderer(env: NodeJS.ProcessEnv, onExit: (kill: () => void) => void): Promise<{ url: string; output: () => string }> {
  const proc = spawn(process.execPath, ['--input-type=module', '-e', FRONT], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  onExit(() => proc.kill('SIGKILL'));
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ url: m[1], output: () => out });
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`renderer exited ${code}:\n${out}`)));
  });
}

// ---- fixtures ---------------------------------------------------------------------------------------------

const harness = serveStaticHarness({ stopAfter: 'all' });
let site: string;
let cdn: string;
let renderer: { url: string; output: () => string };
let apiUrl: string;

/** A version folder as the release step writes it: the browser manifest (not read here) and server/. */
function version(name: string, patch?: (remoteEntry: string) => string) {
  const dir = path.join(site, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  cpSync(path.join(site, '_build'), path.join(dir, 'server'), { recursive: true });
  if (patch) {
    const file = path.join(dir, 'server', 'remoteEntry.js');
    const before = readFileSync(file, 'utf8');
    const after = patch(before);
    if (after === before) throw new Error(`the patch of ${name} changed nothing`);
    writeFileSync(file, after);
  }
}

type Rendered = { html: string; styleTags: string; state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } | null;
async function render(url: string, versionName: string, front = renderer): Promise<Rendered> {
  const r = await get(`${front.url}/?url=${encodeURIComponent(url)}&manifest=${encodeURIComponent(`${cdn}/${versionName}/mf-manifest.json`)}`);
  expect(r.status).toBe(200);
  return JSON.parse(r.body) as Rendered;
}

beforeAll(async () => {
  site = harness.tmpDir('ssr-react-');
  // The server build, as `npm run build:server -w mfe-trainers` makes it, into the temp folder.
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '-c', 'rspack.server.config.js'], {
    cwd: path.join(ROOT, 'mfe-trainers'),
    env: childEnv({ OUTPUT_DIR: path.join(site, '_build') }),
  });
  version('v1');
  // A redeploy whose page reads differently (a visible text of the profile changed).
  version('v2', (js) => js.split('"Contact Trainer"').join('"Contact Coach"'));
  // A build that throws while rendering the profile.
  version('throws', (js) => js.replace(/const name = /, 'const name = (() => { throw new Error("boom in render"); })() || '));
  // A build that cannot even be evaluated.
  version('broken', () => 'throw new Error("boom at load");');
  version('counting', (js) => js.replace(/const name = /, 'const name = (globalThis.__fcRenders = (globalThis.__fcRenders || 0) + 1, 0) || '));
  const apiServer = await listen(http.createServer(api));
  harness.onCleanup(apiServer.close);
  cdn = (await harness.serve(['--dir', site, '--cors'], {}, { startTimeoutMs: 20_000 })).url;
  apiUrl = apiServer.url;
  renderer = await startRenderer({ API_URL: apiUrl, BUDGET_MS: '20000' }, (kill) => harness.onCleanup(kill));
}, 120_000);

beforeEach(() => {
  apiCalls = [];
});

test("the trainer's profile is rendered by the area's server build: name, rating, description, reviews, styles and the data", async () => {
  const out = await render('/trainers/3', 'v1');
  expect(out).not.toBeNull();
  const { html, styleTags, state } = out!;
  expect(html).toContain('<h1 id="trainer-name"');
  expect(html).toContain('Sam Carter');
  expect(html).toContain('Strength coach');
  expect(html).toMatch(/4\.6/);
  expect(html).toMatch(/>12 reviews</);
  // React escapes the API's text.
  expect(html).toContain('Trainer 3 helps you lift safely &lt;/script&gt;&lt;b&gt;at home&lt;/b&gt;.');
  expect(html).toContain('Great coach, clear plans');
  expect(html).toContain('Contact Trainer');
  // Not the loading state: the booking panel's chunk and the free times were ready before the render.
  expect(html).not.toContain('Loading trainer profile');
  expect(html).toContain('data-testid="booking-panel"');
  // styled-components' server sheet: the page's classes have their rules.
  expect(styleTags).toMatch(/^<style[^>]*data-styled="true"/);
  const firstClass = /class="([a-zA-Z0-9-]+)/.exec(html)![1];
  expect(styleTags).toContain(firstClass);
  // The dehydrated query state holds each answer under the page's own query keys.
  const keys = state.queries.map((q) => JSON.stringify(q.queryKey)).sort();
  expect(keys).toEqual(['["/api/auth/user"]', '["/api/trainers/3"]', '["/api/trainers/3/reviews"]', '["trainer-slots",3,"",""]'].sort());
  expect(apiCalls.sort()).toEqual(['/api/trainers/3', '/api/trainers/3/reviews', '/api/trainers/3/slots']);
}, 30_000);

test('a new version folder is rendered on its first request, next to the old one, without a restart', async () => {
  expect((await render('/trainers/3', 'v1'))!.html).toContain('Contact Trainer');
  expect((await render('/trainers/3', 'v2'))!.html).toContain('Contact Coach');
  // Both stay loaded (two versions at once: each has its own container and module cache).
  expect((await render('/trainers/4', 'v1'))!.html).toContain('Contact Trainer');
  expect((await render('/trainers/4', 'v2'))!.html).toContain('Contact Coach');
}, 30_000);

test('a server build that throws while rendering, cannot be loaded or is missing: null (the page is rendered in the browser)', async () => {
  expect(await render('/trainers/3', 'throws')).toBeNull();
  expect(renderer.output()).toContain('boom in render');
  expect(await render('/trainers/3', 'broken')).toBeNull();
  expect(renderer.output()).toContain('boom at load');
  expect(await render('/trainers/3', 'no-such-version')).toBeNull();
  // The renderer still renders a good version afterwards.
  expect((await render('/trainers/3', 'v1'))!.html).toContain('Sam Carter');
}, 30_000);

test("past the cache's second, a page whose answers are the same is not rendered again; one whose answers changed is", async () => {
  const front = await startRenderer({ API_URL: apiUrl, BUDGET_MS: '20000', STILL_CLOCK: '1' }, (kill) => harness.onCleanup(kill));
  const renders = async () => Number((await get(`${front.url}/renders`)).body);
  const advance = (ms: number) => get(`${front.url}/advance?ms=${ms}`);
  const first = await render('/trainers/8', 'counting', front);
  expect(first!.html).toContain('Sam Carter');
  expect(await renders()).toBe(1);
  // Within the second: the kept render, the API not asked.
  apiCalls = [];
  expect(await render('/trainers/8', 'counting', front)).toEqual(first);
  expect(apiCalls).toEqual([]);
  // Past it: the answers are read again, the same, so the same render is answered without React.
  await advance(2000);
  expect(await render('/trainers/8', 'counting', front)).toEqual(first);
  expect(apiCalls.sort()).toEqual(['/api/trainers/8', '/api/trainers/8/reviews', '/api/trainers/8/slots']);
  expect(await renders()).toBe(1);
  // The profile is edited: the next read differs, and the page is rendered with it.
  edits.set(8, ' Now also kettlebells.');
  try {
    await advance(2000);
    const edited = await render('/trainers/8', 'counting', front);
    expect(edited!.html).toContain('Now also kettlebells.');
    expect(await renders()).toBe(2);
    // Answers unchanged for longer than the reuse bound (30 s): rendered again all the same.
    await advance(31_000);
    expect((await render('/trainers/8', 'counting', front))!.html).toContain('Now also kettlebells.');
    expect(await renders()).toBe(3);
  } finally {
    edits.delete(8);
  }
}, 30_000);

test('pages it does not render and answers it cannot use: null', async () => {
  expect(await render('/trainers', 'v1')).toBeNull();
  expect(await render('/trainers/me/schedule', 'v1')).toBeNull();
  expect(await render('/trainers/abc', 'v1')).toBeNull();
  // An unknown trainer: the API's 404 (the browser shows its not-found view).
  expect(await render('/trainers/404', 'v1')).toBeNull();
}, 30_000);

test('past its time budget (an API that does not answer): null, and the renderer goes on rendering', async () => {
  const hurried = await startRenderer({ API_URL: apiUrl, BUDGET_MS: '1000' }, (kill) => harness.onCleanup(kill));
  expect(await render('/trainers/777', 'v1', hurried)).toBeNull();
  expect(hurried.output()).toMatch(/took over 1000 ms/);
  // The version it loaded meanwhile is kept: a page whose data comes at once is rendered.
  let out: Rendered = null;
  for (let attempt = 0; attempt < 5 && !out; attempt++) out = await render('/trainers/3', 'v1', hurried);
  expect(out!.html).toContain('Sam Carter');
}, 30_000);

test('a server build on an origin it was not told to trust is not loaded: null', async () => {
  const strict = await startRenderer({ API_URL: apiUrl, BUDGET_MS: '20000', ALLOW: 'http://127.0.0.1:1' }, (kill) => harness.onCleanup(kill));
  const before = apiCalls.length;
  expect(await render('/trainers/3', 'v1', strict)).toBeNull();
  expect(strict.output()).toContain('is not on an allowed origin');
  expect(apiCalls.length).toBe(before);
  // Its own origin allowed: rendered.
  const trusting = await startRenderer({ API_URL: apiUrl, BUDGET_MS: '20000', ALLOW: cdn }, (kill) => harness.onCleanup(kill));
  expect((await render('/trainers/3', 'v1', trusting))!.html).toContain('Sam Carter');
}, 30_000);
