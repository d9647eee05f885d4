import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { childEnv } from '@fitconnect/build-config/child-env';
import { inCandidate } from '../../api/src/rollout/bucket';
import { signVisitorId, visitorKey } from '../../api/src/rollout/visitor';
import { buildApp, REMOTE_APPS, ROOT, startSite, type Served, type Site } from '../src/harness';
import { untilHydrated } from '../src/ssrCheck';

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
/** The candidate build (dist/ + releases/<CANDIDATE_VERSION>/), made once for both parts. */
let candidateRoot: string;
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

/**
 * Waits until check() holds, up to the harness's default wait (20 s; it was 10 s, short for a loaded machine);
 * the reports are sent after the area rendered.
 */
async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
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

beforeAll(async () => {
  // The candidate: a second build of the same remote into its own folder, with its own version.
  candidateRoot = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-rollout-'));
  await buildApp('mfe-trainers', {
    outDir: path.join(candidateRoot, 'dist'),
    env: { RELEASE_VERSION: CANDIDATE_VERSION, FITCONNECT_TEXT_REPLACE: JSON.stringify({ 'Find a Trainer': CANDIDATE_HEADING }) },
  });
  expect(existsSync(path.join(candidateRoot, 'releases', CANDIDATE_VERSION, 'remoteEntry.js'))).toBe(true);
}, 300_000);

afterAll(() => {
  if (candidateRoot) rmSync(candidateRoot, { recursive: true, force: true });
});

describe('versioned builds and the shell fallback (no rollout API needed)', () => {
  beforeAll(async () => {
    site = await startSite();
    stableEntry = `${site.remotes.trainers.url}/versions/${stableVersion()}/mf-manifest.json`;
    candidateServer = await site.serveDir(path.join(candidateRoot, 'dist'), { cors: true, name: 'mfe-trainers candidate' });
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
    // The heading is in the server's HTML: the area's files are loaded for its hydration, so count them after it.
    await untilHydrated(page);
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
    await untilHydrated(page);
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
      await untilHydrated(page);
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

/** `npm run rollout -- <args>` against the site's API (the operator token is read from its DATA_DIR). */
async function rollout(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'rollout', 'cli.ts'), ...args, '--api', site.apiUrl], {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: path.join(site.tmpDir, 'data') }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out };
}

async function operator(...args: string[]): Promise<string> {
  // Every manual change names its reason (the audit log); this journey's is always the same.
  const r = await rollout(...args, '--reason', 'e2e rollout journey');
  if (r.code !== 0) throw new Error(`npm run rollout -- ${args.join(' ')} exited ${r.code}:\n${r.out}\n${site.logs()}`);
  // The site has one API instance, the one the command went through: it drops its cached configuration
  // at once, so the next page load sees the change (other instances would within 2 s).
  return r.out;
}

interface AreaStatus {
  area: string;
  stable: { entry: string; version: string };
  candidate: { entry: string; version: string; percent: number; loads: number; failures: number } | null;
  autoRollback: { at: string; reason: string; version: string } | null;
}

async function trainersStatus(): Promise<AreaStatus> {
  const r = await rollout('status', '--json');
  if (r.code !== 0) throw new Error(`status exited ${r.code}:\n${r.out}`);
  const status = JSON.parse(r.out.slice(r.out.indexOf('{'))) as { areas: AreaStatus[] };
  return status.areas.find((a) => a.area === 'trainers')!;
}

/** One visit of /trainers in the given page; the version it showed. */
async function visit(page: Page, reload = false): Promise<'candidate' | 'stable'> {
  if (reload) await page.reload();
  else await page.goto(site.url('/trainers'));
  const heading = await trainersHeading(page);
  if (heading !== CANDIDATE_HEADING && heading !== 'Find a Trainer') throw new Error(`unexpected heading ${heading}`);
  return heading === CANDIDATE_HEADING ? 'candidate' : 'stable';
}

/** The site API's session secret (set here), which signs visitor ids: the split test gives its visitors fixed ids. */
const SESSION_SECRET = randomBytes(32).toString('base64url');
/** 60 visitor ids, the same on every run (random ones would make the split check fail now and then by chance). */
const VISITOR_IDS = Array.from({ length: 60 }, (_, i) => createHash('sha256').update(`e2e-visitor-${i}`).digest('base64url').slice(0, 22));

describe('staged rollout through the rollout API (per-visitor /remotes.json, npm run rollout)', () => {
  beforeAll(async () => {
    // Small thresholds so a handful of failing visitors trigger the automatic rollback. Every browser here
    // reports from 127.0.0.1, one client network: the per-network rules (api/test/security/rollout-forgery.test.ts)
    // are opened up.
    site = await startSite({
      rollout: {
        apiEnv: { ROLLOUT_MIN_LOADS: '4', ROLLOUT_FAILURE_RATE: '0.5', ROLLOUT_MIN_FAILURE_NETWORKS: '1', ROLLOUT_PER_NETWORK: '1000', SESSION_SECRET },
      },
    });
    candidateServer = await site.serveDir(path.join(candidateRoot, 'dist'), { cors: true, name: 'mfe-trainers candidate' });
    candidateEntry = `${candidateServer.url}/versions/${CANDIDATE_VERSION}/mf-manifest.json`;
  }, 400_000);

  afterAll(async () => {
    await site?.close();
  });

  const visitors: { page: Page; version: 'candidate' | 'stable' }[] = [];

  test('at 30 %, 60 visitors split as their buckets say and each sees the same version on reload', async () => {
    await operator('set', 'trainers', '--candidate', candidateEntry, '--percent', '30');
    // 60 browser contexts, a few at a time on the shared machine, each holding the fc_vid cookie the API
    // would have issued for a fixed id (signed with the site's secret), so the split is known in advance.
    // The trainers page's accessibility is checked by trainers.test.ts; here axe would only multiply the
    // run time by 120 loads.
    const key = visitorKey(SESSION_SECRET);
    const queue = [...VISITOR_IDS];
    const versions: string[] = [];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const page = await site.newPage({ a11y: false });
        await page.context().addCookies([{ name: 'fc_vid', value: signVisitorId(key, id), url: site.url('/') }]);
        const version = await visit(page);
        expect(version).toBe(inCandidate(id, 'trainers', CANDIDATE_VERSION, 30) ? 'candidate' : 'stable');
        expect(await visit(page, true)).toBe(version);
        versions.push(version);
        // One visitor of each version stays open for the next test; the rest are closed (memory).
        if (!visitors.some((v) => v.version === version)) visitors.push({ page, version });
        else await page.context().close();
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(versions).toHaveLength(60);
    const onCandidate = versions.filter((v) => v === 'candidate').length;
    console.log(`rollout split at 30 %: ${onCandidate} of 60 visitors on the candidate`);
    expect(onCandidate).toBe(VISITOR_IDS.filter((id) => inCandidate(id, 'trainers', CANDIDATE_VERSION, 30)).length);

    const status = await trainersStatus();
    expect(status.candidate).toMatchObject({ version: CANDIDATE_VERSION, percent: 30 });
    // Each visitor on the candidate loaded it twice (visit and reload) and counts once: the automatic
    // rollback's threshold is a share of visitors.
    expect(status.candidate!.loads).toBe(onCandidate);
    expect(status.candidate!.failures).toBe(0);
  }, 900_000);

  test('rollback takes effect on the next load; promote makes the candidate everyone\'s version', async () => {
    const onCandidate = visitors.find((v) => v.version === 'candidate');
    const onStable = visitors.find((v) => v.version === 'stable');
    if (!onCandidate || !onStable) throw new Error('needs a visitor of each version from the previous test');

    await operator('rollback', 'trainers');
    expect(await visit(onCandidate.page, true)).toBe('stable');
    expect((await trainersStatus()).candidate).toMatchObject({ version: CANDIDATE_VERSION, percent: 0 });

    await operator('promote', 'trainers');
    expect(await visit(onStable.page, true)).toBe('candidate');
    expect(await visit(onCandidate.page, true)).toBe('candidate');
    const fresh = await site.newPage();
    expect(await visit(fresh)).toBe('candidate');
    await fresh.context().close();
    const status = await trainersStatus();
    expect(status.stable.version).toBe(CANDIDATE_VERSION);
    expect(status.candidate).toBeNull();
    for (const v of visitors.splice(0)) await v.page.context().close();
  }, 300_000);

  test('a candidate whose manifest becomes unreachable falls back to stable with no error view, and enough failures roll it back', async () => {
    // A second version of the (now stable) build under another name, set at 100 %, then deleted.
    const broken = `e2e-broken-${process.pid}`;
    const brokenDir = path.join(candidateRoot, 'releases', broken);
    cpSync(path.join(candidateRoot, 'releases', CANDIDATE_VERSION), brokenDir, { recursive: true });
    await operator('set', 'trainers', '--candidate', `${candidateServer.url}/versions/${broken}/mf-manifest.json`, '--percent', '100');
    rmSync(brokenDir, { recursive: true, force: true });

    for (let i = 0; i < 4; i++) {
      const page = await site.newPage({ a11y: i === 0 });
      // The stable version (the promoted candidate build), no error view.
      expect(await visit(page)).toBe('candidate');
      await expect(page.locator('[data-area-error]').count()).resolves.toBe(0);
      await page.context().close();
    }
    // Asked again every 0.5 s for up to 20 s (the harness's default wait; it was 10 s, short for a loaded machine).
    let status = await trainersStatus();
    for (let i = 0; i < 40 && !status.autoRollback; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = await trainersStatus();
    }
    expect(status.autoRollback).toMatchObject({ version: broken });
    expect(status.autoRollback!.reason).toMatch(new RegExp(`of \\d+ loads of ${broken} failed`));
    expect(status.candidate).toMatchObject({ version: broken, percent: 0 });
    const r = await rollout('status');
    expect(r.out).toContain(status.autoRollback!.reason);
  }, 300_000);
});
