/**
 * Interaction to Next Paint rows of `npm run bench` (issue 35.1): six interactions, each measured in the
 * federated site and in the monolith build of the same pages (the yardstick, same run), at 4x CPU.
 *
 * Per run: a fresh browser context opens the page at 1x, waits until it has settled (bench-cls.ts's
 * sentinel: heading, no loading status, network and DOM quiet), then CPU throttling goes to 4x
 * (CDP Emulation.setCPUThrottlingRate) and the interaction is played with real input events (Playwright's
 * mouse and keyboard through CDP). Anything done to get there (filling the message) is not an interaction
 * in the Event Timing sense (no pointer or key event), so the only interactions the page sees are the
 * measured ones. The INP comes from the web-vitals library (its attribution build, `onINP` with
 * `reportAllChanges`), injected into the page by the bench with addInitScript; nothing of it ships in the
 * app. For typing, INP is the slowest keystroke. Each run is cross-checked against the Event Timing entries
 * read directly (PerformanceObserver 'event', durationThreshold 16, longest per interactionId) and
 * performance.interactionCount (a run where the page counted no interaction is a failed run, not a fast one).
 * A run that web-vitals gave no report for (its entry under 16 ms; the first input always has one) counts as 16 ms. Medians of INP_RUNS runs (default 5).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, type Site } from './harness';
import { OBSERVER, settle } from './bench-cls';

export interface InpSample {
  value: number;
  inputDelay: number;
  processing: number;
  presentation: number;
  target: string;
  /** performance.interactionCount after the run (-1: not supported). */
  interactions?: number;
  /** The longest Event Timing entry of any interaction, read directly (cross-check of web-vitals). */
  rawMax?: number;
}

interface Interaction {
  name: string;
  path: string;
  signedIn: boolean;
  /** The page is ready for the interaction (data shown). */
  ready(page: Page): Promise<void>;
  /** Anything before the interaction that is not one itself. */
  prepare?(page: Page): Promise<void>;
  act(page: Page): Promise<void>;
  /** The interaction's outcome is in the page. */
  done(page: Page): Promise<void>;
}

const MESSAGE = 'Bench message: see you at six';

export const INTERACTIONS: Interaction[] = [
  {
    name: 'change a filter on /exercise-tutorials',
    path: '/exercise-tutorials',
    signedIn: false,
    ready: (p) => p.locator('[data-testid="exercise-card"]').first().waitFor(),
    // A keyboard choice on the closed select (a native popup would not be in the page): one keydown, one change.
    prepare: (p) => p.getByLabel('Category', { exact: true }).focus(),
    act: (p) => p.keyboard.press('ArrowDown'),
    done: (p) => p.waitForURL(/category=/),
  },
  {
    name: 'type a search on /exercise-tutorials',
    path: '/exercise-tutorials',
    signedIn: false,
    ready: (p) => p.locator('[data-testid="exercise-card"]').first().waitFor(),
    prepare: (p) => p.getByLabel('Search exercises').focus(),
    act: (p) => p.keyboard.type('squat', { delay: 120 }),
    done: async (p) => {
      await p.waitForURL(/q=squat/);
      await p.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    },
  },
  {
    name: 'toggle the theme (/exercise-tutorials)',
    path: '/exercise-tutorials',
    signedIn: false,
    ready: (p) => p.locator('[data-testid="exercise-card"]').first().waitFor(),
    act: (p) => p.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).first().click(),
    done: (p) => p.locator('[data-theme-mode="dark"]').first().waitFor({ state: 'attached' }),
  },
  {
    name: 'open a trainer from the directory',
    path: '/trainers',
    signedIn: false,
    ready: (p) => p.locator('[data-testid="trainer-card"] a').first().waitFor(),
    act: (p) => p.locator('[data-testid="trainer-card"] a').first().click(),
    done: (p) => p.locator('main h1#trainer-name').waitFor(),
  },
  {
    name: 'send a message in an open thread',
    path: '/messages/1',
    signedIn: true,
    ready: (p) => p.locator('main textarea').first().waitFor(),
    prepare: (p) => p.locator('main textarea').first().fill(MESSAGE),
    act: (p) => p.locator('main form').getByRole('button', { name: 'Send' }).click(),
    done: (p) => p.locator('main').getByText(MESSAGE).first().waitFor(),
  },
  {
    name: 'join a challenge',
    path: '/challenges',
    signedIn: true,
    ready: (p) => p.getByRole('button', { name: /^Join: / }).first().waitFor(),
    act: (p) => p.getByRole('button', { name: /^Join: / }).first().click(),
    done: (p) => p.getByRole('button', { name: /^Joined: / }).first().waitFor(),
  },
];

/** web-vitals' attribution build as a classic script (its package exports do not list the file: found by path). */
const webVitalsScript = () => readFileSync(path.join(ROOT, 'node_modules', 'web-vitals', 'dist', 'web-vitals.attribution.iife.js'), 'utf8');
const install = () => `${webVitalsScript()}
;(() => {
  window.__inp = [];
  webVitals.onINP((m) => {
    const a = m.attribution || {};
    window.__inp.push({ value: m.value, inputDelay: a.inputDelay || 0, processing: a.processingDuration || 0, presentation: a.presentationDelay || 0, target: a.interactionTarget || '' });
  }, { reportAllChanges: true, durationThreshold: 0 });
  // Cross-check, read straight from the Event Timing API as web-vitals does: the longest entry per
  // interactionId (durationThreshold 16 is the API's floor; first-input always comes, whatever its duration).
  window.__raw = {};
  const take = (list) => {
    for (const e of list.getEntries()) {
      const id = e.interactionId || (e.entryType === 'first-input' ? 'first' : 0);
      if (!id) continue;
      window.__raw[id] = Math.max(window.__raw[id] || 0, e.duration);
    }
  };
  try {
    const po = new PerformanceObserver(take);
    po.observe({ type: 'event', durationThreshold: 16, buffered: true });
    po.observe({ type: 'first-input', buffered: true });
  } catch (err) {
    window.__raw = null;
  }
})();`;

/** A new signed-in account for `page` on the site at `base` (the federated shell or the monolith, each through its /api proxy). */
export async function signUp(page: Page, base: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'secret123';
  const res = await page.request.post(`${base}/api/auth/signup`, {
    data: { username: `inp_${tag}`, email: `inp_${tag}@example.com`, firstName: 'Ina', lastName: 'Bench', location: 'Leeds', password, confirmPassword: password },
  });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
}

/** One run of one interaction on the site at `base` (the federated shell or the monolith). */
export async function measureInteraction(site: Site, base: string, it: Interaction, rate = 4): Promise<InpSample> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    // bench-cls's observer: the request counter settle() reads (and layout shifts, unused here).
    await page.addInitScript(OBSERVER);
    await page.addInitScript(install());
    if (it.signedIn) await signUp(page, base);
    await page.goto(`${base}${it.path}`);
    await it.ready(page);
    // Best effort: a page that keeps a request open or keeps changing is measured once ready.
    await settle(page, 15_000).catch(() => undefined);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await it.prepare?.(page);
    await it.act(page);
    await it.done(page);
    // The Event Timing entry comes after the interaction's next paint; web-vitals handles it in an idle
    // callback and reports it then. Two frames and a task after the outcome, then wait for the report.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
    const got = await page
      .waitForFunction(() => (window as unknown as { __inp: unknown[] }).__inp.length > 0, null, { timeout: 5_000, polling: 50 })
      .then(() => true, () => false);
    // How many interactions the page counted (Chromium's performance.interactionCount) and the raw entries.
    const check = await page.evaluate(() => ({
      count: (performance as unknown as { interactionCount?: number }).interactionCount ?? -1,
      raw: (window as unknown as { __raw: Record<string, number> | null }).__raw,
    }));
    const rawMax = check.raw ? Math.max(0, ...Object.values(check.raw)) : NaN;
    if (check.count === 0) throw new Error(`${it.name}: the page counted no interaction (the input did not reach it)`);
    if (!got) {
      // Honest only if the raw observer saw nothing over 16 ms either.
      if (rawMax > 16) throw new Error(`${it.name}: web-vitals reported nothing but an Event Timing entry of ${rawMax} ms came`);
      return { value: 16, inputDelay: 0, processing: 0, presentation: 0, target: '(under 16 ms: no entry)', interactions: check.count, rawMax };
    }
    const all = await page.evaluate(() => (window as unknown as { __inp: InpSample[] }).__inp);
    const worst = all.reduce((a, b) => (b.value > a.value ? b : a));
    return { ...worst, interactions: check.count, rawMax };
  } finally {
    await context.close().catch(() => undefined);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${Math.round(n)} ms`;

export interface InpRow {
  name: string;
  site: InpSample[];
  mono: InpSample[];
  siteMedian: number;
  monoMedian: number;
  /** Runs (of either build) that failed and are not in the medians. */
  failed: number;
  error?: string;
}

/**
 * Every interaction, `runs` times in each build, alternating site and monolith run by run so a change in the
 * machine's load hits both alike.
 */
export async function measureInp(site: Site, monoUrl: string, runs = Number(process.env.INP_RUNS ?? 5), only?: RegExp): Promise<InpRow[]> {
  const out: InpRow[] = [];
  for (const it of INTERACTIONS.filter((i) => !only || only.test(i.name))) {
    const s: InpSample[] = [];
    const m: InpSample[] = [];
    const failures: string[] = [];
    // A failed run (the loaded machine timing out a page) is counted and shown, not a reason to drop the row.
    const one = async (into: InpSample[], base: string, label: string) => {
      try {
        const x = await measureInteraction(site, base, it);
        console.error(`INP ${it.name} ${label}: ${Math.round(x.value)} ms (input ${Math.round(x.inputDelay)}, handlers ${Math.round(x.processing)}, paint ${Math.round(x.presentation)}; direct ${x.rawMax} ms; ${x.interactions} interactions; ${x.target})`);
        into.push(x);
      } catch (err) {
        failures.push(`${label}: ${String(err).split('\n')[0]}`);
      }
    };
    for (let i = 0; i < runs; i++) {
      await one(s, site.shellUrl, 'site');
      await one(m, monoUrl, 'monolith');
    }
    for (const f of failures) console.error(`INP ${it.name}: run failed: ${f}`);
    const error = !s.length || !m.length ? failures[0] ?? 'no runs' : undefined;
    if (error) out.push({ name: it.name, site: s, mono: m, siteMedian: NaN, monoMedian: NaN, failed: failures.length, error });
    else out.push({ name: it.name, site: s, mono: m, siteMedian: median(s.map((x) => x.value)), monoMedian: median(m.map((x) => x.value)), failed: failures.length });
  }
  return out;
}

/** Table rows and goals: each interaction <= 100 ms at 4x and <= 1.1x the monolith's. */
export function inpTable(results: InpRow[]): { rows: [string, string, string][]; goals: [string, boolean][] } {
  const rows: [string, string, string][] = [];
  const goals: [string, boolean][] = [];
  for (const r of results) {
    if (r.error) {
      rows.push([`INP at 4x: ${r.name}`, `not measured: ${r.error} FAIL`, '<= 100 ms and <= 1.1x monolith']);
      goals.push([`INP ${r.name} (not measured)`, false]);
      continue;
    }
    const ratio = r.siteMedian / r.monoMedian;
    const mid = [...r.site].sort((a, b) => a.value - b.value)[Math.floor(r.site.length / 2)];
    const parts = `input ${ms(mid.inputDelay)} + handlers ${ms(mid.processing)} + paint ${ms(mid.presentation)}`;
    const ok = r.siteMedian <= 100 && ratio <= 1.1;
    rows.push([
      `INP at 4x: ${r.name}`,
      `${ms(r.siteMedian)} (${parts}; runs ${r.site.map((x) => Math.round(x.value)).join(', ')}); monolith ${ms(r.monoMedian)} (runs ${r.mono.map((x) => Math.round(x.value)).join(', ')})${r.failed ? `; ${r.failed} failed runs left out` : ''}; Event Timing direct ${ms(median(r.site.map((x) => x.rawMax ?? NaN)))} / ${ms(median(r.mono.map((x) => x.rawMax ?? NaN)))}; ratio ${ratio.toFixed(2)}x ${ok ? 'PASS' : 'FAIL'}`,
      '<= 100 ms and <= 1.1x monolith',
    ]);
    goals.push([`INP ${r.name} <= 100 ms and <= 1.1x monolith`, ok]);
  }
  return { rows, goals };
}
