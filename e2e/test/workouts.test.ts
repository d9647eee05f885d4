/**
 * The workouts journey in a real browser against the built shell + remotes and a real API:
 * sign in, generate, see the plan, open it, hit the daily limit, load a saved plan, delete it.
 */
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';

let site: Site;

// The journey generates today's plan and later checks that the day is spent (orange banner, a second
// generation answers 429): a run that crosses 00:00 UTC in between would meet a new day. The API's clock
// (TEST_CLOCK_AT, honoured only with NODE_ENV=test: api/src/config.ts) starts at noon UTC of today and runs
// at real speed, so the API's day is the same for the whole run, whenever it starts. Noon of the real UTC
// day keeps every stored time within 12 h of the real one (the database's TTL sweep reads the real clock).
const API_NOON = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 12 * 3_600_000).toISOString();

beforeAll(async () => {
  site = await startSite({ apiEnv: { TEST_CLOCK_AT: API_NOON } });
}, 240_000);

afterAll(async () => {
  await site?.close();
});

async function expectPath(page: Page, pathname: string) {
  await page.waitForFunction((p) => window.location.pathname + window.location.search === p, pathname);
}

test('workouts journey: sign in, generate, open, daily limit, load, delete', async () => {
  // An account made out of band; the browser below starts signed out.
  const setup = await site.newPage();
  const { username, password } = await site.signUp(setup);
  await setup.context().close();

  const page = await site.newPage();
  try {
    // Signed out: Login Required, then sign in and come back.
    await page.goto(site.url('/ai-workout'));
    await page.getByText('Login Required').first().waitFor();
    await expectPath(page, '/signin?redirect=/ai-workout');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectPath(page, '/ai-workout');

    // Defaults and the blue banner.
    await page.getByRole('heading', { name: 'AI Workout Generator' }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Age' }).inputValue()).toBe('30');
    expect(await page.getByRole('spinbutton', { name: /Duration/ }).inputValue()).toBe('45');
    await page.locator('[data-tone="info"]', { hasText: 'One AI workout per day' }).waitFor();

    // Validation message from the shared schema.
    await page.getByRole('checkbox', { name: 'Bodyweight' }).uncheck();
    await page.getByRole('button', { name: 'Generate Workout' }).click();
    await page.getByText('Please select at least one equipment option').waitFor();
    await page.getByRole('checkbox', { name: 'Bodyweight' }).check();

    // Generate.
    await page.getByRole('checkbox', { name: 'Dumbbell' }).check();
    const generated = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/generate-workout');
    await page.getByRole('button', { name: 'Generate Workout' }).click();
    const result = page.getByTestId('generated-workout');
    await result.waitFor({ timeout: 30_000 });
    // Counted on the API's day (its clock above), not the real one.
    expect(String((await (await generated).json()).createdAt).slice(0, 10)).toBe(API_NOON.slice(0, 10));
    await result.getByText('Auto-saved').waitFor();
    const title = (await result.locator('#generated-workout-title').textContent())!.trim();
    expect(title.length).toBeGreaterThan(0);
    for (const section of ['Warm-up', 'Main Workout', 'Cool Down']) {
      await result.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    // The new plan leads (issue 28): focus is on its heading; the limit applies at once and says when it renews.
    await page.waitForFunction(() => document.activeElement?.id === 'generated-workout-title');
    await page.getByRole('button', { name: 'Daily Limit Reached' }).waitFor();
    expect(await page.getByRole('button', { name: 'Daily Limit Reached' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('next-plan-time').textContent()).toMatch(
      /^Your next plan can be generated (today|tomorrow) from (.+ your time \(00:00 UTC\)|00:00 UTC), in (\d+ h( \d+ min)?|\d+ min)\.$/,
    );

    // Open the plan.
    const href = await result.getByRole('link', { name: 'View Full Workout Plan' }).getAttribute('href');
    const id = Number(/\/workout-plan\/(\d+)$/.exec(href ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    await result.getByRole('link', { name: 'View Full Workout Plan' }).click();
    await expectPath(page, `/workout-plan/${id}`);
    await page.getByRole('heading', { name: 'Your Customized Workout Plan' }).waitFor();
    const banner = page.getByTestId('workout-banner');
    await banner.getByRole('heading', { name: title }).waitFor();
    expect(await banner.textContent()).toContain('45 min • Beginner • Bodyweight, Dumbbell');
    await page.getByRole('heading', { name: /^Warm-up \(\d+ min\)$/ }).waitFor();
    await page.getByRole('heading', { name: /^Main Workout \(\d+ min\)$/ }).waitFor();
    await page.getByRole('heading', { name: /^Cool Down \(\d+ min\)$/ }).waitFor();
    expect(await page.getByTestId('exercise-row').count()).toBeGreaterThan(2);
    await page.getByRole('link', { name: 'Browse Trainers' }).waitFor();

    // Start Workout: a full-screen guided session on its own route (issue 28); Back leaves it.
    await page.getByRole('button', { name: /Start Workout/ }).click();
    await expectPath(page, `/workout-plan/${id}/session`);
    const session = page.getByTestId('workout-session');
    await session.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'session-heading');
    // It covers the shell: the top-left corner (the top bar's place) and the bottom (the tabs' place) are the session.
    expect(await page.evaluate(() => [document.elementFromPoint(4, 4), document.elementFromPoint(4, window.innerHeight - 4)].every((el) => !!el?.closest('[data-testid="workout-session"]')))).toBe(true);
    expect(await session.getByTestId('session-next').textContent()).toMatch(/^(Next up: |Last exercise!)/);
    const first = await session.getByTestId('session-exercise').textContent();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((name) => document.querySelector('[data-testid="session-exercise"]')?.textContent !== name, first);
    await page.goBack();
    await expectPath(page, `/workout-plan/${id}`);
    // Esc asks first; ending returns to the plan.
    await page.getByRole('button', { name: /Start Workout/ }).click();
    await session.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'End this workout?' }).getByRole('button', { name: 'End Workout' }).click();
    await expectPath(page, `/workout-plan/${id}`);
    await page.getByRole('heading', { name: 'Your Customized Workout Plan' }).waitFor();

    // The daily limit: orange banner with today's title; the server refuses a second one with a 429.
    await page.goto(site.url('/ai-workout'));
    const limit = page.locator('[data-tone="warning"]');
    await limit.getByText(title).waitFor();
    expect(await page.getByRole('button', { name: 'Daily Limit Reached' }).isDisabled()).toBe(true);
    const second = await page.request.post(site.url('/api/generate-workout'), {
      data: { age: 30, gender: 'male', fitnessLevel: 'beginner', focusArea: 'core', duration: 30, equipment: ['bodyweight'], goals: ['strength'] },
    });
    expect(second.status()).toBe(429);
    expect(typeof (await second.json()).description).toBe('string');

    // Saved list and ?load.
    await page.getByRole('button', { name: 'Show Saved Workouts' }).click();
    await page.getByTestId('saved-workout').first().waitFor();
    expect(await page.getByTestId('saved-workout').count()).toBe(1);
    await page.goto(site.url(`/ai-workout?load=${id}`));
    await page.getByTestId('generated-workout').getByRole('heading', { name: title }).waitFor();
    await expectPath(page, '/ai-workout');

    // Delete it from its detail page (owner only, with confirmation).
    await page.goto(site.url(`/workout-plan/${id}`));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Workout Plan' });
    await dialog.getByText('Are you sure you want to delete this workout plan? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectPath(page, '/profile');
    await page.getByText('Your workout plan has been successfully deleted').waitFor();

    // Gone: the detail shows Workout Not Found (after its retries) and the saved list is empty.
    await page.goto(site.url(`/workout-plan/${id}`));
    // The harness's default wait (not 15 s): the 404 is known after the query's retries, slower on a loaded machine.
    await page.getByRole('heading', { name: 'Workout Not Found' }).waitFor();
    await page.goto(site.url('/ai-workout'));
    await page.getByRole('button', { name: 'Show Saved Workouts' }).click();
    await page.getByText('No saved workouts yet').waitFor();
  } catch (err) {
    await page.screenshot({ path: `${site.tmpDir}/../workouts-e2e-failure.png` }).catch(() => undefined);
    throw new Error(`${(err as Error).message}\n${site.logs()}`);
  }
}, 180_000);

test('exercise tutorials: filters and detail in the shell', async () => {
  // The library is the API's catalogue (issue 15): 150+ entries, SPEC's ten among them; e2e/test/exercises.test.ts
  // covers search, the URL and paging.
  const page = await site.newPage();
  await page.goto(site.url('/exercise-tutorials'));
  await page.getByText(/^Showing \d{3} exercises$/).waitFor();
  await page.getByRole('combobox', { name: 'Equipment' }).selectOption('Dumbbells');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Lower Body');
  await page.getByRole('link', { name: 'View tutorial: Dumbbell Lunges' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dumbbell Lunges' }).waitFor();
  // No guessed video embed; the demonstration link always works.
  expect(await page.getByRole('link', { name: /Watch a demonstration/ }).getAttribute('href')).toMatch(/^https:\/\/www\.youtube\.com\/results\?/);
  await page.getByRole('link', { name: /Back to Exercises/ }).click();
  await page.getByRole('link', { name: 'View tutorial: Dumbbell Lunges' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Equipment' }).inputValue()).toBe('Dumbbells');
}, 60_000);
