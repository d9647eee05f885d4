import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveDeps } from '../src/app';
import { clockStartingAt } from '../src/context';
import { ConfigError, loadConfig, resolveSessionSecret, secretProblems } from '../src/config';

it('reads the environment with sensible defaults', () => {
  const c = loadConfig({});
  expect(c).toMatchObject({ port: 4000, publicUrl: 'http://localhost:3000', trustProxy: false, mongodbUri: undefined, rateLimit: 1 });
  expect(c.dataDir.endsWith(`${path.sep}.data`)).toBe(true);
  const d = loadConfig({ PORT: '5001', PUBLIC_URL: 'https://fit.example/', TRUST_PROXY: 'true', MONGODB_URI: 'mongodb://db/x', RATE_LIMIT: 'off' });
  expect(d).toMatchObject({ port: 5001, publicUrl: 'https://fit.example', trustProxy: true, mongodbUri: 'mongodb://db/x', rateLimit: false });
  expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
});

it('generates a session secret once and keeps it in the data folder', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fitconnect-config-'));
  try {
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSessionSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSessionSecret(config)).toBe(first);
    expect((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(path.join(dir, 'session-secret'))).mode & 0o077).toBe(0);
    expect(resolveSessionSecret({ ...config, sessionSecret: 'from-env' })).toBe('from-env');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('refuses a configured OPERATOR_TOKEN or SESSION_SECRET shorter than 32 characters (unset ones are generated)', () => {
  expect(secretProblems({})).toEqual([]);
  expect(secretProblems({ OPERATOR_TOKEN: 'x'.repeat(32), SESSION_SECRET: 'y'.repeat(48) })).toEqual([]);
  expect(secretProblems({ OPERATOR_TOKEN: '  ', SESSION_SECRET: '' })).toEqual([]);
  const problems = secretProblems({ OPERATOR_TOKEN: 'changeme', SESSION_SECRET: 'z'.repeat(31) });
  expect(problems).toEqual([
    expect.stringMatching(/^SESSION_SECRET is 31 characters long; use at least 32/),
    expect.stringMatching(/^OPERATOR_TOKEN is 8 characters long; use at least 32/),
  ]);
  // The message names the length, never the value.
  expect(problems.join('\n')).not.toContain('changeme');
});

it('seeds demo data only when SEED_DEMO says so, whatever NODE_ENV is', () => {
  expect(loadConfig({}).seedDemo).toBe(false);
  expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(false);
  expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: 'true', NODE_ENV: 'production' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
});

it('TEST_CLOCK_AT (the e2e harness API only) sets the app clock with NODE_ENV=test and is refused otherwise, production above all', () => {
  const at = '2026-01-15T12:00:00.000Z';
  // Refused: production, development, unset NODE_ENV. The API exits with the message (index.ts: ConfigError).
  expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_AT: at })).toThrow(ConfigError);
  expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_AT: at })).toThrow(/TEST_CLOCK_AT is for the browser tests \(NODE_ENV=test\)/);
  expect(() => loadConfig({ NODE_ENV: 'development', TEST_CLOCK_AT: at })).toThrow(ConfigError);
  expect(() => loadConfig({ TEST_CLOCK_AT: at })).toThrow(ConfigError);
  // Not an instant: refused rather than read as something else.
  expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK_AT: 'tomorrow' })).toThrow(/ISO date and time/);
  expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK_AT: '2026-13-45T99:00:00Z' })).toThrow(/ISO date and time/);
  // Unset or blank: the real clock, whatever NODE_ENV is.
  expect(loadConfig({ NODE_ENV: 'production' }).testClockAt).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_AT: ' ' }).testClockAt).toBeUndefined();
  expect(resolveDeps({ config: loadConfig({ NODE_ENV: 'production' }), sessionSecret: 'x'.repeat(32) }).clock.now().getTime()).toBeGreaterThan(Date.parse(at));

  // Honoured with NODE_ENV=test: deps.clock starts at the instant and runs on at real speed.
  const config = loadConfig({ NODE_ENV: 'test', TEST_CLOCK_AT: at });
  expect(config.testClockAt?.toISOString()).toBe(at);
  const clock = resolveDeps({ config, sessionSecret: 'x'.repeat(32) }).clock;
  const first = clock.now().getTime();
  expect(first).toBeGreaterThanOrEqual(Date.parse(at));
  expect(first).toBeLessThan(Date.now()); // not the real clock (the instant is in the past)
  expect(clock.now().getTime()).toBeGreaterThanOrEqual(first);
  // Exactly: the instant at start, then real elapsed time added.
  let real = 1_000_000;
  const driven = clockStartingAt(new Date(at), () => real);
  expect(driven.now().toISOString()).toBe(at);
  real += 90_000;
  expect(driven.now().toISOString()).toBe('2026-01-15T12:01:30.000Z');
});
