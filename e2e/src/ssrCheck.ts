import type { Page } from 'playwright-core';
import type { Site } from './harness';

// Checks of a page rendered with React on the server and hydrated in the browser (issue 32 stage 2, docs/ssr.md),
// shared by the browser tests of each server-rendered page (e2e/test/ssr-*.test.ts).

/**
 * The part of a page's HTML inside `<div id="root" data-ssr="<area>">` and the answers after it; null when the page
 * was not rendered on the server (for that area).
 */
export function rendered(html: string, area: string) {
  const root = new RegExp(`<div id="root" data-ssr="${area}">([\\s\\S]*?)<\\/div><script\\b[^>]*\\bid="fc-ssr-state"[^>]*>([^<]*)<\\/script>`).exec(html);
  return root ? { html: root[1], state: JSON.parse(root[2]) as { queries: { queryHash: string; state: { data: unknown } }[] } } : null;
}

/**
 * A signed-out visitor's GET of `pathname`, expected rendered with React on the server (`area`: the area, or
 * 'shell' for one of the shell's own pages): answered 200, in the shell's frame, its styles under the answer's
 * nonce (the page's CSP has no 'unsafe-inline'), no style attribute inside root (the CSP would refuse it), public
 * answers only. `html` is the render (inside root), `page` the whole answer.
 */
export async function renderedPage(site: Site, pathname: string, area: string) {
  const res = await fetch(site.url(pathname));
  expect(res.status).toBe(200);
  const page = await res.text();
  const out = rendered(page, area);
  expect(out).not.toBeNull();
  expect(out!.html).toContain('Skip to content');
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(/<style\b[^>]*data-styled="true"[^>]*>/.exec(page)?.[0] ?? '').toContain(`nonce="${nonce}"`);
  expect(out!.html).not.toMatch(/ style="/);
  // Whole, in place: no part sent after its loading state and revealed by a script (React's outlined boundary).
  expect(page).not.toMatch(/<template id="B:|\$RC\(/);
  expect(JSON.stringify(out!.state)).not.toMatch(/"email"|"passwordHash"|"password"/);
  return { res, page, html: out!.html, state: out!.state, hashes: out!.state.queries.map((q) => q.queryHash) };
}

export interface Watched {
  page: Page;
  /** Console errors and uncaught exceptions (a hydration error and a CSP report are both console errors). */
  errors: string[];
  /** Paths of the API calls the page made (rollout reports left out). */
  apiCalls: string[];
}

/**
 * A signed-out visitor's page (in New York by default: not the server's zone), watched from before its first byte;
 * remembers the page's first <h1> as the HTML has it, before any script of the app ran.
 */
export async function visit(site: Site, pathname: string, o: { colorScheme?: 'light' | 'dark'; width?: number; timezoneId?: string } = {}): Promise<Watched> {
  const page = await site.newPage({ timezoneId: o.timezoneId ?? 'America/New_York', colorScheme: o.colorScheme ?? 'light', width: o.width ?? 1280 });
  const errors: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') && !u.pathname.startsWith('/api/rollout/')) apiCalls.push(u.pathname);
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, unknown>;
      w.__ssrH1 = document.querySelector('#root h1');
      // The palette the server's HTML is painted in, before the app's script has run (its CSS alone: data-theme
      // from the theme cookie, else the system's preference).
      w.__ssrBg = getComputedStyle(document.body).backgroundColor;
    });
  });
  await page.goto(site.url(pathname));
  return { page, errors, apiCalls };
}

/**
 * Waits until the page is no longer the server's HTML: #root loses data-ssr once the shell has hydrated it (or
 * rendered it anew in the browser when it could not). Before that, a button does nothing and a link is a full load.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-ssr'));
}

/**
 * Waits until the shell has hydrated the page (#root loses data-ssr), then reads what it kept: the same <h1>
 * element as the HTML's, and for every element React rendered, its class in the browser's render (React's props)
 * against the server's attribute (React 19's production build neither reports nor repairs a differing attribute).
 */
export async function hydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    const h1 = document.querySelector('#root h1');
    return !!root && !root.hasAttribute('data-ssr') && !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
  return page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    let checked = 0;
    const differ: string[] = [];
    for (const el of Array.from(document.querySelectorAll('#root *'))) {
      const key = Object.keys(el).find((k) => k.startsWith('__reactProps'));
      const props = key ? (el as unknown as Record<string, { className?: unknown }>)[key] : null;
      if (!props || typeof props.className !== 'string') continue;
      checked++;
      if (props.className !== (el.getAttribute('class') ?? '')) differ.push(`${el.tagName}: ${el.getAttribute('class')} -> ${props.className}`);
    }
    return {
      sameH1: document.querySelector('#root h1') === w.__ssrH1 && !!w.__ssrH1,
      bgBeforeScripts: w.__ssrBg,
      bgNow: getComputedStyle(document.body).backgroundColor,
      theme: document.documentElement.getAttribute('data-theme'),
      checked,
      differ,
    };
  });
}

/**
 * What a clean hydration kept, as each page's test asserts it: when `colorScheme` is given, the app's palette is
 * that one and the HTML was painted in it before any script of the app ran (the body's background then and now),
 * the server's <h1> element itself, and every element's class (at least `minChecked`).
 */
export function expectKept(h: Awaited<ReturnType<typeof hydration>>, colorScheme?: 'light' | 'dark', minChecked = 50): void {
  if (colorScheme) {
    expect(h.theme).toBe(colorScheme);
    expect(h.bgBeforeScripts).toBe(h.bgNow);
  }
  expect(h.sameH1).toBe(true);
  expect(h.checked).toBeGreaterThan(minChecked);
  expect(h.differ).toEqual([]);
}

/**
 * Holds back every request of `page` to `origin` (an area's files) until the returned release() is called: the page
 * stays the server's HTML, not hydrated, for a test of what a visitor does before hydration.
 */
export async function holdRequests(page: Page, origin: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${origin}/**`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
