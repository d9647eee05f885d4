/**
 * Issue 32's speed rows (`npm run bench -- --ssr`, and in the full run): measured in one run, on the built site.
 *
 *  - Server time to first byte of a trainer's profile, 50 requests at a time (fetch resolves at the response's
 *    headers): p50 / p95 over 3 rounds of 500 requests each, median of the rounds, against the shell's server as it
 *    runs (React rendering on) and a second shell server on the same build with SSR_REACT=off (the page before
 *    stage 2: the built index.html with stage 1's tags), started beside it.
 *  - Paint at 4x CPU: the largest contentful paint of a page with JavaScript on, and the first contentful paint of
 *    the same server HTML with JavaScript off (the limit of this machine); median of 5 each, interleaved; goal: ratio <= 1.2.
 *    Both pages come rendered with React on the server (`/` by the shell's server build alone).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, type Site } from './harness';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${Math.round(n)} ms`;

/** `total` GETs of `url`, `concurrency` at a time; each one's time to the response's headers. */
async function ttfb(url: string, total: number, concurrency: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const res = await fetch(url, { headers: { Accept: 'text/html' } });
      times.push(performance.now() - t0);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

/**
 * JavaScript on: the page's largest contentful paint (its own observer, from before its first byte). JavaScript
 * off: the first contentful paint of the same HTML (read over CDP; the page runs no script of its own).
 */
async function paint(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (javaScriptEnabled) {
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.__lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
      });
    }
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(javaScriptEnabled ? 2500 : 300);
    const expression = javaScriptEnabled
      ? 'window.__lcp'
      : "(performance.getEntriesByName('first-contentful-paint')[0] || { startTime: 0 }).startTime";
    const r = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    return Number(r.result.value);
  } finally {
    await context.close();
  }
}

export async function ssrRows(site: Site): Promise<{ rows: [string, string, string][]; goals: [string, boolean][] }> {
  const rows: [string, string, string][] = [];
  const goals: [string, boolean][] = [];
  const [first] = (await (await fetch(`${site.apiUrl}/api/trainers?limit=1`)).json()) as { id: number }[];
  const profile = `/trainers/${first.id}`;

  // Time to first byte, rendering on and off (a second shell server on the same build, SSR_REACT=off).
  const off = await site.serveDir(path.join(ROOT, 'shell', 'dist'), {
    spa: true,
    remotes: true,
    api: true,
    name: 'shell SSR_REACT=off',
    env: { API_URL: site.apiUrl, REMOTES_JSON: site.remotesFile, SSR_REACT: 'off' },
  });
  const on = site.url(profile);
  await ttfb(on, 20, 1); // loads the renderer and the area's server build
  const html = await (await fetch(on)).text();
  if (!html.includes('data-ssr="trainers"')) throw new Error(`${profile} was not rendered on the server`);
  const rounds = { on: [] as { p50: number; p95: number }[], off: [] as { p50: number; p95: number }[] };
  for (let i = 0; i < 3; i++) {
    for (const [name, url] of [['on', on], ['off', `${off.url}${profile}`]] as const) {
      const t = await ttfb(url, 500, 50);
      rounds[name].push({ p50: pct(t, 50), p95: pct(t, 95) });
    }
  }
  const p95On = median(rounds.on.map((r) => r.p95));
  const p95Off = median(rounds.off.map((r) => r.p95));
  rows.push([
    `TTFB ${profile}, 50 concurrent (React on the server)`,
    `p50 ${ms(median(rounds.on.map((r) => r.p50)))}, p95 ${ms(p95On)} (rounds' p95: ${rounds.on.map((r) => Math.round(r.p95)).join(', ')} ms)`,
    '<= 50 ms p95',
  ]);
  rows.push([
    '  same, SSR_REACT=off (before stage 2)',
    `p50 ${ms(median(rounds.off.map((r) => r.p50)))}, p95 ${ms(p95Off)} (rounds' p95: ${rounds.off.map((r) => Math.round(r.p95)).join(', ')} ms)`,
    'baseline',
  ]);
  goals.push(['TTFB of a profile p95 <= 50 ms at 50 concurrent', p95On <= 50]);

  // Paint at 4x CPU: JavaScript on (LCP) against the same HTML with JavaScript off (first paint).
  for (const pathname of [profile, '/']) {
    const withJs: number[] = [];
    const withoutJs: number[] = [];
    for (let i = 0; i < 5; i++) {
      withJs.push(await paint(site.browser, site.url(pathname), true));
      withoutJs.push(await paint(site.browser, site.url(pathname), false));
    }
    const ratio = median(withJs) / median(withoutJs);
    rows.push([
      `LCP of ${pathname} at 4x CPU / its HTML's first paint without JS`,
      `${ms(median(withJs))} / ${ms(median(withoutJs))} = ${ratio.toFixed(2)}x (runs: ${withJs.map(Math.round).join(', ')} / ${withoutJs.map(Math.round).join(', ')} ms)`,
      '<= 1.2x',
    ]);
    goals.push([`LCP ${pathname} <= 1.2x its no-JS first paint`, ratio <= 1.2]);
  }
  await off.stop();
  return { rows, goals };
}
