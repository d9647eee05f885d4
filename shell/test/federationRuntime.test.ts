/**
 * @jest-environment node
 */
import { AreaLoader, isLoadFailure, type LoadReport, type RolloutManifest } from '../src/federation/areaLoader';
import { clearManifestCache, readManifest } from '../src/federation/manifestCache';
import { createFederationRuntime, type MfRuntimeCalls } from '../src/federation/runtime';

// The shell registers a remote with Module Federation by the remoteEntry.js its mf-manifest.json names, read by
// the shell itself (once per page), so the runtime never reads a manifest and its snapshot code is left out of
// the shell's build. These tests drive the adapter with a stand-in runtime that behaves as Module Federation's
// does for what the shell uses: registration by name (replaced only with `force`) and loads by '<name>/<expose>'.

const WORKOUTS = 'http://r.test:3001/mf-manifest.json';
const CANDIDATE = 'http://r.test:3002/versions/0.2.0-cand/mf-manifest.json';
const STABLE = 'http://r.test:3002/versions/0.1.0-stable/mf-manifest.json';
const manifestOf = (url: string) => ({
  metaData: { globalName: url.includes('3001') ? 'mfe_workouts' : 'mfe_trainers', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  exposes: [{ path: './routes' }, { path: './navBadge' }],
});
const entryOf = (manifest: string) => manifest.replace('mf-manifest.json', 'remoteEntry.js');

let fetchMock: jest.Mock;
let down: Set<string>;
beforeEach(() => {
  clearManifestCache();
  down = new Set();
  fetchMock = jest.fn(async (url: string) =>
    down.has(url) ? new Response('down', { status: 503 }) : new Response(JSON.stringify(manifestOf(url)), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const Page = () => null;
/** A stand-in for Module Federation's runtime: remoteEntry.js URLs in `broken` fail to load. */
function fakeMf(broken: Set<string> = new Set()) {
  const entries = new Map<string, { entry: string; entryGlobalName?: string; type?: string }>();
  const calls: string[] = [];
  const mf = {
    registerPlugins: jest.fn(),
    registerRemotes: jest.fn((remotes: Array<{ name: string; entry?: string; entryGlobalName?: string; type?: string }>, options?: { force?: boolean }) => {
      for (const r of remotes) {
        if (entries.has(r.name) && !options?.force) continue;
        entries.set(r.name, { entry: r.entry ?? '', entryGlobalName: r.entryGlobalName, type: r.type });
        calls.push(`register ${r.name} ${r.entry}${options?.force ? ' (force)' : ''}`);
      }
    }),
    loadRemote: jest.fn(async (id: string) => {
      const e = entries.get(id.split('/')[0]);
      if (!e) throw new Error(`${id}: remote not registered`);
      calls.push(`load ${id} from ${e.entry}`);
      if (broken.has(e.entry)) return { __fitconnectRemoteLoadFailed: true, error: new Error(`${e.entry} failed`) };
      return { default: id.endsWith('/routes') ? { routes: [{ path: '/x', Component: Page }] } : Page };
    }),
  };
  return { mf: mf as unknown as MfRuntimeCalls, entries, calls, raw: mf };
}
const manifestReads = () => fetchMock.mock.calls.map((c) => c[0]);

test('a manifest entry is registered by the remoteEntry.js it names, with its global and type, when first loaded', async () => {
  const { mf, entries, calls } = fakeMf();
  const runtime = createFederationRuntime(mf);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }]);
  // Registration alone reads nothing and tells the runtime nothing (loading stays lazy).
  expect(calls).toEqual([]);
  expect(manifestReads()).toEqual([]);
  await expect(runtime.loadRemote('mfe_workouts/routes')).resolves.toMatchObject({ default: { routes: [{ path: '/x' }] } });
  expect(entries.get('mfe_workouts')).toEqual({ entry: 'http://r.test:3001/remoteEntry.js', entryGlobalName: 'mfe_workouts', type: 'global' });
  expect(calls).toEqual(['register mfe_workouts http://r.test:3001/remoteEntry.js', 'load mfe_workouts/routes from http://r.test:3001/remoteEntry.js']);
  expect(manifestReads()).toEqual([WORKOUTS]);
});

test('a manifest read ahead (idle, early start) is the one used; two loads at once register the remote once', async () => {
  const { mf, calls } = fakeMf();
  const runtime = createFederationRuntime(mf);
  await readManifest(WORKOUTS);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }]);
  await Promise.all([runtime.loadRemote('mfe_workouts/routes'), runtime.loadRemote('mfe_workouts/navBadge')]);
  expect(manifestReads()).toEqual([WORKOUTS]);
  expect(calls.filter((c) => c.startsWith('register'))).toEqual(['register mfe_workouts http://r.test:3001/remoteEntry.js']);
});

test('a bare remoteEntry.js entry is registered at once, as given; registering a name again without force changes nothing', async () => {
  const { mf, calls } = fakeMf();
  const runtime = createFederationRuntime(mf);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: 'http://r.test:3001/remoteEntry.js' }]);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }]);
  expect(calls).toEqual(['register mfe_workouts http://r.test:3001/remoteEntry.js']);
  await runtime.loadRemote('mfe_workouts/routes');
  expect(manifestReads()).toEqual([]);
});

test('a manifest that cannot be read answers as a load failure, registers nothing, and the next load after a re-registration reads it again', async () => {
  const { mf, calls } = fakeMf();
  const runtime = createFederationRuntime(mf);
  down.add(WORKOUTS);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }]);
  const failed = await runtime.loadRemote('mfe_workouts/routes');
  expect(isLoadFailure(failed)).toBe(true);
  expect(String((failed as { error: unknown }).error)).toContain('503');
  expect(calls).toEqual([]);
  down.clear();
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }], { force: true });
  await expect(runtime.loadRemote('mfe_workouts/routes')).resolves.toMatchObject({ default: { routes: [{ path: '/x' }] } });
  expect(manifestReads()).toEqual([WORKOUTS, WORKOUTS]);
});

test('a manifest that names no entry is a load failure too (not an exception)', async () => {
  const { mf, calls } = fakeMf();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ exposes: [] }), { status: 200 }));
  const runtime = createFederationRuntime(mf);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }]);
  const failed = await runtime.loadRemote('mfe_workouts/routes');
  expect(isLoadFailure(failed)).toBe(true);
  expect(String((failed as { error: unknown }).error)).toContain('names no remoteEntry');
  expect(calls).toEqual([]);
});

test('a re-registration with force (Retry) reads the manifest from the server again and replaces the loaded entry', async () => {
  const { mf, calls } = fakeMf();
  const runtime = createFederationRuntime(mf);
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }]);
  await runtime.loadRemote('mfe_workouts/routes');
  runtime.registerRemotes([{ name: 'mfe_workouts', entry: WORKOUTS }], { force: true });
  await runtime.loadRemote('mfe_workouts/routes');
  expect(manifestReads()).toEqual([WORKOUTS, WORKOUTS]);
  expect(calls.filter((c) => c.startsWith('register'))).toEqual([
    'register mfe_workouts http://r.test:3001/remoteEntry.js',
    'register mfe_workouts http://r.test:3001/remoteEntry.js (force)',
  ]);
});

describe('with the area loader: staged rollouts', () => {
  const manifest: RolloutManifest = {
    remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: CANDIDATE, version: '0.2.0-cand', fallback: { entry: STABLE, version: '0.1.0-stable' } }],
  };
  function setup(broken: string[]) {
    const fake = fakeMf(new Set(broken));
    const reports: LoadReport[] = [];
    const loader = new AreaLoader({ runtime: createFederationRuntime(fake.mf), fetchManifest: async () => manifest, report: (e) => reports.push(e) });
    return { ...fake, loader, reports };
  }

  test("a candidate whose remoteEntry.js fails: reported, and the stable version's entry replaces it on the page", async () => {
    const { loader, reports, calls } = setup([entryOf(CANDIDATE)]);
    await expect(loader.load('trainers')).resolves.toMatchObject({ area: 'trainers' });
    expect(reports).toEqual([
      { area: 'trainers', version: '0.2.0-cand', outcome: 'failed', reason: expect.stringContaining('remoteEntry.js failed') },
      { area: 'trainers', version: '0.1.0-stable', outcome: 'loaded' },
    ]);
    expect(calls).toEqual([
      `register mfe_trainers ${entryOf(CANDIDATE)}`,
      `load mfe_trainers/routes from ${entryOf(CANDIDATE)}`,
      `register mfe_trainers ${entryOf(STABLE)} (force)`,
      `load mfe_trainers/routes from ${entryOf(STABLE)}`,
    ]);
  });

  test("a candidate whose manifest is unreachable falls back the same way; the stable one's manifest is read only then", async () => {
    const { loader, reports, calls } = setup([]);
    down.add(CANDIDATE);
    await expect(loader.load('trainers')).resolves.toMatchObject({ area: 'trainers' });
    expect(reports.map((r) => `${r.version} ${r.outcome}`)).toEqual(['0.2.0-cand failed', '0.1.0-stable loaded']);
    expect(reports[0].reason).toContain('503');
    expect(manifestReads()).toEqual([CANDIDATE, STABLE]);
    // The candidate never reached the runtime; the stable entry is a first registration of the name.
    expect(calls).toEqual([`register mfe_trainers ${entryOf(STABLE)}`, `load mfe_trainers/routes from ${entryOf(STABLE)}`]);
  });

  test('both versions failing reaches the error view; Retry tries the stable one again, from a fresh manifest read', async () => {
    const { loader, calls } = setup([entryOf(CANDIDATE), entryOf(STABLE)]);
    await expect(loader.load('trainers')).rejects.toThrow('failed');
    const before = manifestReads().length;
    await expect(loader.retry('trainers')).rejects.toThrow('failed');
    expect(manifestReads().slice(before)).toEqual([STABLE]);
    expect(calls.at(-2)).toBe(`register mfe_trainers ${entryOf(STABLE)} (force)`);
  });
});
