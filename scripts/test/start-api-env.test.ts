/**
 * Issue 26: under `npm start` the API trusts one X-Forwarded-For hop (the shell's /api proxy), so it must
 * be reachable only through that proxy: it listens on loopback even when HOST=0.0.0.0 exposes the site.
 * And `npm start` (the zero-install demo) is what asks for the demo seed. Checked on the path the API's
 * environment takes: scripts/api-env.mjs -> scripts/start.mjs's run('api', ..., apiEnv) -> loadConfig.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../api/src/config';

const root = path.resolve(__dirname, '..', '..');

/** apiProcessEnv(env) from scripts/api-env.mjs (an ES module: evaluated by node itself). */
function apiProcessEnv(env: Record<string, string>): Record<string, string> {
  const code = `import { apiProcessEnv } from './scripts/api-env.mjs'; process.stdout.write(JSON.stringify(apiProcessEnv(${JSON.stringify(env)})));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' }));
}

/** What the API process sees: start.mjs spawns it with { ...process.env, ...apiEnv }. */
const apiSees = (shellEnv: Record<string, string>) => ({ ...shellEnv, ...apiProcessEnv(shellEnv) });

test('HOST=0.0.0.0 npm start: the API still listens on 127.0.0.1 only', () => {
  for (const HOST of ['0.0.0.0', '::', '192.168.1.20', '']) {
    expect(loadConfig(apiSees({ HOST })).host).toBe('127.0.0.1');
  }
});

test('npm start seeds the demo (SEED_DEMO=1) unless told otherwise, and trusts the one proxy hop by default', () => {
  expect(apiProcessEnv({})).toMatchObject({ SEED_DEMO: '1', TRUST_PROXY: '1' });
  expect(loadConfig(apiSees({}))).toMatchObject({ seedDemo: true, trustProxy: true, proxyHops: 1 });
  expect(loadConfig(apiSees({ SEED_DEMO: '0', TRUST_PROXY: '2' }))).toMatchObject({ seedDemo: false, proxyHops: 2 });
  // The API on its own (a deployment) seeds nothing.
  expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  expect(loadConfig({}).seedDemo).toBe(false);
});

test('start.mjs gives both API commands (npm start, npm run dev) that environment, and checks the API port on loopback', () => {
  const src = readFileSync(path.join(root, 'scripts', 'start.mjs'), 'utf8');
  const apiEnvLiteral = src.match(/const apiEnv = \{([\s\S]*?)\n {2}\};/);
  expect(apiEnvLiteral).not.toBeNull();
  // apiProcessEnv comes last in the literal: nothing after it can put HOST back.
  expect(apiEnvLiteral![1].trim().endsWith('...apiProcessEnv(process.env),')).toBe(true);
  expect(src).not.toMatch(/apiEnv\.HOST|apiEnv\[['"]HOST['"]\]/);
  const apiRuns = [...src.matchAll(/run\('api',[^\n]*\)/g)].map((m) => m[0]);
  expect(apiRuns.length).toBeGreaterThanOrEqual(2);
  for (const r of apiRuns) expect(r).toMatch(/, apiEnv\)$/);
  expect(src).toMatch(/const apiHost = API_HOST;/);
});
