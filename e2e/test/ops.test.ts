import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { childEnv } from '@fitconnect/build-config/child-env';
import { inCandidate } from '../../api/src/rollout/bucket';
import { signVisitorId, visitorKey } from '../../api/src/rollout/visitor';
import { buildApp, ROOT, startSite, type Served, type Site } from '../src/harness';

// Issue 34 item 5 in a real browser against the built site: an operator ACCOUNT (granted with
// `npm run rollout -- operator grant <email>`) opens /ops, sees the trainers candidate at 25 % with its
// charts, rolls it back with a reason from the dialog, and the next load of a visitor who had the
// candidate gets stable; a preview link shows the candidate to that browser only.

const CANDIDATE_VERSION = `e2e-ops-${process.pid}`;
const CANDIDATE_HEADING = 'Find a Trainer (candidate build)';
const SESSION_SECRET = randomBytes(32).toString('base64url');

let site: Site;
let candidateRoot: string;
let candidateServer: Served;
let candidateEntry: string;

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

async function cli(...args: string[]): Promise<string> {
  const r = await rollout(...args);
  if (r.code !== 0) throw new Error(`npm run rollout -- ${args.join(' ')} exited ${r.code}:\n${r.out}\n${site.logs()}`);
  return r.out;
}

async function trainersHeading(page: Page): Promise<string> {
  await page.getByRole('heading', { level: 1, name: /^Find a Trainer/ }).waitFor({ state: 'visible', timeout: 40_000 });
  return (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
}

/** A visitor holding the API-signed cookie of a fixed id in the candidate's 25 % share. */
const VISITOR = Array.from({ length: 200 }, (_, i) => createHash('sha256').update(`e2e-ops-visitor-${i}`).digest('base64url').slice(0, 22)).find((id) =>
  inCandidate(id, 'trainers', CANDIDATE_VERSION, 25),
)!;

async function visitorPage(): Promise<Page> {
  const page = await site.newPage({ a11y: false });
  await page.context().addCookies([{ name: 'fc_vid', value: signVisitorId(visitorKey(SESSION_SECRET), VISITOR), url: site.url('/') }]);
  return page;
}

beforeAll(async () => {
  candidateRoot = mkdtempSync(path.join(os.tmpdir(), 'fitconnect-ops-'));
  await buildApp('mfe-trainers', {
    outDir: path.join(candidateRoot, 'dist'),
    env: { RELEASE_VERSION: CANDIDATE_VERSION, FITCONNECT_TEXT_REPLACE: JSON.stringify({ 'Find a Trainer': CANDIDATE_HEADING }) },
  });
  expect(existsSync(path.join(candidateRoot, 'releases', CANDIDATE_VERSION, 'remoteEntry.js'))).toBe(true);
  site = await startSite({ rollout: { apiEnv: { SESSION_SECRET, ROLLOUT_PER_NETWORK: '1000', ROLLOUT_MIN_FAILURE_NETWORKS: '1' } } });
  candidateServer = await site.serveDir(path.join(candidateRoot, 'dist'), { cors: true, name: 'mfe-trainers candidate' });
  candidateEntry = `${candidateServer.url}/versions/${CANDIDATE_VERSION}/mf-manifest.json`;
}, 600_000);

afterAll(async () => {
  await site?.close();
  if (candidateRoot) rmSync(candidateRoot, { recursive: true, force: true });
});

test('an operator sees the candidate at 25 % with its charts on /ops, rolls it back with a reason, and the next visitor load gets stable', async () => {
  await cli('plan', 'trainers', '--candidate', candidateEntry, '--steps', '25,50,100', '--every', '30m', '--reason', 'e2e ops journey');
  // A visitor in the 25 % share gets the candidate (and its load shows in the charts' data).
  const visitor = await visitorPage();
  await visitor.goto(site.url('/trainers'));
  expect(await trainersHeading(visitor)).toBe(CANDIDATE_HEADING);

  // An operator account: signed up, then granted the role with the operator token.
  const ops = await site.newPage();
  const email = `ops_${process.pid}_${Date.now().toString(36)}@example.com`;
  await site.signUp(ops, { email });
  // A user without the role sees "Operators only".
  await ops.goto(site.url('/ops'));
  await ops.getByRole('heading', { level: 1, name: 'Operators only' }).waitFor({ timeout: 30_000 });
  expect(await cli('operator', 'grant', email)).toContain(`${email} is an operator`);

  await ops.goto(site.url('/ops'));
  await ops.getByRole('heading', { level: 1, name: 'Rollouts' }).waitFor({ timeout: 30_000 });
  const card = ops.locator('[data-ops-area="trainers"]');
  await expect(card.locator('[data-ops-candidate]').innerText()).resolves.toBe(`${CANDIDATE_VERSION} at 25 %`);
  await expect(card.getByText('Candidate at 25 %').count()).resolves.toBe(1);
  // The charts (two canvases) and their text alternative, with the visitor's row.
  await card.locator('[data-ops-charts="trainers"] canvas').first().waitFor();
  await expect(card.locator('[data-ops-charts="trainers"] canvas').count()).resolves.toBe(2);
  await card.getByText('Chart data as a table').click();
  await card.locator('[data-ops-charts="trainers"] table').getByText(`candidate ${CANDIDATE_VERSION}`).waitFor();

  // Roll back: the dialog needs a reason.
  await card.getByRole('button', { name: 'Roll back' }).click();
  const dialog = ops.getByRole('dialog', { name: 'Roll back trainers' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await dialog.getByText('A reason is required').waitFor();
  await dialog.getByLabel('Reason').fill('errors in the new filters');
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.locator('[data-ops-candidate]').getByText(`${CANDIDATE_VERSION} at 0 %`).waitFor();
  // The audit log names the operator and the reason.
  const row = ops.locator('[data-ops-log] tr', { hasText: 'errors in the new filters' });
  await row.waitFor();
  await expect(row.innerText()).resolves.toContain(email);

  // The visitor's next load gets stable.
  await visitor.reload();
  expect(await trainersHeading(visitor)).toBe('Find a Trainer');
  await visitor.context().close();
}, 300_000);

test('a preview link shows the candidate to that browser only', async () => {
  const out = await cli('preview', 'trainers', candidateEntry, '--ttl', '1h', '--reason', 'e2e preview');
  const link = out.trim().split('\n').pop()!.trim();
  const url = new URL(link);
  const previewer = await site.newPage({ a11y: false });
  await previewer.goto(site.url(`/trainers?${url.searchParams.toString()}`));
  expect(await trainersHeading(previewer)).toBe(CANDIDATE_HEADING);
  // The same browser keeps it on its next load (the cookie), nobody else gets it.
  await previewer.goto(site.url('/trainers'));
  expect(await trainersHeading(previewer)).toBe(CANDIDATE_HEADING);
  const other = await site.newPage({ a11y: false });
  await other.goto(site.url('/trainers'));
  expect(await trainersHeading(other)).toBe('Find a Trainer');
  await previewer.context().close();
  await other.context().close();
}, 120_000);
