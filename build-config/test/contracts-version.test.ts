// The contracts' area entries are shared by exact version (build-config/contractsVersion.js): a remote built
// from other contracts than the shell's gets its own copy in the page, one built from the same tree gets the
// shell's. Checked on the shared config the builds use and on the Module Federation runtime itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createInstance } from '@module-federation/runtime';
import { contractsVersion } from '../contractsVersion';
import { CONTRACTS_AREAS } from '../singletons';
import { ROOT } from './sources';

const CONTRACTS = path.join(ROOT, 'contracts');

type Shared = Record<string, { singleton?: boolean; version?: string; requiredVersion?: string | false; import?: string | false }>;
/** The shared config build-config/rspack.js gives an app (in node: jest cannot load @rspack/core's ES module build). */
function sharedSingletons(appDir: string, opts: { consumeOnly?: boolean } = {}): Shared {
  const script = `process.stdout.write(JSON.stringify(require(${JSON.stringify(path.join(ROOT, 'build-config', 'rspack.js'))}).sharedSingletons(${JSON.stringify(appDir)}, ${JSON.stringify(opts)})))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

test('the version is the package version plus a hash of the sources, and changes with any source', () => {
  const version = contractsVersion(CONTRACTS);
  expect(version).toMatch(/^\d+\.\d+\.\d+-c[0-9a-f]{10}$/);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-'));
  try {
    fs.cpSync(CONTRACTS, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
    expect(contractsVersion(copy)).toBe(version);
    // A test changing does not change what the front ends load.
    fs.writeFileSync(path.join(copy, 'test', 'extra.test.ts'), '// not shipped\n');
    expect(contractsVersion(copy)).toBe(version);
    // A new export in one area's source does.
    fs.appendFileSync(path.join(copy, 'src', 'community.ts'), '\nexport const NEW_RULE = 1;\n');
    expect(contractsVersion(copy)).not.toBe(version);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test("every app asks for exactly its own build's contracts, and a production remote keeps its own copy of the ones it uses to fall back on", () => {
  const version = contractsVersion(CONTRACTS);
  const shell = sharedSingletons(path.join(ROOT, 'shell'));
  const remote = sharedSingletons(path.join(ROOT, 'mfe-community'), { consumeOnly: true });
  const expected = (area: string) => ({ singleton: false, version, requiredVersion: version, import: path.join(CONTRACTS, `${area}.ts`) });
  // The shell provides every entry.
  for (const area of CONTRACTS_AREAS) expect(shell[`@fitconnect/contracts/${area}`]).toMatchObject(expected(area));
  // A production remote declares the entries its own code uses, and no other (each is bytes in its remoteEntry.js).
  const declared = Object.keys(remote).filter((r) => r.startsWith('@fitconnect/contracts/'));
  expect(declared).toEqual(['@fitconnect/contracts/community']);
  expect(remote['@fitconnect/contracts/community']).toMatchObject(expected('community'));
  // Everything else a production remote takes from the shell (no copy of its own).
  expect(remote.react).toMatchObject({ singleton: true, import: false });
});

describe('in the page (the Module Federation runtime, share strategy loaded-first)', () => {
  const REQUEST = '@fitconnect/contracts/community';
  let shellShared: Shared;
  beforeAll(() => {
    shellShared = sharedSingletons(path.join(ROOT, 'shell'));
  });
  /** An app providing and asking for the contracts as the shared config above declares them. */
  function app(name: string, version: string) {
    const { singleton, requiredVersion } = shellShared[REQUEST];
    expect(requiredVersion).toBe(contractsVersion(CONTRACTS));
    return createInstance({
      name,
      remotes: [],
      shareStrategy: 'loaded-first',
      shared: { [REQUEST]: { version, lib: () => ({ builtBy: name }), shareConfig: { singleton: singleton!, requiredVersion: version } } },
    });
  }
  const builtBy = async (instance: ReturnType<typeof createInstance>) => ((await instance.loadShare(REQUEST)) as () => { builtBy: string })().builtBy;

  test("a remote built from the same contracts uses the shell's copy (one copy in the page)", async () => {
    const shell = app('shell_same', '0.1.0-c0000000001');
    await expect(builtBy(shell)).resolves.toBe('shell_same');
    const remote = app('remote_same', '0.1.0-c0000000001');
    remote.initShareScopeMap('default', shell.shareScopeMap.default);
    await expect(builtBy(remote)).resolves.toBe('shell_same');
  });

  test('a remote built from other contracts uses its own copy, and the shell keeps its own', async () => {
    const shell = app('shell_other', '0.1.0-c0000000001');
    await expect(builtBy(shell)).resolves.toBe('shell_other');
    const remote = app('remote_other', '0.1.0-c0000000002');
    remote.initShareScopeMap('default', shell.shareScopeMap.default);
    await expect(builtBy(remote)).resolves.toBe('remote_other');
    await expect(builtBy(shell)).resolves.toBe('shell_other');
  });
});
