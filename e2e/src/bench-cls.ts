/**
 * Cumulative layout shift of a full page load, through the area's first load (issue 35.2).
 *
 *   const results = await measureCls(site, { routes, combos, concurrency: 3 });
 *   // one { route, combo, cls, total, shifts } per route and combination
 *
 * Each measurement is a fresh browser context (own cookies, cold cache) opening the route by URL: the shell
 * starts, the area's remote loads, its page fetches its data and renders. A PerformanceObserver for
 * `layout-shift` (buffered, so nothing before it was attached is missed) records every shift without recent
 * input. The page is read once it has settled, a sentinel and not a sleep:
 *   - `main h1` is in the page (the area's page, not a placeholder: placeholders have no h1),
 *   - no loading status (shared-ui's Spinner, `role=status` with "Loading...") is left in `main`,
 *   - no request has been in flight for QUIET_MS and the DOM has not changed for QUIET_MS (data rendered,
 *     images loaded),
 *   - then two animation frames so the last frame's layout-shift entries are delivered.
 *
 * `cls` is the web-vitals CLS (the largest session window: shifts less than 1 s apart, window at most
 * 5 s); `total` is every shift added up (never below cls). Each shift lists the elements that moved.
 *
 * Used by e2e/test/cls.test.ts (fails above 0.05) and printable with `npx tsx e2e/src/bench-cls.ts`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Site } from './harness';

export interface ClsCombo {
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
  signedIn: boolean;
}

export interface LayoutShift {
  value: number;
  startTime: number;
  sources: { node: string; from: string; to: string }[];
}

export interface ClsResult {
  route: string;
  /** Where the route ended up (a signed-out /messages goes to /signin). */
  landed: string;
  combo: ClsCombo;
  cls: number;
  total: number;
  shifts: LayoutShift[];
  error?: string;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Every width, theme and sign-in state meet each other (pairwise): four loads per route instead of eight.
 * Every pair of (width, theme), (width, signed in), (theme, signed in) is covered. CLS_ALL_COMBOS=1 measures
 * all eight.
 */
export function clsCombos(all = process.env.CLS_ALL_COMBOS === '1'): ClsCombo[] {
  if (all) {
    const out: ClsCombo[] = [];
    for (const size of [PHONE, DESKTOP])
      for (const colorScheme of ['light', 'dark'] as const) for (const signedIn of [false, true]) out.push({ ...size, colorScheme, signedIn });
    return out;
  }
  return [
    { ...PHONE, colorScheme: 'light', signedIn: false },
    { ...PHONE, colorScheme: 'dark', signedIn: true },
    { ...DESKTOP, colorScheme: 'dark', signedIn: false },
    { ...DESKTOP, colorScheme: 'light', signedIn: true },
  ];
}

const QUIET_MS = 500;

/** Installed before any of the page's scripts: records layout shifts from the start of the load. */
export const OBSERVER = `(() => {
  const w = window;
  w.__shifts = [];
  const describe = (n) => {
    if (!n || n.nodeType !== 1) return n && n.nodeName ? n.nodeName : '?';
    const el = n;
    const id = el.id ? '#' + el.id : '';
    const t = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return el.tagName.toLowerCase() + id + (t ? '[data-testid=' + t + ']' : '') + cls + (text ? ' "' + text + '"' : '');
  };
  const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        w.__shifts.push({
          value: e.value,
          startTime: e.startTime,
          sources: (e.sources || []).map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (err) {
    w.__shifts = null;
  }
  // Requests in flight (fetch and XHR; images are counted by their load events in settle()).
  w.__inflight = 0;
  w.__lastNet = performance.now();
  const of = w.fetch;
  if (of) {
    w.fetch = function (...args) {
      const url = String(args[0] && args[0].url ? args[0].url : args[0]);
      // A live stream (text/event-stream) stays open: never counted as in flight.
      if (/\\/stream|events/.test(url)) return of.apply(this, args);
      w.__inflight++;
      w.__lastNet = performance.now();
      return of.apply(this, args).finally(() => { w.__inflight--; w.__lastNet = performance.now(); });
    };
  }
})()`;

/** Largest session window (web-vitals' CLS): gaps under 1 s, windows at most 5 s. */
export function sessionCls(shifts: { value: number; startTime: number }[]): number {
  let best = 0;
  let cur = 0;
  let first = 0;
  let last = 0;
  for (const s of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (cur && s.startTime - last < 1000 && s.startTime - first < 5000) cur += s.value;
    else {
      cur = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, cur);
  }
  return best;
}

/** The sentinel: heading, no loading status in main, network and DOM quiet, all images decoded. */
export async function settle(page: Page, timeoutMs: number): Promise<void> {
  await page.locator('main h1').first().waitFor({ state: 'attached', timeout: timeoutMs });
  await page.waitForFunction(
    (quiet) => {
      const w = window as unknown as { __inflight: number; __lastNet: number; __lastDom?: number; __mo?: MutationObserver };
      if (!w.__mo) {
        w.__lastDom = performance.now();
        w.__mo = new MutationObserver(() => (w.__lastDom = performance.now()));
        w.__mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }
      const loading = [...document.querySelectorAll('main [role="status"]')].some((el) => /loading|checking/i.test(el.textContent ?? ''));
      if (loading) return false;
      if ([...document.images].some((img) => !img.complete)) return false;
      const now = performance.now();
      return w.__inflight === 0 && now - w.__lastNet >= quiet && now - (w.__lastDom ?? now) >= quiet;
    },
    QUIET_MS,
    { timeout: timeoutMs, polling: 100 },
  );
  // Two frames: the last frame's layout-shift entries reach the observer.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function measureOne(browser: Browser, site: Site, route: string, combo: ClsCombo, storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined, timeoutMs: number): Promise<ClsResult> {
  const context = await browser.newContext({
    viewport: { width: combo.width, height: combo.height },
    colorScheme: combo.colorScheme,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    ...(combo.signedIn && storageState ? { storageState } : {}),
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVER);
    await page.goto(site.url(route));
    await settle(page, timeoutMs);
    const shifts = (await page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] | null }).__shifts)) ?? [];
    const total = shifts.reduce((n, s) => n + s.value, 0);
    return { route, landed: new URL(page.url()).pathname, combo, cls: sessionCls(shifts), total, shifts };
  } catch (err) {
    return { route, landed: '?', combo, cls: NaN, total: NaN, shifts: [], error: String(err).split('\n')[0] };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** A signed-in storage state (a new account) and a plan of its own for /workout-plan/{id}. */
export async function signedInState(site: Site): Promise<{ storageState: Awaited<ReturnType<BrowserContext['storageState']>>; workoutId: number }> {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    await site.signUp(page);
    let workoutId = 1;
    const gen = await page.request.post(site.url('/api/generate-workout'), {
      data: { age: 30, gender: 'prefer-not-to-say', fitnessLevel: 'beginner', focusArea: 'full body', duration: 20, equipment: ['bodyweight'], goals: ['general fitness'], injuries: [] },
    });
    if (gen.ok()) workoutId = ((await gen.json()) as { id: number }).id;
    return { storageState: await context.storageState(), workoutId };
  } finally {
    await context.close();
  }
}

/** Every route in every combination, `concurrency` pages at a time in the site's one browser. */
export async function measureCls(
  site: Site,
  opts: { routes: string[]; combos?: ClsCombo[]; concurrency?: number; timeoutMs?: number; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> },
): Promise<ClsResult[]> {
  const combos = opts.combos ?? clsCombos();
  const jobs = opts.routes.flatMap((route) => combos.map((combo) => ({ route, combo })));
  const out: ClsResult[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const { route, combo } = jobs[i];
      out[i] = await measureOne(site.browser, site, route, combo, opts.storageState, opts.timeoutMs ?? 30_000);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 3 }, worker));
  return out;
}

export const comboLabel = (c: ClsCombo) => `${c.width}px ${c.colorScheme} ${c.signedIn ? 'signed in' : 'signed out'}`;

/** One line per measurement; the shifts of any above `detailAbove` listed under it. */
export function formatCls(results: ClsResult[], detailAbove = 0): string {
  const lines: string[] = [];
  for (const r of results) {
    const where = `${r.route}${r.landed !== r.route.split('?')[0] && r.landed !== '?' ? ` (-> ${r.landed})` : ''}`;
    lines.push(`${(r.error ? 'ERROR' : r.cls.toFixed(3)).padStart(6)}  total ${Number.isNaN(r.total) ? '-' : r.total.toFixed(3)}  ${where.padEnd(44)} ${comboLabel(r.combo)}${r.error ? `  ${r.error}` : ''}`);
    if (!(r.total > detailAbove)) continue;
    for (const s of r.shifts) {
      lines.push(`          shift ${s.value.toFixed(4)} at ${Math.round(s.startTime)} ms`);
      for (const src of s.sources) lines.push(`            ${src.node}: ${src.from} -> ${src.to}`);
    }
  }
  return lines.join('\n');
}

if (require.main === module) {
  // `npx tsx e2e/src/bench-cls.ts [route ...]`: prints every measurement (all routes when none given).
  void (async () => {
    const { startSite } = await import('./harness');
    const { specRoutes } = await import('./routes');
    // Production's time budget for a React render (the tests' is longer: harness.ts).
    const site = await startSite({ ssrTimeoutMs: 1000 });
    try {
      const { storageState, workoutId } = await signedInState(site);
      const args = process.argv.slice(2);
      const routes = args.length ? args : specRoutes(workoutId);
      const results = await measureCls(site, { routes, storageState });
      console.log(formatCls(results));
    } finally {
      await site.close();
    }
  })().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
