/**
 * `npm run rollout`: the command functions against a real test API, plus one run of the real entry
 * (tsx api/src/rollout/cli.ts) as a child process.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../src/rollout/command';
import { startTestApi, type TestApi } from './helpers';
import { manifest, operator, startManifestServer, SINGLETONS, type ManifestServer } from './rollout-helpers';

let api: TestApi;
let cdn: ManifestServer;
const repo = path.resolve(__dirname, '..', '..');

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  cdn.set('/versions/0.2.0-aaaa1111/mf-manifest.json', { body: manifest() });
  cdn.set('/versions/0.9.0-dddd4444/mf-manifest.json', { body: manifest('mfe_trainers', { ...SINGLETONS, 'styled-components': '6.7.0' }) });
  cdn.set('/stable-sc/mf-manifest.json', { body: manifest('mfe_trainers', { ...SINGLETONS, 'styled-components': '6.6.0' }) });
  api = await startTestApi({ rollout: { env: { REMOTE_TRAINERS_URL: `${cdn.url}/stable-sc/mf-manifest.json` }, manifestTimeoutMs: 1000 } });
  operator(api); // makes sure DATA_DIR/operator-token exists, as the API's start does
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env: { API_URL: api.url, DATA_DIR: api.config.dataDir }, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('bad input: a clear message, a non-zero exit code, and nothing changed', async () => {
  const before = (await operator(api).status()).body;
  const cases: [string[], number, RegExp][] = [
    [['set', 'payments', '--candidate', `${cdn.url}/versions/0.2.0-aaaa1111/mf-manifest.json`, '--percent', '10'], 2, /^Unknown area "payments"\. Areas: workouts, trainers, messages, community, challenges$/],
    [['set', 'trainers', '--candidate', `${cdn.url}/versions/0.2.0-aaaa1111/mf-manifest.json`, '--percent', '140'], 2, /^Percent must be from 0 to 100 \(got 140\)$/],
    [['set', 'trainers', '--candidate', `${cdn.url}/versions/0.2.0-aaaa1111/mf-manifest.json`], 2, /set needs --percent/],
    [['set', 'trainers', '--candidate', 'http://127.0.0.1:1/mf-manifest.json', '--percent', '10', '--reason', 'r'], 1, /^Refused: Could not reach the candidate manifest http:\/\/127\.0\.0\.1:1\/mf-manifest\.json/],
    [['set', 'trainers', '--candidate', `${cdn.url}/versions/0.9.0-dddd4444/mf-manifest.json`, '--percent', '10', '--reason', 'r'], 1, /styled-components 6\.7\.0 in the candidate, 6\.6\.0 in stable/],
    [['promote', 'trainers', '--reason', 'ship it'], 1, /^Refused: trainers has no candidate to promote$/],
    [['rollback'], 2, /An area is required/],
    [['deploy', 'trainers'], 2, /^Unknown command "deploy"/],
    [['set', 'trainers', '--percent', '10', '--frobnicate'], 2, /Unknown option '--frobnicate'/],
  ];
  for (const [argv, code, message] of cases) {
    const r = await cli(...argv);
    expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code, err: expect.stringMatching(message) });
  }
  expect((await operator(api).status()).body).toEqual(before);
});

test('set, status, rollback and promote', async () => {
  const set = await cli('set', 'trainers', '--candidate', `${cdn.url}/versions/0.2.0-aaaa1111/mf-manifest.json`, '--percent', '10', '--reason', 'first 10 %');
  expect(set).toMatchObject({ code: 0, err: '' });
  expect(set.out).toMatch(/^trainers: candidate 0\.2\.0-aaaa1111 at 10 % \(stable default\)/);

  const status = await cli('status');
  expect(status.code).toBe(0);
  const lines = status.out.split('\n');
  expect(lines[0]).toBe('Rollouts (automatic rollback when failures reach 5 % of at least 20 loads)');
  expect(lines[2]).toMatch(/^AREA\s+ROLE\s+VERSION\s+SHARE\s+VISITORS\s+LOADS\s+FAILURES\s+ENTRY$/);
  expect(lines.find((l) => l.startsWith('trainers'))).toMatch(/^trainers\s+stable\s+default\s+90 %\s+0\s+0\s+0\s+http/);
  expect(lines.find((l) => /^\s+candidate/.test(l))).toMatch(/candidate\s+0\.2\.0-aaaa1111\s+10 %\s+0\s+0\s+0\s+http.*versions\/0\.2\.0-aaaa1111/);
  expect(lines.find((l) => l.startsWith('workouts'))).toMatch(/^workouts\s+stable\s+default\s+100 %\s+-\s+0\s+0\s+http:\/\/localhost:3001\/mf-manifest\.json$/);

  const json = JSON.parse((await cli('status', '--json')).out);
  expect(json.areas[1].candidate).toMatchObject({ version: '0.2.0-aaaa1111', percent: 10 });

  const rb = await cli('rollback', 'trainers', '--reason', 'looks off');
  expect(rb).toMatchObject({ code: 0, out: 'trainers: candidate 0.2.0-aaaa1111 rolled back to 0 % (kept for inspection); everyone gets default.' });
  expect((await cli('status')).out).toMatch(/candidate at 0 %: kept for inspection/);
  const pr = await cli('promote', 'trainers', '--reason', 'all good');
  expect(pr).toMatchObject({ code: 0, out: 'trainers: 0.2.0-aaaa1111 is now the stable version for everyone (no candidate).' });
});

test('an unreachable API or a wrong token is a clear message with exit code 1', async () => {
  // A port nobody listens on.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const closed = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const downErr: string[] = [];
  const down = await runCli(['status', '--api', `http://127.0.0.1:${closed}`], { env: { DATA_DIR: api.config.dataDir }, out: () => {}, err: (l) => downErr.push(l) });
  expect(down).toBe(1);
  expect(downErr[0]).toBe(`Cannot reach the API at http://127.0.0.1:${closed} (ECONNREFUSED). Is \`npm start\` running? Point at it with --api <url> or API_URL.`);
  const errs: string[] = [];
  expect(await runCli(['status'], { env: { API_URL: api.url, OPERATOR_TOKEN: 'wrong' }, out: () => {}, err: (l) => errs.push(l) })).toBe(1);
  expect(errs[0]).toMatch(/refused the operator token/);
});

test('the real entry runs with tsx (no build) and reads the token from DATA_DIR', async () => {
  const run = promisify(execFile);
  const { stdout } = await run(path.join(repo, 'node_modules', '.bin', 'tsx'), [path.join(repo, 'api/src/rollout/cli.ts'), 'status', '--api', api.url], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: api.config.dataDir, OPERATOR_TOKEN: '' },
  });
  expect(stdout).toMatch(/^trainers\s+stable\s+0\.2\.0-aaaa1111\s+100 %/m);
  await expect(run(path.join(repo, 'node_modules', '.bin', 'tsx'), [path.join(repo, 'api/src/rollout/cli.ts'), 'set', 'trainers', '--percent', '140', '--api', api.url], { cwd: repo, env: { ...process.env, DATA_DIR: api.config.dataDir } })).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('Percent must be from 0 to 100 (got 140)'),
  });
}, 60_000);
