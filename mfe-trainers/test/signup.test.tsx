import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { TrainerSignupPage } from '../src/features/signup/components/TrainerSignupPage';
import { MyTrainerProfilePage } from '../src/features/profile-edit/components/MyTrainerProfilePage';
import { LocationProbe, makeTrainer, makeUser, mockFetch, signedOut, type Handler, type ReplySpec } from './helpers';

jest.setTimeout(30_000);

function renderSignup() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/trainer-signup" element={<TrainerSignupPage />} />
        <Route path="/trainer-profile" element={<MyTrainerProfilePage />} />
        <Route path="/trainers/:id" element={<p>Public profile</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: ['/trainer-signup'] },
  );
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

/** fireEvent.change: quicker than typing on a slow machine, same React change events. */
function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillAccount() {
  fill(/^First name/, 'Nadia');
  fill(/^Last name/, 'Ali');
  fill(/^Username/, 'nadia.ali');
  fill(/^Email/, 'nadia@example.com');
  fill(/^Location/, 'LS6 2AB');
  fill(/^Password/, 'secret123');
  fill(/^Confirm password/, 'secret123');
}

function fillProfile() {
  fill(/^Specialization/, 'Boxing Fitness');
  fill(/^Description/, 'Pad work and conditioning for total beginners.');
  fill(/^Years of experience/, '5');
  fill(/^Specialties/, 'Boxing, HIIT');
  fill(/^Session price/, '40');
}

/** The server side of sign-up: the account (signed in from then on), then the profile. */
function server(profileReply: ReplySpec, signupReply?: ReplySpec) {
  let user: ReturnType<typeof makeUser> | null = null;
  const signup: Handler = (c) => {
    if (signupReply) return signupReply;
    const b = c.body as { username: string; firstName: string; lastName: string; location: string; email: string };
    user = makeUser({ id: 77, username: b.username, firstName: b.firstName, lastName: b.lastName, location: b.location, email: b.email, isTrainer: true });
    return { status: 201, body: { user } };
  };
  return mockFetch({
    'GET /api/auth/user': () => (user ? { status: 200, body: { user } } : signedOut),
    'POST /api/auth/signup': signup,
    'POST /api/trainers/profile': profileReply,
    'GET /api/trainers/me': { status: 404, body: { message: 'Profile not found' } },
  });
}

describe('TrainerSignupPage', () => {
  it('blocks forward moves until the tab validates, with the SPEC messages; back is free', async () => {
    const user = userEvent.setup();
    server({ status: 201, body: makeTrainer() });
    renderSignup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join FitConnect as a Trainer' })).toBeInTheDocument();
    expect(tab(/Account/)).toHaveAttribute('aria-selected', 'true');

    // Forward from an empty account tab: refused.
    await user.click(tab(/Profile/));
    expect(await screen.findByText('Please complete account information')).toBeInTheDocument();
    expect(tab(/Account/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Location is required for trainers')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    // Jumping straight to Terms is refused too.
    await user.click(tab(/Terms/));
    expect(tab(/Account/)).toHaveAttribute('aria-selected', 'true');

    fillAccount();
    fill(/^Confirm password/, 'different1');
    await user.click(screen.getByRole('button', { name: 'Next: Profile' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(tab(/Account/)).toHaveAttribute('aria-selected', 'true');
    fill(/^Confirm password/, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next: Profile' }));
    expect(tab(/Profile/)).toHaveAttribute('aria-selected', 'true');

    // Profile tab: forward refused until it validates.
    await user.click(screen.getByRole('button', { name: 'Next: Terms' }));
    expect(await screen.findByText('Please complete profile information')).toBeInTheDocument();
    expect(screen.getByText('Please provide a more detailed description of your services')).toBeInTheDocument();
    expect(screen.getByText('Please enter at least one specialty')).toBeInTheDocument();
    expect(tab(/Profile/)).toHaveAttribute('aria-selected', 'true');

    // Back is free (even while the profile tab is invalid), and the values are kept.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(tab(/Account/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Username/)).toHaveValue('nadia.ali');

    await user.click(tab(/Profile/));
    fillProfile();
    await user.click(tab(/Terms/));
    expect(tab(/Terms/)).toHaveAttribute('aria-selected', 'true');
    // No submit button before the terms tab.
    await user.click(tab(/Account/));
    expect(screen.queryByRole('button', { name: 'Create Trainer Account' })).not.toBeInTheDocument();
  });

  it('submits only from terms and requires acceptTerms; creates the account, then the profile, then shows it', async () => {
    const user = userEvent.setup();
    const calls = server({ status: 201, body: makeTrainer({ id: 15 }) });
    renderSignup();
    fillAccount();
    // Enter on the account tab moves forward, never submits.
    fireEvent.submit(screen.getByRole('form', { name: 'Trainer sign-up' }));
    expect(tab(/Profile/)).toHaveAttribute('aria-selected', 'true');
    fillProfile();
    await user.click(screen.getByRole('button', { name: 'Next: Terms' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Create Trainer Account' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create Trainer Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers/15'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/auth/signup', '/api/trainers/profile']);
    expect(posts[0].body).toEqual({
      username: 'nadia.ali',
      email: 'nadia@example.com',
      firstName: 'Nadia',
      lastName: 'Ali',
      location: 'LS6 2AB',
      password: 'secret123',
      confirmPassword: 'secret123',
      isTrainer: true,
    });
    expect(posts[1].body).toMatchObject({
      specialization: 'Boxing Fitness',
      yearsOfExperience: 5,
      specialties: ['Boxing', 'HIIT'],
      sessionPrice: 40,
      availableInPerson: true,
      location: 'LS6 2AB',
    });
  });

  it("toasts 'Registration failed' / 'Username already exists' and makes no profile call", async () => {
    const user = userEvent.setup();
    const calls = server({ status: 201, body: makeTrainer() }, { status: 409, body: { message: 'Username already exists' } });
    renderSignup();
    fillAccount();
    await user.click(screen.getByRole('button', { name: 'Next: Profile' }));
    fillProfile();
    await user.click(screen.getByRole('button', { name: 'Next: Terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create Trainer Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Username already exists')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/trainers/profile')).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent('/trainer-signup');
  });

  it('when the profile call fails the trainer is signed in and lands on the finish form with what they typed', async () => {
    const user = userEvent.setup();
    server({ status: 500, body: { message: 'boom' } });
    renderSignup();
    fillAccount();
    await user.click(screen.getByRole('button', { name: 'Next: Profile' }));
    fillProfile();
    await user.click(screen.getByRole('button', { name: 'Next: Terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create Trainer Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainer-profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Finish your trainer profile' })).toBeInTheDocument();
    expect(screen.getByText('Trainer profile not saved')).toBeInTheDocument();
    expect(screen.queryByText('Registration failed')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Specialization/)).toHaveValue('Boxing Fitness');
    // Specialties come back as chips.
    expect(within(screen.getByRole('list', { name: 'Your specialties' })).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Boxing', 'HIIT']);
    expect(screen.getByLabelText(/^Location/)).toHaveValue('LS6 2AB');
  });
});
