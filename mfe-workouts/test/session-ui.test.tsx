import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import workoutsArea from '../src/routes';
import { WorkoutSession } from '../src/features/session/components/WorkoutSession';
import { SessionPage } from '../src/features/session/components/SessionPage';
import { onWorkoutSessionFinished } from '../src/features/session/lib/sessionLog';
import { LocationProbe, makePlan, mockFetch, signedIn } from './helpers';

// The session log of the offline issue hooks in here; the test sees that Done reaches it.
jest.mock('../src/features/session/lib/sessionLog', () => ({ onWorkoutSessionFinished: jest.fn() }));

// jsdom has no PointerEvent: a MouseEvent with pointerType is enough for the swipe handler.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
}

type WakeLockMock = { request: jest.Mock };
const setWakeLock = (wakeLock: WakeLockMock | undefined) => {
  if (wakeLock) Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  else delete (navigator as unknown as { wakeLock?: unknown }).wakeLock;
};
const sentinel = () => ({ released: false, release: jest.fn().mockResolvedValue(undefined) });

const renderSession = (props: Partial<Parameters<typeof WorkoutSession>[0]> = {}) =>
  renderWithProviders(<WorkoutSession title="Plan" exercises={makePlan().exercises} onExit={jest.fn()} onDone={jest.fn()} {...props} />);

afterEach(() => setWakeLock(undefined));

describe('WorkoutSession (Start Workout, full screen)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('walks through countdowns, sets and one next line to the summary, and Done hands on the totals', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onDone = jest.fn();
    renderSession({ onDone });

    expect(screen.getByRole('heading', { level: 1, name: 'Plan' })).toHaveFocus();
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
    expect(screen.getByTestId('session-timer')).toHaveTextContent('2:00');
    expect(screen.getByTestId('session-next')).toHaveTextContent('Next up: Arm Circles (0:45)');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByTestId('session-timer')).toHaveTextContent('1:57');

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByTestId('session-timer')).toHaveTextContent('1:57');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));

    await user.click(screen.getByRole('button', { name: 'Skip Exercise' }));
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Arm Circles');
    act(() => jest.advanceTimersByTime(45_000));
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Push-Ups');
    expect(screen.getByText('Set 1 of 3 · 3 sets x 12 reps')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Set' }));
    // During a rest there is one 'next' line: the set coming up (not also the next exercise).
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Rest');
    expect(screen.getAllByText(/^Next/)).toHaveLength(1);
    expect(screen.getByTestId('session-next')).toHaveTextContent('Next: Push-Ups, set 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Skip Rest' }));
    expect(screen.getByText(/Set 2 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip Exercise' }));
    expect(screen.getByTestId('session-timer')).toHaveTextContent('0:40');
    await user.click(screen.getByRole('button', { name: 'Skip Exercise' }));
    expect(screen.getByTestId('session-next')).toHaveTextContent('Last exercise!');
    await user.click(screen.getByRole('button', { name: 'Done' })); // Child Pose

    expect(screen.getByRole('heading', { level: 1, name: 'Workout Complete!' })).toHaveFocus();
    expect(screen.getByTestId('session-summary')).toHaveTextContent('3 sets completed in 0:48, 3 exercises skipped.');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith({
      completedSets: 3,
      skippedExercises: 3,
      elapsedSeconds: 48,
      // Push-Ups had a set done before it was skipped: done. Skipped without a set: Jumping Jacks, Plank.
      exercisesDone: ['Arm Circles', 'Push-Ups', 'Child Pose'],
      exercisesSkipped: ['Jumping Jacks', 'Plank'],
      completed: true,
    });
  });

  it('announces phase changes, not every second', () => {
    renderSession();
    const live = screen.getByTestId('session-announcement');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('Jumping Jacks: 2:00.');
    expect(screen.getByRole('timer', { name: '120 seconds left' })).toHaveAttribute('aria-live', 'off');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('1:59');
    expect(live).toHaveTextContent('Jumping Jacks: 2:00.');
  });

  it('keyboard: Space pauses and resumes, arrows go next and back, Esc asks before leaving', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onExit = jest.fn();
    renderSession({ onExit });
    await user.keyboard(' ');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByTestId('session-timer')).toHaveTextContent('2:00');
    await user.keyboard(' ');
    expect(screen.queryByText('Paused')).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Arm Circles');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Push-Ups');
    await user.keyboard('{ArrowRight}'); // completes set 1 -> rest
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Rest');
    await user.keyboard('{ArrowRight}'); // skips the rest
    expect(screen.getByText(/Set 2 of 3/)).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Arm Circles');

    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('alertdialog', { name: 'End this workout?' });
    expect(onExit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep Going' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(onExit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await user.click(await screen.findByRole('button', { name: 'End Workout' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('Tab stays within the session layer (the shell is still underneath)', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(
      <>
        <a href="/behind">Shell link behind</a>
        <WorkoutSession title="Plan" exercises={makePlan().exercises} onExit={jest.fn()} onDone={jest.fn()} />
      </>,
    );
    const layer = screen.getByTestId('workout-session');
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(layer.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(layer.contains(document.activeElement)).toBe(true);
  });

  it('swipe left goes next, swipe right goes back (pointer events)', () => {
    renderSession();
    const layer = screen.getByTestId('workout-session');
    const swipe = (dx: number) => {
      fireEvent.pointerDown(layer, { pointerType: 'touch', clientX: 200, clientY: 300 });
      fireEvent.pointerUp(layer, { pointerType: 'touch', clientX: 200 + dx, clientY: 305 });
    };
    swipe(-120);
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Arm Circles');
    swipe(120);
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
    swipe(-20); // too short: a tap, not a swipe
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
  });
});

describe('screen wake lock', () => {
  it('is requested while the session runs, released when it ends, and requested again when the page is visible again', async () => {
    const first = sentinel();
    const second = sentinel();
    const wakeLock = { request: jest.fn().mockResolvedValueOnce(first).mockResolvedValueOnce(second) };
    setWakeLock(wakeLock);
    const { unmount } = renderSession();
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledWith('screen'));
    // The browser drops the lock when the page is hidden; back in view, it is asked for again.
    first.released = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(2));
    unmount();
    await waitFor(() => expect(second.release).toHaveBeenCalled());
  });

  it('without navigator.wakeLock the session works and nothing throws', async () => {
    setWakeLock(undefined);
    expect('wakeLock' in navigator).toBe(false);
    renderSession();
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
  });

  it('a refused request is a no-op', async () => {
    const wakeLock = { request: jest.fn().mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError')) };
    setWakeLock(wakeLock);
    renderSession();
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalled());
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
  });
});

describe('/workout-plan/:id/session route', () => {
  it('is registered in the routes module and renders the session full screen; the end goes through the log hook back to the plan', async () => {
    expect(workoutsArea.routes.map((r) => r.path)).toContain('/workout-plan/:id/session');
    const hook = onWorkoutSessionFinished as jest.Mock;
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/workouts/7': { status: 200, body: makePlan({ exercises: [{ id: 1, name: 'Plank', section: 'main workout', sets: 1, reps: 10, duration: null }] }) },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Routes>
          <Route path="/workout-plan/:id/session" element={<SessionPage />} />
          <Route path="/workout-plan/:id" element={<p>Plan page</p>} />
        </Routes>
        <LocationProbe />
      </>,
      { initialEntries: ['/workout-plan/7/session'] },
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Full Body Strength Builder' });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    // The end: the session log's form (test/history-ui.test.tsx); Skip records without effort or note.
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(hook).toHaveBeenCalledWith(expect.objectContaining({ userId: 1, workoutId: 7, completedSets: 1, skippedExercises: 0, exercisesDone: ['Plank'], completed: true }));
    await user.click(await screen.findByRole('button', { name: 'Back to Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/workout-plan/7');
    expect(screen.getByText('Plan page')).toBeInTheDocument();
  });
});
