import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { CURRENT_USER_KEY, RequireAuth, useToastStore } from '@fitconnect/shared-ui';
import { EditProfilePage, ProfilePage } from '../../src/pages';
import { missingProfileFields, whenNextPlan } from '../../src/pages/ProfilePage';
import { useSignOut } from '../../src/layout/useSignOut';
import { makeUser, mockFetch, signedIn } from './fetchMock';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

/** The top bar's Sign Out (the page has none of its own since issue 28.10: one Sign Out). */
function TopBarSignOut() {
  const { signOut } = useSignOut();
  return (
    <button type="button" onClick={signOut}>
      Sign Out
    </button>
  );
}

function render(entry: string, guarded = false) {
  const profile = (
    <>
      <TopBarSignOut />
      <ProfilePage />
    </>
  );
  return renderWithProviders(
    <Routes>
      <Route path="/profile" element={guarded ? <RequireAuth>{profile}</RequireAuth> : profile} />
      <Route path="/edit-profile" element={<EditProfilePage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { initialEntries: [entry] },
  );
}

afterEach(() => {
  act(() => useToastStore.getState().dismiss());
});

describe('ProfilePage', () => {
  it('shows the page once the "What now?" cards have their data, so no card grows and pushes Account Details down (issue 35.2)', async () => {
    mockFetch({ ...signedIn(makeUser()), 'GET /api/ai-workouts/today': { body: [] }, 'GET /api/messages/unread': { body: { total: 2 } } });
    render('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: "Today's Plan" })).getByRole('link', { name: /Generate Today's Plan/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Messages' })).getByText('2 unread messages')).toBeInTheDocument();
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
  });

  it('shows the user details and what now: no plan yet today, unread messages; no trainer badges, no Sign Out of its own', async () => {
    mockFetch({ ...signedIn(makeUser()), 'GET /api/ai-workouts/today': { body: [] }, 'GET /api/messages/unread': { body: { total: 2 } } });
    render('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('Leeds')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: "Today's Plan" });
    expect(await within(today).findByRole('link', { name: /Generate Today's Plan/ })).toHaveAttribute('href', '/ai-workout');
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText('2 unread messages')).toBeInTheDocument();
    expect(within(messages).getByRole('link', { name: 'Read Messages' })).toHaveAttribute('href', '/messages');
    // The six tiles that repeated the top nav are gone; the only Sign Out is the top bar's.
    expect(screen.queryByRole('link', { name: /AI Workout Generator/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.queryByText('Trainer Account')).not.toBeInTheDocument();
    expect(screen.queryByText(/Early Access Member/)).not.toBeInTheDocument();
    expect(screen.queryByText('Active & Free')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile Completeness' })).not.toBeInTheDocument();
  });

  it("leads with today's plan when there is one, and says when the next is possible", async () => {
    const plan = { id: 5, title: 'Full Body Strength', duration: 30, difficulty: 'intermediate', createdAt: new Date().toISOString() };
    mockFetch({ ...signedIn(makeUser()), 'GET /api/ai-workouts/today': { body: [plan] }, 'GET /api/messages/unread': { body: { total: 0 } } });
    render('/profile');
    const today = await screen.findByRole('region', { name: "Today's Plan" });
    expect(await within(today).findByText('Full Body Strength')).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: "Open Today's Plan" })).toHaveAttribute('href', '/workout-plan/5');
    expect(within(today).getByText(/Your next plan can be generated (today|tomorrow)/)).toBeInTheDocument();
    expect(await screen.findByText('No unread messages')).toBeInTheDocument();
  });

  it('shows the loading and error states of a card, with a retry', async () => {
    let fail = true;
    mockFetch({
      ...signedIn(makeUser()),
      'GET /api/ai-workouts/today': () => (fail ? { status: 500, body: { message: 'down' } } : { body: [] }),
      'GET /api/messages/unread': { body: { total: 0 } },
    });
    render('/profile');
    const today = await screen.findByRole('region', { name: "Today's Plan" });
    expect(await within(today).findByRole('alert')).toHaveTextContent("Today's plan could not be loaded right now.");
    fail = false;
    await userEvent.setup().click(within(today).getByRole('button', { name: 'Try Again' }));
    expect(await within(today).findByRole('link', { name: /Generate Today's Plan/ })).toBeInTheDocument();
  });

  it("gives a trainer enquiries and the profile's completeness (what is missing, linking to edit) instead of the client cards", async () => {
    const trainer = {
      id: 12, userId: 7, user: { id: 7, firstName: 'Jane', lastName: 'Doe', location: 'Leeds' }, specialization: 'Strength',
      description: 'Short text here, too short.', yearsOfExperience: 3, specialties: ['Strength'], certifications: [], education: '',
      sessionPrice: 40, availableOnline: true, availableInPerson: false, profileImage: null, profileImageThumb: null, rating: 0,
      reviewCount: 0, instagramHandle: '', twitterHandle: '', websiteUrl: '',
    };
    const convo = (id: number, unreadCount: number, firstName: string) => ({
      conversationId: id, partner: { id: 100 + id, firstName, lastName: 'Client', isTrainer: false }, latestMessage: null, unreadCount, lastSeq: 1,
    });
    mockFetch({
      ...signedIn(makeUser({ isTrainer: true })),
      'GET /api/trainers/me': { body: trainer },
      'GET /api/messages': { body: [convo(1, 2, 'Ann'), convo(2, 0, 'Bob')] },
    });
    render('/profile');
    const enquiries = await screen.findByRole('region', { name: 'Enquiries' });
    expect(await within(enquiries).findByText('1 person is waiting for a reply')).toBeInTheDocument();
    expect(within(enquiries).getByRole('link', { name: 'Ann Client (2 new)' })).toHaveAttribute('href', '/messages/101');
    const completeness = screen.getByRole('region', { name: 'Profile Completeness' });
    expect(await within(completeness).findByText('A profile photo')).toBeInTheDocument();
    for (const m of ['Certifications', 'Education', 'A website or social link', 'A fuller description (80+ characters)']) {
      expect(within(completeness).getByText(m)).toBeInTheDocument();
    }
    expect(within(completeness).getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '38');
    expect(within(completeness).getByRole('link', { name: 'Complete Your Profile' })).toHaveAttribute('href', '/trainer-profile/12/edit');
    expect(screen.queryByRole('region', { name: "Today's Plan" })).not.toBeInTheDocument();
    expect(missingProfileFields({ ...trainer, profileImage: '/p', description: 'x'.repeat(80), certifications: ['A'], education: 'BSc', websiteUrl: 'https://x.test' })).toEqual([]);
  });

  it('a trainer without a profile is asked to create one', async () => {
    mockFetch({ ...signedIn(makeUser({ isTrainer: true })), 'GET /api/trainers/me': { status: 404, body: { message: 'Profile not found' } }, 'GET /api/messages': { body: [] } });
    render('/profile');
    const completeness = await screen.findByRole('region', { name: 'Profile Completeness' });
    expect(await within(completeness).findByRole('link', { name: 'Create Trainer Profile' })).toHaveAttribute('href', '/trainer-profile');
    expect(await screen.findByText('No enquiries waiting')).toBeInTheDocument();
  });

  it('says when the next plan is possible in local words', () => {
    expect(whenNextPlan(new Date('2030-01-01T10:00:00Z'))).toMatch(/^(today|tomorrow) at /);
  });

  it('gives a promo trainer both badges, the status card and the manage button', async () => {
    mockFetch(signedIn(makeUser({ isTrainer: true, promoTrainer: true, trainerNumber: 42 })));
    render('/profile');
    expect(await screen.findByText('Trainer Account')).toBeInTheDocument();
    expect(screen.getByText('Early Access Member #42')).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Trainer Status' });
    expect(within(status).getByText('Active & Free')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Manage Trainer Profile' })).toHaveAttribute('href', '/trainer-profile');
  });

  it('gives a trainer without promo only the Trainer Account badge', async () => {
    mockFetch(signedIn(makeUser({ isTrainer: true, promoTrainer: false, trainerNumber: null })));
    render('/profile');
    expect(await screen.findByText('Trainer Account')).toBeInTheDocument();
    expect(screen.queryByText(/Early Access Member/)).not.toBeInTheDocument();
    expect(screen.getByText('Active & Free')).toBeInTheDocument();
  });

  it('redirects to /signin when the user query fails', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 500, body: { message: 'down' } } });
    const { queryClient } = render('/profile');
    // The current-user query retries twice; make the failure immediate for the test.
    queryClient.setQueryDefaults(CURRENT_USER_KEY, { retry: false });
    expect(await screen.findByTestId('where', {}, { timeout: 20_000 })).toHaveTextContent('/signin?redirect=%2Fprofile');
  }, 30_000);

  describe('a refetch that fails after the page was shown', () => {
    it('for the connection: the profile and its cards stay, and the visitor is not sent to sign in', async () => {
      mockFetch({
        'GET /api/auth/user': answerThen({ body: { user: makeUser() } }, 'network'),
        'GET /api/ai-workouts/today': answerThen({ body: [] }, 'network'),
        'GET /api/messages/unread': answerThen({ body: { total: 2 } }, { status: 503, body: { message: 'down' } }),
      });
      const { queryClient } = render('/profile');
      queryClient.setQueryDefaults(CURRENT_USER_KEY, { retry: false });
      expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
      await refetchFails(queryClient, CURRENT_USER_KEY);
      await refetchFails(queryClient, ['profile', '/api/ai-workouts/today']);
      await refetchFails(queryClient, ['/api/messages/unread']);
      expect(screen.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: "Today's Plan" })).getByRole('link', { name: /Generate Today's Plan/ })).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Messages' })).getByText('2 unread messages')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('signed out meanwhile (401): to /signin', async () => {
      mockFetch({
        'GET /api/auth/user': answerThen({ body: { user: makeUser() } }, { status: 401, body: { message: 'Not authenticated' } }),
        'GET /api/ai-workouts/today': { body: [] },
        'GET /api/messages/unread': { body: { total: 0 } },
      });
      const { queryClient } = render('/profile');
      expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
      void queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      expect(await screen.findByTestId('where')).toHaveTextContent('/signin?redirect=%2Fprofile');
    });
  });

  it.each([false, true])("signs out: toast, cache cleared, back to / (inside RequireAuth: %p)", async (guarded) => {
    let session: ReturnType<typeof makeUser> | null = makeUser();
    const calls = mockFetch({
      'GET /api/auth/user': () => ({ body: { user: session } }),
      'POST /api/auth/logout': () => {
        session = null;
        return { body: { message: 'Logged out' } };
      },
    });
    const { queryClient } = render('/profile', guarded);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    // Still at / once the cleared user has reached every observer (no bounce to /signin).
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual({ user: null });
  });

  it('toasts the SPEC failure text when sign out fails, and the user stays signed in', async () => {
    mockFetch({ ...signedIn(), 'POST /api/auth/logout': { status: 500, body: { message: 'nope' } } });
    const { queryClient } = render('/profile');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('There was a problem logging out.')).toBeInTheDocument();
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual({ user: makeUser() });
  });
});

describe('EditProfilePage', () => {
  it('prefills the form and shows SPEC §5 messages for bad input', async () => {
    const calls = mockFetch(signedIn());
    render('/edit-profile');
    const first = await screen.findByLabelText(/^first name/i);
    expect(first).toHaveValue('Jane');
    expect(screen.getByLabelText(/^last name/i)).toHaveValue('Doe');
    expect(screen.getByLabelText(/^email/i)).toHaveValue('jane@example.com');
    expect(screen.getByLabelText(/^location/i)).toHaveValue('Leeds');

    const user = userEvent.setup();
    await user.clear(first);
    await user.clear(screen.getByLabelText(/^email/i));
    await user.type(screen.getByLabelText(/^email/i), 'jane-at-example');
    await user.click(screen.getByRole('button', { name: /save changes/i }));
    expect(await screen.findByText('First name, last name and email are required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(first).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('saves with PATCH /api/users/profile and returns to /profile', async () => {
    let current = makeUser();
    const calls = mockFetch({
      'GET /api/auth/user': () => ({ body: { user: current } }),
      'PATCH /api/users/profile': (call) => {
        current = makeUser(call.body as object);
        return { body: { user: current } };
      },
    });
    render('/edit-profile');
    const user = userEvent.setup();
    const last = await screen.findByLabelText(/^last name/i);
    await user.clear(last);
    await user.type(last, 'Smith');
    await user.click(screen.getByRole('button', { name: /save changes/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Smith' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.com',
      location: 'Leeds',
    });
  });

  it('asks for the current password only when the email changes, and sends it', async () => {
    let current = makeUser();
    const calls = mockFetch({
      'GET /api/auth/user': () => ({ body: { user: current } }),
      'PATCH /api/users/profile': (call) => {
        const { currentPassword: _pw, ...fields } = call.body as Record<string, unknown>;
        current = makeUser(fields);
        return { body: { user: current } };
      },
    });
    render('/edit-profile');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^email/i);
    expect(screen.queryByLabelText(/current password/i)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'JANE@example.com'); // the same address in other letter case: no password needed
    expect(screen.queryByLabelText(/current password/i)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'jane.new@example.com');
    const password = screen.getByLabelText(/current password/i);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /save changes/i }));
    expect(await screen.findByText('Enter your current password to change your email address')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await user.type(password, 'secret123');
    await user.click(screen.getByRole('button', { name: /save changes/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.new@example.com',
      location: 'Leeds',
      currentPassword: 'secret123',
    });
  });

  it('shows a wrong current password at the field', async () => {
    mockFetch({
      ...signedIn(),
      'PATCH /api/users/profile': {
        status: 400,
        body: { message: 'Your current password is incorrect', issues: [{ path: ['currentPassword'], message: 'Your current password is incorrect' }] },
      },
    });
    render('/edit-profile');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^email/i);
    await user.clear(email);
    await user.type(email, 'jane.new@example.com');
    await user.type(screen.getByLabelText(/current password/i), 'not-it');
    await user.click(screen.getByRole('button', { name: /save changes/i }));
    expect(await screen.findAllByText('Your current password is incorrect')).not.toHaveLength(0);
    expect(screen.getByLabelText(/current password/i)).toHaveAccessibleDescription(/Your current password is incorrect/);
  });

  it("shows the server's message when the update fails", async () => {
    mockFetch({ ...signedIn(), 'PATCH /api/users/profile': { status: 409, body: { message: 'Email already exists' } } });
    render('/edit-profile');
    await userEvent.setup().click(await screen.findByRole('button', { name: /save changes/i }));
    expect(await screen.findByText('Email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^first name/i)).toBeInTheDocument();
  });

  it('Back and Cancel lead to /profile', async () => {
    mockFetch(signedIn());
    render('/edit-profile');
    expect(await screen.findByRole('link', { name: /back to profile/i })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile');
  });
});
