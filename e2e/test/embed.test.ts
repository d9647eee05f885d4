/**
 * The embeddable trainer finder (issue 16) on a third-party page: the demo partner site
 * (scripts/partner-demo) on its own origin, with hostile CSS and its own React 18, loads
 * <site>/embed/trainer-finder.js with one script tag. Everything here runs cross-origin against the
 * built site and a real API.
 */
import type { Page, Request } from 'playwright-core';
import { servePartnerDemo, type Served, type Site, startSite } from '../src/harness';

let site: Site;
let partner: Served;

beforeAll(async () => {
  site = await startSite();
  partner = await servePartnerDemo(site.shellUrl);
}, 300_000);

afterAll(async () => {
  await partner?.stop();
  await site?.close();
});

/** Uncaught errors and console errors (a CORS refusal or a failed request shows there). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/** Retries `read` until `check` passes (or throws its last failure after `timeoutMs`). */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => void, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      check(await read());
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

const cards = (page: Page, finder: string) => page.locator(`#${finder} [data-testid="trainer-card"]`);
const cardNames = (page: Page, finder: string) => page.locator(`#${finder} [data-testid="trainer-card"] h3`).allTextContents();

/** Computed style of the first element matching `selector` inside the finder's shadow root (or the page). */
function computed(page: Page, selector: string, prop: string, finder?: string): Promise<string> {
  return page.evaluate(
    ({ selector, prop, finder }) => {
      const scope: ParentNode = finder ? document.getElementById(finder)!.shadowRoot! : document;
      const el = scope.querySelector(selector);
      if (!el) throw new Error(`no ${selector}`);
      return getComputedStyle(el).getPropertyValue(prop);
    },
    { selector, prop, finder },
  );
}

async function openDemo(opts: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const page = await site.newPage({ width: opts.width, colorScheme: opts.colorScheme });
  const errors = watchErrors(page);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(partner.url);
  await cards(page, 'finder-leeds').first().waitFor();
  await cards(page, 'finder-dark').first().waitFor();
  return { page, errors, requests };
}

describe('trainer finder on a partner site', () => {
  test('renders the trainers for its location, anonymously and cross-origin, one impression per finder', async () => {
    const { page, errors, requests } = await openDemo();
    expect(new URL(partner.url).origin).not.toBe(new URL(site.shellUrl).origin);

    await expect(cards(page, 'finder-leeds').count()).resolves.toBe(6);
    const leeds = await cardNames(page, 'finder-leeds');
    // Sorted by real distance from Leeds: the Leeds trainer first, with a distance on the card.
    expect(leeds[0]).toBe('Hannah Walsh');
    await expect(page.locator('#finder-leeds [data-testid="trainer-distance"]').first().textContent()).resolves.toMatch(/less than a mile|about \d+ miles?/);
    await expect(cards(page, 'finder-dark').count()).resolves.toBe(3);
    expect((await cardNames(page, 'finder-dark'))[0]).toBe('Sophie Turner');

    // The loader and the bundle come from the site's /embed/, the reads from its /api, with no cookies.
    const embed = requests.filter((r) => r.url().startsWith(`${site.shellUrl}/embed/`)).map((r) => new URL(r.url()).pathname);
    expect(embed[0]).toBe('/embed/trainer-finder.js');
    expect(embed.some((p) => /^\/embed\/finder\.[0-9a-f]{10}\.js$/.test(p))).toBe(true);
    const reads = requests.filter((r) => r.url().startsWith(`${site.shellUrl}/api/trainers?`));
    expect(reads.map((r) => new URL(r.url()).searchParams.get('location')).sort()).toEqual(['Leeds', 'Manchester']);
    for (const r of reads) {
      const headers = await r.allHeaders();
      expect(headers.cookie).toBeUndefined();
      expect(headers.origin).toBe(new URL(partner.url).origin);
    }
    // One impression per finder's result page, accepted by the API.
    await eventually(
      () => requests.filter((r) => r.url() === `${site.shellUrl}/api/partners/events`).length,
      (n) => expect(n).toBe(2),
    );
    for (const r of requests.filter((r) => r.url() === `${site.shellUrl}/api/partners/events`)) {
      expect(JSON.parse(r.postData() ?? '')).toEqual({ partner: 'demo-gym', kind: 'impression' });
      expect((await r.response())?.status()).toBe(204);
    }
    expect(errors).toEqual([]);
  });

  test('a search and View More Trainers work; a card opens the profile in a new tab with the partner id', async () => {
    const { page, errors, requests } = await openDemo();
    const finder = page.locator('#finder-leeds');

    await finder.getByRole('button', { name: 'View More Trainers' }).click();
    await eventually(() => cards(page, 'finder-leeds').count(), (n) => expect(n).toBeGreaterThan(6));

    await finder.getByRole('searchbox', { name: 'Postcode or city' }).fill('Cardiff');
    await finder.getByRole('searchbox', { name: 'Postcode or city' }).press('Enter');
    await eventually(() => cardNames(page, 'finder-leeds'), (names) => expect(names[0]).toBe('Grace Bennett'));
    await expect(cards(page, 'finder-leeds').count()).resolves.toBe(6);

    const link = finder.getByRole('link', { name: 'Grace Bennett' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${site.shellUrl}/trainers/\\d+\\?partner=demo-gym$`));
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener');
    const trainerId = Number(/trainers\/(\d+)/.exec(href!)![1]);

    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForURL(href!);
    // noopener: the new tab cannot reach back into the partner's page.
    await expect(popup.evaluate(() => window.opener)).resolves.toBeNull();
    await popup.close();

    await eventually(
      () =>
        requests
          .filter((r) => r.url() === `${site.shellUrl}/api/partners/events`)
          .map((r) => JSON.parse(r.postData() ?? '{}'))
          .filter((b) => b.kind === 'click'),
      (clicks) => expect(clicks).toEqual([{ partner: 'demo-gym', kind: 'click', trainerId }]),
    );
    expect(errors).toEqual([]);
  });

  test("no style leaks either way, and the partner's own React keeps working", async () => {
    const { page, errors } = await openDemo();
    // The page's own CSS keeps applying to the page ...
    await expect(computed(page, '#find-title', 'color')).resolves.toBe('rgb(255, 0, 0)');
    await expect(computed(page, '#partner-book', 'padding-top')).resolves.toBe('0px');
    await expect(computed(page, '#partner-book', 'background-color')).resolves.toBe('rgba(0, 0, 0, 0)');
    await expect(computed(page, 'main', 'box-sizing')).resolves.toBe('content-box');
    // ... and not inside the finder, whose own styles hold there (light theme: primary #1d4ed8).
    await expect(computed(page, 'h2', 'color', 'finder-leeds')).resolves.not.toBe('rgb(255, 0, 0)');
    await expect(computed(page, 'h2', 'text-transform', 'finder-leeds')).resolves.toBe('none');
    await expect(computed(page, 'button[type="submit"]', 'background-color', 'finder-leeds')).resolves.toBe('rgb(29, 78, 216)');
    await expect(computed(page, 'button[type="submit"]', 'padding-left', 'finder-leeds')).resolves.not.toBe('0px');
    await expect(computed(page, 'input', 'box-sizing', 'finder-leeds')).resolves.toBe('border-box');
    // The page's font family is inherited on purpose; its 10px root font size is not used.
    await expect(computed(page, '[data-testid="finder-root"]', 'font-family', 'finder-leeds')).resolves.toMatch(/Georgia/);
    await expect(computed(page, '[data-testid="finder-root"]', 'font-size', 'finder-leeds')).resolves.toBe('16px');
    // The finder adds no style to the page's document.
    await expect(page.evaluate(() => document.querySelectorAll('style[data-styled]').length)).resolves.toBe(0);

    // The partner's React 18 is still theirs and still reacts.
    await expect(page.evaluate(() => (window as unknown as { React: { version: string } }).React.version)).resolves.toMatch(/^18\./);
    await page.locator('#partner-book').click();
    await page.locator('#partner-book').click();
    await expect(page.locator('#partner-count').textContent()).resolves.toBe('Places booked: 2');
    expect(errors).toEqual([]);
  });

  test('the theme attribute switches, auto follows the system preference; removing a finder leaves no errors', async () => {
    const { page, errors } = await openDemo();
    const bg = () => computed(page, '[data-testid="finder-root"]', 'background-color', 'finder-leeds');
    await expect(bg()).resolves.toBe('rgb(248, 250, 252)');
    await expect(computed(page, '[data-testid="finder-root"]', 'background-color', 'finder-dark')).resolves.toBe('rgb(11, 17, 32)');

    await page.evaluate(() => document.getElementById('finder-leeds')!.setAttribute('theme', 'dark'));
    await eventually(bg, (v) => expect(v).toBe('rgb(11, 17, 32)'));
    await page.evaluate(() => document.getElementById('finder-leeds')!.setAttribute('theme', 'auto'));
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(bg, (v) => expect(v).toBe('rgb(248, 250, 252)'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await eventually(bg, (v) => expect(v).toBe('rgb(11, 17, 32)'));
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(bg, (v) => expect(v).toBe('rgb(248, 250, 252)'));

    // Removed (one after its results, one while it is loading), then the page goes on.
    await page.evaluate(() => document.getElementById('finder-dark')!.remove());
    await page.evaluate(() => {
      const f = document.getElementById('finder-leeds')!;
      f.setAttribute('location', 'Glasgow');
      f.remove();
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('#partner-book').click();
    await page.waitForTimeout(500);
    await expect(page.locator('fitconnect-trainer-finder').count()).resolves.toBe(0);
    await expect(page.locator('#partner-count').textContent()).resolves.toBe('Places booked: 1');
    expect(errors).toEqual([]);
  });

  test('defines no globals but the custom element; a first view is at most 100 KB gzip of JavaScript', async () => {
    // Not watched by the accessibility gate: its axe script would be a global of its own.
    const page = await site.newPage({ a11y: false });
    const errors = watchErrors(page);
    const sizes: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(`${site.shellUrl}/embed/`)) sizes.push(res.request().sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${partner.url}/blank.html`);
    const before = await page.evaluate(() => Object.keys(window));
    await page.evaluate((origin) => {
      const s = document.createElement('script');
      s.src = `${origin}/embed/trainer-finder.js`;
      s.async = true;
      document.head.append(s);
      const f = document.createElement('fitconnect-trainer-finder');
      f.setAttribute('location', 'Bristol');
      document.querySelector('main')!.append(f);
    }, site.shellUrl);
    await page.locator('fitconnect-trainer-finder [data-testid="trainer-card"]').first().waitFor();
    const after = await page.evaluate(() => Object.keys(window));
    expect(after.filter((k) => !before.includes(k))).toEqual([]);
    await expect(page.evaluate(() => typeof customElements.get('fitconnect-trainer-finder'))).resolves.toBe('function');
    await expect(page.evaluate(() => ['React', 'ReactDOM', 'webpackChunkfitconnect_trainer_finder', '__FEDERATION__'].filter((k) => k in window))).resolves.toEqual([]);

    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    console.log(`trainer finder first view: ${sizes.length} scripts, ${(bytes / 1024).toFixed(1)} KB transferred (compressed bodies)`);
    expect(sizes.length).toBe(2);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
    expect(errors).toEqual([]);
  });

  test('the site serves the loader short-cached and the bundle long-cached, to any origin', async () => {
    const loader = await fetch(`${site.shellUrl}/embed/trainer-finder.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('cache-control')).toBe('no-cache');
    expect(loader.headers.get('etag')).toBeTruthy();
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    expect(loader.headers.get('content-type')).toMatch(/^text\/javascript/);
    const bundle = /finder\.[0-9a-f]{10}\.js/.exec(await loader.text())![0];
    const chunk = await fetch(`${site.shellUrl}/embed/${bundle}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    // Only the mounted folder: no SPA fallback, no way out of it.
    expect((await fetch(`${site.shellUrl}/embed/nothing.js`)).status).toBe(404);
    expect((await fetch(`${site.shellUrl}/embed/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
  });

  test('usable at 320 px: cards in one column, nothing wider than the screen', async () => {
    const { page, errors } = await openDemo({ width: 320 });
    const overflow = await page.evaluate(() => {
      const root = document.getElementById('finder-leeds')!.shadowRoot!.querySelector('[data-testid="finder-root"]')!;
      return { scroll: root.scrollWidth, client: root.clientWidth, right: document.getElementById('finder-leeds')!.getBoundingClientRect().right };
    });
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    expect(overflow.right).toBeLessThanOrEqual(320);
    const xs = await cards(page, 'finder-leeds').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(new Set(xs).size).toBe(1);
    await page.locator('#finder-leeds').getByRole('button', { name: 'Search' }).focus();
    expect(errors).toEqual([]);
  });
});
