import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { WorkoutDetailPage } from '../src/features/workout-detail/components/WorkoutDetailPage';
import { SessionPage } from '../src/features/session/components/SessionPage';
import { deferred, LocationProbe, makePlan, makeUser, mockFetch, signedIn, signedOut } from './helpers';

function renderDetail(path = '/workout-plan/7') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/workout-plan/:id" element={<WorkoutDetailPage />} />
        <Route path="/workouts/:id" element={<WorkoutDetailPage />} />
        <Route path="/workout-plan/:id/session" element={<SessionPage />} />
        <Route path="/profile" element={<p>Profile page</p>} />
        <Route path="/ai-workout" element={<p>Generator page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

describe('WorkoutDetailPage', () => {
  it('shows heading, summary line, banner, sections with estimates and rows', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/7': { status: 200, body: makePlan() } });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Customized Workout Plan' })).toBeInTheDocument();
    expect(screen.getByText('90 minutes · Intermediate level · Goal: strength')).toBeInTheDocument();
    const banner = screen.getByTestId('workout-banner');
    expect(within(banner).getByRole('heading', { name: 'Full Body Strength Builder' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('1h 30m • Intermediate • Bodyweight, Resistance Bands');

    // warm-up 120 + 45 = 165 s -> 3 min; main 3 x 45 + 150 = 285 s -> 5 min; cool-down 60 s -> 1 min
    expect(within(screen.getByTestId('section-warm-up')).getByRole('heading')).toHaveTextContent('Warm-up (3 min)');
    expect(within(screen.getByTestId('section-main')).getByRole('heading')).toHaveTextContent('Main Workout (5 min)');
    expect(within(screen.getByTestId('section-cool-down')).getByRole('heading')).toHaveTextContent('Cool Down (1 min)');

    const amounts = screen.getAllByTestId('exercise-amount').map((e) => e.textContent);
    expect(amounts).toEqual(['2:00', '45 seconds', '3 sets x 12 reps', '2:30', '1:00']);
    // Cool-down rows get their own icon (the SPEC's 'cool down' vs 'cool-down' mismatch is normalised).
    const coolRow = within(screen.getByTestId('section-cool-down')).getByTestId('exercise-row');
    expect(coolRow.querySelector('[data-section-icon="cool-down"]')).not.toBeNull();

    expect(screen.getByRole('heading', { name: 'Find a Trainer Near You' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Trainers' })).toHaveAttribute('href', '/trainers');
  });

  it('says No Equipment for an empty equipment list and reads /workouts/:id too', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/8': { status: 200, body: makePlan({ id: 8, equipment: [], duration: 30 }) } });
    renderDetail('/workouts/8');
    expect(await screen.findByTestId('workout-banner')).toHaveTextContent('30 min • Intermediate • No Equipment');
  });

  it('offers Delete only to the owner', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(makeUser({ id: 2 })), 'GET /api/workouts/7': { status: 200, body: makePlan() } });
    renderDetail();
    await screen.findByTestId('workout-banner');
    // Named exactly 'Start Workout' (SPEC §2): the ▶ icon is decorative.
    expect(screen.getByRole('button', { name: 'Start Workout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('Start Workout opens the guided session on its own route, /workout-plan/:id/session', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/7': { status: 200, body: makePlan() } });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Start Workout/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/workout-plan/7/session');
    expect(await screen.findByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
  });

  it('links catalogue exercises to their tutorial and leaves unknown names as plain text', async () => {
    const plan = makePlan();
    plan.exercises = plan.exercises.map((e, i) => (i === 0 ? { ...e, slug: 'jumping-jacks' } : e));
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/7': { status: 200, body: plan } });
    renderDetail();
    await screen.findByTestId('workout-banner');
    const rows = screen.getAllByTestId('exercise-row');
    expect(within(rows[0]).getByRole('link', { name: /Jumping Jacks/ })).toHaveAttribute('href', '/exercise-tutorials/jumping-jacks');
    expect(within(rows[1]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('the session focuses its heading, links the tutorial in a new tab, and Exit returns focus to Start Workout', async () => {
    const user = userEvent.setup();
    const plan = makePlan();
    plan.exercises = plan.exercises.map((e, i) => (i === 0 ? { ...e, slug: 'jumping-jacks' } : e));
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/7': { status: 200, body: plan } });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Start Workout/ }));
    const session = await screen.findByTestId('workout-session');
    const heading = within(session).getByRole('heading', { level: 1, name: 'Full Body Strength Builder' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The current exercise's tutorial opens in a new tab, so the session keeps running.
    const how = within(session).getByRole('link', { name: /How to do Jumping Jacks/ });
    expect(how).toHaveAttribute('href', '/exercise-tutorials/jumping-jacks');
    expect(how).toHaveAttribute('target', '_blank');
    await user.click(within(session).getByRole('button', { name: 'Exit' }));
    await user.click(await screen.findByRole('button', { name: 'End Workout' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/workout-plan\/7$/);
    await waitFor(() => expect(screen.getByRole('button', { name: /Start Workout/ })).toHaveFocus());
  });

  it.each([
    ['planner', "Built by FitConnect's planner", 'Built with OpenAI'],
    ['openai', 'Built with OpenAI', "Built by FitConnect's planner"],
  ] as const)('says a %s plan was "%s"', async (generator, label, other) => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/workouts/7': { status: 200, body: makePlan({ generator }) } });
    renderDetail();
    const banner = await screen.findByTestId('workout-banner');
    expect(within(banner).getByTestId('plan-generator')).toHaveTextContent(label);
    expect(screen.queryByText(other)).not.toBeInTheDocument();
  });

  it('hides Delete from a signed-out visitor', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/workouts/7': { status: 200, body: makePlan() } });
    renderDetail();
    await screen.findByTestId('workout-banner');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('confirms, shows the pending state, deletes, toasts and goes to /profile', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ status: number }>();
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/workouts/7': { status: 200, body: makePlan() },
      'DELETE /api/workouts/7': () => reply.promise,
    });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete Workout Plan' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this workout plan? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete Workout Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Delete/ })).toHaveAttribute('aria-busy', 'true');

    reply.resolve({ status: 204 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(screen.getByText('Workout deleted')).toBeInTheDocument();
    expect(screen.getByText('Your workout plan has been successfully deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/workouts/7']);
  });

  it('toasts the SPEC error when the delete fails and stays on the page', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/workouts/7': { status: 200, body: makePlan() },
      'DELETE /api/workouts/7': { status: 500, body: { message: 'boom' } },
    });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete the workout plan. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/workout-plan/7');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/7': () => reply.promise });
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('Loading workout plan');
    reply.resolve({ status: 200, body: makePlan() });
    expect(await screen.findByTestId('workout-banner')).toBeInTheDocument();
  });

  it('makes no call for a non-numeric id and shows Workout Not Found', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'GET /api/auth/user': signedIn() });
    renderDetail('/workout-plan/abc');
    expect(screen.getByRole('heading', { name: 'Workout Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/doesn't exist or may have been deleted/)).toBeInTheDocument();
    // The icon is an inline SVG, not an emoji (which shows as an empty box without an emoji font).
    const view = screen.getByRole('heading', { name: 'Workout Not Found' }).parentElement!;
    expect(view.querySelector('svg')).not.toBeNull();
    expect(view.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(calls.some((c) => c.path.startsWith('/api/workouts'))).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Create a New Workout' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ai-workout');
  });

  it('retries a failing load 3 times, 1 s apart, then shows Workout Not Found', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/workouts/9': { status: 404, body: { message: 'Workout not found' } } });
    renderDetail('/workout-plan/9');
    expect(await screen.findByRole('heading', { name: 'Workout Not Found' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/workouts/9')).toHaveLength(4);
  }, 30_000);

  describe('a refetch that fails after the plan was shown', () => {
    /** The plan loads, then every later GET of it fails as `later` says. */
    function planThen(later: 'network' | 404) {
      mockFetch({
        'GET /api/auth/user': signedIn(),
        'GET /api/workouts/7': answerThen({ status: 200, body: makePlan() }, later === 'network' ? 'network' : { status: 404, body: { message: 'Workout not found' } }),
      });
    }

    it('for the connection: the plan and its session stay on screen (a browser that says online while its network fails)', async () => {
      planThen('network');
      const { queryClient } = renderDetail('/workout-plan/7/session');
      expect(await screen.findByTestId('session-exercise')).toBeInTheDocument();
      await refetchFails(queryClient, ['/api/workouts/7']);
      expect(screen.getByTestId('session-exercise')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Workout Not Found' })).toBeNull();
    }, 30_000);

    it('because the plan is gone (404): Workout Not Found', async () => {
      planThen(404);
      const { queryClient } = renderDetail();
      expect(await screen.findByTestId('workout-banner')).toBeInTheDocument();
      await refetchFails(queryClient, ['/api/workouts/7']);
      expect(await screen.findByRole('heading', { name: 'Workout Not Found' })).toBeInTheDocument();
    }, 30_000);
  });
});
