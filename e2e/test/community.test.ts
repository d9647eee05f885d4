/**
 * The community area in a real browser against the built shell + remotes and a real API (seeded):
 * write a review and find it under its category only, mark another person's review helpful, be sent to
 * sign in when signed out, send feedback and see the thank-you view reset.
 */
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';
import { untilHydrated } from '../src/ssrCheck';

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

async function expectPath(page: Page, pathname: string) {
  await page.waitForFunction((p) => window.location.pathname + window.location.search === p, pathname);
}

const reviewCard = (page: Page, title: string) => page.getByTestId('community-review').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('signed out: the feed, Sign In to Review, and a helpful click sends you to /signin after the SPEC toast', async () => {
  const page = await site.newPage();
  await page.goto(site.url('/community'));
  await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
  expect(await page.getByRole('tab', { name: 'Community Feed' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.getByTestId('sample-post').count()).toBe(3);
  await page.getByText('Sample posts').waitFor();
  // Issue 28.9: the live list beside the samples, built from the seeded site's events.
  await page.getByRole('list', { name: 'Recent activity' }).getByTestId('activity-item').first().waitFor();
  await page.getByText('1,245+').waitFor();
  await page.getByText('24+').waitFor();

  // Keyboard: the next tab is one arrow key away, and the URL follows. Once the server's page is hydrated:
  // everything waited for above is in its HTML (the page was not yet hydrated at this point in 7 of 48 loads here,
  // and such a key press was lost then; the head script now holds it, ssr-community.test.ts plays that), and this
  // test is about the tabs after it.
  await untilHydrated(page);
  await page.getByRole('tab', { name: 'Community Feed' }).focus();
  await page.keyboard.press('ArrowRight');
  await expectPath(page, '/community?tab=reviews');
  await page.getByRole('heading', { name: /^Community Reviews \(\d+\)$/ }).waitFor();

  await page.getByRole('button', { name: 'Sign In to Review' }).click();
  await expectPath(page, '/signin');

  await page.goto(site.url('/community?tab=reviews'));
  const first = page.getByTestId('community-review').first();
  await first.waitFor();
  const before = (await first.getByRole('button', { name: /^Helpful \(\d+\)$/ }).textContent())!.trim();
  // Where the page is when the toast shows, read in the page in the frame the toast appears (reading page.url()
  // after two round trips could land after the 1.5 s redirect on a slow machine).
  const pathAtToast = page.waitForFunction(
    () => document.body.innerText.includes('You need to be logged in to mark reviews as helpful.') && window.location.pathname,
    undefined,
    { polling: 'raf' },
  );
  await first.getByRole('button', { name: /^Helpful \(\d+\)$/ }).click();
  expect(await (await pathAtToast).jsonValue()).toBe('/community');
  await page.getByText('Please Sign In').waitFor();
  await expectPath(page, '/signin');
  // Nothing was counted.
  await page.goto(site.url('/community?tab=reviews'));
  expect((await page.getByTestId('community-review').first().getByRole('button', { name: /^Helpful/ }).textContent())!.trim()).toBe(before);
  await page.context().close();
});

test('write a review: it shows under its category and not under another', async () => {
  const page = await site.newPage();
  await site.signUp(page, { firstName: 'Robin', lastName: 'Writer' });
  const title = `Workout review ${Date.now().toString(36)}`;
  await page.goto(site.url('/community?tab=reviews'));
  await page.getByRole('button', { name: 'Write Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Community Review' });
  await dialog.waitFor();
  // The form validates with SPEC's rules before anything is sent.
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await dialog.getByText('Please select a rating').waitFor();
  await dialog.getByRole('radio', { name: '4 stars' }).click();
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('workouts');
  await dialog.getByRole('textbox', { name: /Title/ }).fill(title);
  await dialog.getByRole('textbox', { name: /Your review/ }).fill('Short sessions that still leave me tired. Great for busy weeks.');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Review Submitted').first().waitFor();

  const card = reviewCard(page, title);
  await card.waitFor();
  expect(await card.getByTestId('review-author').textContent()).toBe('Robin Writer');
  expect(await card.getByTestId('review-category').textContent()).toBe('Workouts');
  expect(await card.getByText('Your review').count()).toBe(1);
  // Your own review shows its count but no Helpful button.
  expect(await card.getByRole('button', { name: /^Helpful/ }).count()).toBe(0);
  expect((await card.getByTestId('helpful-count').textContent())!.trim()).toBe('Helpful (0)');

  await page.getByRole('combobox', { name: 'Category' }).selectOption('workouts');
  await expectPath(page, '/community?tab=reviews&category=workouts');
  await reviewCard(page, title).waitFor();
  const cats = await page.getByTestId('review-category').allTextContents();
  expect(new Set(cats)).toEqual(new Set(['Workouts']));

  await page.getByRole('combobox', { name: 'Category' }).selectOption('trainers');
  await expectPath(page, '/community?tab=reviews&category=trainers');
  await page.getByTestId('review-category').first().waitFor();
  expect(new Set(await page.getByTestId('review-category').allTextContents())).toEqual(new Set(['Trainers']));
  expect(await reviewCard(page, title).count()).toBe(0);

  // A link to the category opens it directly.
  await page.goto(site.url('/community?tab=reviews&category=workouts'));
  await reviewCard(page, title).waitFor();
  await page.context().close();
});

test("mark another person's review helpful: the count goes up once and the button stays pressed", async () => {
  const page = await site.newPage();
  await site.signUp(page);
  await page.goto(site.url('/community?tab=reviews'));
  const card = reviewCard(page, 'AI plans are spot on');
  await card.waitFor();
  const button = card.getByRole('button', { name: /^Helpful \(\d+\)$/ });
  const n = Number(/\((\d+)\)/.exec((await button.textContent())!)![1]);
  expect(await button.getAttribute('aria-pressed')).toBe('false');
  await button.click();
  await page.getByText('Thanks!').first().waitFor();
  await page.getByText('Your feedback helps others find useful reviews.').first().waitFor();
  // Looks marked, not disabled, once the vote has settled (the button is disabled while its request and the
  // list's refetch run; the toast comes with the answer, before the refetch ends).
  const after = card.getByRole('button', { name: `Helpful (${n + 1})`, disabled: false });
  await after.waitFor();
  expect(await after.getAttribute('aria-pressed')).toBe('true');

  // The server agrees and a repeated vote changes nothing.
  const again = await page.request.patch(site.url(`/api/community-reviews/${await card.getAttribute('data-review-id')}/helpful`));
  expect(again.status()).toBe(200);
  expect((await again.json()).helpful).toBe(n + 1);
  await page.reload();
  const reloaded = reviewCard(page, 'AI plans are spot on').getByRole('button', { name: `Helpful (${n + 1})` });
  await reloaded.waitFor();
  expect(await reloaded.getAttribute('aria-pressed')).toBe('true');
  await page.context().close();
});

test('send feedback from the footer link and see the thank-you view reset after 2 seconds', async () => {
  const page = await site.newPage();
  await page.goto(site.url('/'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expectPath(page, '/community?tab=feedback');
  expect(await page.getByRole('tab', { name: 'Feedback' }).getAttribute('aria-selected')).toBe('true');

  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await page.getByText('Please provide some feedback before submitting').waitFor();
  await page.getByRole('combobox', { name: 'Feedback type' }).selectOption('improvement');
  await page.getByRole('textbox', { name: /Your feedback/ }).fill('A weekly summary email would be lovely.');
  await page.getByRole('textbox', { name: /Email/ }).fill('reader@example.com');
  await page.getByRole('checkbox', { name: "I'd like to join the FitConnect community" }).check();
  await page.getByRole('checkbox', { name: 'Nutrition' }).check();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST');
  // How long the thank-you view stays, timed in the page (the frames it appears and goes in), not by this
  // process after round trips whose delays on a busy machine would eat into the measured time.
  const shownAt = page.waitForFunction(() => [...document.querySelectorAll('h1, h2, h3, h4')].some((h) => h.textContent?.trim() === 'Thank You!') && performance.now(), undefined, {
    polling: 'raf',
  });
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  const res = await sent;
  expect(res.status()).toBe(201);
  expect((await res.json()).userId).toBeNull();
  await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
  const shown = (await (await shownAt).jsonValue()) as number;
  // The harness's default wait (not 10 s): the 2 s is measured in the page above, and a loaded machine may take
  // longer to render the form again; how long this wait took decides nothing.
  const goneAt = page.waitForFunction(() => ![...document.querySelectorAll('h1, h2, h3, h4')].some((h) => h.textContent?.trim() === 'Thank You!') && performance.now(), undefined, {
    polling: 'raf',
  });
  await page.getByRole('button', { name: 'Submit Feedback' }).waitFor();
  expect(((await (await goneAt).jsonValue()) as number) - shown).toBeGreaterThanOrEqual(1500);
  expect(await page.getByRole('textbox', { name: /Your feedback/ }).inputValue()).toBe('');
  expect(await page.getByRole('heading', { name: 'Thank You!' }).count()).toBe(0);
  await page.context().close();
});
