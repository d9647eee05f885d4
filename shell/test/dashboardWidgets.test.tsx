import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import type { RemotesManifest } from '@fitconnect/shared-ui';
import { ProfilePage } from '../src/pages';
import { AreaLoader, LOAD_FAILED, toAreaModule, type FederationRuntime } from '../src/federation/areaLoader';
import { AreaLoaderProvider } from '../src/federation/AreaOutlet';
import { WIDGETS_WAIT_MS } from '../src/federation/DashboardWidgets';
import { makeUser, mockFetch, signedIn } from './pages/fetchMock';

// The profile dashboard shows every area's optional './dashboardWidget' expose, each behind its own boundary.

const manifest: RemotesManifest = {
  remotes: (['workouts', 'trainers', 'messages', 'community', 'challenges'] as const).map((area) => ({
    area,
    name: `mfe_${area}`,
    entry: `http://remote.test/${area}/mf-manifest.json`,
  })),
};

const page = () => null;
/** Each remote's exposes ('routes', 'dashboardWidget', ...) and the module behind each. */
const remotes: Record<string, Record<string, unknown>> = {
  mfe_challenges: {
    routes: { area: 'challenges', routes: [{ path: '/challenges', Component: page }] },
    dashboardWidget: () => <section aria-label="My Challenges">3 challenges joined</section>,
  },
  mfe_trainers: {
    routes: { area: 'trainers', routes: [{ path: '/trainers', Component: page }] },
    dashboardWidget: () => {
      throw new Error('trainers widget crashed');
    },
  },
  mfe_workouts: { routes: { area: 'workouts', routes: [{ path: '/ai-workout', Component: page }] } },
  mfe_community: { routes: { area: 'community', routes: [{ path: '/community', Component: page }] } },
  mfe_messages: { routes: { area: 'messages', routes: [{ path: '/messages', Component: page }] }, dashboardWidget: page },
};

function renderProfile(down: string[]) {
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const [name, expose] = id.split('/');
      if (down.includes(name)) return { [LOAD_FAILED]: true, error: new Error(`${name} is down`) };
      return { default: remotes[name][expose] };
    }) as FederationRuntime['loadRemote'],
  };
  // What each remote's mf-manifest.json lists.
  const fetchExposes = async (entry: string) => Object.keys(remotes[`mfe_${entry.split('/')[3]}`]).map((e) => `./${e}`);
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes });
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
    expect(screen.getByRole('heading', { level: 2, name: "Today's Plan" })).toBeInTheDocument();
    // Only the widget modules of the areas that declare one; no routes module.
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(3));
    const ids = (runtime.loadRemote as jest.Mock).mock.calls.map((c) => c[0]);
    expect(ids.sort()).toEqual(['mfe_challenges/dashboardWidget', 'mfe_messages/dashboardWidget', 'mfe_trainers/dashboardWidget']);
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
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(3));
  expect(screen.queryByRole('region', { name: 'My Challenges' })).not.toBeInTheDocument();
});

it("the routes module carries no widget: a widget is the area's own './dashboardWidget' expose", () => {
  const Widget = () => null;
  expect(toAreaModule('challenges', { default: { area: 'challenges', routes: [], DashboardWidget: Widget } })).not.toHaveProperty('DashboardWidget');
});

it('shows the widgets together, in the areas\' order, once every area has answered (no widget moves another: issue 35.2)', async () => {
  mockFetch(signedIn(makeUser()));
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  const widgets: Record<string, Record<string, unknown>> = {
    mfe_workouts: { routes: remotes.mfe_workouts.routes, dashboardWidget: () => <section aria-label="My Training">training</section> },
    mfe_challenges: { routes: remotes.mfe_challenges.routes, dashboardWidget: () => <section aria-label="My Challenges">challenges</section> },
  };
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const [name, expose] = id.split('/');
      // The first area's widget is the slowest to arrive.
      if (name === 'mfe_workouts') await late;
      return { default: widgets[name][expose] };
    }) as FederationRuntime['loadRemote'],
  };
  const fetchExposes = async (entry: string) => Object.keys(widgets[`mfe_${entry.split('/')[3]}`] ?? { routes: 1 }).map((e) => `./${e}`);
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes });
  renderWithProviders(
    <AreaLoaderProvider value={loader}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
      </Routes>
    </AreaLoaderProvider>,
    { initialEntries: ['/profile'] },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_challenges/dashboardWidget'));
  await waitFor(() => expect(loader.peekExtra('challenges', 'dashboardWidget')).toBeTruthy());
  // Challenges' widget is in, workouts' is not: neither shows yet.
  expect(screen.queryByRole('region', { name: 'My Challenges' })).not.toBeInTheDocument();
  release();
  const training = await screen.findByRole('region', { name: 'My Training' });
  const challenges = screen.getByRole('region', { name: 'My Challenges' });
  expect(training.compareDocumentPosition(challenges) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // On a phone the widgets come last, after Account Details: their arrival moves nothing above them.
  const details = screen.getByRole('region', { name: 'Account Details' });
  expect(details.compareDocumentPosition(training) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

it('an area still loading after WIDGETS_WAIT_MS does not hold the other widgets back; it follows when it arrives', async () => {
  mockFetch(signedIn(makeUser()));
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  const widgets: Record<string, Record<string, unknown>> = {
    mfe_workouts: { routes: remotes.mfe_workouts.routes, dashboardWidget: () => <section aria-label="My Training">training</section> },
    mfe_challenges: { routes: remotes.mfe_challenges.routes, dashboardWidget: () => <section aria-label="My Challenges">challenges</section> },
  };
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const [name, expose] = id.split('/');
      if (name === 'mfe_workouts') await late;
      return { default: widgets[name][expose] };
    }) as FederationRuntime['loadRemote'],
  };
  const fetchExposes = async (entry: string) => Object.keys(widgets[`mfe_${entry.split('/')[3]}`] ?? { routes: 1 }).map((e) => `./${e}`);
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes });
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    renderWithProviders(
      <AreaLoaderProvider value={loader}>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
        </Routes>
      </AreaLoaderProvider>,
      { initialEntries: ['/profile'] },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    await waitFor(() => expect(loader.peekExtra('challenges', 'dashboardWidget')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'My Challenges' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(WIDGETS_WAIT_MS));
    expect(await screen.findByRole('region', { name: 'My Challenges' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Training' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('region', { name: 'My Training' })).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
