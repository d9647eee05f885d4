import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  CURRENT_USER_KEY,
  RequireAuth,
  useCurrentUser,
  useCurrentUserRefresh,
  useLogin,
  useLogout,
  useSignOutAndLeave,
  useUpdateProfile,
} from '../src';
import { renderWithProviders } from '../src/testing';

const alice = {
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Smith',
  location: 'Leeds',
  isTrainer: false,
  promoTrainer: false,
  trainerNumber: null,
};

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown };
const realFetch = global.fetch;
let requests: Array<{ url: string; method: string; body?: string }>;

function serve(handler: Handler) {
  requests = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    requests.push({ url, method: init.method ?? 'GET', body: init.body as string | undefined });
    const { status, body } = handler(url, init);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as Response;
  }) as unknown as typeof fetch;
}

const userCalls = () => requests.filter((r) => r.url === '/api/auth/user').length;

afterEach(() => {
  global.fetch = realFetch;
  jest.useRealTimers();
});

function WhereAmI() {
  const loc = useLocation();
  return <p data-testid="loc">{loc.pathname + loc.search}</p>;
}

describe('RequireAuth', () => {
  it('redirects a signed-out visitor to /signin with the page (and query) as redirect', async () => {
    serve((url) => (url === '/api/auth/user' ? { status: 401, body: { message: 'Not signed in' } } : { status: 404 }));
    renderWithProviders(
      <Routes>
        <Route path="/signin" element={<WhereAmI />} />
        <Route
          path="/messages/:id"
          element={
            <RequireAuth>
              <p>secret thread</p>
            </RequireAuth>
          }
        />
      </Routes>,
      { initialEntries: ['/messages/3?x=1'] },
    );
    expect(screen.getByRole('status')).toHaveTextContent(/session/i); // spinner while loading
    expect(await screen.findByTestId('loc')).toHaveTextContent('/signin?redirect=' + encodeURIComponent('/messages/3?x=1'));
    expect(screen.queryByText('secret thread')).not.toBeInTheDocument();
  });

  it('renders the page for a signed-in user', async () => {
    serve(() => ({ status: 200, body: { user: alice } }));
    renderWithProviders(
      <RequireAuth>
        <p>my profile</p>
      </RequireAuth>,
      { initialEntries: ['/profile'] },
    );
    expect(await screen.findByText('my profile')).toBeInTheDocument();
  });

  it('treats {user: null} as signed out', async () => {
    serve(() => ({ status: 200, body: { user: null } }));
    renderWithProviders(
      <Routes>
        <Route path="/signin" element={<WhereAmI />} />
        <Route path="/profile" element={<RequireAuth><p>x</p></RequireAuth>} />
      </Routes>,
      { initialEntries: ['/profile'] },
    );
    expect(await screen.findByTestId('loc')).toHaveTextContent('/signin?redirect=%2Fprofile');
  });
});

function Who() {
  const { user, isSignedIn, isLoading } = useCurrentUser();
  if (isLoading) return <p>loading</p>;
  return <p data-testid="who">{isSignedIn ? `hi ${user!.firstName}` : 'signed out'}</p>;
}

describe('useLogout', () => {
  it('POSTs /api/auth/logout, clears every cached query and shows signed out', async () => {
    let signedIn = true;
    serve((url, init) => {
      if (url === '/api/auth/logout' && init.method === 'POST') {
        signedIn = false;
        return { status: 204 };
      }
      if (url === '/api/auth/user') return signedIn ? { status: 200, body: { user: alice } } : { status: 401 };
      if (url === '/api/messages') return { status: 200, body: [{ id: 1 }] };
      return { status: 404 };
    });
    function Page() {
      const logout = useLogout();
      const msgs = useQuery<unknown[]>({ queryKey: ['/api/messages'], enabled: false });
      return (
        <>
          <Who />
          <p data-testid="msgs">{msgs.data ? `${msgs.data.length} conversations` : 'none'}</p>
          <Button onClick={() => logout.mutate()}>Sign Out</Button>
        </>
      );
    }
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<Page />);
    await queryClient.fetchQuery({ queryKey: ['/api/messages'] });
    queryClient.setQueryData(['/api/trainers', 'Leeds'], [{ id: 2 }]);
    expect(await screen.findByText('hi Alice')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('signed out'));
    expect(requests.some((r) => r.url === '/api/auth/logout' && r.method === 'POST' && r.body === undefined)).toBe(true);
    expect(queryClient.getQueryData(['/api/messages'])).toBeUndefined();
    expect(queryClient.getQueryData(['/api/trainers', 'Leeds'])).toBeUndefined();
    // Mounted observers may re-create an empty entry, but no query holds data except the signed-out user.
    const withData = queryClient.getQueryCache().findAll().filter((q) => q.state.data !== undefined);
    expect(withData.map((q) => q.queryKey)).toEqual([[...CURRENT_USER_KEY]]);
    expect(screen.getByTestId('msgs')).toHaveTextContent('none');
    // Signed out either way: {user: null} set by the hook, or null from a 401 refetch.
    expect(queryClient.getQueryData<{ user: unknown } | null>(CURRENT_USER_KEY)?.user ?? null).toBeNull();
  });

  it('keeps the cache when logout fails', async () => {
    serve((url) => (url === '/api/auth/logout' ? { status: 500, body: { message: 'db down' } } : { status: 200, body: { user: alice } }));
    function Page() {
      const logout = useLogout();
      return (
        <>
          <Who />
          <p data-testid="err">{logout.error?.message ?? ''}</p>
          <Button onClick={() => logout.mutate()}>Sign Out</Button>
        </>
      );
    }
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<Page />);
    queryClient.setQueryData(['/api/messages'], [1]);
    await screen.findByText('hi Alice');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('err')).toHaveTextContent('500: {"message":"db down"}'));
    expect(queryClient.getQueryData(['/api/messages'])).toEqual([1]);
    expect(screen.getByTestId('who')).toHaveTextContent('hi Alice');
  });
});

describe('useSignOutAndLeave (sign out from a protected page)', () => {
  function setup() {
    let signedIn = true;
    serve((url) => {
      if (url === '/api/auth/user') return signedIn ? { status: 200, body: { user: alice } } : { status: 401, body: { message: 'Unauthorized' } };
      if (url === '/api/auth/logout') {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out successfully' } };
      }
      return { status: 404 };
    });
    // The page signing out leads to is slow to load (a lazy chunk on a busy machine): the navigation
    // to / cannot commit before the logout answer clears the signed-in state.
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const Landing = lazy(async () => {
      await loaded;
      return { default: () => <p>landing page</p> };
    });
    function SignOutButton() {
      const { signOut } = useSignOutAndLeave('/');
      return (
        <button type="button" onClick={() => void signOut().catch(() => undefined)}>
          Sign Out
        </button>
      );
    }
    const seen: string[] = [];
    function Trail() {
      const loc = useLocation();
      if (seen[seen.length - 1] !== loc.pathname) seen.push(loc.pathname);
      return null;
    }
    renderWithProviders(
      <Suspense fallback={<p>loading</p>}>
        <Trail />
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/signin" element={<p>sign-in page</p>} />
          <Route
            path="/messages"
            element={
              <RequireAuth>
                <SignOutButton />
                <p>secret thread</p>
              </RequireAuth>
            }
          />
        </Routes>
      </Suspense>,
      { initialEntries: ['/messages'] },
    );
    return { release, seen };
  }

  it('lands on / and never on /signin, even when the logout answers before / has loaded', async () => {
    const { release, seen } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/auth/logout')).toBe(true));
    // Signed out now; the guard of the page being left waits instead of sending the visitor to /signin.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText('sign-in page')).not.toBeInTheDocument();
    expect(screen.queryByText('secret thread')).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    expect(seen).not.toContain('/signin');
    expect(seen[seen.length - 1]).toBe('/');
  });

  it('a failed logout leaves the guard as it was (still signed in, no redirect)', async () => {
    serve((url) => {
      if (url === '/api/auth/user') return { status: 200, body: { user: alice } };
      if (url === '/api/auth/logout') return { status: 500, body: { message: 'nope' } };
      return { status: 404 };
    });
    function SignOutButton() {
      const { signOut } = useSignOutAndLeave('/elsewhere');
      return (
        <button type="button" onClick={() => void signOut().catch(() => undefined)}>
          Sign Out
        </button>
      );
    }
    renderWithProviders(
      <Routes>
        <Route path="/elsewhere" element={<WhereAmI />} />
        <Route
          path="/messages"
          element={
            <RequireAuth>
              <SignOutButton />
            </RequireAuth>
          }
        />
      </Routes>,
      { initialEntries: ['/messages'] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByTestId('loc')).toHaveTextContent('/elsewhere');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/auth/logout')).toBe(true));
  });
});

describe('useLogin / useUpdateProfile', () => {
  it('login posts the credentials and the app becomes signed in', async () => {
    let signedIn = false;
    serve((url, init) => {
      if (url === '/api/auth/login') {
        const b = JSON.parse(init.body as string);
        if (b.password !== 'secret1') return { status: 401, body: { message: 'Invalid username or password' } };
        signedIn = true;
        return { status: 200, body: { user: alice } };
      }
      if (url === '/api/auth/user') return { status: 200, body: { user: signedIn ? alice : null } };
      return { status: 404 };
    });
    function Page() {
      const login = useLogin();
      return (
        <>
          <Who />
          <Button onClick={() => login.mutate({ username: 'alice', password: 'wrong' })}>Bad</Button>
          <Button onClick={() => login.mutate({ username: 'alice', password: 'secret1' })}>Good</Button>
          <p data-testid="status">{login.isError ? login.error.message : ''}</p>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bad' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(/^401: /));
    expect(screen.getByTestId('who')).toHaveTextContent('signed out');
    await user.click(screen.getByRole('button', { name: 'Good' }));
    expect(await screen.findByText('hi Alice')).toBeInTheDocument();
  });

  it('profile update PATCHes and refreshes the current user', async () => {
    let current = alice;
    serve((url, init) => {
      if (url === '/api/users/profile' && init.method === 'PATCH') {
        current = { ...current, ...JSON.parse(init.body as string) };
        return { status: 200, body: { user: current } };
      }
      if (url === '/api/auth/user') return { status: 200, body: { user: current } };
      return { status: 404 };
    });
    function Page() {
      const update = useUpdateProfile();
      return (
        <>
          <Who />
          <Button onClick={() => update.mutate({ firstName: 'Alicia', lastName: 'Smith', email: 'a@example.com', location: 'York' })}>
            Save
          </Button>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await screen.findByText('hi Alice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('hi Alicia')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.url).toBe('/api/users/profile');
  });
});

describe('current-user refresh policy (SPEC §4)', () => {
  it('refetches every 30 s', async () => {
    jest.useFakeTimers();
    serve(() => ({ status: 200, body: { user: alice } }));
    renderWithProviders(<Who />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByTestId('who')).toHaveTextContent('hi Alice');
    const before = userCalls();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    expect(userCalls()).toBe(before + 1);
  });

  it('refetches on a document click at most once per 5 s, and when the page becomes visible', async () => {
    jest.useFakeTimers();
    serve(() => ({ status: 200, body: { user: alice } }));
    function Shell() {
      useCurrentUserRefresh();
      return <Who />;
    }
    renderWithProviders(<Shell />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    const start = userCalls();
    expect(start).toBeGreaterThanOrEqual(1);

    // Right after the fetch: a click is throttled.
    await act(async () => {
      fireEvent.click(document.body);
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(userCalls()).toBe(start);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
      fireEvent.click(document.body);
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(userCalls()).toBe(start + 1);
    await act(async () => {
      fireEvent.click(document.body); // within 5 s of the last one
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(userCalls()).toBe(start + 1);

    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(userCalls()).toBe(start + 2);
  });

  it('retries a failing current-user call twice', async () => {
    jest.useFakeTimers();
    serve(() => ({ status: 500, body: { message: 'down' } }));
    renderWithProviders(<Who />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20_000);
    });
    expect(userCalls()).toBe(3);
  });
});
