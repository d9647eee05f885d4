import type { Page } from 'playwright-core';
import { axeViolations, formatFindings, waitForSettled, type A11yFinding } from '../src/a11y';
import { startSite, type Site } from '../src/harness';
import { untilHydrated } from '../src/ssrCheck';
import { specRoutes } from '../src/routes';

// The accessibility gate over every route of SPEC §2: signed out and signed in, light and dark theme,
// 360 px and 1280 px wide. axe-core with the WCAG 2.x A/AA rules; any serious or critical violation
// fails. Routes whose area is still a placeholder are checked as they render today.

jest.setTimeout(20 * 60_000);

let site: Site;

beforeAll(async () => {
  site = await startSite();
}, 240_000);

afterAll(async () => {
  await site?.close();
});

/** Client-side navigation inside the running shell (as a link click does), without reloading it. */
async function goClientSide(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, route);
}

/** The page shows its level-1 heading and no loading spinner. */
async function waitForPage(page: Page, route: string) {
  try {
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
    // No spinner (shared-ui's Spinner is a role=status with a spinning ring) left in the page.
    await page
      .waitForFunction(() => ![...document.querySelectorAll('main [role="status"]')].some((el) => el.querySelector('[aria-hidden="true"]') && /loading|checking|signing/i.test(el.textContent ?? '')), null, { timeout: 15_000 })
      .catch(() => undefined);
  } catch (err) {
    const text = await page.locator('body').innerText().catch(() => '');
    throw new Error(`${route}: no level-1 heading at ${page.url()}\n${text.slice(0, 800)}\n${String(err)}`);
  }
}

const combos: { signedIn: boolean; colorScheme: 'light' | 'dark'; width: number }[] = [];
for (const signedIn of [false, true])
  for (const colorScheme of ['light', 'dark'] as const) for (const width of [360, 1280]) combos.push({ signedIn, colorScheme, width });

/** Every route of one combination in one page, navigated client-side as a user's clicks would; its findings. */
async function checkCombo({ signedIn, colorScheme, width }: (typeof combos)[number]): Promise<A11yFinding[]> {
  // This test checks each route itself: the automatic per-navigation gate would only repeat the work.
  const page = await site.newPage({ width, height: width < 600 ? 780 : 900, colorScheme, a11y: false });
  let workoutId = 1;
  if (signedIn) {
    await site.signUp(page);
    // A real plan of this user for /workout-plan/{id}.
    const gen = await page.request.post(site.url('/api/generate-workout'), {
      data: {
        age: 30,
        gender: 'prefer-not-to-say',
        fitnessLevel: 'beginner',
        focusArea: 'full body',
        duration: 20,
        equipment: ['bodyweight'],
        goals: ['general fitness'],
        injuries: [],
      },
    });
    if (gen.ok()) workoutId = ((await gen.json()) as { id: number }).id;
  }
  const findings: A11yFinding[] = [];
  const where = `${signedIn ? 'signed in' : 'signed out'}, ${colorScheme} theme, ${width} px`;
  let first = true;
  try {
    for (const route of specRoutes(workoutId)) {
      if (first) {
        await page.goto(site.url(route));
        // '/' comes rendered by the server (signed out): the next route's pushState must find the router running,
        // or the page hydrates at that URL and is checked under the wrong name.
        await untilHydrated(page);
      } else await goClientSide(page, route);
      first = false;
      await waitForPage(page, route);
      await waitForSettled(page, { quietMs: 400 });
      const violations = await axeViolations(page);
      if (violations.length) findings.push({ url: `${route} -> ${new URL(page.url()).pathname}`, where, violations });
    }
  } finally {
    await page.context().close();
  }
  return findings;
}

/** `fn` over `items`, at most `concurrency` at a time; each item's own promise, in the items' order. */
function inPool<T, R>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R>[] {
  const starts = items.map(() => {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    return { started, start };
  });
  let next = 0;
  const startNext = () => {
    if (next < items.length) starts[next++].start();
  };
  const results = items.map((item, i) => starts[i].started.then(() => fn(item)));
  for (const r of results) r.then(startNext, startNext);
  for (let k = 0; k < concurrency; k++) startNext();
  return results;
}

// The combinations run two at a time (two pages in the one browser, each its own context): on two cores
// one page's quiet waits and network round trips overlap the other's rendering and axe run (CI time).
let outcomes: Promise<A11yFinding[]>[];

beforeAll(() => {
  outcomes = inPool(combos, 2, checkCombo);
  // Each test awaits its own; a failure before its test runs must not count as an unhandled rejection.
  for (const o of outcomes) o.catch(() => undefined);
});

test.each(combos.map((combo, i) => ({ ...combo, i })))('every SPEC §2 route passes axe (signed in: $signedIn, $colorScheme theme, $width px)', async ({ i }) => {
  const findings = await outcomes[i];
  if (findings.length) throw new Error(formatFindings(findings));
});
