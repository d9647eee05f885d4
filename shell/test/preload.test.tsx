import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient, type RemoteAreaModule, type RemotesManifest } from '@fitconnect/shared-ui';
import { Shell } from '../src/App';
import { warmWhenIdle } from '../src/federation/preloadOnIntent';
import { AreaLoader, LOAD_FAILED, type FederationRuntime } from '../src/federation/areaLoader';
import { mockFetch, signedOut } from './pages/fetchMock';

// Remote preload on intent: nothing loads on landing; pointing at, focusing or touching a link to an
// area loads that area's remote once, so the visit does not wait for it.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const manifest: RemotesManifest = {
  remotes: (['workouts', 'trainers', 'messages', 'community', 'challenges'] as const).map((area) => ({
    area,
    name: `mfe_${area}`,
    entry: `http://remote.test/${area}/mf-manifest.json`,
  })),
};
const modules: Record<string, RemoteAreaModule> = {
  mfe_trainers: { area: 'trainers', routes: [{ path: '/trainers', Component: () => <h1>Find a Trainer</h1> }] },
  mfe_challenges: { area: 'challenges', routes: [{ path: '/challenges', Component: () => <h1>Fitness Challenges</h1> }] },
  mfe_community: { area: 'community', routes: [{ path: '/community', Component: () => <h1>Community</h1> }] },
};

function renderShell(down: string[] = []) {
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const name = id.split('/')[0];
      if (down.includes(name)) return { [LOAD_FAILED]: true, error: new Error(`${name} is down`) };
      return { default: modules[name] };
    }) as FederationRuntime['loadRemote'],
  };
  const fetchManifest = jest.fn(async () => manifest);
  const loader = new AreaLoader({ runtime, fetchManifest });
  render(
    <MemoryRouter initialEntries={['/']}>
      <Shell loader={loader} queryClient={createQueryClient()} />
    </MemoryRouter>,
  );
  return { runtime, fetchManifest, user: userEvent.setup() };
}

const topBar = () => screen.getByRole('navigation', { name: 'Main' });
const loadedIds = (runtime: FederationRuntime) => (runtime.loadRemote as jest.Mock).mock.calls.map((c) => c[0]);

beforeEach(() => {
  mockFetch(signedOut);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('landing loads no remote; hovering or focusing an area link loads that area once', async () => {
  const { runtime, fetchManifest, user } = renderShell();
  await screen.findByRole('banner');
  await act(async () => undefined);
  expect(fetchManifest).not.toHaveBeenCalled();
  expect(runtime.loadRemote).not.toHaveBeenCalled();

  await user.hover(within(topBar()).getByRole('link', { name: 'Trainers' }));
  await waitFor(() => expect(loadedIds(runtime)).toEqual(['mfe_trainers/routes']));

  within(topBar()).getByRole('link', { name: 'Challenges' }).focus();
  await waitFor(() => expect(loadedIds(runtime)).toEqual(['mfe_trainers/routes', 'mfe_challenges/routes']));

  // Hovering again, then visiting, loads nothing more: the visit uses the preloaded module.
  await user.hover(within(topBar()).getByRole('link', { name: 'Trainers' }));
  await user.click(within(topBar()).getByRole('link', { name: 'Trainers' }));
  expect(await screen.findByRole('heading', { name: 'Find a Trainer' })).toBeInTheDocument();
  expect(loadedIds(runtime)).toEqual(['mfe_trainers/routes', 'mfe_challenges/routes']);
  // Links to shell pages preload nothing.
  await user.hover(within(topBar()).getByRole('link', { name: 'Home' }));
  expect(loadedIds(runtime)).toHaveLength(2);
});

test('a failed preload is retried by the visit, which shows the area error view if it fails too', async () => {
  const { runtime, user } = renderShell(['mfe_community']);
  await user.hover(within(topBar()).getByRole('link', { name: 'Community' }));
  await waitFor(() => expect(loadedIds(runtime)).toEqual(['mfe_community/routes']));
  await act(async () => undefined);
  await user.click(within(topBar()).getByRole('link', { name: 'Community' }));
  expect(await screen.findByRole('heading', { name: 'Community is unavailable right now' })).toBeInTheDocument();
  expect(loadedIds(runtime).filter((id) => id === 'mfe_community/routes').length).toBe(2);
  expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_community', entry: manifest.remotes[3].entry }], { force: true });
});

test("the remotes' manifests are read ahead only after the page's load event, when the browser is idle, and not with Save-Data", async () => {
  const loader = { warm: jest.fn(async () => undefined) } as unknown as AreaLoader;
  const listeners: Record<string, () => void> = {};
  let idle: (() => void) | null = null;
  const win = {
    document: { readyState: 'loading' },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    removeEventListener: jest.fn(),
    requestIdleCallback: (fn: () => void) => ((idle = fn), 1),
    cancelIdleCallback: jest.fn(),
  } as unknown as Window;
  warmWhenIdle(loader, win);
  expect(idle).toBeNull();
  listeners.load();
  expect(loader.warm).not.toHaveBeenCalled();
  idle!();
  expect(loader.warm).toHaveBeenCalledTimes(1);

  // Unmounted before idle: nothing is read.
  const cancel = warmWhenIdle(loader, { ...win, document: { readyState: 'complete' } } as unknown as Window);
  cancel();
  idle!();
  expect(loader.warm).toHaveBeenCalledTimes(1);

  // Save-Data: no read ahead (intent still preloads).
  Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
  try {
    idle = null;
    warmWhenIdle(loader, { ...win, document: { readyState: 'complete' } } as unknown as Window);
    expect(idle).toBeNull();
  } finally {
    delete (navigator as unknown as { connection?: unknown }).connection;
  }
});
