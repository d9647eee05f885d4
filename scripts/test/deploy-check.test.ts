import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDeployment, interpolate } from '../deploy-check';

const root = path.resolve(__dirname, '..', '..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

test('the repository passes: compose file, Dockerfiles, replica set, health checks, documented env', () => {
  const { problems, checks } = checkDeployment(root);
  expect(problems).toEqual([]);
  expect(checks).toEqual(expect.arrayContaining(['docker-compose.yml is valid YAML and matches the Compose Specification schema']));
});

test('compose interpolation as docker compose does it', () => {
  expect(interpolate('${A:-x}/${B}/$$C/${D:?set D}')).toEqual({ value: 'x//$C/<D>', names: ['A', 'B', 'D'] });
  expect(interpolate('${A:-x}', { A: 'y' }).value).toBe('y');
});

test.each([
  ['a service without a health check', (c: string) => c.replace(/\n    healthcheck:\n      test: \["CMD", "node", "-e", "fetch\('http:\/\/127\.0\.0\.1:3005[^\n]*\n(      [^\n]*\n){4}/, '\n'), 'service mfe-challenges has no health check'],
  ['a secret written into the file', (c: string) => c.replace(/\$\{SESSION_SECRET:\?[^}]*\}/, 'hunter2-hunter2'), 'SESSION_SECRET has a value in docker-compose.yml'],
  ['a secret with a default', (c: string) => c.replace('${OPENAI_API_KEY:-}', '${OPENAI_API_KEY:-sk-123}'), 'OPENAI_API_KEY has a default value'],
  ['MongoDB without a replica set', (c: string) => c.replace('command: ["--replSet", "rs0", "--bind_ip_all"]', 'command: ["--bind_ip_all"]'), 'does not run as a replica set'],
  ['an API that does not wait for MongoDB', (c: string) => c.replace('mongo: { condition: service_healthy }', 'mongo: { condition: service_started }'), 'does not wait for mongo to be healthy'],
  ['two services on one host port', (c: string) => c.replace('ports: ["3002:3002"]', 'ports: ["3001:3002"]'), 'host port 3001 is published by both'],
  ['a port the image does not expose', (c: string) => c.replace('ports: ["3005:3005"]', 'ports: ["3005:3999"]'), 'uses container port 3999'],
  ['a build context that does not exist', (c: string) => c.replace('{ context: ., dockerfile: mfe-trainers/Dockerfile }', '{ context: ./nope, dockerfile: Dockerfile }'), 'build context ./nope does not exist'],
  ['an undocumented variable', (c: string) => c.replace('TRUST_PROXY: ${TRUST_PROXY:-1}', 'TRUST_PROXY: ${TRUST_PROXY:-1}\n      FEATURE_X: "on"'), 'reads FEATURE_X, which README.md does not document'],
  ['a key that is not compose', (c: string) => c.replace('    restart: unless-stopped\n    ports: ["3001:3001"]', '    restart: unless-stopped\n    portz: ["3001:3001"]'), 'does not match the Compose Specification'],
  ['an API that does not know where a remote lives', (c: string) => c.replace(/\n      REMOTE_TRAINERS_URL: [^\n]*/, ''), 'services api and shell must set the same REMOTE_<AREA>_URL'],
  ['an operator token that is not required', (c: string) => c.replace(/\$\{OPERATOR_TOKEN:\?[^}]*\}/, '${OPERATOR_TOKEN}'), 'OPERATOR_TOKEN must be required from the environment'],
  ['a session secret that is not required', (c: string) => c.replace(/\$\{SESSION_SECRET:\?[^}]*\}/, '${SESSION_SECRET:-}'), 'SESSION_SECRET must be required from the environment'],
  ['demo accounts seeded by default', (c: string) => c.replace('TRUST_PROXY: ${TRUST_PROXY:-1}', 'TRUST_PROXY: ${TRUST_PROXY:-1}\n      SEED_DEMO: ${SEED_DEMO:-1}'), 'SEED_DEMO seeds public demo accounts'],
  ['an API port reachable from outside', (c: string) => c.replace('expose: ["4000"]', 'expose: ["4000"]\n    ports: ["4000:4000"]'), 'service api publishes its port'],
  ['broken YAML', (c: string) => c.replace('services:', 'services:\n  - oops: [\n'), 'is not valid YAML'],
])('fails on %s', (_label, mutate, expected) => {
  const changed = mutate(compose);
  expect(changed).not.toBe(compose);
  const { problems } = checkDeployment(root, { composeText: changed });
  expect(problems.join('\n')).toContain(expected);
});

/** The files the check reads, copied to a temporary folder a test may change. */
function copyOfRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-check-'));
  for (const f of ['docker-compose.yml', 'README.md', 'scripts', 'build-config', 'api', 'shell', 'mfe-workouts', 'mfe-trainers', 'mfe-messages', 'mfe-community', 'mfe-challenges']) {
    cpSync(path.join(root, f), path.join(dir, f), { recursive: true, filter: (src) => !/node_modules|dist/.test(path.relative(root, src)) });
  }
  return dir;
}

test('fails on a Dockerfile that uses npm install or bakes in a secret', () => {
  const dir = copyOfRepository();
  try {
    const file = path.join(dir, 'api', 'Dockerfile');
    writeFileSync(file, readFileSync(file, 'utf8').replace('npm ci --no-audit --no-fund', 'npm install').replace('ENV NODE_ENV=production', 'ENV SESSION_SECRET=abc NODE_ENV=production'));
    const text = checkDeployment(dir).problems.join('\n');
    expect(text).toContain('api/Dockerfile runs npm install');
    expect(text).toContain('api/Dockerfile sets SESSION_SECRET in the image');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("fails on a shell image whose static server runs with other node flags than scripts/static-env.cjs's", () => {
  const dir = copyOfRepository();
  try {
    const file = path.join(dir, 'shell', 'Dockerfile');
    const text = readFileSync(file, 'utf8');
    const changed = text.replace('"--max-semi-space-size=2", ', '');
    expect(changed).not.toBe(text);
    writeFileSync(file, changed);
    expect(checkDeployment(dir).problems.join('\n')).toContain("shell/Dockerfile: runs serve-static.mjs with node flags [--heap-growing-percent=50], not scripts/static-env.cjs's");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
