import type { RemotesManifest } from '@fitconnect/shared-ui';
import { AreaLoader, AreaLoadError, fetchRemoteExposes, LOAD_FAILED, toAreaModule, type FederationRuntime } from '../src/federation/areaLoader';

const manifest: RemotesManifest = {
  remotes: [
    { area: 'trainers', name: 'mfe_trainers', entry: 'http://r.test:3002/mf-manifest.json' },
    { area: 'challenges', name: 'mfe_challenges', entry: 'http://r.test:3005/mf-manifest.json' },
  ],
};

const Page = () => null;
const trainersModule = { default: { area: 'trainers', routes: [{ path: '/trainers', Component: Page }] } };

function fakeRuntime(answers: Record<string, unknown[]>) {
  const registered: { names: string[]; force: boolean }[] = [];
  const loads: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) => {
      registered.push({ names: remotes.map((r) => r.name), force: !!options?.force });
    },
    loadRemote: async <T>(id: string) => {
      loads.push(id);
      const queue = answers[id] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (next instanceof Error) throw next;
      return (next ?? null) as T | null;
    },
  };
  return { runtime, registered, loads };
}

test('reads the manifest once, registers every remote once and loads an area lazily, once', async () => {
  const { runtime, registered, loads } = fakeRuntime({ 'mfe_trainers/routes': [trainersModule] });
  const fetchManifest = jest.fn(async () => manifest);
  const loader = new AreaLoader({ runtime, fetchManifest });
  expect(loader.peek('trainers')).toBeUndefined();
  const [a, b] = await Promise.all([loader.load('trainers'), loader.load('trainers')]);
  expect(a.routes[0].path).toBe('/trainers');
  expect(b).toBe(a);
  await loader.load('trainers');
  expect(loader.peek('trainers')).toBe(a);
  expect(fetchManifest).toHaveBeenCalledTimes(1);
  expect(registered).toEqual([{ names: ['mfe_trainers', 'mfe_challenges'], force: false }]);
  expect(loads).toEqual(['mfe_trainers/routes']);
});

test('a fallback from the runtime plugin becomes an error; retry re-registers that remote and loads again', async () => {
  const failure = { [LOAD_FAILED]: true, error: new Error('remoteEntry.js 503') };
  const { runtime, registered, loads } = fakeRuntime({ 'mfe_trainers/routes': [failure, trainersModule] });
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest });
  const err = await loader.load('trainers').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AreaLoadError);
  expect((err as AreaLoadError).area).toBe('trainers');
  expect((err as Error).message).toContain('remoteEntry.js 503');
  expect(loader.peek('trainers')).toBeUndefined();

  const mod = await loader.retry('trainers');
  expect(mod.routes).toHaveLength(1);
  expect(registered).toEqual([
    { names: ['mfe_trainers', 'mfe_challenges'], force: false },
    { names: ['mfe_trainers'], force: true },
  ]);
  expect(loads).toEqual(['mfe_trainers/routes', 'mfe_trainers/routes']);
});

test('a thrown load error is reported for that area only', async () => {
  const { runtime } = fakeRuntime({ 'mfe_trainers/routes': [new Error('boom')], 'mfe_challenges/routes': [{ default: { area: 'challenges', routes: [] } }] });
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest });
  await expect(loader.load('trainers')).rejects.toThrow(/boom/);
  await expect(loader.load('challenges')).resolves.toEqual({ area: 'challenges', routes: [] });
});

test('an unreadable /remotes.json fails the load, and retry reads it again', async () => {
  const fetchManifest = jest.fn<Promise<RemotesManifest>, []>().mockRejectedValueOnce(new Error('/remotes.json answered 502')).mockResolvedValue(manifest);
  const { runtime } = fakeRuntime({ 'mfe_trainers/routes': [trainersModule] });
  const loader = new AreaLoader({ runtime, fetchManifest });
  await expect(loader.load('trainers')).rejects.toThrow(/remotes manifest.*502/);
  await expect(loader.retry('trainers')).resolves.toMatchObject({ area: 'trainers' });
  expect(fetchManifest).toHaveBeenCalledTimes(2);
});

test('an area missing from the manifest, or a module of the wrong shape, is an error', async () => {
  const { runtime } = fakeRuntime({ 'mfe_trainers/routes': [{ default: { nope: true } }] });
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest });
  await expect(loader.load('messages')).rejects.toThrow('No remote is configured for the messages area.');
  await expect(loader.load('trainers')).rejects.toThrow(/does not export a RemoteAreaModule/);
  expect(() => toAreaModule('trainers', { default: { routes: [{ path: 3, Component: Page }] } })).toThrow(/invalid route/);
});

describe('extras (./navBadge, ./dashboardWidget)', () => {
  const Badge = () => null;

  test("loads an extra only from a remote whose manifest lists it, once, without the area's routes module", async () => {
    const { runtime, loads } = fakeRuntime({ 'mfe_challenges/navBadge': [{ default: Badge }] });
    const fetchExposes = jest.fn(async (entry: string) => (entry.includes(':3005') ? ['./routes', './navBadge'] : ['./routes']));
    const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes });
    expect(loader.peekExtra('challenges', 'navBadge')).toBeUndefined();
    const [a, b, none] = await Promise.all([
      loader.loadExtra('challenges', 'navBadge'),
      loader.loadExtra('challenges', 'navBadge'),
      loader.loadExtra('trainers', 'navBadge'),
    ]);
    expect(a).toBe(Badge);
    expect(b).toBe(Badge);
    expect(none).toBeNull();
    expect(loader.peekExtra('challenges', 'navBadge')).toBe(Badge);
    expect(loader.peekExtra('trainers', 'navBadge')).toBeNull();
    // Widgets come from the same manifest read.
    expect(await loader.loadExtra('challenges', 'dashboardWidget')).toBeNull();
    expect(loads).toEqual(['mfe_challenges/navBadge']);
    expect(fetchExposes).toHaveBeenCalledTimes(2);
  });

  test('a remote that fails to give its extra rejects; the next call and the area itself try again', async () => {
    const failure = { [LOAD_FAILED]: true, error: new Error('remoteEntry.js 503') };
    const { runtime, loads, registered } = fakeRuntime({
      'mfe_challenges/navBadge': [failure, { default: Badge }],
      'mfe_challenges/routes': [{ default: { area: 'challenges', routes: [{ path: '/challenges', Component: Page }] } }],
    });
    let manifestDown = true;
    const fetchExposes = jest.fn(async () => {
      if (manifestDown) throw new Error('manifest 503');
      return ['./routes', './navBadge'];
    });
    const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes });
    await expect(loader.loadExtra('challenges', 'navBadge')).rejects.toThrow('manifest 503');
    manifestDown = false;
    await expect(loader.loadExtra('challenges', 'navBadge')).rejects.toBeInstanceOf(AreaLoadError);
    expect(await loader.loadExtra('challenges', 'navBadge')).toBe(Badge);
    await loader.load('challenges');
    expect(loads).toEqual(['mfe_challenges/navBadge', 'mfe_challenges/navBadge', 'mfe_challenges/routes']);
    // The runtime's cached failure is dropped before the area's own load.
    expect(registered.some((r) => r.force && r.names[0] === 'mfe_challenges')).toBe(true);
  });

  test("fetchRemoteExposes reads the exposes of a remote's mf-manifest.json; a bare remoteEntry.js declares none", async () => {
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ exposes: [{ name: 'routes', path: './routes' }, { name: 'navBadge', path: './navBadge' }] }),
    }));
    const saved = globalThis.fetch;
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    try {
      expect(await fetchRemoteExposes('http://r.test:3003/mf-manifest.json')).toEqual(['./routes', './navBadge']);
      expect(await fetchRemoteExposes('http://r.test:3003/remoteEntry.js')).toEqual([]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      (globalThis as { fetch: unknown }).fetch = saved;
    }
  });
});
