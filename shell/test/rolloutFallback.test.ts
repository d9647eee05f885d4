import { AreaLoader, AreaLoadError, LOAD_FAILED, fetchRemotesManifest, type FederationRuntime, type LoadReport, type RolloutManifest } from '../src/federation/areaLoader';
import { sendLoadReport } from '../src/federation/rolloutBeacon';

// Issue 17: a visitor on a candidate whose load fails gets the stable version instead (no error view),
// and every load attempt of a version is reported so the API can roll a bad candidate back.

const CANDIDATE = 'http://r.test:3002/versions/0.2.0-cand/mf-manifest.json';
const STABLE = 'http://r.test:3002/versions/0.1.0-stable/mf-manifest.json';

const candidateManifest: RolloutManifest = {
  remotes: [
    { area: 'trainers', name: 'mfe_trainers', entry: CANDIDATE, version: '0.2.0-cand', fallback: { entry: STABLE, version: '0.1.0-stable' } },
    { area: 'challenges', name: 'mfe_challenges', entry: 'http://r.test:3005/mf-manifest.json', version: 'default' },
  ],
};

const Page = () => null;
const routesModule = (label: string) => ({ default: { area: 'trainers', routes: [{ path: `/trainers/${label}`, Component: Page }] } });

/**
 * A runtime whose answer for '<name>/routes' depends on the entry the remote is registered with (as the
 * real runtime's does): answers[entry] is a queue of modules / errors / fallback markers.
 */
function entryRuntime(answers: Record<string, unknown[]>) {
  const entries = new Map<string, string>();
  const registered: { entries: string[]; force: boolean }[] = [];
  const loads: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) => {
      registered.push({ entries: remotes.map((r) => r.entry), force: !!options?.force });
      for (const r of remotes) if (options?.force || !entries.has(r.name)) entries.set(r.name, r.entry);
    },
    loadRemote: async <T>(id: string) => {
      const entry = entries.get(id.split('/')[0]) ?? '?';
      loads.push(entry);
      const queue = answers[entry] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (next instanceof Error) throw next;
      return (next ?? null) as T | null;
    },
  };
  return { runtime, registered, loads };
}

function setup(answers: Record<string, unknown[]>, manifest: RolloutManifest = candidateManifest) {
  const rt = entryRuntime(answers);
  const reports: LoadReport[] = [];
  const loader = new AreaLoader({ runtime: rt.runtime, fetchManifest: async () => manifest, report: (e) => reports.push(e) });
  return { ...rt, reports, loader };
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a working candidate is loaded and reported as loaded; the stable entry is never touched', async () => {
  const { loader, loads, reports } = setup({ [CANDIDATE]: [routesModule('candidate')], [STABLE]: [routesModule('stable')] });
  const mod = await loader.load('trainers');
  expect(mod.routes[0].path).toBe('/trainers/candidate');
  expect(loads).toEqual([CANDIDATE]);
  expect(reports).toEqual([{ area: 'trainers', version: '0.2.0-cand', outcome: 'loaded' }]);
});

test.each([
  ['an unreachable manifest or entry (runtime fallback marker)', { [LOAD_FAILED]: true, error: new Error('Failed to fetch mf-manifest.json') }, /mf-manifest/],
  ['a thrown chunk error', new Error('Loading chunk 121 failed'), /chunk 121/],
  ['a module that is not a routes module', { default: { nope: true } }, /does not export a RemoteAreaModule/],
  ['a module that loaded nothing', null, /loaded nothing/],
])('a candidate failing with %s: the stable version loads instead, one failed + one loaded report', async (_label, failure, reason) => {
  const { loader, loads, registered, reports } = setup({ [CANDIDATE]: [failure], [STABLE]: [routesModule('stable')] });
  const mod = await loader.load('trainers');
  expect(mod.routes[0].path).toBe('/trainers/stable');
  expect(loads).toEqual([CANDIDATE, STABLE]);
  // All remotes registered once, then the trainers remote re-registered with the stable entry, forced.
  expect(registered).toEqual([
    { entries: [CANDIDATE, 'http://r.test:3005/mf-manifest.json'], force: false },
    { entries: [STABLE], force: true },
  ]);
  expect(reports).toHaveLength(2);
  expect(reports[0]).toMatchObject({ area: 'trainers', version: '0.2.0-cand', outcome: 'failed' });
  expect(reports[0].reason).toMatch(reason);
  expect(reports[1]).toEqual({ area: 'trainers', version: '0.1.0-stable', outcome: 'loaded' });
  expect(loader.peek('trainers')).toBe(mod);
});

test('preload falls back the same way, and the visit then uses the stable module without loading again', async () => {
  const { loader, loads, reports } = setup({ [CANDIDATE]: [new Error('boom')], [STABLE]: [routesModule('stable')] });
  loader.preload('trainers');
  const mod = await loader.load('trainers');
  expect(mod.routes[0].path).toBe('/trainers/stable');
  expect(loads).toEqual([CANDIDATE, STABLE]);
  expect(reports.map((r) => `${r.version}:${r.outcome}`)).toEqual(['0.2.0-cand:failed', '0.1.0-stable:loaded']);
});

test('candidate and stable both failing: the error view (AreaLoadError), both reported; retry stays on stable', async () => {
  const { loader, loads, registered, reports } = setup({ [CANDIDATE]: [new Error('candidate down')], [STABLE]: [new Error('stable down'), routesModule('stable')] });
  const err = await loader.load('trainers').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AreaLoadError);
  expect((err as Error).message).toMatch(/stable down/);
  expect(reports.map((r) => `${r.version}:${r.outcome}`)).toEqual(['0.2.0-cand:failed', '0.1.0-stable:failed']);

  const mod = await loader.retry('trainers');
  expect(mod.routes[0].path).toBe('/trainers/stable');
  expect(loads).toEqual([CANDIDATE, STABLE, STABLE]);
  expect(registered.slice(1)).toEqual([
    { entries: [STABLE], force: true },
    { entries: [STABLE], force: true },
  ]);
  expect(reports.map((r) => `${r.version}:${r.outcome}`)).toEqual(['0.2.0-cand:failed', '0.1.0-stable:failed', '0.1.0-stable:loaded']);
});

test('a stable entry (no fallback) that fails shows the error view and is reported; other areas are unaffected', async () => {
  const { loader, reports } = setup({
    [CANDIDATE]: [routesModule('candidate')],
    'http://r.test:3005/mf-manifest.json': [{ [LOAD_FAILED]: true, error: new Error('remoteEntry.js 503') }],
  });
  await expect(loader.load('challenges')).rejects.toThrow(/remoteEntry\.js 503/);
  await expect(loader.load('trainers')).resolves.toMatchObject({ area: 'trainers' });
  expect(reports.map((r) => `${r.area}:${r.version}:${r.outcome}`)).toEqual(['challenges:default:failed', 'trainers:0.2.0-cand:loaded']);
});

test('the static default manifest (no versions) loads without reports', async () => {
  const manifest: RolloutManifest = { remotes: [{ area: 'trainers', name: 'mfe_trainers', entry: STABLE }] };
  const { loader, reports } = setup({ [STABLE]: [routesModule('stable')] }, manifest);
  await expect(loader.load('trainers')).resolves.toMatchObject({ area: 'trainers' });
  expect(reports).toEqual([]);
});

test('a report that throws never breaks the load', async () => {
  const rt = entryRuntime({ [CANDIDATE]: [routesModule('candidate')] });
  const loader = new AreaLoader({
    runtime: rt.runtime,
    fetchManifest: async () => candidateManifest,
    report: () => {
      throw new Error('no network');
    },
  });
  await expect(loader.load('trainers')).resolves.toMatchObject({ area: 'trainers' });
});

describe('fetchRemotesManifest', () => {
  afterEach(() => {
    // @ts-expect-error restoring the test's stub
    delete global.fetch;
  });

  test('keeps version and fallback; drops a fallback that is the entry itself or malformed', async () => {
    const body = {
      remotes: [
        candidateManifest.remotes[0],
        { area: 'workouts', name: 'mfe_workouts', entry: 'http://a/m.json', version: 'default', fallback: { entry: 'http://a/m.json', version: 'x' } },
        { area: 'messages', name: 'mfe_messages', entry: 'http://b/m.json', fallback: 'nonsense' },
      ],
    };
    // (jsdom has no Response: the part of one that fetchRemotesManifest reads.)
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(body)) })) as unknown as typeof fetch;
    const m = await fetchRemotesManifest('/remotes.json');
    expect(m.remotes).toEqual([
      candidateManifest.remotes[0],
      { area: 'workouts', name: 'mfe_workouts', entry: 'http://a/m.json', version: 'default' },
      { area: 'messages', name: 'mfe_messages', entry: 'http://b/m.json' },
    ]);
  });
});

describe('sendLoadReport', () => {
  const original = navigator.sendBeacon;
  afterEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: original, configurable: true });
    // @ts-expect-error restoring the test's stub
    delete global.fetch;
  });

  test('uses navigator.sendBeacon with a JSON text body to /api/rollout/events', () => {
    const beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    global.fetch = jest.fn() as typeof fetch;
    sendLoadReport({ area: 'trainers', version: 'v'.repeat(150), outcome: 'failed', reason: 'r'.repeat(400) });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/rollout/events');
    expect(JSON.parse(body)).toEqual({ area: 'trainers', version: 'v'.repeat(100), outcome: 'failed', reason: 'r'.repeat(300) });
    expect(global.fetch).not.toHaveBeenCalled();
  });

  test('falls back to fetch with keepalive when there is no beacon or it is refused', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: jest.fn(() => false), configurable: true });
    const fetchMock = jest.fn(async () => ({ ok: true, status: 204 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    sendLoadReport({ area: 'challenges', version: 'default', outcome: 'loaded' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rollout/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init.body))).toEqual({ area: 'challenges', version: 'default', outcome: 'loaded' });
  });
});

test('a candidate that fails while its nav badge loads falls back to stable for the badge and for the pages', async () => {
  const Badge = () => null;
  const { runtime, registered } = entryRuntime({ [CANDIDATE]: [new Error('candidate chunk failed')], [STABLE]: [{ default: Badge }] });
  const reports: LoadReport[] = [];
  const exposesAsked: string[] = [];
  const loader = new AreaLoader({
    runtime,
    fetchManifest: async () => candidateManifest,
    fetchExposes: async (entry) => {
      exposesAsked.push(entry);
      return ['./routes', './navBadge'];
    },
    report: (e) => reports.push(e),
  });
  await expect(loader.loadExtra('trainers', 'navBadge')).resolves.toBe(Badge);
  expect(exposesAsked).toEqual([CANDIDATE, STABLE]);
  expect(registered[registered.length - 1]).toEqual({ entries: [STABLE], force: true });
  expect(reports).toEqual([expect.objectContaining({ area: 'trainers', version: '0.2.0-cand', outcome: 'failed' })]);
});

test("a candidate's nav badge that loads is reported as a load of the candidate (a stable one is not reported)", async () => {
  const Badge = () => null;
  const { runtime } = entryRuntime({ [CANDIDATE]: [{ default: Badge }], 'http://r.test:3005/mf-manifest.json': [{ default: Badge }] });
  const reports: LoadReport[] = [];
  const loader = new AreaLoader({
    runtime,
    fetchManifest: async () => candidateManifest,
    fetchExposes: async () => ['./routes', './navBadge'],
    report: (e) => reports.push(e),
  });
  await expect(loader.loadExtra('trainers', 'navBadge')).resolves.toBe(Badge);
  await expect(loader.loadExtra('challenges', 'navBadge')).resolves.toBe(Badge);
  expect(reports).toEqual([{ area: 'trainers', version: '0.2.0-cand', outcome: 'loaded' }]);
});

test('once an area fell back, its badge is read from the stable entry without trying the candidate', async () => {
  const Badge = () => null;
  const { runtime, loads } = entryRuntime({ [CANDIDATE]: [new Error('boom')], [STABLE]: [routesModule('stable'), { default: Badge }] });
  const exposesAsked: string[] = [];
  const loader = new AreaLoader({
    runtime,
    fetchManifest: async () => candidateManifest,
    fetchExposes: async (entry) => {
      exposesAsked.push(entry);
      return ['./routes', './navBadge'];
    },
    report: () => undefined,
  });
  await loader.load('trainers');
  await expect(loader.loadExtra('trainers', 'navBadge')).resolves.toBe(Badge);
  expect(exposesAsked).toEqual([STABLE]);
  expect(loads).toEqual([CANDIDATE, STABLE, STABLE]);
});
