import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeRelease, releaseVersion, sharedVersionMismatches } = require('../release') as typeof import('../release');

const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'styled-components', 'zustand', '@fitconnect/shared-ui'];

// Versioned remote builds (issue 17): each build's dist/ is copied once into an immutable version folder.

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'release-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'mf-manifest.json'), '{"name":"mfe_x"}');
  writeFileSync(path.join(root, 'dist', 'remoteEntry.js'), 'var mfe_x;');
  writeFileSync(path.join(root, 'dist', 'remoteEntry.js.gz'), 'compressed bytes, not hashed');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const opts = (env: Record<string, string> = {}) => ({
  distDir: path.join(root, 'dist'),
  releasesDir: path.join(root, 'releases'),
  name: 'mfe_x',
  packageVersion: '1.2.3',
  env,
});

test('writes <package version>-<content hash> once; the same content again is unchanged', () => {
  const first = writeRelease(opts());
  expect(first.status).toBe('written');
  expect(first.version).toMatch(/^1\.2\.3-[0-9a-f]{10}$/);
  expect(readFileSync(path.join(first.dir, 'remoteEntry.js'), 'utf8')).toBe('var mfe_x;');
  expect(JSON.parse(readFileSync(path.join(first.dir, 'release.json'), 'utf8'))).toMatchObject({ name: 'mfe_x', version: first.version });

  // A precompressed copy or a new build of the same sources: same version, nothing rewritten.
  writeFileSync(path.join(root, 'dist', 'remoteEntry.js.gz'), 'other compressed bytes');
  expect(writeRelease(opts())).toEqual({ ...first, status: 'unchanged' });

  // Changed content: a new version beside the old one, which stays.
  writeFileSync(path.join(root, 'dist', 'remoteEntry.js'), 'var mfe_x = 2;');
  const second = writeRelease(opts());
  expect(second.version).not.toBe(first.version);
  expect(readFileSync(path.join(first.dir, 'remoteEntry.js'), 'utf8')).toBe('var mfe_x;');
  expect(readdirSync(path.join(root, 'releases')).sort()).toEqual([first.version, second.version].sort());
});

test('RELEASE_VERSION names the version; reusing it for other content fails and changes nothing', () => {
  const r = writeRelease(opts({ RELEASE_VERSION: 'candidate-1' }));
  expect(r.version).toBe('candidate-1');
  writeFileSync(path.join(root, 'dist', 'remoteEntry.js'), 'var changed;');
  expect(() => writeRelease(opts({ RELEASE_VERSION: 'candidate-1' }))).toThrow(/already exists.*immutable/);
  expect(readFileSync(path.join(r.dir, 'remoteEntry.js'), 'utf8')).toBe('var mfe_x;');
  // No half-written temporary folder is left behind.
  expect(readdirSync(path.join(root, 'releases'))).toEqual(['candidate-1']);
});

test('a RELEASE_VERSION that is not one URL path segment is refused', () => {
  for (const bad of ['../x', 'a/b', '.hidden', 'x'.repeat(101), 'sp ace']) {
    expect(() => releaseVersion({ packageVersion: '1.0.0', hash: 'ab'.repeat(32), env: { RELEASE_VERSION: bad } })).toThrow(/RELEASE_VERSION/);
  }
  expect(existsSync(path.join(root, 'releases'))).toBe(false);
});

test("a remote whose shared singletons differ from the shell's is reported", () => {
  const repo = path.resolve(__dirname, '..', '..');
  expect(sharedVersionMismatches(path.join(repo, 'mfe-trainers'), path.join(repo, 'shell'), SINGLETONS)).toEqual([]);
  // A remote with its own copy of react (a different version than the shell's).
  const remote = path.join(root, 'remote');
  mkdirSync(path.join(remote, 'node_modules', 'react'), { recursive: true });
  writeFileSync(path.join(remote, 'node_modules', 'react', 'package.json'), '{"name":"react","version":"17.0.2"}');
  const shellReact = JSON.parse(readFileSync(require.resolve('react/package.json', { paths: [path.join(repo, 'shell')] }), 'utf8')).version;
  expect(sharedVersionMismatches(remote, path.join(repo, 'shell'), SINGLETONS)).toContainEqual({ package: 'react', remote: '17.0.2', shell: shellReact });
});
