/**
 * The embeddable trainer finder (issue 16) on a third-party page: the demo partner site
 * (scripts/partner-demo) on its own origin, with hostile CSS and its own React 18, loads
 * <site>/embed/trainer-finder.js with one script tag. Everything here runs cross-origin against the
 * built site and a real API.
 */
import path from 'node:path';
import type { ConsoleMessage, Page, Request } from 'playwright-core';
import { expectAccessible } from '../src/a11y';
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
    if (msg.type() === 'error' && !byAxe(msg)) errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/**
 * A CSP report from code with no URL: the accessibility gate's axe (evaluated through the debugging protocol)
 * copying a shadow root's <style> text into a detached document, which a strict page's policy refuses.
 * See watchCsp.
 */
const byAxe = (msg: ConsoleMessage) => !msg.location().url && /Content Security Policy/.test(msg.text());

/**
 * Retries `read` until `check` passes (or throws its last failure after `timeoutMs`: the harness's default wait,
 * 20 s, as every locator's; it was 10 s, short for a loaded machine).
 */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => void, timeoutMs = 20_000): Promise<void> {
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
  // The second finder is below the fold: it renders (and fetches) once it comes near the viewport.
  await page.locator('#finder-dark').scrollIntoViewIfNeeded();
  await cards(page, 'finder-dark').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
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

    const link = finder.getByRole('link', { name: 'Grace Bennett', exact: true });
    const href = await link.getAttribute('href');
    // Through the attribution redirect (first touch), which lands on the profile with ?partner= kept.
    expect(href).toMatch(new RegExp(`^${site.shellUrl}/api/partners/go\\?partner=demo-gym&to=%2Ftrainers%2F\\d+$`));
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener');
    const trainerId = Number(/trainers%2F(\d+)/.exec(href!)![1]);

    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForURL(`${site.shellUrl}/trainers/${trainerId}?partner=demo-gym`);
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
    // The partner's own handler answering the click is the sentinel: the page is still working after the
    // finders went (no fixed sleep).
    await page.locator('#partner-count', { hasText: 'Places booked: 1' }).waitFor();
    await expect(page.locator('fitconnect-trainer-finder').count()).resolves.toBe(0);
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

// ---- Issue 33: the finder as a product partners rely on ------------------------------------------------

/** What the partner page's own listener (scripts/partner-demo/partner-events.js) received. */
const partnerEvents = (page: Page) =>
  page.locator('#finder-events li').evaluateAll((els) =>
    els.map((el) => ({ name: el.getAttribute('data-event'), finder: el.getAttribute('data-finder'), detail: JSON.parse(el.getAttribute('data-detail') ?? 'null') })),
  );

/**
 * CSP violations caused by the page and the finder (a listener added through the debugging protocol, outside
 * the page's policy). A report whose source is no URL at all is left out: that is code the debugging protocol
 * evaluated, namely the accessibility gate's axe, which copies each shadow root's <style> text into a detached
 * document to read its rules (its `preloadCssom`), and the page's policy refuses those copies. The finder's
 * own <style> elements report the finder bundle as their source (and the host element as their target), so
 * a finder that lost its nonce still fails here (checked by hand: a build without `__webpack_nonce__` gives
 * four reports from the bundle's URL).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    window.addEventListener('securitypolicyviolation', (e) => {
      if (e.sourceFile) w.__csp.push(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} from ${e.sourceFile}`);
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text()) && !byAxe(msg)) {
      fromConsole.push(msg.text());
    }
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

describe('the finder as a product (issue 33)', () => {
  test("events reach the partner page's own listener: ready, search, trainer-view, contact-click", async () => {
    const { page, errors } = await openDemo();
    await eventually(
      () => partnerEvents(page),
      (events) => {
        const ready = events.filter((e) => e.name === 'fitconnect:ready');
        expect(ready.map((e) => e.finder).sort()).toEqual(['finder-dark', 'finder-leeds']);
        expect(ready.find((e) => e.finder === 'finder-leeds')!.detail).toEqual({ location: 'Leeds', resultCount: 6, error: false });
      },
    );
    const finder = page.locator('#finder-leeds');
    await finder.getByRole('searchbox', { name: 'Postcode or city' }).fill('Cardiff');
    await finder.getByRole('searchbox', { name: 'Postcode or city' }).press('Enter');
    await eventually(
      () => partnerEvents(page),
      (events) =>
        expect(events.filter((e) => e.name === 'fitconnect:search' && e.detail.byVisitor)).toEqual([
          { name: 'fitconnect:search', finder: 'finder-leeds', detail: expect.objectContaining({ query: 'Cardiff', resultCount: 6, byVisitor: true }) },
        ]),
    );
    const [profile] = await Promise.all([page.waitForEvent('popup'), finder.getByRole('link', { name: 'Grace Bennett', exact: true }).click()]);
    await profile.close();
    const [contact] = await Promise.all([page.waitForEvent('popup'), finder.getByRole('link', { name: 'Contact Grace Bennett on FitConnect' }).click()]);
    await contact.close();
    await eventually(
      () => partnerEvents(page),
      (events) => {
        const view = events.find((e) => e.name === 'fitconnect:trainer-view');
        const click = events.find((e) => e.name === 'fitconnect:contact-click');
        expect(view).toMatchObject({ finder: 'finder-leeds', detail: { name: 'Grace Bennett', trainerId: expect.any(Number) } });
        expect(click).toMatchObject({ finder: 'finder-leeds', detail: { name: 'Grace Bennett', trainerId: view!.detail.trainerId } });
        expect(click!.detail.url).toContain(`to=%2Fmessages%2F${view!.detail.trainerId}`);
      },
    );
    expect(errors).toEqual([]);
  });

  test('changing an attribute re-renders; a bad value is a console warning and the default', async () => {
    const { page, errors } = await openDemo();
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    const set = (name: string, value: string) =>
      page.evaluate(([n, v]) => document.getElementById('finder-leeds')!.setAttribute(n, v), [name, value] as const);

    await set('max-results', '2');
    await eventually(() => cards(page, 'finder-leeds').count(), (n) => expect(n).toBe(2));
    await set('location', 'Cardiff');
    await eventually(() => cardNames(page, 'finder-leeds'), (names) => expect(names).toEqual(['Grace Bennett', expect.any(String)]));
    await set('sort', 'price');
    await eventually(
      () => page.evaluate(() => [...performance.getEntriesByType('resource')].map((e) => e.name).filter((n) => n.includes('sort=price'))),
      (urls) => expect(urls.length).toBeGreaterThan(0),
    );
    await set('online-only', '');
    await eventually(
      () => page.evaluate(() => [...performance.getEntriesByType('resource')].map((e) => e.name).filter((n) => n.includes('online=true'))),
      (urls) => expect(urls.length).toBeGreaterThan(0),
    );
    await set('theme', 'purple');
    await set('max-results', 'lots');
    await set('lang', 'tlh');
    await eventually(
      () => warnings,
      (w) => {
        expect(w.some((m) => /theme="purple" is not light, dark or auto/.test(m))).toBe(true);
        expect(w.some((m) => /max-results="lots"/.test(m))).toBe(true);
        expect(w.some((m) => /lang="tlh" has no translation/.test(m))).toBe(true);
      },
    );
    // ... and the finder still works with the defaults (6 cards, light theme).
    await eventually(() => cards(page, 'finder-leeds').count(), (n) => expect(n).toBeGreaterThan(0));
    await expect(computed(page, '[data-testid="finder-root"]', 'background-color', 'finder-leeds')).resolves.toBe('rgb(248, 250, 252)');
    expect(errors).toEqual([]);
  });

  test('a strict-CSP page (nonce, no unsafe-inline): the finder works, restyled by custom properties, no violation', async () => {
    const page = await site.newPage();
    const errors = watchErrors(page);
    const violations = await watchCsp(page);
    const res = await page.goto(`${partner.url}/strict.html`);
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/^script-src 'self' http:\/\/127\.0\.0\.1:\d+ 'nonce-[^']+'; style-src 'self' 'nonce-[^']+'$/);
    await cards(page, 'finder-strict').first().waitFor();
    await expect(cards(page, 'finder-strict').count()).resolves.toBe(6);
    // The finder's own styles applied (they would be refused without the nonce), with the partner's accent.
    await expect(computed(page, 'button[type="submit"]', 'background-color', 'finder-strict')).resolves.toBe('rgb(21, 128, 61)');
    await expect(computed(page, 'button[type="submit"]', 'border-top-left-radius', 'finder-strict')).resolves.toBe('4px');
    await eventually(() => partnerEvents(page), (events) => expect(events.map((e) => e.name)).toContain('fitconnect:ready'));
    // The gate's check now, not at a time that depends on load: its copies of the finder's styles are
    // refused every time, and must not count as the finder's (see watchCsp).
    await expectAccessible(page);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('several finders on one page are independent; the one below the fold loads its data only when scrolled near', async () => {
    const page = await site.newPage();
    const errors = watchErrors(page);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${site.shellUrl}/api/trainers?`)) reads.push(new URL(r.url()).searchParams.get('location') ?? '');
    });
    await page.goto(`${partner.url}/many.html`);
    await cards(page, 'finder-leeds').first().waitFor();
    await cards(page, 'finder-cardiff').first().waitFor();
    await expect(cards(page, 'finder-leeds').count()).resolves.toBe(3);
    await expect(cards(page, 'finder-cardiff').count()).resolves.toBe(2);
    await expect(computed(page, '[data-testid="finder-root"]', 'background-color', 'finder-cardiff')).resolves.toBe('rgb(11, 17, 32)');

    // A search in one leaves the other alone.
    const leedsBefore = await cardNames(page, 'finder-leeds');
    await page.locator('#finder-cardiff').getByRole('searchbox', { name: 'Postcode or city' }).fill('Glasgow');
    await page.locator('#finder-cardiff').getByRole('searchbox', { name: 'Postcode or city' }).press('Enter');
    await eventually(() => reads, (r) => expect(r).toContain('Glasgow'));
    await eventually(() => cards(page, 'finder-cardiff').count(), (n) => expect(n).toBe(2));
    await expect(cardNames(page, 'finder-leeds')).resolves.toEqual(leedsBefore);

    // Bristol, 3000px down, has fetched nothing yet (a later event, the Glasgow search, has come and gone).
    expect(reads).not.toContain('Bristol');
    await expect(page.locator('#finder-bristol [data-testid="finder-root"]').count()).resolves.toBe(0);
    await page.locator('#bristol-title').scrollIntoViewIfNeeded();
    await cards(page, 'finder-bristol').first().waitFor();
    expect(reads.filter((l) => l === 'Bristol')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test("a page whose only finder is below the fold loads neither the finder's code nor its data until scrolled near", async () => {
    const page = await site.newPage();
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${partner.url}/lazy.html`);
    // The loader itself has arrived and run (the page's load event waits for it) ...
    await page.waitForLoadState('load');
    await eventually(() => requests, (r) => expect(r).toContain(`${site.shellUrl}/embed/v1/trainer-finder.js`));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // ... but nothing else from FitConnect.
    expect(requests.filter((u) => u.startsWith(site.shellUrl) && !u.endsWith('/embed/v1/trainer-finder.js'))).toEqual([]);
    await page.locator('#finder-lazy').scrollIntoViewIfNeeded();
    await cards(page, 'finder-lazy').first().waitFor();
    expect(requests.some((u) => /\/embed\/finder\.[0-9a-f]{10}\.js$/.test(u))).toBe(true);
    expect(requests.filter((u) => u.startsWith(`${site.shellUrl}/api/trainers?`))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('iframe mode: the finder as a framable page, sized to its content by the resize script', async () => {
    const page = await site.newPage();
    const errors = watchErrors(page);
    await page.goto(`${partner.url}/frame.html`);
    const frame = page.frameLocator('#finder-frame');
    await frame.locator('[data-testid="trainer-card"]').first().waitFor();
    await expect(frame.locator('[data-testid="trainer-card"]').count()).resolves.toBe(3);
    // Resized from the 150px default to the finder's height (the page has no scrollbar of its own).
    await eventually(
      () => page.evaluate(() => {
        const f = document.getElementById('finder-frame') as HTMLIFrameElement;
        return { outer: f.getBoundingClientRect().height };
      }),
      (h) => expect(h.outer).toBeGreaterThan(400),
    );
    const inner = await frame.locator('html').evaluate((el) => el.scrollHeight);
    const outer = await page.evaluate(() => document.getElementById('finder-frame')!.getBoundingClientRect().height);
    expect(Math.abs(outer - inner)).toBeLessThanOrEqual(1);
    // The frame page may be framed by any site; the site's own pages still may not.
    const framePage = await fetch(`${site.shellUrl}/embed/frame/trainer-finder?location=Leeds`);
    expect(framePage.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
    expect(framePage.headers.get('x-frame-options')).toBeNull();
    expect((await fetch(`${site.shellUrl}/`)).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // A message from another origin does not resize it.
    await page.evaluate(() => window.postMessage({ type: 'fitconnect:resize', height: 5 }, '*'));
    await expect(page.evaluate(() => document.getElementById('finder-frame')!.getBoundingClientRect().height)).resolves.toBeGreaterThan(400);
    expect(errors).toEqual([]);
  });

  test('a pinned release with its SRI hash loads; the stable v1 URL and the old URL keep working', async () => {
    const releases = await (await fetch(`${site.shellUrl}/embed/releases.json`)).json();
    const latest = releases.releases[0];
    expect(latest.path).toMatch(/^\/embed\/v1\.\d+\.\d+\/trainer-finder\.js$/);
    expect(latest.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const pinned = await fetch(`${site.shellUrl}${latest.path}`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(pinned.headers.get('access-control-allow-origin')).toBe('*');
    const body = Buffer.from(await pinned.arrayBuffer());
    expect(`sha384-${(await import('node:crypto')).createHash('sha384').update(body).digest('base64')}`).toBe(latest.integrity);
    const stable = await fetch(`${site.shellUrl}/embed/v1/trainer-finder.js`);
    expect(stable.status).toBe(200);
    expect(stable.headers.get('cache-control')).toBe('no-cache');

    const page = await site.newPage();
    const errors = watchErrors(page);
    await page.goto(`${partner.url}/pinned.html`);
    await expect(page.locator('body script[integrity]').getAttribute('integrity')).resolves.toBe(latest.integrity);
    // The bundle the pinned loader adds is checked with its own hash too.
    await expect(page.locator('head script[integrity]').getAttribute('src')).resolves.toMatch(/\/embed\/v1\.\d+\.\d+\/finder\.[0-9a-f]{10}\.js$/);
    await cards(page, 'finder-pinned').first().waitFor();
    await expect(cards(page, 'finder-pinned').count()).resolves.toBe(2);
    expect(errors).toEqual([]);
  });
});

test("budget: the finder's first view (loader + bundle) is within e2e/budgets.json's embed budget, gzip", async () => {
  const { readFileSync } = await import('node:fs');
  const { gzipSync } = await import('node:zlib');
  const root = path.join(__dirname, '..', '..');
  const dir = path.join(root, 'mfe-trainers', 'dist-embed');
  const budgetKb: number = JSON.parse(readFileSync(path.join(root, 'e2e', 'budgets.json'), 'utf8')).embed.budget;
  const size = (file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
  for (const loader of ['trainer-finder.js', 'v1/trainer-finder.js']) {
    const text = readFileSync(path.join(dir, loader), 'utf8');
    const bundle = /finder\.[0-9a-f]{10}\.js/.exec(text)![0];
    const total = size(loader) + size(bundle);
    console.log(`${loader} + ${bundle}: ${(total / 1024).toFixed(1)} KB gzip (budget ${budgetKb} KB)`);
    expect(total).toBeLessThanOrEqual(budgetKb * 1024);
  }
});
