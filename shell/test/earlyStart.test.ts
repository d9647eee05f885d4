import { preloadAreaFiles, preloadRoutesNow, startEarly, takeEarlyManifest } from '../src/federation/earlyStart';
import { clearManifestCache, readManifest } from '../src/federation/manifestCache';
import { createDefaultAreaLoader } from '../src/federation/runtime';

// A page opened at an area's URL starts reading /remotes.json and preloading the area's remote before the
// app's code has loaded; the area loader then uses that one answer instead of asking again.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const remotesJson = {
  remotes: [
    { area: 'workouts', name: 'mfe_workouts', entry: 'http://remote.test:3001/mf-manifest.json' },
    { area: 'challenges', name: 'mfe_challenges', entry: 'http://remote.test:3005/versions/2/mf-manifest.json' },
  ],
};
const mfManifest = {
  metaData: {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    syncShared: { routes: ['react', '@fitconnect/contracts/challenge-rules'], navBadge: ['react', '@fitconnect/shared-ui/widgets'] },
  },
  exposes: [
    { path: './routes', assets: { js: { sync: ['__federation_expose_routes.1.js'], async: ['844.a.js', '562.b.js'] } } },
    { path: './navBadge', assets: { js: { sync: ['__federation_expose_navBadge.2.js'], async: [] } } },
  ],
};

let fetchMock: jest.Mock;
beforeEach(() => {
  document.head.innerHTML = '';
  takeEarlyManifest();
  clearManifestCache();
  // (jsdom has no Response: the part of one that the code reads.)
  fetchMock = jest.fn(async (url: string) => ({
    ok: true,
    status: 200,
    json: async () => JSON.parse(JSON.stringify(url === '/remotes.json' ? remotesJson : mfManifest)),
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  // @ts-expect-error restoring the test's stub
  delete global.fetch;
});

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => [l.as, l.href]);
const prefetches = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => [l.as, l.href]);
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

test('an area URL: /remotes.json at once, then its remoteEntry.js and routes files preloaded (not the other exposes)', async () => {
  startEarly('/exercise-tutorials');
  await settle();
  expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/remotes.json', 'http://remote.test:3001/mf-manifest.json']);
  expect(preloads()).toEqual([
    ['script', 'http://remote.test:3001/remoteEntry.js'],
    ['script', 'http://remote.test:3001/__federation_expose_routes.1.js'],
  ]);
  // The routes module's lazy pages: at most one is this page's, so they are fetched at idle priority.
  expect(prefetches()).toEqual([
    ['script', 'http://remote.test:3001/844.a.js'],
    ['script', 'http://remote.test:3001/562.b.js'],
  ]);
  // No crossorigin: the runtime's own script tags have none, and only a request of the same mode reuses a preload.
  expect(document.head.querySelector('link[crossorigin]')).toBeNull();
});

test('files of a versioned entry are preloaded from beside its manifest; a deep URL of the area counts', async () => {
  startEarly('/challenges/42');
  await settle();
  expect(preloads()[0]).toEqual(['script', 'http://remote.test:3005/versions/2/remoteEntry.js']);
});

test('a page that is not an area (landing, sign in, 404) asks for nothing', async () => {
  for (const p of ['/', '/signin', '/challenges-not-an-area', '/profile']) startEarly(p);
  await settle();
  expect(fetchMock).not.toHaveBeenCalled();
  expect(takeEarlyManifest()).toBeNull();
});

test('the area loader takes the early answer: /remotes.json is read once for the page', async () => {
  startEarly('/ai-workout');
  await settle();
  const loader = createDefaultAreaLoader();
  // (The mocked runtime has no remote: the load fails after the manifest, which is what is checked here.)
  await loader.load('workouts').catch(() => undefined);
  await loader.loadExtra('challenges', 'navBadge').catch(() => undefined);
  expect(fetchMock.mock.calls.filter((c) => c[0] === '/remotes.json')).toHaveLength(1);
  expect(takeEarlyManifest()).toBeNull();
});

test('a failed early /remotes.json reaches the area loader (error view), and Retry asks again', async () => {
  fetchMock.mockImplementation(async () => ({ ok: false, status: 503, json: async () => ({}) }));
  startEarly('/trainers');
  await settle();
  expect(preloads()).toEqual([]);
  const loader = createDefaultAreaLoader();
  await expect(loader.load('trainers')).rejects.toThrow('503');
  await loader.retry('trainers').catch(() => undefined);
  expect(fetchMock.mock.calls.filter((c) => c[0] === '/remotes.json')).toHaveLength(2);
});

test('a bare remoteEntry.js entry is preloaded as is', async () => {
  await preloadAreaFiles('http://remote.test:3002/remoteEntry.js');
  expect(preloads()).toEqual([['script', 'http://remote.test:3002/remoteEntry.js']]);
  expect(fetchMock).not.toHaveBeenCalled();
});

test('on intent, a manifest read ahead preloads remoteEntry.js and the routes files at once (no lazy pages); none read: nothing', () => {
  expect(preloadRoutesNow('http://remote.test:3001/mf-manifest.json')).toBe(false);
  expect(preloads()).toEqual([]);
  return readManifest('http://remote.test:3001/mf-manifest.json').then(() => {
    expect(preloadRoutesNow('http://remote.test:3001/mf-manifest.json')).toBe(true);
    expect(preloads()).toEqual([
      ['script', 'http://remote.test:3001/remoteEntry.js'],
      ['script', 'http://remote.test:3001/__federation_expose_routes.1.js'],
    ]);
    expect(prefetches()).toEqual([]);
    // Twice: no second link for the same file.
    preloadRoutesNow('http://remote.test:3001/mf-manifest.json');
    expect(preloads()).toHaveLength(2);
  });
});

test("on intent, the shared modules the routes module needs first are started too (the manifest's syncShared.routes)", async () => {
  const warmed: string[] = [];
  await readManifest('http://remote.test:3001/mf-manifest.json');
  expect(preloadRoutesNow('http://remote.test:3001/mf-manifest.json', undefined, (name) => warmed.push(name))).toBe(true);
  // The routes module's, not the nav badge's; the files are preloaded as before.
  expect(warmed).toEqual(['react', '@fitconnect/contracts/challenge-rules']);
  expect(preloads()).toHaveLength(2);
});

test('an area page opened at its URL: the remote is registered by the entry the early manifest read names, not read again', async () => {
  // Fresh modules: the page's one federation runtime, with no remote registered by the tests above.
  await jest.isolateModulesAsync(async () => {
    const early = await import('../src/federation/earlyStart');
    const { createDefaultAreaLoader: createLoader } = await import('../src/federation/runtime');
    const mf = jest.requireMock('@module-federation/enhanced/runtime') as { registerRemotes: jest.Mock; loadRemote: jest.Mock };
    mf.registerRemotes.mockClear();
    mf.loadRemote.mockReset().mockResolvedValue({ default: { routes: [{ path: '/exercise-tutorials', Component: () => null }] } });
    early.startEarly('/exercise-tutorials');
    await settle();
    const loader = createLoader();
    await expect(loader.load('workouts')).resolves.toMatchObject({ area: 'workouts' });
    expect(mf.registerRemotes.mock.calls).toEqual([[[{ name: 'mfe_workouts', entry: 'http://remote.test:3001/remoteEntry.js' }], { force: false }]]);
    expect(mf.loadRemote.mock.calls).toEqual([['mfe_workouts/routes']]);
  });
  expect(fetchMock.mock.calls.filter((c) => c[0] === 'http://remote.test:3001/mf-manifest.json')).toHaveLength(1);
});

test('a file the page already loaded (a script element, a fetched resource) is not preloaded again', async () => {
  // A nav badge loaded the remote's entry as a script; the routes file was fetched before (resource timing).
  const script = document.createElement('script');
  script.src = 'http://remote.test:3001/remoteEntry.js';
  document.head.appendChild(script);
  // (jsdom's performance has no resource timing: the part of it that the code reads.)
  const fetched = [{ name: 'http://remote.test:3001/__federation_expose_routes.1.js' }];
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: (type: string) => (type === 'resource' ? fetched : []) });
  try {
    await readManifest('http://remote.test:3001/mf-manifest.json');
    expect(preloadRoutesNow('http://remote.test:3001/mf-manifest.json')).toBe(true);
    expect(preloads()).toEqual([]);
    await preloadAreaFiles('http://remote.test:3001/mf-manifest.json');
    // Only the lazy pages, which neither had loaded.
    expect(preloads()).toEqual([]);
    expect(prefetches().map((l) => l[1])).toEqual(['http://remote.test:3001/844.a.js', 'http://remote.test:3001/562.b.js']);
  } finally {
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  }
});
