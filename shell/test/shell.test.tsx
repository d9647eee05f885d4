import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useParams } from 'react-router-dom';
import { areaForPath, createQueryClient, useToastStore, type RemoteAreaModule, type RemotesManifest } from '@fitconnect/shared-ui';
import { Shell } from '../src/App';
import { AreaLoader, LOAD_FAILED, type FederationRuntime } from '../src/federation/areaLoader';
import { makeUser, mockFetch, signedIn, signedOut } from './pages/fetchMock';

// jsdom applies styled-components' display:none but not its @media rules, so the small-screen menu and
// tab bar count as hidden here: they are found by label, not by role.
// Unit tests don't federate: the Module Federation runtime is replaced by a fake one.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => {
    throw new Error('the real runtime is not used in unit tests');
  }),
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

function TrainerPage() {
  const { id } = useParams();
  return <h1>Trainer {id}</h1>;
}

const modules: Record<string, RemoteAreaModule> = {
  mfe_trainers: {
    area: 'trainers',
    routes: [
      { path: '/trainers', Component: () => <h1>Find a Trainer</h1> },
      { path: '/trainers/:id', Component: TrainerPage },
    ],
  },
  mfe_challenges: { area: 'challenges', routes: [{ path: '/challenges', Component: () => <h1>Fitness Challenges</h1> }] },
  mfe_messages: { area: 'messages', routes: [{ path: '/messages', Component: () => <h1>Messages</h1>, requiresAuth: true }] },
  mfe_community: {
    area: 'community',
    routes: [
      {
        path: '/community',
        Component: () => {
          throw new Error('community crashed while rendering');
        },
      },
    ],
  },
};

/** A fake federation runtime: `down` remotes answer with the fallback plugin's failure marker. */
function fakeRuntime(down: Set<string>) {
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => {
      const name = id.split('/')[0];
      if (down.has(name)) return { [LOAD_FAILED]: true, error: new Error(`${name} is down`) };
      return { default: modules[name] };
    }) as FederationRuntime['loadRemote'],
  };
  return runtime;
}

let lastLocation = '';
function LocationProbe() {
  const loc = useLocation();
  lastLocation = loc.pathname + loc.search;
  return null;
}

function renderShell(path: string, opts: { down?: string[] } = {}) {
  const down = new Set(opts.down ?? []);
  const runtime = fakeRuntime(down);
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest });
  const queryClient = createQueryClient();
  useToastStore.getState().dismiss();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <Shell loader={loader} queryClient={queryClient} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...utils, down, runtime, queryClient, user: userEvent.setup() };
}

const topBar = () => screen.getByRole('navigation', { name: 'Main' });

let consoleError: jest.SpyInstance;
let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
});
afterEach(() => {
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

test("renders an area's routes from its remote inside the shell's router and chrome", async () => {
  mockFetch(signedOut);
  const { user } = renderShell('/trainers/12');
  expect(await screen.findByRole('heading', { name: 'Trainer 12' })).toBeInTheDocument();
  expect(within(topBar()).getByRole('link', { name: 'Trainers' })).toHaveAttribute('aria-current', 'page');
  expect(within(screen.getByLabelText('Tabs')).getByText('Trainers').closest('a')).toHaveAttribute('aria-current', 'page');
  await user.click(within(topBar()).getByRole('link', { name: 'Challenges' }));
  expect(await screen.findByRole('heading', { name: 'Fitness Challenges' })).toBeInTheDocument();
  expect(lastLocation).toBe('/challenges');
});

test('a new page opens at the top; the page the browser loaded keeps its scroll position (a server-rendered page may be scrolled before it is hydrated)', async () => {
  mockFetch(signedOut);
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  try {
    const { user } = renderShell('/trainers/12');
    expect(await screen.findByRole('heading', { name: 'Trainer 12' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(topBar()).getByRole('link', { name: 'Challenges' }));
    expect(await screen.findByRole('heading', { name: 'Fitness Challenges' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  } finally {
    scrollTo.mockRestore();
  }
});

test('a remote that fails to load shows its area error view; Retry loads it again; other areas keep working', async () => {
  mockFetch(signedOut);
  const { user, down } = renderShell('/trainers', { down: ['mfe_trainers'] });
  expect(await screen.findByRole('heading', { name: 'Trainers is unavailable right now' })).toBeInTheDocument();
  // Still down: Retry shows the error again.
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Trainers is unavailable right now' })).toBeInTheDocument();
  // Another area and the top bar work.
  await user.click(within(topBar()).getByRole('link', { name: 'Challenges' }));
  expect(await screen.findByRole('heading', { name: 'Fitness Challenges' })).toBeInTheDocument();
  await user.click(within(topBar()).getByRole('link', { name: 'Trainers' }));
  expect(await screen.findByRole('heading', { name: 'Trainers is unavailable right now' })).toBeInTheDocument();
  // Back up: Retry really re-attempts.
  down.delete('mfe_trainers');
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Find a Trainer' })).toBeInTheDocument();
});

test('a remote page that throws while rendering is contained by the area error boundary', async () => {
  mockFetch(signedOut);
  const { user } = renderShell('/community');
  expect(await screen.findByRole('heading', { name: 'Community is unavailable right now' })).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  await user.click(within(topBar()).getByRole('link', { name: 'Trainers' }));
  expect(await screen.findByRole('heading', { name: 'Find a Trainer' })).toBeInTheDocument();
});

test("a protected area route sends a signed-out visitor to /signin?redirect=<path>", async () => {
  mockFetch(signedOut);
  renderShell('/messages');
  // The sign-in page is a lazy route: its module loads (and, under jest, compiles) on first use.
  await waitFor(() => expect(lastLocation).toBe('/signin?redirect=%2Fmessages'), { timeout: 20_000 });
}, 30_000);

test('unknown paths, also under an area prefix, show the 404 page', async () => {
  mockFetch(signedOut);
  renderShell('/challenges/1/whatever');
  expect(await screen.findByRole('heading', { name: /404 Page Not Found/ })).toBeInTheDocument();
});

test('signed in: Messages and Profile appear; Sign Out clears the session, toasts and goes home', async () => {
  let signedInNow = true;
  const calls = mockFetch({
    'GET /api/auth/user': () => ({ status: 200, body: { user: signedInNow ? makeUser() : null } }),
    'POST /api/auth/logout': () => {
      signedInNow = false;
      return { status: 200, body: { message: 'Logged out' } };
    },
  });
  const { user, queryClient } = renderShell('/messages');
  expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
  expect(within(topBar()).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  queryClient.setQueryData(['/api/private-thing'], { secret: 1 });

  await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]);
  expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  expect(screen.getByText('You have been logged out of your account.')).toBeInTheDocument();
  await waitFor(() => expect(lastLocation).toBe('/'));
  expect(queryClient.getQueryData(['/api/private-thing'])).toBeUndefined();
  expect(within(topBar()).queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
});

test('a failed sign out says so and the user stays signed in', async () => {
  mockFetch({ ...signedIn(), 'POST /api/auth/logout': { status: 500, body: { message: 'nope' } } });
  const { user } = renderShell('/trainers');
  await screen.findByRole('heading', { name: 'Find a Trainer' });
  await user.click((await screen.findAllByRole('button', { name: 'Sign Out' }))[0]);
  expect(await screen.findByText('Logout failed')).toBeInTheDocument();
  expect(screen.getByText('There was a problem logging out.')).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Sign Out' }).length).toBeGreaterThan(0);
  expect(within(topBar()).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
});

test('the small-screen menu: aria-expanded, closes on outside click, Escape and route change', async () => {
  mockFetch(signedOut);
  const { user } = renderShell('/');
  const button = screen.getByLabelText('Open menu');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).not.toHaveAttribute('aria-controls'); // the menu is not in the page yet
  await user.click(button);
  expect(screen.getByLabelText('Close menu')).toHaveAttribute('aria-expanded', 'true');
  const menu = screen.getByLabelText('Menu');
  expect(screen.getByLabelText('Close menu')).toHaveAttribute('aria-controls', menu.id);
  expect(within(menu).getAllByRole('link', { hidden: true }).map((a) => a.textContent)).toEqual([
    'Home',
    'AI Workouts',
    'Trainers',
    'Exercise Tutorials',
    'Challenges',
    'Community',
    'Sign In',
  ]);
  // Clicking inside keeps it open; clicking outside closes it.
  await user.click(within(menu).getByRole('list', { hidden: true }));
  expect(screen.getByLabelText('Menu')).toBeInTheDocument();
  await user.click(screen.getByRole('contentinfo'));
  expect(screen.queryByLabelText('Menu')).not.toBeInTheDocument();
  // Escape closes it.
  await user.click(screen.getByLabelText('Open menu'));
  await user.keyboard('{Escape}');
  expect(screen.queryByLabelText('Menu')).not.toBeInTheDocument();
  // Following a link (route change) closes it.
  await user.click(screen.getByLabelText('Open menu'));
  await user.click(within(screen.getByLabelText('Menu')).getByText('Trainers'));
  expect(await screen.findByRole('heading', { name: 'Find a Trainer' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Menu')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Open menu')).toHaveAttribute('aria-expanded', 'false');
});

test('the theme toggle switches and remembers the theme', async () => {
  mockFetch(signedOut);
  const { user } = renderShell('/');
  await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(localStorage.getItem('fitconnect-theme')).toBe('dark');
  await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(localStorage.getItem('fitconnect-theme')).toBe('light');
});

test('the footer has no dead links: every link is a shell page or belongs to an area', async () => {
  mockFetch(signedOut);
  renderShell('/privacy-policy');
  const footer = screen.getByRole('contentinfo');
  const shellPages = ['/', '/signin', '/signup', '/forgot-password', '/reset-password', '/profile', '/edit-profile', '/privacy-policy', '/terms-of-service'];
  const hrefs = within(footer)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href')!);
  expect(hrefs).toEqual([
    '/signup',
    '/trainers',
    '/ai-workout',
    '/messages',
    '/trainer-signup',
    '/community?tab=feedback',
    '/community?tab=feedback',
    '/privacy-policy',
    '/terms-of-service',
  ]);
  for (const href of hrefs) expect(shellPages.includes(href) || areaForPath(href.split('?')[0]) !== null).toBe(true);
  expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  // The spec's placeholder entries (its three dead links) are plain text, the social icons are not links.
  for (const text of ['Subscription Details', 'Client Management', 'Marketing Tips']) {
    expect(within(footer).getByText(text).closest('a')).toBeNull();
  }
  expect(within(footer).getByText(`© ${new Date().getFullYear()} FitConnect. All rights reserved.`)).toBeInTheDocument();
  await act(async () => undefined);
});

test("the footer's Terms of Service opens the terms page", async () => {
  mockFetch(signedOut);
  const { user } = renderShell('/');
  await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of Service' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
});
