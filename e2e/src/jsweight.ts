/**
 * JavaScript weight of the built site, as a browser loads it: which built files a page really requests
 * (recorded in Chromium against the harness's servers), sized from the build output (raw bytes and gzip
 * of the file in dist/, so the numbers do not depend on timing or on the server's compression).
 *
 *   const weights = await measureJsWeight(site);
 *   weights.landing  // { files, raw, gzip } for `/` signed out, until the network is quiet
 *   weights.visits   // per nav link: the extra JS of a first visit from the landing page (signed in)
 *
 * Used by the budget test (test/budget.test.ts) and by `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { ROOT, REMOTE_APPS, type AreaName, type Site } from './harness';

export interface JsFile {
  url: string;
  /** The file in dist/ it was served from (relative to the repo), or null (not from a build). */
  file: string | null;
  raw: number;
  gzip: number;
}

export interface JsWeight {
  files: JsFile[];
  raw: number;
  gzip: number;
}

export interface AreaVisit {
  area: AreaName;
  /** The top-bar link clicked. */
  link: string;
  path: string;
  weight: JsWeight;
}

/** Top-bar links measured, one or more per area (the first visit of the area through that link). */
/**
 * Public areas are visited signed out. Messages needs a signed-in visitor: a signed-in landing already loads
 * its remote's entry and small './navBadge' module (the unread count), so its "first visit" counts what the
 * click adds after that (the routes module and the page).
 */
export const AREA_LINKS: { area: AreaName; link: string; path: string; signedIn?: boolean; landsOn?: string }[] = [
  // Signed out, /ai-workout sends the visitor to sign in as soon as the area's routes module runs (GeneratorGate):
  // the visit ends on /signin, and /ai-workout may be the URL too briefly to be seen.
  { area: 'workouts', link: 'AI Workouts', path: '/ai-workout', landsOn: '/signin' },
  { area: 'workouts', link: 'Exercise Tutorials', path: '/exercise-tutorials' },
  { area: 'trainers', link: 'Trainers', path: '/trainers' },
  { area: 'challenges', link: 'Challenges', path: '/challenges' },
  { area: 'community', link: 'Community', path: '/community' },
  { area: 'messages', link: 'Messages', path: '/messages', signedIn: true },
];

const sizeCache = new Map<string, { raw: number; gzip: number }>();

function sizeOf(file: string): { raw: number; gzip: number } {
  let s = sizeCache.get(file);
  if (!s) {
    const buf = readFileSync(file);
    s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    sizeCache.set(file, s);
  }
  return s;
}

/** Origin -> the dist folder it serves. */
function originMap(site: Site): Map<string, string> {
  const map = new Map<string, string>([[new URL(site.shellUrl).origin, path.join(ROOT, 'shell', 'dist')]]);
  for (const r of REMOTE_APPS) map.set(new URL(site.remotes[r.area].url).origin, path.join(ROOT, r.dir, 'dist'));
  return map;
}

function isJs(req: Request): boolean {
  const url = new URL(req.url());
  return req.resourceType() === 'script' || /\.m?js$/.test(url.pathname);
}

/** Records the JS requests of a page; `take()` returns (and forgets) what was requested so far. */
export function recordJs(page: Page, site: Site) {
  const origins = originMap(site);
  let urls: string[] = [];
  let inflight = 0;
  let lastActivity = Date.now();
  // A live stream (the messages badge's EventSource) stays open for the page's life: it never counts as in flight.
  const longLived = (req: Request) => req.resourceType() === 'eventsource';
  page.on('request', (req) => {
    if (longLived(req)) return;
    inflight += 1;
    lastActivity = Date.now();
    if (isJs(req)) urls.push(req.url());
  });
  const done = (req: Request) => {
    if (longLived(req)) return;
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Resolves once no request has been in flight for `quietMs`. */
    async quiet(quietMs = 800, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (inflight === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the page did not become quiet');
    },
    take(): JsWeight {
      const seen = [...new Set(urls)];
      urls = [];
      const files = seen.map((u) => {
        const url = new URL(u);
        const dir = origins.get(url.origin);
        if (!dir) return { url: u, file: null, raw: 0, gzip: 0 };
        const file = path.join(dir, decodeURIComponent(url.pathname));
        try {
          return { url: u, file: path.relative(ROOT, file), ...sizeOf(file) };
        } catch {
          return { url: u, file: null, raw: 0, gzip: 0 };
        }
      });
      return {
        files,
        raw: files.reduce((n, f) => n + f.raw, 0),
        gzip: files.reduce((n, f) => n + f.gzip, 0),
      };
    },
  };
}

async function mainHeading(page: Page, notText?: string) {
  await page.waitForFunction(
    (prev) => {
      const h = document.querySelector('main h1');
      return !!h && !!h.textContent && h.textContent !== prev && !document.querySelector('[data-area-error]');
    },
    notText ?? null,
    { timeout: 30_000 },
  );
  return (await page.locator('main h1').first().textContent()) ?? '';
}

/** Landing JS (signed out) and each area's first-visit JS (from the landing page, by its top-bar link; see AREA_LINKS). */
export async function measureJsWeight(site: Site): Promise<{ landing: JsWeight; visits: AreaVisit[] }> {
  // Measuring pages: no accessibility gate (its axe runs are not part of the site; the other tests check it).
  const landingPage = await site.newPage({ a11y: false });
  const rec = recordJs(landingPage, site);
  await landingPage.goto(site.url('/'));
  await mainHeading(landingPage);
  await rec.quiet();
  const landing = rec.take();
  await landingPage.context().close();

  const visits: AreaVisit[] = [];
  for (const { area, link, path: pathname, signedIn, landsOn } of AREA_LINKS) {
    const page = await site.newPage({ a11y: false });
    // The sampled case, every time (the worst case, and no coin toss in the numbers): this page reports web
    // vitals, whose chunk loads after the first interaction (the click below) once the browser is idle.
    await page.addInitScript(() => window.localStorage.setItem('fitconnect:vitals', 'on'));
    if (signedIn) await site.signUp(page);
    const r = recordJs(page, site);
    await page.goto(site.url('/'));
    const landingHeading = await mainHeading(page);
    await r.quiet();
    r.take();
    const vitals = page.waitForRequest((req) => /\/web-vitals\.[^/]*\.js$/.test(new URL(req.url()).pathname), { timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL((u) => u.pathname === (landsOn ?? pathname));
    await mainHeading(page, landingHeading);
    await vitals;
    await r.quiet();
    visits.push({ area, link, path: pathname, weight: r.take() });
    await page.context().close();
  }
  return { landing, visits };
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
