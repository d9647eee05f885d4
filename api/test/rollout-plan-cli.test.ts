/**
 * `npm run rollout` for issue 34: plan, status with the plan and its next decision, log, revert, kill,
 * release and preview, against a real test API (the command functions, as api/test/rollout-cli.test.ts).
 */
import { runCli } from '../src/rollout/command';
import { parseOperatorTokens, secretProblems, ConfigError } from '../src/config';
import { signUpAndLogin, startTestApi, type TestApi } from './helpers';
import { manifest, operator, startManifestServer, type ManifestServer } from './rollout-helpers';
import { startInstance, testClock } from './rollout-plan-helpers';

const ALICE = 'alice-token-0123456789abcdef0123456789';
const V1 = '0.2.0-aaaa1111';

let api: TestApi;
let cdn: ManifestServer;
const clock = testClock();
const rollout = () => ({ env: { REMOTE_TRAINERS_URL: `${cdn.url}/mf-manifest.json`, ROLLOUT_MIN_LOADS: '5', ROLLOUT_GATES: 'load-failures' }, manifestTimeoutMs: 2000 });

beforeAll(async () => {
  cdn = await startManifestServer();
  cdn.set('/mf-manifest.json', { body: manifest() });
  cdn.set(`/versions/${V1}/mf-manifest.json`, { body: manifest() });
  api = await startTestApi({ clock, rollout: rollout() });
  operator(api); // DATA_DIR/operator-token, as the API's start writes it
});
afterAll(async () => {
  await api?.stop();
  await cdn?.close();
});

async function cli(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env: { API_URL: api.url, DATA_DIR: api.config.dataDir, ...env }, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const url = () => `${cdn.url}/versions/${V1}/mf-manifest.json`;

test('bad input: a clear message, exit code 2, and nothing changed (a change without --reason included)', async () => {
  const cases: [string[], RegExp][] = [
    [['set', 'trainers', '--candidate', url(), '--percent', '10'], /^set needs --reason "\.\.\." \(it goes into the audit log\)/],
    [['promote', 'trainers'], /^promote needs --reason/],
    [['kill', 'trainers'], /^kill needs --reason/],
    [['kill', 'trainers', '--reason', '  '], /^A reason is required/],
    [['plan', 'trainers', '--candidate', url(), '--steps', '5,25', '--every', '30m', '--reason', 'r'], /^The last step must be 100/],
    [['plan', 'trainers', '--candidate', url(), '--steps', '5,x,100', '--every', '30m', '--reason', 'r'], /^Percent must be a number/],
    [['plan', 'trainers', '--candidate', url(), '--steps', '5,100', '--every', 'soon', '--reason', 'r'], /^The interval \(--every\) must be a duration/],
    [['plan', 'trainers', '--candidate', url(), '--every', '30m', '--reason', 'r'], /^plan needs --steps/],
    [['plan', 'trainers', '--candidate', url(), '--steps', '5,100', '--reason', 'r'], /^plan needs --every/],
    [['revert', '--reason', 'r'], /^revert needs the log entry number/],
    [['revert', 'abc', '--reason', 'r'], /^The entry must be a log entry number/],
    [['preview', 'trainers'], /^preview needs the version/],
    [['preview', 'trainers', V1, '--ttl', '90d'], /^The lifetime \(--ttl\) must be from 1m to 7d/],
    [['log', '--percent', '5'], /^--percent does not go with log/],
    [['status', '--reason', 'x'], /^--reason does not go with status/],
  ];
  for (const [argv, message] of cases) {
    const r = await cli(argv);
    expect({ argv, code: r.code, err: r.err }).toEqual({ argv, code: 2, err: expect.stringMatching(message) });
  }
  expect((await cli(['log'])).out).toBe('No rollout changes recorded.');
});

test('plan, status with the plan and its next decision, a held decision, log and revert', async () => {
  const t0 = clock.ms;
  const plan = await cli(['plan', 'trainers', '--candidate', url(), '--steps', '5,25,50,100', '--every', '30m', '--reason', 'new search, staged']);
  expect(plan).toMatchObject({ code: 0, err: '' });
  const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  expect(plan.out).toBe(
    `trainers: plan for ${V1}: 5 > 25 > 50 > 100 % every 30m; now at 5 %, next decision at ${at(t0 + 30 * 60_000)}. Reaching 100 % promotes it; watch with \`npm run rollout -- status\`.`,
  );
  let status = (await cli(['status'])).out.split('\n');
  expect(status).toContain(`  plan for ${V1}: [5] > 25 > 50 > 100 % every 30m (started ${at(t0)} by operator)`);
  expect(status).toContain(`  step 1 of 4 (5 %); next decision at ${at(t0 + 30 * 60_000)}`);

  // The interval passes without visitors: the decision holds the step and says why.
  clock.advance(30 * 60_000);
  const worker = await startInstance(api, { clock, rollout: rollout() });
  try {
    expect((await worker.tick()).map((d) => d.decision.outcome)).toEqual(['hold']);
  } finally {
    await worker.close();
  }
  status = (await cli(['status'])).out.split('\n');
  expect(status).toContain(`  step 1 of 4 (5 %); next decision at ${at(t0 + 60 * 60_000)}`);
  expect(status).toContain(`  last decision at ${at(t0 + 30 * 60_000)}: held at 5 %: only 0 loads since the step started (at least 5 needed)`);

  const log = (await cli(['log', 'trainers'])).out.split('\n');
  expect(log[0]).toMatch(new RegExp(`^#(\\d+)  ${at(t0 + 30 * 60_000)}  trainers  hold  by system: held at 5 %: only 0 loads`));
  expect(log[1]).toBe(`    before: stable default, candidate ${V1} at 5 %, plan step 1/4`);
  expect(log[3]).toMatch(new RegExp(`^#(\\d+)  ${at(t0)}  trainers  plan  by operator: new search, staged$`));
  expect(log[4]).toBe('    before: no rollout (deployment default)');
  expect(log[5]).toBe(`    after:  stable default, candidate ${V1} at 5 %, plan step 1/4`);
  const planEntry = /^#(\d+)/.exec(log[3])![1];
  const json = JSON.parse((await cli(['log', '--json', '--limit', '1'])).out);
  expect(json).toHaveLength(1);
  expect(json[0]).toMatchObject({ action: 'hold', actor: 'system', decision: { outcome: 'hold', signals: [{ signal: 'load-failures', verdict: 'insufficient' }] } });

  const rev = await cli(['revert', `#${planEntry}`, '--reason', 'wrong build']);
  expect(rev).toMatchObject({ code: 0, out: `trainers: reverted entry #${planEntry}; now no rollout (deployment default).` });
  expect((await cli(['log'])).out.split('\n')[0]).toMatch(new RegExp(`trainers  revert of #${planEntry}  by operator: wrong build$`));
  expect((await cli(['revert', '99999', '--reason', 'x'])).err).toBe('Refused: No rollout log entry #99999');
});

test('kill, release and preview; a named token (ROLLOUT_TOKEN) is the actor', async () => {
  const named = await startInstance(api, { clock, rollout: rollout(), config: { ...api.config, operatorTokens: [{ name: 'alice', token: ALICE }] } });
  try {
    const as = (argv: string[]) => cli([...argv, '--api', named.url], { ROLLOUT_TOKEN: ALICE });
    expect(await as(['set', 'trainers', '--candidate', url(), '--percent', '10', '--reason', 'try it'])).toMatchObject({ code: 0 });
    expect(await as(['kill', 'trainers', '--reason', 'pager went off'])).toMatchObject({
      code: 0,
      out: 'trainers: KILLED: every visitor gets default from the next page load; no plan advances until `release trainers`.',
    });
    expect((await as(['status'])).out).toMatch(/^ {2}KILLED at .* by alice: pager went off \(everyone gets the stable version; no plan advances until release\)$/m);
    expect(await as(['release', 'trainers', '--reason', 'false alarm'])).toMatchObject({ code: 0, out: `trainers: released; candidate ${V1} at 10 % again.` });
    const preview = await as(['preview', 'trainers', V1, '--ttl', '2h']);
    expect(preview.code).toBe(0);
    expect(preview.out).toMatch(new RegExp(`^trainers: preview of ${V1.replace(/\./g, '\\.')} until .*\\n${api.config.publicUrl.replace(/[./]/g, '\\$&')}/\\?fc_preview=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    const log = (await as(['log', '--limit', '4'])).out.split('\n');
    expect(log.filter((l) => l.startsWith('#')).map((l) => l.split('  ')[3] + ' ' + l.split('  ')[4].split(':')[0])).toEqual([
      'preview by alice',
      'release by alice',
      'kill by alice',
      'set by alice',
    ]);
    // The unnamed token is not one of this instance's (OPERATOR_TOKENS is set, OPERATOR_TOKEN is not).
    expect((await cli(['status', '--api', named.url])).err).toMatch(/refused the operator token/);
  } finally {
    await named.close();
  }
});

test('OPERATOR_TOKENS: name:token pairs, each token at least 32 characters; a malformed list is refused', () => {
  expect(parseOperatorTokens(`alice:${ALICE}, bob:${ALICE}x`)).toEqual([
    { name: 'alice', token: ALICE },
    { name: 'bob', token: `${ALICE}x` },
  ]);
  expect(parseOperatorTokens('')).toEqual([]);
  for (const bad of ['alice', `:${ALICE}`, `al ice:${ALICE}`, `system:${ALICE}`, `operator:${ALICE}`, `alice:${ALICE},alice:${ALICE}x`, `alice:${ALICE},bob:${ALICE}`]) {
    expect(() => parseOperatorTokens(bad)).toThrow(ConfigError);
  }
  expect(secretProblems({ OPERATOR_TOKENS: `alice:${ALICE},bob:short` })).toEqual([
    "OPERATOR_TOKENS: bob's token is 5 characters long; use at least 32 random characters (e.g. openssl rand -base64 32).",
  ]);
});

test('operator grant / revoke (who may use /ops) and pause / resume of a plan', async () => {
  const user = api.agent();
  const { email } = await signUpAndLogin(user);
  expect((await cli(['operator', 'grant'])).code).toBe(2);
  expect((await cli(['operator', 'make', email])).code).toBe(2);
  expect(await cli(['operator', 'grant', 'nobody@example.com'])).toMatchObject({ code: 1 });
  expect(await cli(['operator', 'grant', email])).toMatchObject({ code: 0, out: `${email} is an operator: signed in, they can use /ops.` });
  expect((await user.get('/api/ops/rollouts')).status).toBe(200);
  expect(await cli(['operator', 'revoke', email])).toMatchObject({ code: 0, out: `${email} is no longer an operator.` });
  expect((await user.get('/api/ops/rollouts')).status).toBe(403);

  expect((await cli(['plan', 'trainers', '--candidate', url(), '--steps', '10,100', '--every', '30m', '--reason', 'cli pause test'])).code).toBe(0);
  expect((await cli(['pause', 'trainers'])).code).toBe(2);
  const paused = await cli(['pause', 'trainers', '--reason', 'looking']);
  expect(paused).toMatchObject({ code: 0 });
  expect(paused.out).toMatch(/^trainers: plan paused at 10 %/);
  expect((await cli(['pause', 'trainers', '--reason', 'again'])).code).toBe(1);
  const resumed = await cli(['resume', 'trainers', '--reason', 'fine']);
  expect(resumed.out).toMatch(/^trainers: plan running again; next decision at /);
});
