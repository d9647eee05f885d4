/**
 * The challenges journey in a real browser against the built shell + remotes and a real API (seeded demo
 * data): the signed-out prompts, an ended challenge, then create a challenge (the creator joins it), log progress and
 * see the leaderboard's order and medals, and the challenge on the profile dashboard.
 */
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';

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

/** A second person (own browser context) who joins a challenge and logs progress through the API. */
async function participant(challengeId: number, firstName: string, lastName: string, location: string, progress: number[]) {
  const page = await site.newPage();
  await site.signUp(page, { firstName, lastName, location });
  const join = await page.request.post(site.url(`/api/challenges/${challengeId}/join`));
  expect(join.status()).toBe(201);
  for (const p of progress) {
    const r = await page.request.post(site.url(`/api/challenges/${challengeId}/progress`), { data: { progress: p } });
    expect(r.status()).toBe(201);
  }
  await page.context().close();
}

test('signed out: create and join prompts, the leaderboard with medals, and an ended challenge', async () => {
  const page = await site.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(site.url('/challenges'));
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Fitness Challenges' }).waitFor();
    await main.getByRole('article', { name: '10K Steps a Day' }).waitFor();
    expect(await main.getByRole('link', { name: 'Sign In to Create' }).getAttribute('href')).toBe('/signin?redirect=%2Fchallenges');
    const active = main.getByRole('article', { name: '10K Steps a Day' });
    expect(await active.getByTestId('timing-label').textContent()).toBe('Active Now');
    await active.getByRole('link', { name: /^Sign In to Join/ }).waitFor();
    const upcoming = main.getByRole('article', { name: 'Spring 5K Run Prep' });
    expect(await upcoming.getByTestId('timing-label').textContent()).toBe('Starts Soon');
    const ended = main.getByRole('article', { name: 'New Year Calorie Burn' });
    expect(await ended.getByTestId('timing-label').textContent()).toBe('Ended');
    expect(await ended.getByRole('button', { name: /^Ended/ }).isDisabled()).toBe(true);
    // Signed out: one 'Sign in to track' card instead of three '--' placeholders.
    expect(await main.getByTestId('stat-joined').count()).toBe(0);
    expect(await main.getByTestId('stat-sign-in').getByRole('link', { name: 'Sign in to track' }).getAttribute('href')).toBe('/signin?redirect=%2Fchallenges');

    // The seeded active challenge's leaderboard, signed out: medals for the top three, most progress first.
    await active.getByRole('link', { name: /^View Details/ }).click();
    await main.getByRole('heading', { level: 1, name: '10K Steps a Day' }).waitFor();
    await main.getByRole('link', { name: 'Sign In to Join' }).waitFor();
    await main.getByRole('link', { name: 'Sign In to Log Progress' }).waitFor();
    const rows = main.getByTestId('leaderboard-row');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    expect(texts).toHaveLength(4);
    expect(texts[0]).toMatch(/^Gold medal, rank 11Jamal/);
    expect(texts[1]).toMatch(/^Silver medal, rank 22Priya/);
    expect(texts[2]).toMatch(/^Bronze medal, rank 33/);
    expect(texts[3]).toMatch(/^Rank 4/);
    await rows.nth(0).getByRole('img', { name: 'Gold medal, rank 1' }).waitFor();
    expect(await rows.first().getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // Sign In to Join goes to /signin and comes back.
    await main.getByRole('link', { name: 'Sign In to Join' }).click();
    await page.waitForURL((u) => u.pathname === '/signin' && u.search.startsWith('?redirect=%2Fchallenges%2F'));

    // An ended challenge: disabled 'Challenge Ended', no progress card.
    await page.goto(site.url('/challenges'));
    await main.getByRole('article', { name: 'New Year Calorie Burn' }).getByRole('link', { name: /^View Details/ }).click();
    await main.getByRole('heading', { level: 1, name: 'New Year Calorie Burn' }).waitFor();
    expect(await main.getByRole('button', { name: 'Challenge Ended' }).isDisabled()).toBe(true);
    expect(await main.getByTestId('stat-days-left').textContent()).toContain('0');
    expect(await main.getByRole('heading', { name: 'Log Your Progress' }).count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await page.context().close();
  }
});

test('create a challenge, join it, log progress, see the leaderboard order and the profile widget', async () => {
  const page = await site.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const title = `Lunchtime Walkers ${Date.now().toString(36)}`;
  try {
    await site.signUp(page, { firstName: 'Erin', lastName: 'Tester', location: 'Leeds' });
    await page.goto(site.url('/challenges'));
    const main = page.locator('main');

    // Create, with the dialog's defaults for dates and type; the unit follows the type.
    await main.getByRole('button', { name: /Create Challenge/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Challenge' });
    await dialog.getByLabel('Title').fill('ab');
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await dialog.getByText('Title must be at least 3 characters').waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('A short walk every lunchtime, all week long.');
    await dialog.getByLabel('Challenge Type').selectOption('distance');
    expect(await dialog.getByLabel('Unit').inputValue()).toBe('miles');
    await dialog.getByLabel('Challenge Type').selectOption('steps');
    expect(await dialog.getByLabel('Unit').inputValue()).toBe('steps');
    await dialog.getByLabel('Target').fill('20000');
    await dialog.getByLabel('Max Participants').fill('10');
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await page.getByText('Challenge Created!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Creating lands on the new challenge, with the creator already joined.
    await main.getByRole('heading', { level: 1, name: title }).waitFor();
    const id = Number(/\/challenges\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await main.getByRole('button', { name: /Joined/ }).waitFor();
    expect(await main.getByTestId('capacity').textContent()).toBe('1 / 10 participants');

    // Two others take part (through the API, in their own sessions).
    await participant(id, 'Priya', 'Kaur', 'Bristol', [6000, 2000]);
    await participant(id, 'Tom', 'Hughes', 'Cardiff', [3000]);

    // Log progress: an empty amount is refused on the page (toast and field), then 5,000 steps with a note.
    const amount = main.getByLabel('Amount (steps)');
    expect(await amount.inputValue()).toBe('');
    await main.getByRole('button', { name: 'Log Progress' }).click();
    await page.getByText('Invalid Progress').first().waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('5000');
    await main.getByLabel('Note (optional)').fill('Canal path loop');
    await main.getByRole('button', { name: 'Log Progress' }).click();
    await page.getByText('Progress Logged!').first().waitFor();
    await main.getByText('+5,000 steps').waitFor();
    await main.getByText('Canal path loop').waitFor();
    expect(await amount.inputValue()).toBe('');
    expect(await main.getByLabel('Note (optional)').inputValue()).toBe('');

    // Leaderboard: Priya 8,000, Erin 5,000, Tom 3,000, with medals, bars and the participants stat refreshed.
    // The sentinel is Erin's own row with the 5,000 just logged: the board also refreshes itself every 30 s, so
    // on a slow run it may already have had three rows (Erin still at 0) before this log's refresh arrived.
    await main.getByTestId('leaderboard-row').filter({ hasText: 'Erin Tester (you)5,000 steps' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="leaderboard-row"]').length === 3);
    const rows = await main.getByTestId('leaderboard-row').allTextContents();
    expect(rows[0]).toMatch(/^Gold medal, rank 11Priya Kaur8,000 stepsBristol/);
    expect(rows[1]).toMatch(/^Silver medal, rank 22Erin Tester \(you\)5,000 stepsLeeds/);
    expect(rows[2]).toMatch(/^Bronze medal, rank 33Tom Hughes3,000 stepsCardiff/);
    expect(await main.getByTestId('leaderboard-row').nth(0).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(await main.getByTestId('stat-participants').textContent()).toContain('3');

    // The profile dashboard shows the challenge and its progress (the remote's DashboardWidget).
    await page.goto(site.url('/profile'));
    const widget = main.getByTestId('challenges-widget');
    await widget.getByRole('link', { name: title }).waitFor();
    expect(await widget.getByRole('progressbar', { name: `Progress in ${title}` }).getAttribute('aria-valuenow')).toBe('25');

    // Back on the list, the personal stats are real figures.
    await page.goto(site.url('/challenges'));
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-joined"]')?.textContent?.includes('1'));
    const card = main.getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.getByTestId('timing-label').textContent()).toBe('Active Now');
    expect(await card.textContent()).toContain('20,000 steps');
    expect(errors).toEqual([]);
  } finally {
    await page.context().close();
  }
});

test('the profile still works when the challenges remote is down', async () => {
  const page = await site.newPage();
  try {
    await site.signUp(page);
    await site.remotes.challenges.stop();
    // The sentinel: the page's request to the stopped remote fails. The widget could only come from that
    // remote, so once its load has failed nothing more can arrive (the shell does not retry by itself).
    const remoteFailed = page.waitForEvent('requestfailed', (r) => r.url().startsWith(site.remotes.challenges.url));
    await page.goto(site.url('/profile'));
    await page.locator('main').getByRole('heading', { name: "Today's Plan" }).waitFor();
    await remoteFailed;
    expect(await page.getByTestId('challenges-widget').count()).toBe(0);
  } finally {
    await site.remotes.challenges.restart();
    await page.context().close();
  }
});
