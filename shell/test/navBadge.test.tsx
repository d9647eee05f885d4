import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient, useToastStore, type RemoteAreaModule, type RemotesManifest } from '@fitconnect/shared-ui';
import { Shell } from '../src/App';
import { AreaLoader, type FederationRuntime } from '../src/federation/areaLoader';
import { toAreaModule } from '../src/federation/areaLoader';
import { mockFetch, signedIn, signedOut } from './pages/fetchMock';

// RemoteAreaModule.NavBadge: the shell renders an area's badge next to its nav entries, signed in only,
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

function renderShell(path: string, modules: Record<string, RemoteAreaModule>) {
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => ({ default: modules[id.split('/')[0]] })) as FederationRuntime['loadRemote'],
  };
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest });
  useToastStore.getState().dismiss();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell loader={loader} queryClient={createQueryClient()} />
    </MemoryRouter>,
  );
  return runtime;
}

const messages = (NavBadge?: RemoteAreaModule['NavBadge']): RemoteAreaModule => ({
  area: 'messages',
  routes: [{ path: '/messages', Component: () => <h1>Messages</h1>, requiresAuth: true }],
  ...(NavBadge ? { NavBadge } : {}),
});
const trainers: RemoteAreaModule = { area: 'trainers', routes: [{ path: '/trainers', Component: () => <h1>Find a Trainer</h1> }] };

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

test('the contract check keeps an optional NavBadge component', () => {
  const Badge = () => <span>1</span>;
  expect(toAreaModule('messages', { default: messages(Badge) }).NavBadge).toBe(Badge);
  expect(toAreaModule('messages', { default: messages() })).not.toHaveProperty('NavBadge');
});

test("signed in: an area's badge shows next to its entry in the top bar and the bottom tabs", async () => {
  mockFetch(signedIn());
  const Badge = () => <span role="status" aria-label="3 unread messages">3</span>;
  renderShell('/trainers', { mfe_messages: messages(Badge), mfe_trainers: trainers });
  const top = screen.getByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(within(top).getByRole('link', { name: /^Messages/ })).toHaveAccessibleName('Messages 3 unread messages'));
  const tab = within(screen.getByLabelText('Tabs')).getByText('Messages').closest('a')!;
  expect(within(tab).getByText('3')).toBeInTheDocument();
  // Only the area's own entries carry it.
  expect(within(top).getByRole('link', { name: 'Trainers' })).toHaveAccessibleName('Trainers');
});

test('signed out: no badge, and no remote is loaded for one', async () => {
  mockFetch(signedOut);
  const Badge = jest.fn(() => <span>3</span>);
  const runtime = renderShell('/', { mfe_messages: messages(Badge), mfe_trainers: trainers });
  await screen.findByRole('navigation', { name: 'Main' });
  await new Promise((r) => setTimeout(r, 50));
  expect(Badge).not.toHaveBeenCalled();
  expect(runtime.loadRemote).not.toHaveBeenCalled();
});

test('a badge that throws renders nothing; the nav and the page carry on', async () => {
  mockFetch(signedIn());
  renderShell('/trainers', { mfe_messages: messages(Broken), mfe_trainers: trainers });
  expect(await screen.findByRole('heading', { name: 'Find a Trainer' })).toBeInTheDocument();
  const top = screen.getByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(consoleWarn).toHaveBeenCalled());
  expect(within(top).getByRole('link', { name: 'Messages' })).toHaveAccessibleName('Messages');
});
