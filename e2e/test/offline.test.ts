/**
 * Issue 31 (items 1-3) in a real browser against the built site: the installable app (web app manifest,
 * service worker controlling the page), the offline journey (a signed-in user who opened the saved plans
 * once reloads offline and opens a saved plan and its guided session), and the worker following
 * /remotes.json: a new deploy / rollout assignment of the workouts remote replaces the cached version on
 * the next online load, and is what runs offline afterwards.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp, REMOTE_APPS, ROOT, startSite, type Served, type Site } from '../src/harness';

let site: Site;
/** The pages' console errors and warnings (printed when a heading does not show). */
const consoleLines: string[] = [];

beforeAll(async () => {
  site = await startSite();
}, 400_000);

afterAll(async () => {
  await site?.close();
});

/** The service worker controls the page (it claims the page it was registered from). */
/**
 * Until a service worker controls the page AND has finished activating: it takes control (clientsClaim) while
 * its activate step (old caches deleted) still runs; `state` reads 'activating' until then.
 */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 60_000 });
}

/** PNG width x height from its IHDR chunk. */
function pngSize(buf: Buffer): string {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

describe('installable', () => {
  test('the page links a web app manifest with the fields and icons installability needs, and a service worker controls it', async () => {
    const page = await site.newPage();
    await page.goto(site.url('/'));
    await page.locator('main h1').first().waitFor();

    // theme colours of both themes
    const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((els) => els.map((e) => [e.getAttribute('media'), e.getAttribute('content')]));
    expect(themeColors).toEqual([
      ['(prefers-color-scheme: light)', '#1d4ed8'],
      ['(prefers-color-scheme: dark)', '#0b1120'],
    ]);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(site.url(href!));
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'FitConnect', short_name: 'FitConnect', display: 'standalone', scope: '/' });
    expect(new URL(String(manifest.start_url), site.shellUrl).origin).toBe(new URL(site.shellUrl).origin);
    expect(typeof manifest.theme_color).toBe('string');
    expect(typeof manifest.background_color).toBe('string');
    const sizes = (purpose: string) => manifest.icons.filter((i) => (i.purpose ?? 'any').split(' ').includes(purpose)).map((i) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const r = await page.request.get(site.url(icon.src));
      expect(r.status()).toBe(200);
      expect(r.headers()['content-type']).toBe('image/png');
      expect(pngSize(await r.body())).toBe(icon.sizes);
    }

    // The worker: registered after load, scope '/', activated, controlling this page.
    await controlled(page);
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, state: r.active?.state, script: r.active?.scriptURL };
    });
    expect(reg).toEqual({ scope: `${site.shellUrl}/`, state: 'activated', script: `${site.shellUrl}/sw.js` });
    const sw = await page.request.get(site.url('/sw.js'));
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-security-policy']).toContain("default-src 'none'");

    // The app shell is precached: the page's own scripts are served by the worker.
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const name = names.find((n) => n.startsWith('workbox-precache'));
      if (!name) return [];
      return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    });
    expect(precached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    expect(precached.some((p) => /^\/main\.[0-9a-f]+\.js$/.test(p))).toBe(true);

    // Online, a page under the worker is still the server's fresh answer (network first), never the
    // precached index.html: each load has its own CSP nonce (in the header and the page's meta tag).
    const nonceOf = async () => {
      const res = await page.goto(site.url('/'));
      expect(res?.fromServiceWorker()).toBe(true);
      const header = res?.headers()['content-security-policy'] ?? '';
      // (The browser hides a nonce attribute from getAttribute once the CSP applies: read the property.)
      const meta = await page.locator('meta[property="csp-nonce"]').evaluate((el) => (el as HTMLMetaElement).nonce);
      expect(header).toContain(`'nonce-${meta}'`);
      return meta;
    };
    const n1 = await nonceOf();
    const n2 = await nonceOf();
    expect(n1).toBeTruthy();
    expect(n2).not.toBe(n1);
  });
});

/**
 * The files of a workouts version the offline journey needs (its mf-manifest.json: remoteEntry.js and the
 * './routes' module's chunks: saved plans, plan view, guided session, loaded or not yet).
 */
function workoutsFiles(manifestUrl: string, distDir = path.join(ROOT, 'mfe-workouts', 'dist')): string[] {
  const m = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as {
    exposes: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const base = new URL('./', manifestUrl);
  const files = new Set([new URL('remoteEntry.js', base).href]);
  for (const e of m.exposes.filter((x) => x.path === './routes')) for (const f of [...e.assets.js.sync, ...e.assets.js.async]) files.add(new URL(f, base).href);
  return [...files];
}

/** The workouts version caches the worker holds: name -> the URLs in it. */
async function workoutsCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (name.startsWith('fc-remote-workouts-')) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return out;
  });
}

/** Waits until one workouts version cache holds every file of that version. */
async function workoutsCached(page: Page, files: string[]): Promise<string> {
  let last: Record<string, string[]> = {};
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    last = await workoutsCaches(page);
    const full = Object.entries(last).find(([, urls]) => files.every((f) => urls.includes(f)));
    if (full) return full[0];
    await page.waitForTimeout(250);
  }
  throw new Error(`the workouts version was not cached: expected ${files.join(', ')}\nhave ${JSON.stringify(last, null, 1)}`);
}

async function heading(page: Page, name: string | RegExp) {
  try {
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 40_000 });
  } catch (err) {
    const body = await page.locator('body').innerText().catch(() => '');
    throw new Error(`heading ${String(name)} not shown at ${page.url()}:\n${body.slice(0, 600)}\nconsole:\n${consoleLines.slice(-30).join('\n')}\n${site.logs()}\n${String(err)}`);
  }
}

/** Runs the open guided session to its end: the first set done, every other step skipped (as training.test.ts). */
async function runSessionToEnd(page: Page) {
  const session = page.getByTestId('workout-session');
  await session.getByTestId('session-exercise').waitFor();
  await page.keyboard.press('ArrowRight'); // completes the first set (or the timed block)
  const done = session.getByRole('heading', { level: 1, name: 'Workout Complete!' });
  const steps: string[] = [];
  for (let i = 0; i < 60 && !(await done.isVisible()); i++) {
    steps.push((await session.getByTestId('session-exercise').textContent().catch(() => null)) ?? '?');
    const skip = session.getByRole('button', { name: 'Skip Exercise' });
    if (await skip.isVisible()) await skip.click();
  }
  try {
    await done.waitFor();
  } catch (err) {
    const text = await session.innerText().catch(() => '(no session)');
    throw new Error(`the session did not end after ${steps.length} steps (${steps.join(' > ')}):\n${text.slice(0, 800)}\n${String(err)}`);
  }
}

async function storedSessions(page: Page): Promise<Array<{ clientKey: string; workoutTitle: string; effort: number | null }>> {
  const r = await page.request.get(site.url('/api/training/sessions'));
  expect(r.status()).toBe(200);
  return ((await r.json()) as { sessions: Array<{ clientKey: string; workoutTitle: string; effort: number | null }> }).sessions;
}

const PLAN = { age: 30, gender: 'male', fitnessLevel: 'beginner', focusArea: 'core', duration: 30, equipment: ['bodyweight'], goals: ['strength'] };

describe('offline', () => {
  let page: Page;
  let planTitle: string;
  let candidateRoot: string;
  let candidate: Served;
  const CANDIDATE_VERSION = `e2e-offline-${process.pid}`;
  const CANDIDATE_HEADING = 'AI Workout Generator (new deploy)';

  beforeAll(async () => {
    // A second, visibly different build of the workouts remote: the "new deploy" / rollout candidate.
    candidateRoot = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-offline-'));
    await buildApp('mfe-workouts', {
      outDir: path.join(candidateRoot, 'dist'),
      env: { RELEASE_VERSION: CANDIDATE_VERSION, FITCONNECT_TEXT_REPLACE: JSON.stringify({ 'AI Workout Generator': CANDIDATE_HEADING }) },
    });
    candidate = await site.serveDir(path.join(candidateRoot, 'dist'), { cors: true, name: 'mfe-workouts candidate' });
  }, 400_000);

  afterAll(() => {
    if (candidateRoot) rmSync(candidateRoot, { recursive: true, force: true });
  });

  test('a signed-in user who opened the saved plans once reloads offline, opens a saved plan, runs and saves its session; back online it is sent once and another device sees it', async () => {
    page = await site.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleLines.push(`${m.type()}: ${m.text()}`);
    });
    /** Statuses of the session log's POSTs that got an answer (a send that failed offline has none). */
    const posted: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/training/sessions') posted.push(r.status());
    });
    let queued: Array<{ body: { clientKey: string } }> = [];
    const account = await site.signUp(page);
    const made = await page.request.post(site.url('/api/generate-workout'), { data: PLAN });
    expect(made.status()).toBe(201);
    planTitle = String(((await made.json()) as { title: string }).title);

    await page.goto(site.url('/ai-workout'));
    await heading(page, 'AI Workout Generator');
    await controlled(page);
    await page.getByRole('button', { name: 'Show Saved Workouts' }).click();
    await page.getByTestId('saved-workout').first().waitFor();
    // The worker keeps the workouts remote's whole current version (plans, plan view, session), and the
    // signed-in user's data is persisted.
    await workoutsCached(page, workoutsFiles(site.remotes.workouts.manifestUrl));
    await page.waitForFunction(() => localStorage.getItem('fitconnect:offline-cache') === '1');

    await page.context().setOffline(true);
    try {
      await page.reload();
      await heading(page, 'AI Workout Generator');
      await page.getByRole('button', { name: 'Show Saved Workouts' }).click();
      await page.getByTestId('saved-workout').first().getByRole('link', { name: planTitle }).click();
      await heading(page, 'Your Customized Workout Plan');
      await page.getByRole('heading', { name: planTitle }).waitFor();
      await page.getByRole('button', { name: /Start Workout/ }).click();
      await page.waitForURL(/\/workout-plan\/\d+\/session$/);
      await expect(page.locator('[data-area-error]').count()).resolves.toBe(0);

      // The guided session, run to its end offline, and saved: it waits on this device.
      await runSessionToEnd(page);
      const form = page.getByRole('form', { name: 'Log this session' });
      await form.getByRole('group', { name: 'How hard was it?' }).getByText('7', { exact: true }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('session-log-status').getByText(/You’re offline/).waitFor();
      queued = await page.evaluate(() => JSON.parse(localStorage.getItem('fitconnect.trainingQueue.v1') ?? '[]') as Array<{ body: { clientKey: string } }>);
      expect(queued).toHaveLength(1);
      // My Training (a client-side link, still offline) shows it waiting to sync.
      await page.getByRole('link', { name: 'My Training' }).click();
      await heading(page, 'My Training');
      await page.getByText('1 session waiting to sync').waitFor();

      // A page opened directly while offline is answered by the worker's last page too.
      await page.goto(site.url('/ai-workout'));
      await heading(page, 'AI Workout Generator');
    } finally {
      await page.context().setOffline(false);
    }

    // Back online (once the page reaches the API again), opening My Training sends what waits (the `online`
    // event may already have): the queued session reaches the API exactly once (one answered POST, one stored).
    await page.waitForFunction(async () => (await fetch('/api/auth/user', { cache: 'no-store' }).catch(() => null))?.ok === true, undefined, { timeout: 30_000, polling: 250 });
    await page.goto(site.url('/my-training'));
    await heading(page, 'My Training');
    try {
      await page.waitForFunction(() => !localStorage.getItem('fitconnect.trainingQueue.v1'), undefined, { timeout: 30_000 });
    } catch (err) {
      const left = await page.evaluate(() => localStorage.getItem('fitconnect.trainingQueue.v1'));
      throw new Error(`the queue was not sent: posted ${JSON.stringify(posted)}, queue ${left}\nconsole:\n${consoleLines.slice(-30).join('\n')}\n${String(err)}`);
    }
    const stored = await storedSessions(page);
    expect(stored.map((x) => x.clientKey)).toEqual([queued[0].body.clientKey]);
    expect(stored[0]).toMatchObject({ workoutTitle: planTitle, effort: 7 });
    expect(posted).toEqual([201]);

    // Another device of the same user sees it on My Training.
    const other = await site.newPage();
    try {
      const login = await other.request.post(site.url('/api/auth/login'), { data: account });
      expect(login.status()).toBe(200);
      await other.goto(site.url('/my-training'));
      await other.getByTestId('training-session').first().getByRole('link', { name: planTitle }).waitFor();
      expect(await other.getByTestId('training-session').count()).toBe(1);
      expect(await other.getByText('Waiting to sync').count()).toBe(0);
    } finally {
      await other.context().close();
    }
    expect(posted).toEqual([201]);
  });

  test('a new deploy (rollout assignment) of the workouts remote replaces the cached version on the next online load', async () => {
    const stableEntry = site.remotes.workouts.manifestUrl;
    const candidateEntry = `${candidate.url}/versions/${CANDIDATE_VERSION}/mf-manifest.json`;
    const writeRemotes = (workouts: Record<string, unknown>) =>
      writeFileSync(
        site.remotesFile,
        JSON.stringify({
          remotes: REMOTE_APPS.map((r) => (r.area === 'workouts' ? { area: r.area, name: r.name, ...workouts } : { area: r.area, name: r.name, entry: site.remotes[r.area].manifestUrl })),
        }),
      );
    /** Opens the saved plans (the signed-in visitor's workouts area) and waits for the version's files in the worker. */
    const openSavedPlans = async (expected: string, entry: string, dist?: string) => {
      await heading(page, expected);
      await page.getByRole('button', { name: 'Show Saved Workouts' }).click();
      await page.getByTestId('saved-workout').first().waitFor();
      return workoutsCached(page, workoutsFiles(entry, dist));
    };
    const offlineReloadShows = async (expected: string, notExpected: string) => {
      await page.context().setOffline(true);
      try {
        await page.reload();
        await heading(page, expected);
        expect(await page.getByRole('heading', { level: 1, name: notExpected, exact: true }).count()).toBe(0);
      } finally {
        await page.context().setOffline(false);
      }
    };
    /**
     * After setOffline(false), Chromium lets the worker reach the network again a little after the page: wait
     * until the worker's network-first /remotes.json gives the file just written (else a navigation could
     * still be answered by the offline app shell).
     */
    const workerSees = async (entry: string) => {
      await page.waitForFunction(
        async (e) => {
          const body = await fetch('/remotes.json', { cache: 'no-store' }).then((r) => r.text(), () => '');
          return body.includes(e);
        },
        entry,
        { timeout: 30_000, polling: 250 },
      );
    };
    try {
      const first = Object.keys(await workoutsCaches(page));
      expect(first).toHaveLength(1);

      // 1. A new deploy: /remotes.json names a new version of the remote. The next online load runs it, its
      //    files replace the old version's in the worker, and it is what runs offline.
      writeRemotes({ entry: candidateEntry, version: CANDIDATE_VERSION });
      await workerSees(candidateEntry);
      // Online, the page is the server's (network first): its CSP names the new version's origin.
      const res = await page.goto(site.url('/ai-workout'));
      expect(res?.headers()['content-security-policy']).toContain(new URL(candidate.url).origin);
      const deployed = await openSavedPlans(CANDIDATE_HEADING, candidateEntry, path.join(candidateRoot, 'dist'));
      expect(deployed).toContain(CANDIDATE_VERSION);
      expect(Object.keys(await workoutsCaches(page))).toEqual([deployed]);
      await offlineReloadShows(CANDIDATE_HEADING, 'AI Workout Generator');

      // 2. The visitor's rollout assignment: stable, with the new version no longer assigned (a rollback).
      //    Online, the stable version runs at once, never the cached one; its cache is deleted.
      writeRemotes({ entry: stableEntry, version: 'stable' });
      await workerSees('"version":"stable"');
      await page.reload();
      const stable = await openSavedPlans('AI Workout Generator', stableEntry);
      expect(Object.keys(await workoutsCaches(page))).toEqual([stable]);
      await offlineReloadShows('AI Workout Generator', CANDIDATE_HEADING);

      // 3. Assigned the candidate with its stable fallback (as the rollout API answers a visitor in a
      //    candidate's share): the candidate runs; the fallback's cache is kept beside it (the page falls
      //    back to it if the candidate fails), nothing else.
      writeRemotes({ entry: candidateEntry, version: CANDIDATE_VERSION, fallback: { entry: stableEntry, version: 'stable' } });
      await workerSees('"fallback"');
      await page.reload();
      const assigned = await openSavedPlans(CANDIDATE_HEADING, candidateEntry, path.join(candidateRoot, 'dist'));
      expect(Object.keys(await workoutsCaches(page)).sort()).toEqual([assigned, stable].sort());
      await offlineReloadShows(CANDIDATE_HEADING, 'AI Workout Generator');
    } finally {
      await page.context().setOffline(false);
      site.setRemoteEntry('workouts', stableEntry);
    }
  });
});
