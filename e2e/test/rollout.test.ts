import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildApp, REMOTE_APPS, ROOT, startSite, type Served, type Site } from '../src/harness';

// Issue 17 in a real browser against the built site: two visibly different versioned builds of the
// trainers remote (the candidate is built a second time with RELEASE_VERSION and a test-only text change),
// each served from its immutable /versions/<version>/ folder; a visitor on the candidate sees it, and a
// candidate that cannot be loaded falls back to the stable version with no error view.
//
// This part drives /remotes.json through the harness's file (REMOTES_JSON), so it needs only the shell
// and the static servers; the per-visitor split, promote/rollback and the automatic rollback need the
// rollout API (see the describe block further down).

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { contentHash } = require('../../build-config/release.js') as { contentHash: (dir: string) => string };

const CANDIDATE_VERSION = `e2e-candidate-${process.pid}`;
const CANDIDATE_HEADING = 'Find a Trainer (candidate build)';

let site: Site;
let candidateServer: Served;
let stableEntry: string;
let candidateEntry: string;

/** The stable build's own version folder: the one whose content is today's mfe-trainers/dist. */
function stableVersion(): string {
  const pkg = require(path.join(ROOT, 'mfe-trainers', 'package.json')) as { version: string };
  const version = `${pkg.version}-${contentHash(path.join(ROOT, 'mfe-trainers', 'dist')).slice(0, 10)}`;
  if (!existsSync(path.join(ROOT, 'mfe-trainers', 'releases', version, 'mf-manifest.json'))) {
    throw new Error(`mfe-trainers/releases/${version} is missing: rebuild mfe-trainers (npm run build -w mfe-trainers)`);
  }
  return version;
}

async function expectHeading(page: Page, text: string | RegExp) {
  try {
    await page.getByRole('heading', { level: 1, name: text }).waitFor({ state: 'visible', timeout: 40_000 });
  } catch (err) {
    const body = await page.locator('body').innerText().catch(() => '');
    const h1s = await page.locator('h1').allInnerTexts().catch(() => []);
    throw new Error(`Heading ${String(text)} not shown at ${page.url()} (h1: ${JSON.stringify(h1s)}).\nPage text:\n${body.slice(0, 1500)}\n\nServer logs:\n${site.logs()}\n${String(err)}`);
  }
}

/** The trainers directory's h1, exactly (the candidate's text contains the stable one). */
async function trainersHeading(page: Page): Promise<string> {
  await expectHeading(page, /^Find a Trainer/);
  return (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
}

/** Waits (up to 10 s) until check() holds; the reports are sent after the area rendered. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}

/** The trainers area's load reports the page sends to the rollout API. */
function trainersBeacons(page: Page): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/rollout/events')) return;
    const body = JSON.parse(r.postData() ?? '{}') as Record<string, unknown>;
    if (body.area === 'trainers') out.push(body);
  });
  return out;
}

/** /remotes.json as the rollout API would answer it for a visitor on the candidate. */
function serveCandidate(entry: string) {
  writeFileSync(
    site.remotesFile,
    JSON.stringify({
      remotes: REMOTE_APPS.map((r) =>
        r.area === 'trainers'
          ? { area: r.area, name: r.name, entry, version: CANDIDATE_VERSION, fallback: { entry: stableEntry, version: 'stable' } }
          : { area: r.area, name: r.name, entry: site.remotes[r.area].manifestUrl, version: 'default' },
      ),
    }),
  );
}

describe('versioned builds and the shell fallback (no rollout API needed)', () => {
  beforeAll(async () => {
    site = await startSite();
    stableEntry = `${site.remotes.trainers.url}/versions/${stableVersion()}/mf-manifest.json`;
    // The candidate: a second build of the same remote into its own folder, with its own version.
    const out = path.join(site.tmpDir, 'trainers-candidate', 'dist');
    await buildApp('mfe-trainers', {
      outDir: out,
      env: { RELEASE_VERSION: CANDIDATE_VERSION, FITCONNECT_TEXT_REPLACE: JSON.stringify({ 'Find a Trainer': CANDIDATE_HEADING }) },
    });
    expect(existsSync(path.join(site.tmpDir, 'trainers-candidate', 'releases', CANDIDATE_VERSION, 'remoteEntry.js'))).toBe(true);
    candidateServer = await site.serveDir(out, { cors: true, name: 'mfe-trainers candidate' });
    candidateEntry = `${candidateServer.url}/versions/${CANDIDATE_VERSION}/mf-manifest.json`;
  }, 400_000);

  afterAll(async () => {
    await site?.close();
  });

  test('the stable version folder loads on its own (its manifest takes its chunks from that folder)', async () => {
    site.setRemoteEntry('trainers', stableEntry);
    const page = await site.newPage();
    const chunkUrls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(site.remotes.trainers.url)) chunkUrls.push(r.url());
    });
    await page.goto(site.url('/trainers'));
    expect(await trainersHeading(page)).toBe('Find a Trainer');
    expect(chunkUrls.length).toBeGreaterThan(1);
    for (const u of chunkUrls) expect(u).toContain(`/versions/${stableVersion()}/`);
  });

  test('a visitor given the candidate sees the candidate, on every reload', async () => {
    serveCandidate(candidateEntry);
    const page = await site.newPage();
    const beacons = trainersBeacons(page);
    await page.goto(site.url('/trainers'));
    expect(await trainersHeading(page)).toBe(CANDIDATE_HEADING);
    await page.reload();
    expect(await trainersHeading(page)).toBe(CANDIDATE_HEADING);
    // One "loaded" report per page load of the candidate.
    await until(() => beacons.length >= 2);
    expect(beacons).toHaveLength(2);
    for (const b of beacons) expect(b).toEqual({ area: 'trainers', version: CANDIDATE_VERSION, outcome: 'loaded' });
  });

  test('a candidate whose manifest is unreachable falls back to stable with no error view, and reports it', async () => {
    serveCandidate(`${candidateServer.url}/versions/does-not-exist/mf-manifest.json`);
    const page = await site.newPage();
    const beacons = trainersBeacons(page);
    await page.goto(site.url('/trainers'));
    expect(await trainersHeading(page)).toBe('Find a Trainer');
    await expect(page.locator('[data-area-error]').count()).resolves.toBe(0);
    await until(() => beacons.length >= 2);
    expect(beacons).toHaveLength(2);
    expect(beacons[0]).toMatchObject({ area: 'trainers', version: CANDIDATE_VERSION, outcome: 'failed' });
    expect(String(beacons[0].reason)).not.toBe('');
    expect(beacons[1]).toEqual({ area: 'trainers', version: 'stable', outcome: 'loaded' });
  });

  test('a candidate whose server is down falls back the same way; the stable error view stays for a stable failure', async () => {
    serveCandidate(candidateEntry);
    await candidateServer.stop();
    try {
      const page = await site.newPage();
      await page.goto(site.url('/trainers'));
      expect(await trainersHeading(page)).toBe('Find a Trainer');
      await expect(page.locator('[data-area-error]').count()).resolves.toBe(0);

      // No fallback (a stable entry that fails): the existing error view.
      site.setRemoteEntry('trainers', `${candidateServer.url}/mf-manifest.json`);
      const page2 = await site.newPage();
      await page2.goto(site.url('/trainers'));
      await page2.locator('[data-area-error="trainers"]').waitFor({ timeout: 30_000 });
    } finally {
      await candidateServer.restart();
      site.setRemoteEntry('trainers', site.remotes.trainers.manifestUrl);
    }
  });
});
