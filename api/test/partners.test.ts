/**
 * `npm run partners` (issue 16): the team's view of the finder's impressions and clicks per partner,
 * run as the real CLI against the test database, plus the report's per-day arithmetic.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApi, type TestApi } from './helpers';
import { addPartner, countPartnerEvent, DEMO_PARTNER, partnerReport, removePartner } from '../src/partners/service';
import { Partner } from '../src/partners/model';
import { formatReport, parseArgs } from '../src/partners/cli';
import { runSeed } from '../src/seed';
import { childEnv } from '@fitconnect/build-config/child-env';

jest.setTimeout(180000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const root = path.join(__dirname, '..', '..');
const run = promisify(execFile);
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'api/src/partners/cli.ts', ...args], {
      cwd: root,
      env: childEnv({ MONGODB_URI: api.mongoUri }),
      timeout: 120000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
const beacon = (body: unknown) =>
  fetch(`${api.url}/api/partners/events`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

it('registers a partner, then lists what its finders counted (the real CLI, twice: tsx starts slowly)', async () => {
  const added = await cli('add', 'running-club', 'Leeds', 'Running', 'Club');
  expect(added.code).toBe(0);
  expect(added.stdout).toContain('running-club (Leeds Running Club) registered');
  expect(await addPartner('running-club', 'Again', new Date())).toBe('exists');

  for (let i = 0; i < 3; i++) expect((await beacon({ partner: 'running-club', kind: 'impression' })).status).toBe(204);
  expect((await beacon({ partner: 'running-club', kind: 'click', trainerId: 3 })).status).toBe(204);

  const list = await cli('30');
  expect(list.code).toBe(0);
  expect(list.stdout).toContain('last 30 day(s)');
  const line = list.stdout.split('\n').find((l) => l.startsWith('running-club '));
  expect(line).toMatch(/^running-club\s+Leeds Running Club\s+3\s+1\s+33\.3%$/);
  const today = new Date().toISOString().slice(0, 10);
  expect(list.stdout).toMatch(new RegExp(`${today}\\s+3 impressions\\s+1 clicks`));

  // Removed: no longer counted, past counts stay in the report.
  expect(await removePartner('running-club')).toBe(true);
  expect((await beacon({ partner: 'running-club', kind: 'impression' })).status).toBe(204);
  const rows = await partnerReport(7, new Date());
  expect(rows.find((r) => r.partnerId === 'running-club')).toMatchObject({ registered: false, name: null, impressions: 3, clicks: 1 });
  expect(formatReport(rows, 7)).toMatch(/running-club\s+\(no longer registered\)\s+3\s+1/);
});

it('sums per day within the window, newest first', async () => {
  await addPartner('day-sums', 'Day sums', new Date());
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  for (const [d, kind, n] of [
    ['2030-01-01', 'impression', 2],
    ['2030-01-07', 'impression', 5],
    ['2030-01-07', 'click', 2],
    ['2030-01-10', 'click', 1],
  ] as const)
    for (let i = 0; i < n; i++) await countPartnerEvent('day-sums', kind, day(d));
  const week = (await partnerReport(7, day('2030-01-10'))).find((r) => r.partnerId === 'day-sums');
  expect(week).toMatchObject({
    impressions: 5,
    clicks: 3,
    days: [
      { day: '2030-01-10', impressions: 0, clicks: 1 },
      { day: '2030-01-07', impressions: 5, clicks: 2 },
    ],
  });
  const month = (await partnerReport(30, day('2030-01-10'))).find((r) => r.partnerId === 'day-sums');
  expect(month).toMatchObject({ impressions: 7, clicks: 3 });
});

it('reads its arguments strictly', () => {
  expect(parseArgs([])).toEqual({ kind: 'list', days: 7, json: false });
  expect(parseArgs(['30', '--json'])).toEqual({ kind: 'list', days: 30, json: true });
  expect(parseArgs(['add', 'ok-id', 'Ok', 'Gym'])).toEqual({ kind: 'add', id: 'ok-id', name: 'Ok Gym' });
  for (const bad of [['0'], ['abc'], ['400'], ['1', '2'], ['add', 'ok-id'], ['add', 'Running Club!', 'x'], ['remove', 'X']]) expect(typeof parseArgs(bad)).toBe('string');
});

it('the demo seed registers the demo partner page', async () => {
  await runSeed();
  expect(await Partner.exists({ partnerId: DEMO_PARTNER.id })).toBeTruthy();
});
