import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import type { RemoteAreaModule, RemotesManifest } from '@fitconnect/shared-ui';
import { ProfilePage } from '../src/pages';
import { AreaLoader, LOAD_FAILED, toAreaModule, type FederationRuntime } from '../src/federation/areaLoader';
import { AreaLoaderProvider } from '../src/federation/AreaOutlet';
import { makeUser, mockFetch, signedIn } from './pages/fetchMock';

// The profile dashboard shows every area's optional DashboardWidget, each behind its own boundary.

const manifest: RemotesManifest = {
  remotes: (['workouts', 'trainers', 'messages', 'community', 'challenges'] as const).map((area) => ({
    area,
    name: `mfe_${area}`,
    entry: `http://remote.test/${area}/mf-manifest.json`,
  })),
};

const page = () => null;
const modules: Record<string, RemoteAreaModule> = {
  mfe_challenges: {
    area: 'challenges',
    routes: [{ path: '/challenges', Component: page }],
    DashboardWidget: () => <section aria-label="My Challenges">3 challenges joined</section>,
  },
  mfe_trainers: {
    area: 'trainers',
    routes: [{ path: '/trainers', Component: page }],
    DashboardWidget: () => {
      throw new Error('trainers widget crashed');
    },
  },
  mfe_workouts: { area: 'workouts', routes: [{ path: '/ai-workout', Component: page }] },
  mfe_community: { area: 'community', routes: [{ path: '/community', Component: page }] },
};

function renderProfile(down: string[]) {
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const name = id.split('/')[0];
      if (down.includes(name)) return { [LOAD_FAILED]: true, error: new Error(`${name} is down`) };
      return { default: modules[name] };
    }) as FederationRuntime['loadRemote'],
  };
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest });
  renderWithProviders(
    <AreaLoaderProvider value={loader}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
      </Routes>
    </AreaLoaderProvider>,
    { initialEntries: ['/profile'] },
  );
  return runtime;
}

it("renders an area's widget on /profile; a crashing widget and a remote that is down show nothing", async () => {
  mockFetch(signedIn(makeUser()));
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const runtime = renderProfile(['mfe_messages']);
    expect(await screen.findByRole('region', { name: 'My Challenges' })).toHaveTextContent('3 challenges joined');
    expect(screen.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(5));
    // The trainers widget did render and throw; its boundary caught it and shows nothing.
    await waitFor(() => expect(errors).toHaveBeenCalledWith('[shell] the trainers dashboard widget crashed:', expect.any(Error), expect.anything()));
    expect(screen.queryByText(/crashed/)).not.toBeInTheDocument();
    expect(screen.queryByText(/unavailable/)).not.toBeInTheDocument();
  } finally {
    errors.mockRestore();
  }
});

it('shows the profile without widgets when every remote is down', async () => {
  mockFetch(signedIn(makeUser()));
  const runtime = renderProfile(['mfe_workouts', 'mfe_trainers', 'mfe_messages', 'mfe_community', 'mfe_challenges']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(5));
  expect(screen.queryByRole('region', { name: 'My Challenges' })).not.toBeInTheDocument();
});

it('keeps a DashboardWidget through the module check, and leaves it out when there is none', () => {
  const Widget = () => null;
  expect(toAreaModule('challenges', { default: { area: 'challenges', routes: [], DashboardWidget: Widget } }).DashboardWidget).toBe(Widget);
  expect(toAreaModule('challenges', { default: { area: 'challenges', routes: [] } })).not.toHaveProperty('DashboardWidget');
});
