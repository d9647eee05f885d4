/**
 * The exercise catalogue in a real browser against the built shell + remotes and the real API (issue 15):
 * filter and search into the URL, open a detail by URL, go back to the filtered list, and a generated plan's
 * exercise links to its tutorial.
 */
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../src/harness';

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 600_000);

afterAll(async () => {
  await site?.close();
});

async function expectPath(page: Page, pathAndSearch: string) {
  await page.waitForFunction((p) => window.location.pathname + window.location.search === p, pathAndSearch);
}

async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByRole('status').filter({ hasText: /^Showing \d+ exercises?$/ }).textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0]);
}

test('library: filter, search, open a detail, back to the filtered list', async () => {
  const page = await site.newPage();
  try {
    await page.goto(site.url('/exercise-tutorials'));
    await page.getByRole('heading', { level: 1, name: 'Exercise Tutorials' }).waitFor();
    await page.getByText(/^Showing \d+ exercises$/).waitFor();
    expect(await shownCount(page)).toBeGreaterThanOrEqual(150);
    expect(await page.getByTestId('exercise-card').count()).toBe(24);

    await page.getByRole('combobox', { name: 'Category' }).selectOption('Lower Body');
    await expectPath(page, '/exercise-tutorials?category=Lower+Body');
    await page.getByRole('searchbox', { name: 'Search exercises' }).fill('lunge');
    await expectPath(page, '/exercise-tutorials?q=lunge&category=Lower+Body');
    await page.waitForFunction(() => /^Showing \d+ exercises?$/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="exercise-card"] h2')).every((h) => /lunge/i.test(h.textContent ?? '')));
    const count = await shownCount(page);
    expect(count).toBeGreaterThan(2);
    expect(count).toBeLessThan(20);

    await page.getByRole('link', { name: 'View tutorial: Reverse Lunge' }).click();
    await expectPath(page, '/exercise-tutorials/reverse-lunge');
    await page.getByRole('heading', { level: 1, name: 'Reverse Lunge' }).waitFor();
    expect(await page.locator('ol li').count()).toBeGreaterThanOrEqual(3);
    const watch = page.getByRole('link', { name: /Watch a demonstration/ });
    expect(await watch.getAttribute('target')).toBe('_blank');
    expect(await watch.getAttribute('href')).toContain('youtube.com/results?search_query=Reverse%20Lunge');
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('link', { name: 'Back to Exercises' }).click();
    await expectPath(page, '/exercise-tutorials?q=lunge&category=Lower+Body');
    await page.getByRole('link', { name: 'View tutorial: Reverse Lunge' }).waitFor();
    expect(await shownCount(page)).toBe(count);
    expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Lower Body');

    // A shared link opens the same detail; the SPEC's ten keep their slugs.
    await page.goto(site.url('/exercise-tutorials/push-ups'));
    await page.getByRole('heading', { level: 1, name: 'Push-Ups' }).waitFor();
  } finally {
    await page.context().close();
  }
});

test("a generated plan's catalogue exercise links to its tutorial", async () => {
  const page = await site.newPage();
  try {
    await site.signUp(page);
    const res = await page.request.post(site.url('/api/generate-workout'), {
      data: { age: 30, gender: 'female', fitnessLevel: 'beginner', focusArea: 'full body', duration: 30, equipment: ['bodyweight'], goals: ['general fitness'], injuries: [] },
    });
    expect(res.status()).toBe(201);
    const workout = await res.json();
    await page.goto(site.url(`/workout-plan/${workout.id}`));
    const row = page.getByTestId('exercise-row').first();
    const link = row.getByRole('link');
    const name = ((await link.textContent()) ?? '').replace(' (exercise tutorial)', '').trim();
    expect(name.length).toBeGreaterThan(2);
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toMatch(/\/exercise-tutorials\/[a-z0-9-]+$/);
  } finally {
    await page.context().close();
  }
});
