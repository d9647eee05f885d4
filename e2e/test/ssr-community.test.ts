import { mkdirSync } from 'node:fs';
import { startSite, type Site } from '../src/harness';
import { holdRequests, hydration, rendered as renderedIn, visit, expectKept } from '../src/ssrCheck';

// Issue 32 stage 2 for the community area (docs/ssr.md): a signed-out visitor's /community (the feed: sample
// posts and Recent activity; ?tab=reviews: the public reviews) is rendered with React by the shell's static
// server from the community area's server build (mfe-community/src/server.tsx) and hydrated in the browser:
//  - the HTML carries the page, its styles and the answers it was made from, public ones only: an anonymous
//    review's author is "Anonymous User" and named nowhere in the HTML or the answers;
//  - the browser keeps the server's elements and classes (relative times like "2 hours ago" are computed from
//    the render's instant on both sides), no hydration error, no CSP report, no second fetch; the page works.

jest.setTimeout(10 * 60_000);

const SHOTS = '/tmp/shots/ssr-community';
let site: Site;
// The author of an anonymous review (names nobody may see) and the review's title.
const author = { firstName: 'Quillon', lastName: 'Sekretname' };
let username = '';
const anonTitle = `Anonymous praise ${Date.now().toString(36)}`;

beforeAll(async () => {
  site = await startSite();
  mkdirSync(SHOTS, { recursive: true });
  const page = await site.newPage({ a11y: false });
  ({ username } = await site.signUp(page, author));
  const res = await page.request.post(site.url('/api/community-reviews'), {
    data: { rating: 5, category: 'community', title: anonTitle, comment: 'Friendly people and good advice, every single week.', isAnonymous: true },
  });
  expect(res.status()).toBe(201);
  await page.context().close();
}, 300_000);

afterAll(async () => {
  await site?.close();
});

const rendered = (html: string) => renderedIn(html, 'community');

/** Nothing that names the anonymous review's author, anywhere in the answer. */
function expectNoAuthor(text: string) {
  expect(text).not.toContain(author.firstName);
  expect(text).not.toContain(author.lastName);
  expect(text).not.toContain(username);
  expect(text).not.toMatch(/"email"|"passwordHash"|"password"|@example\.com/);
}

test("a signed-out visitor's /community comes rendered: the feed's posts and recent activity, with its styles", async () => {
  const res = await fetch(site.url('/community'));
  expect(res.status).toBe(200);
  const html = await res.text();
  const page = rendered(html);
  expect(page).not.toBeNull();
  expect(page!.html).toContain('Skip to content');
  expect(page!.html).toMatch(/<h1[^>]*>Community<\/h1>/);
  expect(page!.html).toContain('Latest Posts');
  expect(page!.html).toContain('Sarah Johnson');
  expect(page!.html).toContain('2 hours ago');
  expect(page!.html).toContain('Recent activity');
  expect(page!.html).toContain('data-testid="activity-item"');
  // The anonymous review's activity item names nobody.
  expect(page!.html.replace(/<!-- -->/g, '')).toContain('A member rated FitConnect 5/5');
  expect(page!.html).not.toMatch(/ style="/);
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(/<style\b[^>]*data-styled="true"[^>]*>/.exec(html)?.[0] ?? '').toContain(`nonce="${nonce}"`);
  const hashes = page!.state.queries.map((q) => q.queryHash);
  expect(hashes).toEqual(expect.arrayContaining([JSON.stringify(['/api/activity', 0])]));
  expectNoAuthor(html);
});

test('the reviews tab comes rendered with the public reviews; an anonymous author stays "Anonymous User"', async () => {
  const html = await (await fetch(site.url('/community?tab=reviews'))).text();
  const page = rendered(html);
  expect(page).not.toBeNull();
  expect(page!.html).toMatch(/Community Reviews \(\d+\)/);
  expect(page!.html).toContain('data-testid="community-review"');
  expect(page!.html).toContain(anonTitle);
  // The anonymous review's card: "Anonymous User", in the HTML and in the answers (user: null).
  const card = new RegExp(`<article[^>]*data-testid="community-review"[^>]*>(?:(?!</article>)[\\s\\S])*${anonTitle}`).exec(page!.html)?.[0] ?? '';
  expect(card).toContain('Anonymous User');
  const reviews = page!.state.queries.find((q) => q.queryHash === JSON.stringify(['/api/community-reviews', 'all', 'newest', 0]));
  const list = (reviews?.state.data as { pages: { reviews: { title: string; user: unknown; isAnonymous: boolean }[] }[] }).pages[0].reviews;
  const mine = list.find((r) => r.title === anonTitle);
  expect(mine).toMatchObject({ isAnonymous: true, user: null });
  expect(page!.html).not.toMatch(/ style="/);
  expectNoAuthor(html);
  // A filter in the URL is rendered too.
  const filtered = rendered(await (await fetch(site.url('/community?tab=reviews&category=community'))).text());
  expect(filtered?.html).toContain(anonTitle);
  const other = rendered(await (await fetch(site.url('/community?tab=reviews&category=workouts'))).text());
  expect(other?.html).not.toContain(anonTitle);
});

test.each([
  ['light', 1280],
  ['dark', 390],
] as const)('the feed hydrates (%s, %i px, New York): same elements and classes, no error, no second fetch; a tab works', async (colorScheme, width) => {
  const { page, errors, apiCalls } = await visit(site, '/community', { colorScheme, width });
  const h = await hydration(page);
  expectKept(h, colorScheme);
  await page.getByTestId('activity-item').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/feed-${colorScheme}-${width}.png`, fullPage: true });
  expect(apiCalls.filter((p) => p.startsWith('/api/activity') || p.startsWith('/api/community-reviews'))).toEqual([]);
  // It works: the reviews tab opens and loads (in the browser, as any tab change).
  await page.getByRole('tab', { name: 'Community Reviews' }).click();
  await page.waitForURL(/\/community\?tab=reviews$/);
  await page.getByText(anonTitle).waitFor();
  expect(errors).toEqual([]);
});

test.each([
  ['light', 1280],
  ['dark', 390],
] as const)('the reviews tab hydrates (%s, %i px, New York): same elements and classes, no error, no second fetch; the filter works', async (colorScheme, width) => {
  const { page, errors, apiCalls } = await visit(site, '/community?tab=reviews', { colorScheme, width });
  const h = await hydration(page);
  expect(h.sameH1).toBe(true);
  expect(h.checked).toBeGreaterThan(50);
  expect(h.differ).toEqual([]);
  const card = page.getByTestId('community-review').filter({ hasText: anonTitle });
  expect(await card.getByTestId('review-author').textContent()).toBe('Anonymous User');
  await page.screenshot({ path: `${SHOTS}/reviews-${colorScheme}-${width}.png`, fullPage: true });
  expect(apiCalls.filter((p) => p.startsWith('/api/community-reviews') || p.startsWith('/api/activity'))).toEqual([]);
  // It works: the category filter asks the API and shows that category only.
  await page.getByRole('combobox', { name: 'Category' }).selectOption('workouts');
  await page.waitForURL(/category=workouts/);
  await page.waitForFunction(() => {
    const cats = Array.from(document.querySelectorAll('[data-testid="review-category"]')).map((e) => e.textContent);
    return cats.length > 0 && cats.every((c) => c === 'Workouts');
  });
  expect(await card.count()).toBe(0);
  expect(errors).toEqual([]);
});

test('the feedback tab comes rendered (its form) and hydrates; the form works', async () => {
  const page0 = rendered(await (await fetch(site.url('/community?tab=feedback'))).text());
  expect(page0?.html).toContain('Feedback &amp; Community');
  expect(page0?.html).toContain('Submit Feedback');
  expect(page0?.html).not.toMatch(/ style="/);
  const { page, errors } = await visit(site, '/community?tab=feedback', { colorScheme: 'dark', width: 390 });
  const h = await hydration(page);
  expectKept(h, undefined, 0);
  // It works: submitting an empty form is refused with a message.
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
  expect(errors).toEqual([]);
});

test('a visitor who may be signed in (a session cookie) gets /community rendered in the browser, as before', async () => {
  const html = await (await fetch(site.url('/community?tab=reviews'), { headers: { Cookie: 'fitconnect.sid=anything' } })).text();
  expect(rendered(html)).toBeNull();
  expect(html).toContain('<div id="root"></div>');
});

test('an arrow key pressed on the tabs before the page is hydrated moves to the next tab once it is', async () => {
  // The community area's files wait: the page is the server's HTML, whose tabs move by script only. The head
  // script holds the key (shell/boot/boot.js) and the shell sends it again after hydration.
  const page = await site.newPage({ width: 1280 });
  const release = await holdRequests(page, site.remotes.community.url);
  await page.goto(site.url('/community'));
  await page.getByRole('tab', { name: 'Community Feed' }).focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-ssr'))).toBe(true);
  release();
  await page.waitForURL((u) => u.pathname === '/community' && u.searchParams.get('tab') === 'reviews');
  await page.getByRole('heading', { name: /^Community Reviews \(\d+\)$/ }).waitFor();
  await expect(page.getByRole('tab', { name: 'Community Reviews' }).getAttribute('aria-selected')).resolves.toBe('true');
});
