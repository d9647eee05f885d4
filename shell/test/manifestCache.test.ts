/**
 * @jest-environment node
 */
import { AreaLoader, type FederationRuntime, type RolloutManifest } from '../src/federation/areaLoader';
import { clearManifestCache, forgetManifest, peekManifest, readManifest, remoteEntryOf } from '../src/federation/manifestCache';

// Issue 35 item 3: each remote's mf-manifest.json is read once per page (ahead of a visit when the landing
// page is idle), and the shell registers the remote by the remoteEntry.js that answer names (runtime.ts), so
// a first switch into an area starts with its remoteEntry.js. Only the visitor's own entries are read.

const WORKOUTS = 'http://r.test:3001/mf-manifest.json';
const CANDIDATE = 'http://r.test:3002/versions/0.2.0-cand/mf-manifest.json';
const STABLE = 'http://r.test:3002/versions/0.1.0-stable/mf-manifest.json';
const body = (url: string) => ({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './routes' }], shared: [], url });

let fetchMock: jest.Mock;
let failing: Set<string>;
beforeEach(() => {
  clearManifestCache();
  failing = new Set();
  fetchMock = jest.fn(async (url: string) =>
    failing.has(url) ? new Response('down', { status: 503 }) : new Response(JSON.stringify(body(url)), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
});

const urls = () => fetchMock.mock.calls.map((c) => c[0]);

test('a manifest is read once for the page, revalidated with the server; a failed read is forgotten', async () => {
  const [a, b] = await Promise.all([readManifest(WORKOUTS), readManifest(WORKOUTS)]);
  expect(a).toEqual(body(WORKOUTS));
  expect(b).toBe(a);
  expect(urls()).toEqual([WORKOUTS]);
  expect(fetchMock.mock.calls[0][1]).toMatchObject({ cache: 'no-cache' });
  expect(peekManifest(WORKOUTS)).toEqual(body(WORKOUTS));

  failing.add(CANDIDATE);
  await expect(readManifest(CANDIDATE)).rejects.toThrow('503');
  expect(peekManifest(CANDIDATE)).toBeUndefined();
  failing.clear();
  await expect(readManifest(CANDIDATE)).resolves.toEqual(body(CANDIDATE));
  expect(urls()).toEqual([WORKOUTS, CANDIDATE, CANDIDATE]);
});

test('a forgotten manifest is read from the server again (a re-registration after a failure)', async () => {
  await readManifest(WORKOUTS);
  await readManifest(WORKOUTS);
  forgetManifest(WORKOUTS);
  expect(peekManifest(WORKOUTS)).toBeUndefined();
  await readManifest(WORKOUTS);
  expect(urls()).toEqual([WORKOUTS, WORKOUTS]);
});

describe('remoteEntryOf: the remoteEntry.js a manifest names', () => {
  const meta = (m: Record<string, unknown>) => ({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, ...m } });
  test("public path 'auto' (our builds): beside the manifest, versioned folders included; the global and type it declares", () => {
    expect(remoteEntryOf(STABLE, meta({ publicPath: 'auto', globalName: 'mfe_trainers' }))).toEqual({
      url: 'http://r.test:3002/versions/0.1.0-stable/remoteEntry.js',
      globalName: 'mfe_trainers',
      type: 'global',
    });
    expect(remoteEntryOf(WORKOUTS, meta({})).url).toBe('http://r.test:3001/remoteEntry.js');
  });
  test('an explicit public path and an entry folder', () => {
    const m = { metaData: { publicPath: 'https://cdn.test/trainers/', remoteEntry: { name: 'remoteEntry.js', path: 'js/' } } };
    expect(remoteEntryOf(CANDIDATE, m)).toEqual({ url: 'https://cdn.test/trainers/js/remoteEntry.js' });
    expect(remoteEntryOf(CANDIDATE, { metaData: { publicPath: '../stable/', remoteEntry: { name: 'e.js' } } }).url).toBe('http://r.test:3002/versions/stable/e.js');
  });
  test('a manifest that names no entry, or computes its public path at runtime, is refused', () => {
    expect(() => remoteEntryOf(WORKOUTS, {})).toThrow('names no remoteEntry');
    expect(() => remoteEntryOf(WORKOUTS, null)).toThrow('names no remoteEntry');
    expect(() => remoteEntryOf(WORKOUTS, { metaData: { remoteEntry: { name: '' } } })).toThrow('names no remoteEntry');
    expect(() => remoteEntryOf(WORKOUTS, { metaData: { getPublicPath: 'return "/x/"', remoteEntry: { name: 'remoteEntry.js' } } })).toThrow('at runtime');
  });
});

describe('AreaLoader.warm (idle) and preload (intent)', () => {
  const manifest: RolloutManifest = {
    remotes: [
      { area: 'workouts', name: 'mfe_workouts', entry: WORKOUTS },
      { area: 'trainers', name: 'mfe_trainers', entry: CANDIDATE, version: '0.2.0-cand', fallback: { entry: STABLE, version: '0.1.0-stable' } },
    ],
  };
  const Page = () => null;
  function setup(opts: { failing?: string[]; warm?: boolean } = {}) {
    const entries = new Map<string, string>();
    const runtime: FederationRuntime = {
      registerRemotes: (remotes, o) => {
        for (const r of remotes) if (o?.force || !entries.has(r.name)) entries.set(r.name, r.entry);
      },
      loadRemote: async <T>(id: string) => {
        const entry = entries.get(id.split('/')[0]) ?? '';
        if (opts.failing?.includes(entry)) throw new Error(`${entry} is broken`);
        return { default: { routes: [{ path: '/x', Component: Page }] } } as T;
      },
    };
    const fetchManifest = jest.fn(async () => manifest);
    const warmed: string[] = [];
    const preloaded: string[] = [];
    const loader = new AreaLoader({
      runtime,
      fetchManifest,
      ...(opts.warm === false ? {} : { warmManifest: async (entry: string) => void warmed.push(entry) }),
      preloadFiles: (entry) => preloaded.push(entry),
    });
    return { loader, fetchManifest, warmed, preloaded };
  }

  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  test("warm reads the manifests of the visitor's own entries: the candidate assigned, never its fallback", async () => {
    const { loader, warmed, fetchManifest } = setup();
    await loader.warm();
    expect(warmed).toEqual([WORKOUTS, CANDIDATE]);
    expect(fetchManifest).toHaveBeenCalledTimes(1);
  });

  test('after a candidate failed on this page, warm and preload use its stable entry; loaded areas are skipped', async () => {
    const { loader, warmed, preloaded } = setup({ failing: [CANDIDATE, STABLE] });
    await loader.load('workouts');
    await expect(loader.load('trainers')).rejects.toThrow('broken');
    await loader.warm();
    expect(warmed).toEqual([STABLE]);
    loader.preload('trainers');
    expect(preloaded).toEqual([STABLE]);
  });

  test('without a warmManifest dependency (tests, the monolith yardstick) warm reads nothing, not even /remotes.json', async () => {
    const { loader, fetchManifest } = setup({ warm: false });
    await loader.warm();
    expect(fetchManifest).not.toHaveBeenCalled();
  });

  test("preload starts the area's files in the same task once /remotes.json is known, once per area", async () => {
    const { loader, preloaded } = setup();
    loader.preload('workouts'); // /remotes.json not read yet: the runtime's own steps only
    expect(preloaded).toEqual([]);
    await loader.load('workouts');
    loader.preload('trainers');
    loader.preload('trainers');
    expect(preloaded).toEqual([CANDIDATE]);
  });
});
