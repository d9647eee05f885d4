import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { WorkoutSession } from '../src/features/session/components/WorkoutSession';
import { makePlan } from './helpers';

describe('WorkoutSession (Start Workout)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('walks through countdowns, sets and next-up to the finish screen', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onExit = jest.fn();
    renderWithProviders(<WorkoutSession title="Plan" exercises={makePlan().exercises} onExit={onExit} />);

    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Jumping Jacks');
    expect(screen.getByTestId('session-timer')).toHaveTextContent('2:00');
    expect(screen.getByText('Next up: Arm Circles (0:45)')).toBeInTheDocument();
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
    // Countdown over: on to the main workout's reps exercise.
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Push-Ups');
    expect(screen.getByText('Set 1 of 3 · 3 sets x 12 reps')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Set' }));
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Rest');
    await user.click(screen.getByRole('button', { name: 'Skip Rest' }));
    expect(screen.getByText(/Set 2 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip Exercise' })); // Push-Ups
    expect(screen.getByTestId('session-exercise')).toHaveTextContent('Plank');
    expect(screen.getByTestId('session-timer')).toHaveTextContent('0:40');
    await user.click(screen.getByRole('button', { name: 'Skip Exercise' })); // Plank
    expect(screen.getByText('Last exercise!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' })); // Child Pose

    expect(screen.getByRole('heading', { name: 'Workout Complete!' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await user.click(screen.getByRole('button', { name: 'Back to Plan' }));
    expect(onExit).toHaveBeenCalled();
  });

  it('keeps the per-second countdown out of the announced (aria-live) text', () => {
    renderWithProviders(<WorkoutSession title="Plan" exercises={makePlan().exercises} onExit={jest.fn()} />);
    const timer = screen.getByRole('timer', { name: '120 seconds left' });
    expect(timer).toHaveAttribute('aria-live', 'off');
    // The exercise itself is still announced by the polite region around it.
    expect(screen.getByTestId('session-exercise').closest('[aria-live="polite"]')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('1:59');
  });
});
