import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startSite, type Site } from '../src/harness';
import { holdRequests, hydration, rendered as renderedIn, renderedPage, visit as visitPage, expectKept, untilHydrated } from '../src/ssrCheck';

// Issue 32 stage 2 for the trainers directory on the BUILT site (docs/ssr.md): a signed-out visitor's /trainers,
// its search (?location=) and filters in the query, is rendered with React by the shell's static server (the
// trainers area's server build: prefetch fills pages 1..page of the search under useTrainerPages' keys, headers
// included) and hydrated in the browser:
//  - the HTML carries the search's results (cards, distances, the count line), its styles and the answers;
//  - the browser keeps the server's elements and classes, with no hydration error, no CSP report and no second
//    fetch of the list; then changing a filter works (the URL and the list follow it).
// Screenshots after hydration go to $SSR_SHOTS_DIR when it is set.

jest.setTimeout(10 * 60_000);

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 300_000);

afterAll(async () => {
  await site?.close();
});

const rendered = (html: string) => renderedIn(html, 'trainers');
const SEARCH = '/trainers?location=LS6+2AB';
const listHash = (apiPath: string) => JSON.stringify(['/api/trainers', apiPath]);
/** The cards' names in the HTML, in order. */
const cardNames = (html: string) => Array.from(html.matchAll(/data-testid="trainer-card" aria-label="([^"]+)"/g), (m) => m[1]);

test('a search by ?location= comes rendered in the HTML: the results nearest first, distances, styles and answers', async () => {
  // Status, the frame, styles under the answer's nonce, no style attribute, public answers (ssrCheck).
  const page = await renderedPage(site, SEARCH, 'trainers');
  expect(page.html).toMatch(/<h1[^>]*>Find a Trainer<\/h1>/);
  // The search box holds the searched place; the results are the search's: the Leeds trainer nearest LS6.
  expect(page.html).toMatch(/<input[^>]*value="LS6 2AB"/);
  const names = cardNames(page.html);
  expect(names.length).toBeGreaterThan(1);
  expect(names[0]).toBe('Hannah Walsh');
  expect(page.html).toMatch(/data-testid="trainer-distance"[^>]*>(about \d+ miles?|less than a mile)</);
  expect(page.html).toMatch(/data-testid="result-count"[^>]*>[\s\S]*?sorted by distance from LS6 2AB/);
  expect(page.html).toContain('data-testid="postcode-attribution"');
  expect(page.html).not.toContain('Loading trainers');
  // The answer under useTrainerPages' key, with what the headers said (total, more, place resolved).
  const list = page.state.queries.find((q) => q.queryHash === listHash('/api/trainers?location=LS6+2AB'));
  expect(list).toBeTruthy();
  expect(list!.state.data).toMatchObject({ total: names.length, hasMore: false, locationResolved: true });
});

test('the directory without a search, a filter in the URL, and a place that cannot be resolved', async () => {
  const all = rendered(await (await fetch(site.url('/trainers'))).text());
  expect(all).not.toBeNull();
  expect(cardNames(all!.html).length).toBeGreaterThan(1);
  expect(all!.html).not.toContain('data-testid="trainer-distance"');

  const online = rendered(await (await fetch(site.url('/trainers?online=true&sort=price'))).text());
  expect(online).not.toBeNull();
  expect(online!.state.queries.map((q) => q.queryHash)).toContain(listHash('/api/trainers?online=true&sort=price'));
  const prices = Array.from(online!.html.matchAll(/data-testid="trainer-price"[^>]*>£(\d+)\/hour</g), (m) => Number(m[1]));
  expect(prices.length).toBeGreaterThan(0);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);

  const nowhere = rendered(await (await fetch(site.url('/trainers?location=Nowhere-upon-Nothing'))).text());
  expect(nowhere).not.toBeNull();
  expect(nowhere!.html).toContain('Distances are unavailable for this search');
  expect(nowhere!.html).toContain('No trainers found');
});

test.each([
  ['light', 1280],
  ['dark', 390],
] as const)('the browser hydrates the search (%s, %i px, New York): same elements and classes, no error, no second fetch; a filter works', async (colorScheme, width) => {
  const { page, errors, apiCalls } = await visitPage(site, SEARCH, { colorScheme, width });
  const h = await hydration(page);
  expectKept(h, colorScheme);
  await page.getByTestId('trainer-card').first().waitFor();
  if (process.env.SSR_SHOTS_DIR) {
    mkdirSync(process.env.SSR_SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(process.env.SSR_SHOTS_DIR, `directory-${colorScheme}-${width}.png`), fullPage: true });
    await page.screenshot({ path: path.join(process.env.SSR_SHOTS_DIR, `directory-${colorScheme}-${width}-first-screen.png`) });
  }
  // The list came with the page: not fetched again.
  expect(apiCalls.filter((p) => p.startsWith('/api/trainers'))).toEqual([]);

  // Changing a filter after hydration: the URL and the list follow (small screens open the filters first).
  const toggle = page.getByRole('button', { name: /Filters and sort/ });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('rating');
  await page.waitForURL((u) => u.searchParams.get('sort') === 'rating' && u.searchParams.get('location') === 'LS6 2AB');
  await page.getByTestId('result-count').getByText(/highest rated first, with distances from LS6 2AB/).waitFor();
  expect(apiCalls).toContain('/api/trainers');
  const ratings = await page
    .getByTestId('trainer-card')
    .evaluateAll((els) => els.map((e) => e.querySelector('strong')?.textContent ?? '0').map(Number));
  expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  expect(errors).toEqual([]);
});

test('a link to page 2 comes with both pages and hydrates; View More Trainers works after hydration', async () => {
  // Four more trainers (the seed has nine): a second page of the directory (12 a page).
  const setup = await site.newPage();
  for (let i = 0; i < 4; i++) {
    await site.signUp(setup, { isTrainer: true, location: 'York', firstName: 'Paged', lastName: `Trainer${i}` });
    const res = await setup.request.post(site.url('/api/trainers/profile'), {
      data: { specialization: 'General Fitness', description: 'Friendly sessions for every level, indoors or out.', yearsOfExperience: 2, specialties: 'Fitness', sessionPrice: 25 + i },
    });
    expect(res.status()).toBe(201);
    await setup.context().clearCookies();
  }
  await setup.context().close();

  const html = rendered(await (await fetch(site.url('/trainers?page=2'))).text());
  expect(html).not.toBeNull();
  const names = cardNames(html!.html);
  expect(names.length).toBeGreaterThanOrEqual(13);
  expect(new Set(names).size).toBe(names.length);
  expect(html!.html).not.toContain('View More Trainers');
  expect(html!.state.queries.map((q) => q.queryHash)).toEqual(expect.arrayContaining([listHash('/api/trainers'), listHash('/api/trainers?page=2')]));

  const two = await visitPage(site, '/trainers?page=2', { colorScheme: 'light', width: 1280 });
  const h2 = await hydration(two.page);
  expectKept(h2, undefined, 0);
  expect(await two.page.getByTestId('trainer-card').count()).toBe(names.length);
  expect(two.apiCalls.filter((p) => p.startsWith('/api/trainers'))).toEqual([]);
  expect(two.errors).toEqual([]);

  const one = await visitPage(site, '/trainers', { colorScheme: 'dark', width: 390 });
  const h1 = await hydration(one.page);
  expectKept(h1, undefined, 0);
  expect(await one.page.getByTestId('trainer-card').count()).toBe(12);
  await one.page.getByRole('button', { name: 'View More Trainers' }).click();
  await one.page.waitForURL((u) => u.searchParams.get('page') === '2');
  await one.page.waitForFunction((n) => document.querySelectorAll('[data-testid="trainer-card"]').length === n, names.length);
  expect(one.apiCalls).toContain('/api/trainers');
  expect(one.errors).toEqual([]);
});

test('a place typed and searched before the page is hydrated is the one searched, once it is', async () => {
  const page = await site.newPage({ width: 1280 });
  // The trainers area's files wait: the page is the server's HTML, not yet hydrated.
  const release = await holdRequests(page, site.remotes.trainers.url);
  await page.goto(site.url('/trainers'));
  const box = page.getByRole('searchbox', { name: 'Postcode or city' });
  await box.fill('LS6 2AB');
  await box.press('Enter');
  expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-ssr'))).toBe(true);
  release();
  // Hydrated, the typed place is taken up (React kept it in the DOM, not in its state), then the held submit made.
  await page.waitForURL((u) => u.pathname === '/trainers' && u.searchParams.get('location') === 'LS6 2AB');
  await page.getByText(/sorted by distance from LS6 2AB/).waitFor();
  await expect(page.getByTestId('trainer-card').first().getAttribute('aria-label')).resolves.toBe('Hannah Walsh');
  await expect(box.inputValue()).resolves.toBe('LS6 2AB');
});

test('a Search clicked after hydration but before the typed place is handed to React searches for that place', async () => {
  // Clean-clone run of stop 43: the place was typed before hydration and Search clicked just after it, while the
  // chunk that hands typed values to React (shell/src/takeUpFields.ts) was loading: the search was for nothing.
  const page = await site.newPage({ width: 1280 });
  const releaseArea = await holdRequests(page, site.remotes.trainers.url);
  let releaseChunk!: () => void;
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  let chunkAsked!: () => void;
  const asked = new Promise<void>((resolve) => (chunkAsked = resolve));
  await page.route(/\/take-up-fields\.[0-9a-f]+\.js$/, async (route) => {
    chunkAsked();
    await chunkHeld;
    await route.continue();
  });
  await page.goto(site.url('/trainers'));
  const box = page.getByRole('searchbox', { name: 'Postcode or city' });
  await box.fill('LS6 2AB');
  releaseArea();
  // Hydrated (#root has lost data-ssr) and the take-up chunk asked for, not yet here.
  await asked;
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Search' }).click();
  releaseChunk();
  await page.waitForURL((u) => u.pathname === '/trainers' && u.searchParams.get('location') === 'LS6 2AB');
  await page.getByText(/sorted by distance from LS6 2AB/).waitFor();
  await expect(page.getByTestId('trainer-card').first().getAttribute('aria-label')).resolves.toBe('Hannah Walsh');
  await expect(box.inputValue()).resolves.toBe('LS6 2AB');
});
