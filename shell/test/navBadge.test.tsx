import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import { createQueryClient, useToastStore, type RemotesManifest } from '@fitconnect/shared-ui';
import { Shell } from '../src/App';
import { AreaLoader, type FederationRuntime } from '../src/federation/areaLoader';
import { toAreaModule } from '../src/federation/areaLoader';
import { mockFetch, signedIn, signedOut } from './pages/fetchMock';

// An area's './navBadge' expose: the shell renders an area's badge next to its nav entries, signed in only,
// and a badge that throws disappears without taking the nav (or the page) with it.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => {
    throw new Error('the real runtime is not used in unit tests');
  }),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const manifest: RemotesManifest = {
  remotes: (['workouts', 'trainers', 'messages', 'community', 'challenges'] as const).map((area) => ({ area, name: `mfe_${area}`, entry: `http://remote.test/${area}/mf-manifest.json` })),
};

function Broken(): never {
  throw new Error('badge crashed');
}

/** Remotes by container name: what each one exposes ('routes', 'navBadge', ...) and the module behind each. */
type Remotes = Record<string, Record<string, unknown>>;

function renderShell(path: string, remotes: Remotes) {
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const [name, expose] = id.split('/');
      return { default: remotes[name]?.[expose] };
    }) as FederationRuntime['loadRemote'],
  };
  // What each remote's mf-manifest.json lists.
  const fetchExposes = jest.fn(async (entry: string) => {
    const area = entry.split('/')[3];
    return Object.keys(remotes[`mfe_${area}`] ?? {}).map((e) => `./${e}`);
  });
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes });
  useToastStore.getState().dismiss();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell loader={loader} queryClient={createQueryClient()} />
    </MemoryRouter>,
  );
  return { runtime, fetchExposes };
}

const messages = (navBadge?: ComponentType): Record<string, unknown> => ({
  routes: { area: 'messages', routes: [{ path: '/messages', Component: () => <h1>Messages</h1>, requiresAuth: true }] },
  ...(navBadge ? { navBadge } : {}),
});
const trainers = { routes: { area: 'trainers', routes: [{ path: '/trainers', Component: () => <h1>Find a Trainer</h1> }] } };
const workouts = { routes: { area: 'workouts', routes: [{ path: '/ai-workout', Component: () => <h1>AI Workout Generator</h1> }] } };
const loadedIds = (runtime: FederationRuntime) => (runtime.loadRemote as jest.Mock).mock.calls.map((c) => c[0] as string);

let consoleError: jest.SpyInstance;
let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

test("the routes module carries no badge: a badge is the area's own './navBadge' expose", () => {
  const Badge = () => <span>1</span>;
  const routes = { area: 'messages', routes: [{ path: '/messages', Component: () => null }], NavBadge: Badge };
  expect(toAreaModule('messages', { default: routes })).not.toHaveProperty('NavBadge');
});

test("signing in loads only the badge modules of the areas that declare one, never an area's routes module", async () => {
  mockFetch(signedIn());
  const Badge = () => <span role="status" aria-label="2 unread messages">2</span>;
  const { runtime, fetchExposes } = renderShell('/', {
    mfe_messages: messages(Badge),
    mfe_trainers: trainers,
    mfe_workouts: workouts,
    mfe_community: { routes: {} },
    mfe_challenges: { routes: {}, dashboardWidget: () => null },
  });
  const top = await screen.findByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(within(top).getByRole('link', { name: /^Messages/ })).toHaveAccessibleName('Messages 2 unread messages'));
  await new Promise((r) => setTimeout(r, 50));
  expect(loadedIds(runtime)).toEqual(['mfe_messages/navBadge']);
  // Each remote's manifest was read once, however many nav entries (top bar, bottom tabs) point at it.
  const read = fetchExposes.mock.calls.map((c) => c[0]);
  expect(new Set(read).size).toBe(read.length);
});

test("signed in: an area's badge shows next to its entry in the top bar and the bottom tabs", async () => {
  mockFetch(signedIn());
  const Badge = () => <span role="status" aria-label="3 unread messages">3</span>;
  const { runtime } = renderShell('/trainers', { mfe_messages: messages(Badge), mfe_trainers: trainers });
  const top = screen.getByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(within(top).getByRole('link', { name: /^Messages/ })).toHaveAccessibleName('Messages 3 unread messages'));
  const tab = within(screen.getByLabelText('Tabs')).getByText('Messages').closest('a')!;
  expect(within(tab).getByText('3')).toBeInTheDocument();
  // Only the area's own entries carry it.
  expect(within(top).getByRole('link', { name: 'Trainers' })).toHaveAccessibleName('Trainers');
  // The page's own area loads its routes; messages only its badge.
  expect(loadedIds(runtime).sort()).toEqual(['mfe_messages/navBadge', 'mfe_trainers/routes']);
});

test('signed out: no badge, and no remote is loaded for one', async () => {
  mockFetch(signedOut);
  const Badge = jest.fn(() => <span>3</span>);
  const { runtime, fetchExposes } = renderShell('/', { mfe_messages: messages(Badge), mfe_trainers: trainers });
  await screen.findByRole('navigation', { name: 'Main' });
  await new Promise((r) => setTimeout(r, 50));
  expect(Badge).not.toHaveBeenCalled();
  expect(runtime.loadRemote).not.toHaveBeenCalled();
  expect(fetchExposes).not.toHaveBeenCalled();
});

test('a badge that throws renders nothing; the nav and the page carry on', async () => {
  mockFetch(signedIn());
  renderShell('/trainers', { mfe_messages: messages(Broken), mfe_trainers: trainers });
  expect(await screen.findByRole('heading', { name: 'Find a Trainer' })).toBeInTheDocument();
  const top = screen.getByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(consoleWarn).toHaveBeenCalled());
  expect(within(top).getByRole('link', { name: 'Messages' })).toHaveAccessibleName('Messages');
});
