import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT, startSite, type Site } from '../src/harness';
import { hydration, renderedPage, visit, expectKept, untilHydrated } from '../src/ssrCheck';

// Issue 32 stage 2 for the shell's legal pages on the BUILT site (docs/ssr.md): a signed-out visitor's
// /privacy-policy and /terms-of-service are rendered with React by the shell's server build alone (as `/`:
// `data-ssr="shell"`, shell/src/server.tsx; the page's lazy module given to it at once) and hydrated in the
// browser after the page's chunk has loaded (shell/src/bootstrap.tsx prepareShellPage, so the browser's first
// render does not suspend):
//  - the HTML carries the page (h1, the contents, every section) in the shell's frame, no style attribute, and
//    keeps stage 1's tags (title, description, canonical URL);
//  - the browser keeps the server's elements and classes, with no hydration error or CSP report, in New York's
//    time zone, light at 1280 px and dark at 390 px; then a contents link and the Back link work;
//  - with JavaScript off, every contents link's target is the JavaScript-off body's visible section;
//  - the landing page does not load the legal pages' code, and a visit from it renders them in the browser.
// Screenshots after hydration go to $SSR_SHOTS_DIR when it is set.

jest.setTimeout(10 * 60_000);

interface LegalDoc {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: { id: string; title: string; body: (string | string[])[] }[];
}

const SHOTS = process.env.SSR_SHOTS_DIR;
const docOf = (file: string) => JSON.parse(readFileSync(path.join(ROOT, 'shell', 'public', 'legal', `${file}.json`), 'utf8')) as LegalDoc;
const PAGES = [
  { pathname: '/privacy-policy', doc: docOf('privacy-policy') },
  { pathname: '/terms-of-service', doc: docOf('terms-of-service') },
];
/** As React writes text into HTML. */
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const regexp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let site: Site;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await site?.close();
});

describe.each(PAGES)('$pathname', ({ pathname, doc }) => {
  test('comes rendered by the shell: the h1, the contents, every section, no loading state; stage 1 tags kept', async () => {
    // Status, the frame, styles under the answer's nonce, no style attribute inside root, public answers (ssrCheck).
    const { html, page, hashes } = await renderedPage(site, pathname, 'shell');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${regexp(escaped(doc.title))}</h1>`));
    expect(html).toContain(`Last updated: <!-- -->${escaped(doc.lastUpdated)}`);
    expect(html).toContain(escaped(doc.intro));
    expect(html).toContain('Back to Home');
    for (const s of doc.sections) {
      expect(html).toMatch(new RegExp(`<section [^>]*id="${s.id}"`));
      expect(html).toContain(`<h2 id="${s.id}-title">${escaped(s.title)}</h2>`);
      expect(html).toContain(`<a href="#${s.id}">`);
    }
    // Whole, in place: no loading state, no part streamed after it for a script to move in.
    expect(html).not.toContain('Loading page');
    expect(page).not.toMatch(/<template id="B:|\$RC\(/);
    // The page's data is its module's: the answers are the current user's only (signed out).
    expect(hashes).toEqual([JSON.stringify(['/api/auth/user'])]);
    // Stage 1's tags (scripts/ssr/seo.mjs), once each.
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain(`<title>${escaped(doc.title)} | FitConnect</title>`);
    expect(page).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(page).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${pathname}">`));
  });

  test.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('hydrates (%s, %i px, New York): same elements and classes, no error; a contents link and Back work', async (colorScheme, width) => {
    const { page, errors, apiCalls } = await visit(site, pathname, { colorScheme, width });
    const h = await hydration(page);
    expectKept(h, colorScheme, 20);
    await expect(page.title()).resolves.toBe(`${doc.title} | FitConnect`);
    if (SHOTS) {
      const name = `${pathname.slice(1)}-${colorScheme}-${width}`;
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      await page.screenshot({ path: path.join(SHOTS, `${name}-full.png`), fullPage: true });
    }
    // Nothing but the current user is asked of the API (SPEC §4 refetches it on mount).
    expect(apiCalls.filter((p) => p !== '/api/auth/user')).toEqual([]);

    // A contents link: the URL names the section and the section is on screen.
    const target = doc.sections[doc.sections.length - 2];
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: target.title.replace(/^\d+\.\s*/, '') }).click();
    await page.waitForURL((u) => u.hash === `#${target.id}`);
    await page.waitForFunction((id) => {
      const r = document.getElementById(id)?.getBoundingClientRect();
      return window.scrollY > 0 && !!r && r.top < window.innerHeight && r.bottom > 0;
    }, target.id);

    // Back to Home: the app's own navigation (no new document), to the landing page.
    await page.getByRole('link', { name: 'Back to Home' }).last().click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Train at home/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('with JavaScript off, every contents link leads to a visible section of the page', async () => {
    const { html } = await renderedPage(site, pathname, 'shell');
    const ids = Array.from(html.matchAll(/<a href="#([^"]+)">/g), (m) => m[1]);
    expect(ids).toEqual(doc.sections.map((s) => s.id));
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 }, colorScheme: 'dark', locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(site.url(pathname));
    // The JavaScript-off body (the React page is hidden then): one h1, the page's.
    await expect(page.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual([doc.title]);
    // Each fragment's target (the first element with that id) is a visible section.
    const targets = await page.evaluate(
      (list) => list.map((id) => ({ id, visible: document.getElementById(id)?.checkVisibility() === true, section: document.getElementById(id)?.tagName })),
      ids,
    );
    expect(targets).toEqual(ids.map((id) => ({ id, visible: true, section: 'SECTION' })));
    // The JavaScript-off body has the contents too; following one of its links scrolls to that section.
    const middle = ids[Math.floor(ids.length / 2)];
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).resolves.toEqual(ids.map((id) => `#${id}`));
    await contents.getByRole('link').nth(Math.floor(ids.length / 2)).click();
    await page.waitForURL((u) => u.hash === `#${middle}`);
    const at = await page.evaluate((id) => ({ scrollY: window.scrollY, top: document.getElementById(id)!.getBoundingClientRect().top }), middle);
    expect(at.scrollY).toBeGreaterThan(0);
    expect(Math.abs(at.top)).toBeLessThan(50);
  });
});

test("the landing page loads none of the legal pages' code; from it, a legal page renders in the browser", async () => {
  const scripts: string[] = [];
  const page = await site.newPage({ width: 1280 });
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(site.url('/'));
  await page.getByRole('heading', { level: 1, name: /Train at home/ }).waitFor();
  await page.waitForLoadState('networkidle');
  const shellScripts = scripts.filter((p) => /^\/[^/]+\.js$/.test(p));
  expect(shellScripts.length).toBeGreaterThan(0);
  const firstSection = PAGES[0].doc.sections[0].title;
  for (const p of shellScripts) expect(readFileSync(path.join(ROOT, 'shell', 'dist', p), 'utf8')).not.toContain(firstSection);
  // The footer's link: the app's navigation loads the page's chunk then. Once '/' is hydrated: before, the link
  // is the server's plain link, and its click a full page load, not the app's navigation.
  await untilHydrated(page);
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await page.getByRole('heading', { level: 1, name: PAGES[0].doc.title }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(scripts.length).toBeGreaterThan(shellScripts.length);
  await page.context().close();
});
