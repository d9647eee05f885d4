import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';
import { holdRequests, hydration, rendered as renderedIn, renderedPage, visit, expectKept } from '../src/ssrCheck';

// Issue 32 stage 2 for the workouts area on the BUILT site (docs/ssr.md): a signed-out visitor's exercise library
// (/exercise-tutorials, its search, filters and page in the URL) and an exercise's tutorial
// (/exercise-tutorials/:slug) are rendered with React by the shell's static server (the shell's server build
// around the workouts area's routes module, from the area's server build, mfe-workouts/src/server.tsx) and
// hydrated in the browser:
//  - the HTML carries the page (the heading, the count line, the cards of the filtered list; the tutorial's
//    steps and tips), its answers, and no style attribute;
//  - the browser keeps the server's elements and classes, with no hydration error or CSP report, in New York's
//    time zone, light at 1280 px and dark at 390 px, and without fetching the page's exercises again; the page
//    works after it (search, a link);
//  - a reload of a tutorial opened from a filtered list (the history entry's state names the list) hydrates
//    too, and its Back link then leads to that list;
//  - the signed-in pages (planner, /my-training) and an unknown exercise are rendered in the browser, as before.

jest.setTimeout(10 * 60_000);

/** Screenshots of the hydrated pages, when asked for (SSR_SHOTS_DIR=/tmp/shots/ssr-workouts). */
const SHOTS = process.env.SSR_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

let site: Site;
/** The first page of Lower Body exercises, from the API (what the filtered library shows). */
let lowerBody: { total: number; items: { slug: string; name: string }[] };
let exercise: { slug: string; name: string; instructions: string[]; tips: string[] };

const LIST = '/exercise-tutorials?category=Lower+Body';
const rendered = (html: string) => renderedIn(html, 'workouts');
const exerciseCalls = (calls: string[]) => calls.filter((p) => p.startsWith('/api/exercises'));
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

beforeAll(async () => {
  site = await startSite();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  lowerBody = (await (await fetch(`${site.apiUrl}/api/exercises?category=Lower+Body&pageSize=24`)).json()) as typeof lowerBody;
  expect(lowerBody.items.length).toBeGreaterThan(1);
  exercise = (await (await fetch(`${site.apiUrl}/api/exercises/${lowerBody.items[0].slug}`)).json()) as typeof exercise;
  expect(exercise.instructions.length).toBeGreaterThan(0);
}, 300_000);

afterAll(async () => {
  await site?.close();
});

test("a signed-out visitor's filtered library comes rendered in the HTML: heading, count, the filter chosen, the cards", async () => {
  // Status, the frame, styles under the answer's nonce, no style attribute, public answers (ssrCheck).
  const page = await renderedPage(site, LIST, 'workouts');
  expect(page.html).toMatch(/<h1[^>]*>Exercise Tutorials<\/h1>/);
  expect(page.html).toContain(`Showing ${lowerBody.total} exercises`);
  expect(page.html).toMatch(/<option value="Lower Body" selected="">/);
  for (const ex of lowerBody.items) expect(page.html).toContain(`>${escaped(ex.name)}</h2>`);
  expect(page.html.match(/data-testid="exercise-card"/g)?.length).toBe(lowerBody.items.length);
  // The answer under the page's own query key (the library's: its URL's state plus the page size).
  expect(page.state.queries.map((q) => q.queryHash)).toContain(JSON.stringify(['/api/exercises', 'category=Lower+Body&pageSize=24']));
});

test('a search the API refuses is read as the page reads it (the default), and the page is still rendered', async () => {
  const page = rendered(await (await fetch(site.url('/exercise-tutorials?difficulty=Expert&page=2'))).text());
  expect(page).not.toBeNull();
  expect(page!.state.queries.map((q) => q.queryHash)).toContain(JSON.stringify(['/api/exercises', 'page=2&pageSize=24']));
  expect(page!.html).toMatch(/Page (<!-- -->)?2(<!-- -->)? of/);
});

test("an exercise's tutorial comes rendered: its name, facts, steps and tips", async () => {
  const html = await (await fetch(site.url(`/exercise-tutorials/${exercise.slug}`))).text();
  const page = rendered(html);
  expect(page).not.toBeNull();
  expect(page!.html).toMatch(new RegExp(`<h1[^>]*>${escaped(exercise.name)}</h1>`));
  expect(page!.html).toContain('Back to Exercises');
  expect(page!.html).toContain('href="/exercise-tutorials"');
  expect(page!.html).toContain('Instructions');
  expect(page!.html).toContain('Pro Tips');
  for (const step of exercise.instructions) expect(page!.html).toContain(escaped(step));
  expect(page!.html).not.toMatch(/ style="/);
  // Whole, in place: no part sent after its loading state and revealed by a script (React's outlined boundary).
  expect(html).not.toMatch(/<template id="B:|\$RC\(/);
  expect(page!.state.queries.map((q) => q.queryHash)).toContain(JSON.stringify(['/api/exercises', exercise.slug]));
});

test.each(['/my-training', '/ai-workout', '/workout-plan/1', '/exercise-tutorials/no-such-exercise', '/exercise-tutorials/Not_A_Slug'])(
  '%s is rendered in the browser, as before',
  async (pathname) => {
    const html = await (await fetch(site.url(pathname))).text();
    expect(rendered(html)).toBeNull();
    expect(html).not.toContain('data-ssr="workouts"');
  },
);

test.each([
  ['light', 1280],
  ['dark', 390],
] as const)('the library hydrates (%s, %i px, New York): same elements and classes, no error, no second fetch; search works', async (colorScheme, width) => {
  const { page, errors, apiCalls } = await visit(site, LIST, { colorScheme, width });
  const h = await hydration(page);
  expectKept(h, colorScheme);
  expect(exerciseCalls(apiCalls)).toEqual([]);
  expect(errors).toEqual([]);
  await shot(page, `library-${colorScheme}-${width}`);
  // The page works: a search narrows the list (and asks the API for it).
  await page.getByRole('searchbox', { name: 'Search exercises' }).fill('lunge');
  await page.waitForFunction(() => window.location.search === '?q=lunge&category=Lower+Body');
  await page.waitForFunction(() => {
    const titles = Array.from(document.querySelectorAll('[data-testid="exercise-card"] h2'));
    return titles.length > 0 && titles.every((t) => /lunge/i.test(t.textContent ?? ''));
  });
  expect(exerciseCalls(apiCalls).length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test.each([
  ['light', 1280],
  ['dark', 390],
] as const)("an exercise's tutorial hydrates (%s, %i px, New York): same elements and classes, no error, no second fetch; Back works", async (colorScheme, width) => {
  const { page, errors, apiCalls } = await visit(site, `/exercise-tutorials/${exercise.slug}`, { colorScheme, width });
  const h = await hydration(page);
  expectKept(h, colorScheme, 30);
  expect(exerciseCalls(apiCalls)).toEqual([]);
  expect(errors).toEqual([]);
  await shot(page, `tutorial-${colorScheme}-${width}`);
  await page.getByRole('link', { name: 'Back to Exercises' }).click();
  await page.waitForFunction(() => window.location.pathname === '/exercise-tutorials' && window.location.search === '');
  await page.getByRole('heading', { level: 1, name: 'Exercise Tutorials' }).waitFor();
  await page.getByTestId('exercise-card').first().waitFor();
  expect(errors).toEqual([]);
});

test('a reloaded tutorial opened from a filtered list hydrates as the server rendered it, then leads back to that list', async () => {
  const { page, errors } = await visit(site, LIST, { width: 1280 });
  await hydration(page);
  await page.getByRole('link', { name: `View tutorial: ${exercise.name}` }).click();
  await page.getByRole('heading', { level: 1, name: exercise.name }).waitFor();
  const back = page.getByRole('link', { name: 'Back to Exercises' });
  expect(await back.getAttribute('href')).toBe(LIST);
  // The reload keeps the history entry's state (the list): the server does not know it, the browser's first
  // render must not use it either.
  await page.reload();
  const h = await hydration(page);
  expectKept(h, undefined, 0);
  await page.waitForFunction(
    (href) => Array.from(document.querySelectorAll('#root a')).find((a) => a.textContent?.includes('Back to Exercises'))?.getAttribute('href') === href,
    LIST,
  );
  await back.click();
  await page.waitForFunction((search) => window.location.pathname === '/exercise-tutorials' && window.location.search === search, '?category=Lower+Body');
  expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Lower Body');
  expect(errors).toEqual([]);
});

test('a search typed and a filter chosen before the page hydrates are kept: the list follows them once it has', async () => {
  const page = await site.newPage({ timezoneId: 'America/New_York' });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The workouts area's files are held until the visitor has acted on the server's HTML.
  const areaOrigin = new URL(site.remotes.workouts.manifestUrl).origin;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((u) => u.origin === areaOrigin, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(site.url(LIST), { waitUntil: 'domcontentloaded' });
  expect(await page.locator('#root').getAttribute('data-ssr')).toBe('workouts');
  await page.getByRole('combobox', { name: 'Equipment' }).selectOption('Dumbbells');
  await page.getByRole('searchbox', { name: 'Search exercises' }).fill('lunge');
  release();
  await page.waitForFunction(() => new URLSearchParams(window.location.search).toString() === 'q=lunge&category=Lower+Body&equipment=Dumbbells');
  await page.waitForFunction(() => {
    const titles = Array.from(document.querySelectorAll('[data-testid="exercise-card"] h2'));
    return titles.length > 0 && titles.every((t) => /lunge/i.test(t.textContent ?? ''));
  });
  expect(await page.getByRole('searchbox', { name: 'Search exercises' }).inputValue()).toBe('lunge');
  expect(await page.getByRole('combobox', { name: 'Equipment' }).inputValue()).toBe('Dumbbells');
  expect(errors).toEqual([]);
});

test('Enter in the search before the page hydrates does not reload it: the search and the filter are kept', async () => {
  // The search form has no button, so Enter submits it without a click; the head script holds that submit as it
  // holds clicks (it reloaded the page as /exercise-tutorials?, losing both).
  const page = await site.newPage({ width: 1280 });
  const release = await holdRequests(page, new URL(site.remotes.workouts.manifestUrl).origin);
  await page.goto(site.url(LIST), { waitUntil: 'domcontentloaded' });
  // Gone if the page loads again.
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  const box = page.getByRole('searchbox', { name: 'Search exercises' });
  await box.fill('lunge');
  await box.press('Enter');
  expect(await page.locator('#root').getAttribute('data-ssr')).toBe('workouts');
  release();
  await page.waitForFunction(() => new URLSearchParams(window.location.search).toString() === 'q=lunge&category=Lower+Body');
  await page.waitForFunction(() => {
    const titles = Array.from(document.querySelectorAll('[data-testid="exercise-card"] h2'));
    return titles.length > 0 && titles.every((t) => /lunge/i.test(t.textContent ?? ''));
  });
  expect(await box.inputValue()).toBe('lunge');
  // No page load after the first: the URL changed within the app.
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
