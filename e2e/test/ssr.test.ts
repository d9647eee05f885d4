import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, FAILING_IMPACTS } from '../src/a11y';
import { startSite, type Site } from '../src/harness';

// Issue 32 on the BUILT site with the real API and its demo data (scripts/ssr/seo.mjs, docs/ssr.md):
//  - the HTML the server answers (what curl, a crawler or a link preview reads) carries each public page's title,
//    description, canonical URL, social tags, JSON-LD and content, from the API;
//  - with JavaScript OFF the public pages read and navigate: links between them, the trainer search as a GET form,
//    a trainer's profile with name, rating and reviews; the pages pass axe;
//  - with JavaScript ON nothing changes for the visitor: the app renders as before, with no console error, and the
//    JSON-LD stays in the head.

jest.setTimeout(10 * 60_000);

let site: Site;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
}, 300_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await site?.close();
});

interface TrainerJson {
  id: number;
  user: { firstName: string; lastName: string; location: string };
  specialization: string;
  rating: number;
  reviewCount: number;
}

async function api<T>(p: string): Promise<T> {
  const res = await fetch(`${site.apiUrl}${p}`);
  if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  return (await res.json()) as T;
}

async function noJsPage(browser: Browser, o: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: o.width ?? 1280, height: 800 }, colorScheme: o.colorScheme ?? 'light', locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/**
 * axe needs JavaScript in the page, so it checks what a JavaScript-off visitor gets: the page's server HTML with
 * its <noscript> parts unwrapped and its scripts removed, in a JavaScript-on page of the same size and theme.
 */
async function expectNoSeriousViolations(page: Page, colorScheme: 'light' | 'dark') {
  const url = page.url();
  const html = (await (await fetch(url)).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '');
  const viewport = page.viewportSize()!;
  const context = await site.browser.newContext({ viewport, colorScheme });
  try {
    const check = await context.newPage();
    await check.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await check.goto(url);
    const serious = (await axeViolations(check)).filter((v) => FAILING_IMPACTS.has(String(v.impact)));
    expect(serious.map((v) => `${url}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await context.close();
  }
}

/** As the server writes text into HTML. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script[^>]* type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

test('the server HTML of each public page carries its title, tags, JSON-LD and content from the API', async () => {
  const [top] = await api<TrainerJson[]>('/api/trainers?sort=rating&limit=1');
  const reviews = await api<Array<{ comment: string }>>(`/api/trainers/${top.id}/reviews`);
  const name = `${top.user.firstName} ${top.user.lastName}`;
  const html = await (await fetch(site.url(`/trainers/${top.id}`))).text();
  expect(html).toContain(`<title>${esc(`${name}, ${top.specialization}`)} | FitConnect</title>`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/trainers/${top.id}">`));
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain('<meta name="twitter:card"');
  for (const text of [name, top.specialization, top.user.location, `Rated ${top.rating.toFixed(1)} out of 5 from ${top.reviewCount} reviews`]) {
    expect(html).toContain(esc(text));
  }
  if (reviews[0]?.comment) expect(html).toContain(esc(reviews[0].comment));
  const [ld] = jsonLdOf(html);
  expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'LocalBusiness', name, employee: { '@type': 'Person', name } });
  if (top.reviewCount > 0) expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: top.rating, reviewCount: top.reviewCount, bestRating: 5 });

  const exercises = await api<{ items: Array<{ slug: string; name: string }> }>('/api/exercises?pageSize=1');
  const ex = exercises.items[0];
  const exHtml = await (await fetch(site.url(`/exercise-tutorials/${ex.slug}`))).text();
  expect(jsonLdOf(exHtml)[0]).toMatchObject({ '@type': 'HowTo', name: ex.name });
  const challenges = await api<Array<{ id: number; title: string }>>('/api/challenges');
  if (challenges.length) {
    const chHtml = await (await fetch(site.url(`/challenges/${challenges[0].id}`))).text();
    expect(jsonLdOf(chHtml)[0]).toMatchObject({ '@type': 'Event', name: challenges[0].title });
  }
  for (const [route, title] of [
    ['/', 'FitConnect | Home workouts and personal trainers'],
    ['/trainers', 'Find a Trainer | FitConnect'],
    ['/exercise-tutorials', 'Exercise Tutorials | FitConnect'],
    ['/challenges', 'Fitness Challenges | FitConnect'],
    ['/community', 'Community | FitConnect'],
    ['/privacy-policy', 'Privacy Policy | FitConnect'],
  ]) {
    expect(await (await fetch(site.url(route))).text()).toContain(`<title>${title}</title>`);
  }
  const sitemap = await (await fetch(site.url('/sitemap.xml'))).text();
  expect(sitemap).toContain('<sitemapindex');
  const trainersMap = await (await fetch(site.url('/sitemaps/trainers-1.xml'))).text();
  expect(trainersMap).toContain(`/trainers/${top.id}</loc>`);
});

test('with JavaScript off, the public pages read and navigate: home -> trainer search (GET form) -> a profile; tutorials; challenges; community; privacy policy', async () => {
  for (const [width, colorScheme] of [
    [1280, 'light'],
    [390, 'dark'],
    [1280, 'dark'],
    [390, 'light'],
  ] as const) {
    const page = await noJsPage(site.browser, { width, colorScheme });
    await page.goto(site.url('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'FitConnect' }).isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, colorScheme);

    await page.getByRole('searchbox', { name: 'Town or postcode' }).fill('Leeds');
    await Promise.all([page.waitForURL(/\/trainers\?location=Leeds$/), page.getByRole('button', { name: 'Search trainers' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Personal trainers near Leeds' }).isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, colorScheme);

    const first = page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link');
    const name = (await first.textContent())!.trim();
    await Promise.all([page.waitForURL(/\/trainers\/\d+$/), first.click()]);
    await expect(page.getByRole('heading', { level: 1, name }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Rated \d\.\d out of 5 from \d+ reviews/).first().isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, colorScheme);
    await page.screenshot({ path: `/tmp/shots/ssr/e2e-nojs-profile-${width}-${colorScheme}.png`, fullPage: true }).catch(() => undefined);

    await Promise.all([page.waitForURL(/\/exercise-tutorials$/), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exercise Tutorials' }).click()]);
    const exercise = page.getByRole('main').getByRole('link').first();
    const exName = (await exercise.textContent())!.trim();
    await Promise.all([page.waitForURL(/\/exercise-tutorials\/[a-z0-9-]+$/), exercise.click()]);
    await expect(page.getByRole('heading', { level: 1, name: exName }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'How to do it' }).isVisible()).resolves.toBe(true);

    await Promise.all([page.waitForURL(/\/challenges$/), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Fitness Challenges' }).isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, colorScheme);
    await page.screenshot({ path: `/tmp/shots/ssr/e2e-nojs-challenges-${width}-${colorScheme}.png` }).catch(() => undefined);

    await Promise.all([page.waitForURL(/\/community$/), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click()]);
    await expect(page.getByRole('heading', { level: 2, name: /^Community Reviews \(\d+\)$/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { level: 3 }).count()).resolves.toBeGreaterThan(0);
    await expectNoSeriousViolations(page, colorScheme);
    await page.screenshot({ path: `/tmp/shots/ssr/e2e-nojs-community-${width}-${colorScheme}.png` }).catch(() => undefined);

    await Promise.all([page.waitForURL(/\/privacy-policy$/), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Privacy Policy' }).click()]);
    await expect(page.getByRole('heading', { level: 2, name: '12. Contact Us' }).isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page, colorScheme);
    await page.screenshot({ path: `/tmp/shots/ssr/e2e-nojs-privacy-${width}-${colorScheme}.png` }).catch(() => undefined);
  }
});

test('with JavaScript on, the app renders the profile as before, with no console error, and the head keeps the JSON-LD', async () => {
  const [top] = await api<TrainerJson[]>('/api/trainers?sort=rating&limit=1');
  const name = `${top.user.firstName} ${top.user.lastName}`;
  const page = await site.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url(`/trainers/${top.id}`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  // The JavaScript-off copy stays inert: only the app's heading is in the accessibility tree.
  await expect(page.getByRole('heading', { level: 1, name }).count()).resolves.toBe(1);
  await expect(page.title()).resolves.toBe(`${name}, ${top.specialization} | FitConnect`);
  await expect(page.locator('head script[type="application/ld+json"]').count()).resolves.toBe(1);
  expect(errors).toEqual([]);
});
