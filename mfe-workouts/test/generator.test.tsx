import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { EQUIPMENT_OPTIONS, FOCUS_AREAS, GOAL_OPTIONS, INJURY_OPTIONS } from '@fitconnect/contracts';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { useToastStore } from '@fitconnect/shared-ui';
import { GeneratorPage } from '../src/features/generator/components/GeneratorPage';
import { GeneratorGate } from '../src/features/generator/components/GeneratorGate';
import { deferred, LocationProbe, makeGenerated, mockFetch, signedIn, signedOut, type Handler } from './helpers';

function renderGenerator(path = '/ai-workout') {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/ai-workout"
          element={
            <GeneratorGate>
              <GeneratorPage />
            </GeneratorGate>
          }
        />
        <Route path="/signin" element={<p>Sign in page</p>} />
        <Route path="/workout-plan/:id" element={<p>Plan page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

const base = (over: Record<string, Handler | { status: number; body?: unknown }> = {}) =>
  mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/ai-workouts/today': { status: 200, body: [] },
    'GET /api/ai-workouts/saved': { status: 200, body: [] },
    ...over,
  });

const submitButton = () => screen.getByRole('button', { name: /Generate Workout|Daily Limit Reached|Generating/ });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

beforeEach(() => useToastStore.getState().dismiss());

describe('GeneratorPage', () => {
  it('signed out: Login Required toast, then /signin?redirect=/ai-workout', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut });
    renderGenerator();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin?redirect=/ai-workout'));
    expect(screen.getByText('Login Required')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/ai-workouts'))).toBe(false);
  });

  it("signed out, the gate never renders the generator's page (its chunk is not asked for)", async () => {
    mockFetch({ 'GET /api/auth/user': signedOut });
    const rendered = jest.fn(() => <p>Generator page</p>);
    const Probe = () => rendered();
    renderWithProviders(
      <>
        <Routes>
          <Route
            path="/ai-workout"
            element={
              <GeneratorGate>
                <Probe />
              </GeneratorGate>
            }
          />
          <Route path="/signin" element={<p>Sign in page</p>} />
        </Routes>
        <LocationProbe />
      </>,
      { initialEntries: ['/ai-workout?load=7'] },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin?redirect=%2Fai-workout%3Fload%3D7'));
    expect(screen.getByText('Login Required')).toBeInTheDocument();
    expect(rendered).not.toHaveBeenCalled();
  });

  it('shows the SPEC defaults, every option list and the blue info banner', async () => {
    base();
    renderGenerator();
    expect(await screen.findByRole('spinbutton', { name: 'Age' })).toHaveValue(30);
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveValue('prefer-not-to-say');
    expect(screen.getByRole('combobox', { name: 'Fitness Level' })).toHaveValue('beginner');
    expect(screen.getByRole('combobox', { name: 'Focus Area' })).toHaveValue('full body');
    expect(screen.getByRole('spinbutton', { name: /Duration/ })).toHaveValue(45);
    expect(within(screen.getByRole('combobox', { name: 'Focus Area' })).getAllByRole('option')).toHaveLength(FOCUS_AREAS.length);
    expect(within(screen.getByRole('combobox', { name: 'Gender' })).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual([
      'male', 'female', 'non-binary', 'prefer-not-to-say',
    ]);
    const group = (legend: RegExp) => within(screen.getByRole('group', { name: legend })).getAllByRole('checkbox');
    expect(group(/Equipment/)).toHaveLength(EQUIPMENT_OPTIONS.length);
    expect(group(/Goals/)).toHaveLength(GOAL_OPTIONS.length);
    expect(group(/Injuries/)).toHaveLength(INJURY_OPTIONS.length);
    expect(group(/Equipment/).filter((c) => (c as HTMLInputElement).checked).map((c) => c.getAttribute('value'))).toEqual(['bodyweight']);
    expect(group(/Goals/).filter((c) => (c as HTMLInputElement).checked).map((c) => c.getAttribute('value'))).toEqual(['general fitness']);
    expect(group(/Injuries/).some((c) => (c as HTMLInputElement).checked)).toBe(false);
    await waitFor(() => expect(screen.getByText('One AI workout per day').closest('[data-tone]')).toHaveAttribute('data-tone', 'info'));
    expect(submitButton()).toHaveTextContent('Generate Workout');
    expect(submitButton()).toBeEnabled();
  });

  it('validates with the SPEC messages and sends nothing while invalid', async () => {
    const user = userEvent.setup();
    const calls = base();
    renderGenerator();
    const age = await screen.findByRole('spinbutton', { name: 'Age' });
    await user.clear(age);
    await user.type(age, '12');
    await user.click(checkbox('Bodyweight'));
    await user.click(checkbox('General fitness'));
    await user.click(submitButton());
    expect(screen.getByText('Minimum age is 13')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one equipment option')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one goal')).toBeInTheDocument();
    expect(age).toHaveAttribute('aria-invalid', 'true');
    await user.clear(age);
    await user.type(age, '101');
    await user.click(submitButton());
    expect(screen.getByText('Maximum age is 100')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('generates: sends the request, shows generating state, then the auto-saved result and the daily limit', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ status: number; body: unknown }>();
    const calls = base({ 'POST /api/generate-workout': () => reply.promise });
    renderGenerator();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Focus Area' }), 'core');
    await user.click(checkbox('Dumbbell'));
    await user.click(checkbox('Knees'));
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(submitButton()).toHaveTextContent('Generating');
    expect(screen.getByRole('combobox', { name: 'Focus Area' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      age: 30,
      gender: 'prefer-not-to-say',
      fitnessLevel: 'beginner',
      focusArea: 'core',
      duration: 45,
      equipment: ['bodyweight', 'dumbbell'],
      goals: ['general fitness'],
      injuries: ['knees'],
    });
    reply.resolve({ status: 200, body: makeGenerated({ id: 21, title: 'Core Crusher' }) });
    const result = await screen.findByTestId('generated-workout');
    expect(within(result).getByRole('heading', { name: 'Core Crusher' })).toBeInTheDocument();
    expect(within(result).getByText('Auto-saved')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'View Full Workout Plan' })).toHaveAttribute('href', '/workout-plan/21');
    // Today's workout now exists: the limit applies at once.
    expect(submitButton()).toHaveTextContent('Daily Limit Reached');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText('Core Crusher', { selector: 'strong' })).toBeInTheDocument();
  });

  it('after a generation the new plan leads: focus moves to its heading, and the limit banner says when the next one is possible', async () => {
    // 17:30 UTC: the allowance renews at 00:00 UTC, 6 h 30 min later.
    jest.useFakeTimers({ now: new Date('2026-11-23T17:30:00.000Z'), advanceTimers: true });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const scrolled: Element[] = [];
      jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
      base({ 'POST /api/generate-workout': { status: 201, body: makeGenerated({ id: 23, title: 'Evening Flow', created_at: '2026-11-23T17:30:00.000Z' }) } });
      renderGenerator();
      await user.click(await screen.findByRole('button', { name: 'Generate Workout' }));
      const heading = await screen.findByRole('heading', { level: 2, name: 'Evening Flow' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(scrolled).toContain(screen.getByTestId('generated-workout'));
      expect(within(screen.getByTestId('generated-workout')).getByText('Auto-saved')).toBeInTheDocument();

      // SPEC's limit state stays, and now explains when the next plan can be made.
      expect(submitButton()).toHaveTextContent('Daily Limit Reached');
      const banner = screen.getByText('Daily Limit Reached', { selector: ':not(button)' }).closest('[data-tone]')!;
      expect(banner).toHaveAttribute('data-tone', 'warning');
      const local = new Date('2026-11-24T00:00:00.000Z').toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
      expect(within(banner as HTMLElement).getByTestId('next-plan-time')).toHaveTextContent(
        new RegExp(`^Your next plan can be generated (today|tomorrow) from (${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} your time \\(00:00 UTC\\)|00:00 UTC), in 6 h 30 min\\.$`),
      );
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });

  it.each([
    ['planner', "Built by FitConnect's planner"],
    ['openai', 'Built with OpenAI'],
  ] as const)('a plan from the %s says so: "%s"', async (generator, label) => {
    const user = userEvent.setup();
    base({ 'POST /api/generate-workout': { status: 201, body: makeGenerated({ id: 22, generator }) } });
    renderGenerator();
    await user.click(await screen.findByRole('button', { name: 'Generate Workout' }));
    const result = await screen.findByTestId('generated-workout');
    expect(within(result).getByTestId('plan-generator')).toHaveTextContent(label);
  });

  it('with a workout today: form disabled, Daily Limit Reached, orange banner with title and time', async () => {
    const today = makeGenerated({ title: 'Leg Day Express', created_at: '2026-11-23T09:05:00.000Z' });
    base({ 'GET /api/ai-workouts/today': { status: 200, body: [today] } });
    renderGenerator();
    await waitFor(() => expect(submitButton()).toHaveTextContent('Daily Limit Reached'));
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toBeDisabled();
    expect(checkbox('Bodyweight')).toBeDisabled();
    const banner = screen.getByText('Daily Limit Reached', { selector: ':not(button)' }).closest('[data-tone]')!;
    expect(banner).toHaveAttribute('data-tone', 'warning');
    expect(banner).toHaveTextContent('Leg Day Express');
    const time = new Date('2026-11-23T09:05:00.000Z').toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(banner).toHaveTextContent(time);
  });

  it.each([
    ['the server description', { description: 'You have already generated a workout today. Come back tomorrow!', message: 'x' }, 'You have already generated a workout today. Come back tomorrow!'],
    ['the message without description', { message: 'Limit hit' }, 'Limit hit'],
    ['the default text', undefined, 'Daily workout limit reached. Try again tomorrow.'],
  ])('429 shows %s', async (_label, body, text) => {
    const user = userEvent.setup();
    base({ 'POST /api/generate-workout': { status: 429, body } });
    renderGenerator();
    await user.click(await screen.findByRole('button', { name: 'Generate Workout' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByTestId('generated-workout')).not.toBeInTheDocument();
  });

  it('other failures show API error: {status} with the generic sentence', async () => {
    const user = userEvent.setup();
    base({ 'POST /api/generate-workout': { status: 502, body: { message: 'bad gateway' } } });
    renderGenerator();
    await user.click(await screen.findByRole('button', { name: 'Generate Workout' }));
    expect(await screen.findByText('API error: 502')).toBeInTheDocument();
    expect(screen.getByText("We couldn't generate your workout. Please try again with different options.")).toBeInTheDocument();
  });

  it('rejects a result without sections as Invalid workout data received', async () => {
    const user = userEvent.setup();
    base({ 'POST /api/generate-workout': { status: 200, body: { ...makeGenerated(), sections: [] } } });
    renderGenerator();
    await user.click(await screen.findByRole('button', { name: 'Generate Workout' }));
    expect(await screen.findByText('Invalid workout data received')).toBeInTheDocument();
    expect(screen.queryByTestId('generated-workout')).not.toBeInTheDocument();
  });

  it('saved list: toggle, Load fills form and result, Delete refreshes the list', async () => {
    const user = userEvent.setup();
    const a = makeGenerated({ id: 31, title: 'Upper Body Pump', age: 44, fitnessLevel: 'advanced', focusArea: 'upper body', duration: 60, equipment: ['dumbbell', 'bench'], goals: ['muscle'], injuries: ['wrists'] });
    const b = makeGenerated({ id: 32, title: 'Cardio Burner' });
    let saved = [a, b];
    const calls = base({
      'GET /api/ai-workouts/saved': () => ({ status: 200, body: saved }),
      'DELETE /api/ai-workouts/saved/32': () => {
        saved = [a];
        return { status: 204 };
      },
    });
    renderGenerator();
    const toggle = await screen.findByRole('button', { name: 'Show Saved Workouts' });
    expect(toggle).not.toHaveAttribute('aria-controls'); // the list is not in the page yet
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Hide Saved Workouts');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveAccessibleName('Saved Workouts');
    expect(await screen.findAllByTestId('saved-workout')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load Upper Body Pump' }));
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveValue(44);
    expect(screen.getByRole('combobox', { name: 'Fitness Level' })).toHaveValue('advanced');
    expect(screen.getByRole('combobox', { name: 'Focus Area' })).toHaveValue('upper body');
    expect(screen.getByRole('spinbutton', { name: /Duration/ })).toHaveValue(60);
    expect(checkbox('Bodyweight')).not.toBeChecked();
    expect(checkbox('Dumbbell')).toBeChecked();
    expect(checkbox('Bench')).toBeChecked();
    expect(checkbox('Muscle')).toBeChecked();
    expect(checkbox('Wrists')).toBeChecked();
    expect(within(screen.getByTestId('generated-workout')).getByRole('heading', { name: 'Upper Body Pump' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Cardio Burner' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-workout')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/ai-workouts/saved' && c.method === 'GET')).toHaveLength(2);

    await user.click(toggle);
    expect(toggle).toHaveTextContent('Show Saved Workouts');
    expect(screen.queryByTestId('saved-workout')).not.toBeInTheDocument();
  });

  it("deleting today's workout from the saved list keeps the daily limit, without a link to the deleted plan", async () => {
    const user = userEvent.setup();
    const todays = makeGenerated({ id: 50, title: 'Morning Mobility', created_at: '2026-11-23T07:30:00.000Z' });
    let saved = [todays];
    let today: unknown[] = [todays];
    base({
      'GET /api/ai-workouts/today': () => ({ status: 200, body: today }),
      'GET /api/ai-workouts/saved': () => ({ status: 200, body: saved }),
      'DELETE /api/ai-workouts/saved/50': () => {
        saved = [];
        today = [{ id: 50, title: 'Morning Mobility', createdAt: todays.created_at, created_at: todays.created_at, deleted: true }];
        return { status: 200, body: { message: 'Workout deleted', id: 50 } };
      },
    });
    renderGenerator();
    expect(await screen.findByRole('link', { name: "View today's workout" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Saved Workouts' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Morning Mobility' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: "View today's workout" })).not.toBeInTheDocument());
    const banner = screen.getByText('Daily Limit Reached', { selector: ':not(button)' }).closest('[data-tone]')!;
    expect(banner).toHaveTextContent('Morning Mobility');
    expect(banner).toHaveTextContent('You have since deleted it.');
    expect(submitButton()).toHaveTextContent('Daily Limit Reached');
  });

  it('saved delete failure shows the SPEC message and keeps the item', async () => {
    const user = userEvent.setup();
    base({
      'GET /api/ai-workouts/saved': { status: 200, body: [makeGenerated({ id: 40, title: 'Keep Me' })] },
      'DELETE /api/ai-workouts/saved/40': { status: 500, body: { message: 'nope' } },
    });
    renderGenerator();
    await user.click(await screen.findByRole('button', { name: 'Show Saved Workouts' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Keep Me' }));
    expect(await screen.findByText('Failed to delete workout. Please try again.')).toBeInTheDocument();
    expect(screen.getAllByTestId('saved-workout')).toHaveLength(1);
  });

  it('?load={id} loads that saved workout, then resets the URL to /ai-workout', async () => {
    base({ 'GET /api/ai-workouts/saved': { status: 200, body: [makeGenerated({ id: 50, title: 'Loaded Plan', age: 55 })] } });
    renderGenerator('/ai-workout?load=50');
    const result = await screen.findByTestId('generated-workout');
    expect(within(result).getByRole('heading', { name: 'Loaded Plan' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveValue(55);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ai-workout$/));
  });
});
