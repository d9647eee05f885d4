import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startSite, type Site } from '../src/harness';
import { kb, measureJsWeight, recordJs, type AreaVisit, type JsWeight } from '../src/jsweight';

// The JavaScript budget: landing JS and each area's first-visit JS, as gzip of the built files the
// browser requests (e2e/budgets.json). Sizes come from the build output, not from timings, so the test
// is stable on a busy machine. It prints every number, goal and budget.

interface Budgets {
  landing: { goal: number; budget: number };
  areas: Record<string, { goal: number; budget: number }>;
}
const budgets = JSON.parse(readFileSync(path.join(__dirname, '..', 'budgets.json'), 'utf8')) as Budgets;
const KB = 1024;

let site: Site;
let landing: JsWeight;
let visits: AreaVisit[];

beforeAll(async () => {
  site = await startSite();
  ({ landing, visits } = await measureJsWeight(site));
  const row = (what: string, w: JsWeight, b: { goal: number; budget: number }) =>
    `${what.padEnd(36)} ${kb(w.gzip).padStart(9)} gzip ${kb(w.raw).padStart(9)} raw ${String(w.files.length).padStart(3)} files  budget ${b.budget} KB, goal ${b.goal} KB: ${w.gzip <= b.goal * KB ? 'met' : 'NOT met'}`;
  const lines = ['JavaScript weight (gzip of the built files the browser requested)', row('landing /', landing, budgets.landing)];
  for (const v of visits) lines.push(row(`first visit ${v.area} (${v.path})`, v.weight, budgets.areas[v.area]));
  console.log(lines.join('\n'));
}, 300_000);

afterAll(async () => {
  await site?.close();
});

const list = (w: JsWeight) => w.files.map((f) => `  ${f.file ?? f.url} ${kb(f.gzip)}`).join('\n');

test('landing JavaScript stays within its budget', () => {
  const budget = budgets.landing.budget * KB;
  if (landing.gzip > budget) throw new Error(`landing is ${kb(landing.gzip)} gzip, budget ${budgets.landing.budget} KB:\n${list(landing)}`);
  // Nothing of an area loads on landing.
  expect(landing.files.filter((f) => f.file && !f.file.startsWith('shell/'))).toEqual([]);
});

test("each area's first visit stays within its budget", () => {
  expect(visits.map((v) => v.area)).toEqual(expect.arrayContaining(Object.keys(budgets.areas)));
  const over = visits
    .filter((v) => v.weight.gzip > budgets.areas[v.area].budget * KB)
    .map((v) => `${v.area} (${v.path}) is ${kb(v.weight.gzip)} gzip, budget ${budgets.areas[v.area].budget} KB:\n${list(v.weight)}`);
  if (over.length) throw new Error(over.join('\n'));
  // The MF runtime is not loaded again by a remote (one runtime per page): remoteEntry.js stays small.
  // (Messages' entry was already loaded by the signed-in landing's nav badge: see AREA_LINKS.)
  for (const v of visits.filter((x) => x.area !== 'messages')) {
    const entry = v.weight.files.find((f) => f.file?.endsWith('/remoteEntry.js'));
    expect(entry && entry.gzip).toBeLessThan(20 * KB);
  }
});

test("signed in, the landing loads only the nav badge of the area that declares one, no area's routes module", async () => {
  const page = await site.newPage();
  try {
    await site.signUp(page);
    const rec = recordJs(page, site);
    await page.goto(site.url('/'));
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
    await rec.quiet();
    const remoteFiles = rec
      .take()
      .files.map((f) => f.file)
      .filter((f): f is string => !!f && !f.startsWith('shell/'));
    // Only the messages remote (its entry and its ./navBadge module); nothing of the other four areas.
    expect(remoteFiles.filter((f) => !f.startsWith('mfe-messages/'))).toEqual([]);
    expect(remoteFiles).toEqual(expect.arrayContaining(['mfe-messages/dist/remoteEntry.js']));
    expect(remoteFiles.some((f) => /__federation_expose_navBadge/.test(f))).toBe(true);
    expect(remoteFiles.filter((f) => /__federation_expose_routes/.test(f))).toEqual([]);
  } finally {
    await page.context().close();
  }
}, 90_000);

test('the landing page paints before /remotes.json answers', async () => {
  const page = await site.newPage();
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/remotes.json', async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto(site.url('/'));
    await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  } finally {
    release();
  }
});
