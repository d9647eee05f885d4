import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { SignUpPage } from '../../src/pages';
import { registrationErrorText } from '../../src/pages/SignUpPage';
import { ApiError, useToastStore } from '@fitconnect/shared-ui';
import { makeUser, mockFetch, signedOut, type Call } from './fetchMock';

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/profile" element={<h1>Profile page</h1>} />
    </Routes>,
    { initialEntries: ['/signup'] },
  );
}

async function fill(values: Partial<Record<string, string>>) {
  const user = userEvent.setup();
  const labels: Record<string, RegExp> = {
    username: /^username/i,
    email: /^email/i,
    firstName: /^first name/i,
    lastName: /^last name/i,
    location: /^location/i,
    password: /^password/i,
    confirmPassword: /^confirm password/i,
  };
  for (const [k, v] of Object.entries(values)) if (v) await user.type(await screen.findByLabelText(labels[k]), v);
  await user.click(screen.getByRole('button', { name: /create account/i }));
}

const valid = {
  username: 'newbie',
  email: 'newbie@example.com',
  firstName: 'Nia',
  lastName: 'Bee',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const signupCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/auth/signup');

describe('SignUpPage', () => {
  it("shows SPEC §5 messages, including 'Passwords don't match', and sends nothing", async () => {
    const calls = mockFetch(signedOut);
    renderPage();
    await fill({ ...valid, username: 'ab', email: 'not-an-email', confirmPassword: 'secret2' });
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^confirm password/i)).toHaveAccessibleDescription("Passwords don't match");
    expect(signupCalls(calls)).toHaveLength(0);
  });

  it("asks to confirm the password when the confirmation is too short", async () => {
    mockFetch(signedOut);
    renderPage();
    await fill({ ...valid, confirmPassword: 'abc' });
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
  });

  it("toasts 'Registration failed' / 'Username already exists' on a taken username", async () => {
    const calls = mockFetch({
      ...signedOut,
      'POST /api/auth/signup': { status: 409, body: { message: 'Username already exists' } },
    });
    renderPage();
    await fill(valid);
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Username already exists')).toBeInTheDocument();
    expect(signupCalls(calls)[0].body).toEqual({ ...valid, location: '', isTrainer: false });
    expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
  });

  it("puts a server 400's field issues next to their fields", async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/signup': {
        status: 400,
        body: { message: 'Validation failed', issues: [{ path: ['email'], message: 'That email domain cannot receive mail' }] },
      },
    });
    renderPage();
    await fill(valid);
    expect(await screen.findByText('That email domain cannot receive mail')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription('That email domain cannot receive mail');
    expect(screen.getByText('An error occurred during registration')).toBeInTheDocument();
  });

  it('signs the new user in and goes to /profile', async () => {
    let created = false;
    mockFetch({
      'GET /api/auth/user': () => ({ body: { user: created ? makeUser({ username: 'newbie' }) : null } }),
      'POST /api/auth/signup': () => {
        created = true;
        return { status: 201, body: { user: makeUser({ username: 'newbie' }) } };
      },
    });
    renderPage();
    await fill({ ...valid, location: 'York' });
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });
});

describe('registrationErrorText', () => {
  it('maps server messages to the SPEC §8 texts', () => {
    expect(registrationErrorText(new ApiError(409, JSON.stringify({ message: 'Email already exists' })))).toBe('Email already exists');
    expect(registrationErrorText(new ApiError(409, 'Username already exists'))).toBe('Username already exists');
    expect(registrationErrorText(new ApiError(500, JSON.stringify({ message: 'boom' })))).toBe('An error occurred during registration');
    expect(registrationErrorText(new TypeError('Failed to fetch'))).toBe('An error occurred during registration');
  });
});

afterEach(() => {
  act(() => useToastStore.getState().dismiss());
});
