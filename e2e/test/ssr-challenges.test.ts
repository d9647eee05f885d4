import { mkdirSync } from 'node:fs';
import { startSite, type Site } from '../src/harness';
import { hydration, rendered as renderedIn, renderedPage as renderedPageOf, visit, expectKept } from '../src/ssrCheck';

// Issue 32 stage 2 for the challenges area (docs/ssr.md): a signed-out visitor's /challenges (the list: featured,
// popular, new community and past challenges) and /challenges/:id (a challenge with the top of its leaderboard) are
// rendered with React by the shell's static server from the challenges area's server build
// (mfe-challenges/src/server.tsx) and hydrated in the browser:
//  - the HTML carries the page, its styles and the answers it was made from, public ones only;
//  - the browser keeps the server's elements and classes ("Active Now" and "Days Left" are computed from the
//    render's instant on both sides, dates are UTC until hydrated: mfe-challenges/src/features/challenges/lib/clock.ts),
//    no hydration error, no CSP report, no second fetch of the page's data; the page works after it;
//  - a challenge that does not exist, and a URL that is no challenge, are rendered in the browser as before.

jest.setTimeout(10 * 60_000);

/** Screenshots of the hydrated pages, when asked for (SSR_SHOTS_DIR=/tmp/shots/ssr-challenges). */
const SHOTS = process.env.SSR_SHOTS_DIR;
let site: Site;
let active: { id: number; title: string };
let ended: { id: number; title: string };
/** A member's challenge: in the list's paged "New from the community" section (an infinite query). */
const communityTitle = `Lunchtime walks ${Date.now().toString(36)}`;

beforeAll(async () => {
  site = await startSite();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const list = (await (await fetch(`${site.apiUrl}/api/challenges`)).json()) as { id: number; title: string }[];
  active = list.find((c) => c.title === '10K Steps a Day')!;
  ended = list.find((c) => c.title === 'New Year Calorie Burn')!;
  expect(active).toBeTruthy();
  expect(ended).toBeTruthy();
  const page = await site.newPage({ a11y: false });
  await site.signUp(page);
  const day = 24 * 60 * 60 * 1000;
  const res = await page.request.post(site.url('/api/challenges'), {
    data: {
      title: communityTitle,
      description: 'A short walk every lunchtime, logged in steps.',
      type: 'steps',
      target: 20000,
      unit: 'steps',
      startDate: new Date(Date.now() + day).toISOString(),
      endDate: new Date(Date.now() + 8 * day).toISOString(),
      difficulty: 'easy',
      category: 'general',
    },
  });
  expect(res.status()).toBe(201);
  await page.context().close();
}, 300_000);

afterAll(async () => {
  await site?.close();
});

const rendered = (html: string) => renderedIn(html, 'challenges');
const detailPath = () => `/challenges/${active.id}`;

/** The page rendered (status, frame, nonce'd styles, no style attribute, public answers: ssrCheck's renderedPage), with the render's instant. */
async function renderedPage(pathname: string) {
  const { html, hashes } = await renderedPageOf(site, pathname, 'challenges');
  // The render's instant goes with the answers (the same "now" on both sides of hydration).
  expect(hashes).toContain(JSON.stringify(['challenges:render-now']));
  return { html, hashes };
}

test("a signed-out visitor's /challenges comes rendered: the list's sections and cards, with styles and answers", async () => {
  const { html, hashes } = await renderedPage('/challenges');
  expect(html).toMatch(/<h1[^>]*>Fitness Challenges<\/h1>/);
  expect(html).toContain('Sign In to Create');
  expect(html).toContain('Sign in to track');
  expect(html).toContain('data-testid="challenge-card"');
  expect(html).toContain(`>${active.title}</h3>`);
  expect(html).toContain(`>${ended.title}</h3>`);
  expect(html).toContain('Active Now');
  expect(html).toContain('Starts Soon');
  expect(html).toContain('New from the community');
  expect(html).toContain(`>${communityTitle}</h3>`);
  expect(html).toContain('Past challenges');
  expect(html).not.toContain('Loading challenges');
  expect(html).not.toContain('Loading community challenges');
  expect(hashes).toEqual(expect.arrayContaining([JSON.stringify(['/api/challenges', 0]), JSON.stringify(['/api/challenges/community', 0])]));
});

test("a signed-out visitor's /challenges/:id comes rendered: the challenge, its stats and its leaderboard", async () => {
  const { html, hashes } = await renderedPage(detailPath());
  expect(html).toMatch(new RegExp(`<h1[^>]*>${active.title}</h1>`));
  expect(html).toContain('Back to Challenges');
  expect(html).toContain('Days Left');
  expect(html).toContain('Challenge Details');
  expect(html).toContain('Sign In to Log Progress');
  expect(html).toContain('data-testid="leaderboard-row"');
  expect(html).toContain('Jamal');
  expect(html).toContain('Gold medal, rank 1');
  expect(html).not.toContain('Loading leaderboard');
  expect(hashes).toEqual(
    expect.arrayContaining([JSON.stringify([`/api/challenges/${active.id}`, 0]), JSON.stringify([`/api/challenges/${active.id}/leaderboard?limit=10`, 0])]),
  );
});

test('a challenge that does not exist, and a path that is no challenge, are rendered in the browser as before', async () => {
  for (const p of ['/challenges/987654', '/challenges/abc']) {
    const res = await fetch(site.url(p));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(rendered(html)).toBeNull();
    expect(html).not.toContain('data-ssr="challenges"');
  }
  // A visitor who may be signed in (a session cookie) gets the browser's render.
  const html = await (await fetch(site.url('/challenges'), { headers: { Cookie: 'fitconnect.sid=anything' } })).text();
  expect(rendered(html)).toBeNull();
});

test.each([
  ['light', 1280],
  ['dark', 390],
] as const)('/challenges hydrates (%s, %i px, New York): same elements and classes, no error, no second fetch, and it works', async (colorScheme, width) => {
  const { page, errors, apiCalls } = await visit(site, '/challenges', { colorScheme, width });
  const h = await hydration(page);
  expectKept(h, colorScheme);
  const main = page.locator('main');
  const card = main.getByRole('article', { name: active.title });
  expect(await card.getByTestId('timing-label').textContent()).toBe('Active Now');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-${colorScheme}-${width}.png`, fullPage: true });
  // Nothing of the page's own data asked again (only the current user is: SPEC §4 refetches it on mount).
  expect(apiCalls.filter((p) => p.startsWith('/api/challenges') || p.startsWith('/api/user/challenges'))).toEqual([]);
  // The page works: a card's View Details opens the challenge.
  await card.getByRole('link', { name: /^View Details/ }).click();
  await main.getByRole('heading', { level: 1, name: active.title }).waitFor();
  await main.getByTestId('leaderboard-row').first().waitFor();
  expect(errors).toEqual([]);
});

test.each([
  ['light', 1280, 'America/New_York'],
  ['dark', 390, 'America/New_York'],
  // UTC+14: a zone whose calendar day is often not UTC's (dates are UTC while hydrating, the visitor's after).
  ['light', 390, 'Pacific/Kiritimati'],
] as const)('/challenges/:id hydrates (%s, %i px, %s): same elements and classes, no error, no second fetch, and it works', async (colorScheme, width, timezoneId) => {
  const { page, errors, apiCalls } = await visit(site, detailPath(), { colorScheme, width, timezoneId });
  const h = await hydration(page);
  expectKept(h, colorScheme);
  const main = page.locator('main');
  expect(await main.getByTestId('leaderboard-row').count()).toBeGreaterThanOrEqual(4);
  // After hydration the dates are the visitor's: the same as a browser in that zone formats them.
  const detail = (await (await fetch(`${site.apiUrl}/api/challenges/${active.id}`)).json()) as { startDate: string; endDate: string };
  const expected = await page.evaluate(
    ({ s, e }) => [s, e].map((iso) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })).join(' – '),
    { s: detail.startDate, e: detail.endDate },
  );
  await page.waitForFunction((text) => Array.from(document.querySelectorAll('main dd')).some((dd) => dd.textContent === text), expected);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-${colorScheme}-${width}-${timezoneId.replace('/', '_')}.png`, fullPage: true });
  expect(apiCalls.filter((p) => p.startsWith('/api/challenges') || p.startsWith('/api/user/challenges'))).toEqual([]);
  // The page works: Back to Challenges shows the list.
  await main.getByRole('link', { name: 'Back to Challenges' }).click();
  await page.waitForURL((u) => u.pathname === '/challenges');
  await main.getByRole('heading', { level: 1, name: 'Fitness Challenges' }).waitFor();
  expect(errors).toEqual([]);
});
