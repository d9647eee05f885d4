import type { Page, Response } from 'playwright-core';
import { waitForSettled } from '../src/a11y';
import { servePartnerDemo, startSite, type Served, type Site } from '../src/harness';
import { untilHydrated } from '../src/ssrCheck';
import { specRoutes } from '../src/routes';

// The site under its Content-Security-Policy (issue 26): every route of SPEC §2, signed out and signed in,
// loaded afresh (so each is a page answer with its own nonce) with every remote area it uses, each remote's
// standalone page and the partner demo page: no CSP violation is reported, in the page
// (`securitypolicyviolation`) or in the console, and styled-components' styles are applied. And the policy
// does its job: a script or style injected without the nonce is refused.

jest.setTimeout(15 * 60_000);

let site: Site;
let partner: Served;

beforeAll(async () => {
  site = await startSite();
  partner = await servePartnerDemo(site.shellUrl);
}, 300_000);

afterAll(async () => {
  await partner?.stop();
  await site?.close();
});

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records CSP violations of every document the page loads (in the page and in the console). */
async function watchCsp(page: Page): Promise<string[]> {
  const fromConsole: string[] = [];
  // Added through the browser's debugging protocol, so the page's own CSP does not apply to this script.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    window.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(msg.text())) fromConsole.push(`console: ${msg.text()}`);
  });
  return fromConsole;
}

/**
 * What went wrong on the page while a route loaded, for the message when an area shows its error view: the shell's
 * console errors (the loader logs the cause: '[shell] the <area> area could not be loaded: ...'), uncaught errors, and
 * requests that failed or answered with an error status. `take()` returns what was seen since the last call.
 */
function watchFailures(page: Page) {
  let seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => seen.push(`uncaught: ${err.message}`));
  page.on('requestfailed', (req) => seen.push(`request failed: ${req.method()} ${req.url()} (${req.failure()?.errorText ?? '?'})`));
  page.on('response', (res) => {
    if (res.status() >= 400) seen.push(`answer ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return {
    take(): string[] {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

const violationsIn = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

/** The page's answer carried the site's page policy (so a clean run means something). */
function expectPagePolicy(res: Response | null, where: string) {
  const policy = res?.headers()['content-security-policy'] ?? '';
  if (!/script-src 'self' 'nonce-[^']+'/.test(policy) || /unsafe-inline|unsafe-eval/.test(policy)) {
    throw new Error(`${where}: not the page policy: ${policy || '(none)'}`);
  }
}

/** The route rendered (its h1, no area error view) with styled-components' rules in a nonced <style>. */
async function expectRendered(page: Page, route: string, failures?: ReturnType<typeof watchFailures>) {
  const why = () => (failures ? `\nseen while loading:\n${failures.take().join('\n') || '(nothing)'}` : '');
  try {
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  } catch (err) {
    const text = await page.locator('body').innerText().catch(() => '');
    throw new Error(`${route}: no level-1 heading at ${page.url()}\n${text.slice(0, 600)}\n${String(err)}${why()}`);
  }
  // A server-rendered page has its heading before its area's code has run: the checks below are of the page the
  // area made, once hydrated (or rendered anew in the browser when it could not be: #root loses data-ssr either way).
  await untilHydrated(page);
  await waitForSettled(page, { quietMs: 400 });
  const failedAreas = await page.locator('[data-area-error]').count();
  if (failedAreas) throw new Error(`${route}: an area failed to load: ${await page.locator('[data-area-error]').first().innerText()}${why()}`);
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLStyleElement>('style[data-styled]')].map((s) => ({ nonce: s.nonce, rules: s.sheet?.cssRules.length ?? 0 })),
  );
  if (!styles.length || styles.some((s) => !s.nonce) || styles.reduce((n, s) => n + s.rules, 0) === 0) {
    throw new Error(`${route}: styled-components' styles missing or without the nonce: ${JSON.stringify(styles)}`);
  }
}

async function exerciseSlug(page: Page): Promise<string> {
  const res = await page.request.get(site.url('/api/exercises?pageSize=1'));
  const body = (await res.json()) as { items: { slug: string }[] };
  return body.items[0].slug;
}

/** SPEC §2's routes (e2e/src/routes.ts) and an exercise's detail page (the workouts area's video frame). */
const routes = (workoutId: number, slug: string): string[] => [...specRoutes(workoutId), `/exercise-tutorials/${slug}`];

test.each([false, true])('every route loads without a CSP violation, styles applied (signed in: %s)', async (signedIn) => {
  const page = await site.newPage({ a11y: false });
  const consoleViolations = await watchCsp(page);
  const failures = watchFailures(page);
  let workoutId = 1;
  if (signedIn) {
    await site.signUp(page);
    const gen = await page.request.post(site.url('/api/generate-workout'), {
      data: { age: 30, gender: 'prefer-not-to-say', fitnessLevel: 'beginner', focusArea: 'full body', duration: 20, equipment: ['bodyweight'], goals: ['general fitness'], injuries: [] },
    });
    if (gen.ok()) workoutId = ((await gen.json()) as { id: number }).id;
  }
  const slug = await exerciseSlug(page);
  const found: string[] = [];
  for (const route of routes(workoutId, slug)) {
    failures.take();
    const res = await page.goto(site.url(route));
    expectPagePolicy(res, route);
    await expectRendered(page, route, failures);
    for (const v of await violationsIn(page)) found.push(`${route}: ${v}`);
  }
  expect([...found, ...consoleViolations]).toEqual([]);
});

test("each remote's standalone page runs under its own page policy without a violation", async () => {
  const page = await site.newPage({ a11y: false });
  const consoleViolations = await watchCsp(page);
  const found: string[] = [];
  for (const [area, remote] of Object.entries(site.remotes)) {
    const res = await page.goto(`${remote.url}/`);
    expectPagePolicy(res, `${area} remote`);
    await page.locator('#root > *').first().waitFor({ timeout: 30_000 });
    await waitForSettled(page, { quietMs: 400 });
    for (const v of await violationsIn(page)) found.push(`${area} remote: ${v}`);
  }
  expect([...found, ...consoleViolations]).toEqual([]);
});

test('the partner demo page embeds the trainer finder from the site with no CSP or resource-policy refusal', async () => {
  const page = await site.newPage({ a11y: false });
  const consoleViolations = await watchCsp(page);
  const blocked: string[] = [];
  page.on('console', (msg) => {
    if (/ERR_BLOCKED_BY_RESPONSE|blocked by CORS/i.test(msg.text())) blocked.push(msg.text());
  });
  await page.goto(partner.url);
  await page.locator('#finder-leeds [data-testid="trainer-card"]').first().waitFor({ timeout: 30_000 });
  await waitForSettled(page, { quietMs: 400 });
  expect([...(await violationsIn(page)), ...consoleViolations, ...blocked]).toEqual([]);
});

test('the policy refuses a script or a style injected without the nonce (as an XSS would add them)', async () => {
  const page = await site.newPage({ a11y: false });
  await watchCsp(page);
  await page.goto(site.url('/'));
  await expectRendered(page, '/');
  const outcome = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid rgb(1, 2, 3) }';
    document.head.append(style);
    const imageLoaded = await new Promise<boolean>((resolve) => {
      const img = new Image();
      img.onload = () => resolve(true);
      img.onerror = () => resolve(false);
      img.src = 'https://attacker.invalid/pixel.png';
    });
    return {
      ran: (window as unknown as { __injected?: boolean }).__injected === true,
      styled: getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)',
      imageLoaded,
    };
  });
  expect(outcome).toEqual({ ran: false, styled: false, imageLoaded: false });
  // Each refusal is reported (the watcher sees violations; a clean run above is not a deaf one).
  await page.waitForFunction(() => (window.__cspViolations ?? []).length >= 3);
  expect(await violationsIn(page)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^script-src-elem refused inline/),
      expect.stringMatching(/^style-src-elem refused inline/),
      expect.stringMatching(/^img-src refused https:\/\/attacker\.invalid/),
    ]),
  );
});
