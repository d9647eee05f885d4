import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { SignInPage } from '../../src/pages';
import { safeRedirect } from '../../src/pages/redirect';
import { makeUser, mockFetch, signedOut } from './fetchMock';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

function renderAt(entry: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { initialEntries: [entry] },
  );
}

/** Login succeeds for janedoe/secret1; afterwards the current user is Jane. */
function loginRoutes() {
  let signedInNow = false;
  return mockFetch({
    'GET /api/auth/user': () => ({ body: { user: signedInNow ? makeUser() : null } }),
    'POST /api/auth/login': (call) => {
      const b = call.body as { username: string; password: string };
      if (b.username === 'janedoe' && b.password === 'secret1') {
        signedInNow = true;
        return { body: { user: makeUser() } };
      }
      return { status: 401, body: { message: 'Invalid username or password' } };
    },
  });
}

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText(/username/i), username);
  if (password) await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: /sign in/i }));
}

describe('SignInPage', () => {
  it('requires username and password, without calling the API, and links to the other auth pages', async () => {
    const calls = mockFetch(signedOut);
    renderAt('/signin');
    await signIn('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    const username = screen.getByLabelText(/username/i);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(username).toHaveFocus();
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);

    // After the first submit, messages follow the input.
    await userEvent.setup().type(username, 'j');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /forgot your password/i })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: /^sign up$/i })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /join as a trainer/i })).toHaveAttribute('href', '/trainer-signup');
  });

  it('shows the SPEC failure text when the credentials are wrong', async () => {
    const calls = loginRoutes();
    renderAt('/signin');
    await signIn('janedoe', 'wrong-password');
    expect(await screen.findByText('Invalid username or password. Please try again.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ username: 'janedoe', password: 'wrong-password' });
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('goes to /profile by default after signing in', async () => {
    loginRoutes();
    renderAt('/signin');
    await signIn('janedoe', 'secret1');
    expect(await screen.findByTestId('where')).toHaveTextContent('/profile');
  });

  it('honours a same-site redirect parameter', async () => {
    loginRoutes();
    renderAt('/signin?redirect=' + encodeURIComponent('/ai-workout?load=3'));
    await signIn('janedoe', 'secret1');
    expect(await screen.findByTestId('where')).toHaveTextContent('/ai-workout?load=3');
  });

  it('ignores a protocol-relative redirect such as //evil', async () => {
    loginRoutes();
    renderAt('/signin?redirect=' + encodeURIComponent('//evil.example/steal'));
    await signIn('janedoe', 'secret1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/profile$/));
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/challenges/3', '/challenges/3'],
    ['/trainers?location=Leeds#top', '/trainers?location=Leeds#top'],
    [null, '/profile'],
    ['', '/profile'],
    ['//evil', '/profile'],
    ['/\\evil.example', '/profile'],
    ['https://evil.example/', '/profile'],
    ['javascript:alert(1)', '/profile'],
    ['/\t/evil.example', '/profile'],
    ['profile', '/profile'],
  ])('%p -> %p', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
