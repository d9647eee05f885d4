/**
 * Issue 31.4-5 in the workouts remote: My Training (stats, the chart's text alternative, the sessions list,
 * sessions waiting on this device, empty / loading / error states), the end-of-session form (effort and note,
 * Save / Skip, offline queue and its idempotent sending, the challenge question), and the /profile widget.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import type { TrainingSession, TrainingSummary, UserChallenge } from '@fitconnect/contracts';
import workoutsArea from '../src/routes';
import { MyTrainingPage } from '../src/features/history/components/MyTrainingPage';
import { SessionEnd } from '../src/features/history/components/SessionEnd';
import { TrainingDashboardWidget } from '../src/features/history/components/TrainingDashboardWidget';
import { QUEUE_KEY, readQueue } from '../src/features/history/lib/queue';
import { flushQueue } from '../src/features/history/lib/sync';
import { startTrainingAutoSync } from '../src/features/history/lib/autoSync';
import type { SessionTotals } from '../src/features/session/components/WorkoutSession';
import { LocationProbe, deferred, mockFetch, signedIn, type Reply } from './helpers';

// jsdom has no canvas: the chart is replaced; its text alternative (the table) is the page's own.
jest.mock('../src/features/history/components/WeeklyChart', () => ({
  __esModule: true,
  default: () => <div data-testid="weekly-chart" aria-hidden="true" />,
  WeeklyChart: () => null,
}));

const SUMMARY_URL = 'GET /api/training/summary?tz=UTC';

function week(weekStart: string, sessions: number, minutes: number) {
  return { weekStart, sessions, minutes };
}

function makeSummary(over: Partial<TrainingSummary> = {}): TrainingSummary {
  const weeks = [week('2027-03-22', 0, 0), week('2027-03-29', 2, 55), week('2027-04-05', 3, 90)];
  return { timeZone: 'UTC', today: '2027-04-07', totalSessions: 5, totalMinutes: 145, currentStreak: 3, longestStreak: 4, thisWeek: weeks[2], weeks, ...over };
}

function makeSession(over: Partial<TrainingSession> = {}): TrainingSession {
  return {
    id: 1,
    clientKey: 'key-00000001',
    workoutId: 7,
    workoutTitle: 'Full Body Strength Builder',
    finishedAt: '2027-04-07T16:45:00.000Z',
    durationSeconds: 1800,
    completed: true,
    completedSets: 9,
    exercisesDone: ['Push-Ups', 'Plank'],
    exercisesSkipped: ['Child Pose'],
    effort: 7,
    note: 'Felt strong',
    createdAt: '2027-04-07T16:46:00.000Z',
    ...over,
  };
}

const totals: SessionTotals = { completedSets: 4, skippedExercises: 1, elapsedSeconds: 1800, exercisesDone: ['Push-Ups', 'Plank'], exercisesSkipped: ['Child Pose'], completed: true };

function challenge(id: number, title: string, type: UserChallenge['challenge']['type'], unit: string, over: Partial<UserChallenge['challenge']> = {}, completed = false): UserChallenge {
  return {
    challenge: {
      id,
      title,
      description: 'A challenge for everyone.',
      type,
      target: 300,
      unit,
      startDate: '2027-04-01T00:00:00.000Z',
      endDate: '2027-04-30T00:00:00.000Z',
      difficulty: 'easy',
      category: 'general',
      maxParticipants: null,
      status: 'active',
      participantCount: 3,
      completedCount: 0,
      createdBy: null,
      createdAt: '2027-03-01T00:00:00.000Z',
      ...over,
    },
    currentProgress: 10,
    completed,
    completedAt: null,
    joinedAt: '2027-04-02T00:00:00.000Z',
  };
}

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe('My Training (/my-training)', () => {
  it('is a signed-in page of the workouts area', () => {
    expect(workoutsArea.routes.find((r) => r.path === '/my-training')).toMatchObject({ requiresAuth: true });
  });

  it('shows the streaks, this week, totals, the weeks as a table (the chart’s text alternative) and the sessions', async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      [SUMMARY_URL]: { body: makeSummary() },
      'GET /api/training/sessions': { body: { sessions: [makeSession(), makeSession({ id: 2, clientKey: 'key-00000002', completed: false, effort: null, note: '', workoutTitle: 'Core Crusher', workoutId: 9 })], nextCursor: null } },
    });
    renderWithProviders(<MyTrainingPage />);
    const stats = await screen.findByTestId('training-stats');
    expect(within(stats).getByText('Current streak').nextSibling).toHaveTextContent('3 days');
    expect(within(stats).getByText('Longest streak').nextSibling).toHaveTextContent('4 days');
    expect(within(stats).getByText('This week').nextSibling).toHaveTextContent('3 sessions90 min');
    expect(within(stats).getByText('Total').nextSibling).toHaveTextContent('145 min5 sessions');

    const table = screen.getByRole('table', { name: 'Sessions and minutes per week, week starting Monday' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['22 Mar00', '29 Mar255', '5 Apr390']);
    expect(await screen.findByTestId('weekly-chart')).toHaveAttribute('aria-hidden', 'true');

    const items = screen.getAllByTestId('training-session');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Full Body Strength Builder' })).toHaveAttribute('href', '/workout-plan/7');
    expect(items[0]).toHaveTextContent('30 min · 2 exercises done, 1 skipped · effort 7/10');
    expect(items[0]).toHaveTextContent('“Felt strong”');
    expect(within(items[0]).getByText('Completed')).toBeInTheDocument();
    expect(within(items[1]).getByText('Stopped early')).toBeInTheDocument();
  });

  it('empty: says so and leads to a plan', async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      [SUMMARY_URL]: { body: makeSummary({ totalSessions: 0, totalMinutes: 0, currentStreak: 0, longestStreak: 0, weeks: [week('2027-04-05', 0, 0)], thisWeek: week('2027-04-05', 0, 0) }) },
      'GET /api/training/sessions': { body: { sessions: [], nextCursor: null } },
    });
    renderWithProviders(<MyTrainingPage />);
    expect(await screen.findByRole('heading', { name: 'No sessions yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a workout plan' })).toHaveAttribute('href', '/ai-workout');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('loading, then an error with Retry that loads it', async () => {
    const hold = deferred<Reply>();
    let fail = true;
    mockFetch({
      'GET /api/auth/user': signedIn(),
      [SUMMARY_URL]: () => (fail ? hold.promise : { body: makeSummary() }),
      'GET /api/training/sessions': () => (fail ? { status: 500, body: { message: 'Internal server error' } } : { body: { sessions: [makeSession()], nextCursor: null } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MyTrainingPage />);
    expect(await screen.findByText('Loading your training')).toBeInTheDocument();
    await act(async () => hold.resolve({ status: 500, body: { message: 'Internal server error' } }));
    expect(await screen.findByText('Your training could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('training-stats')).toBeInTheDocument();
    expect(screen.getAllByTestId('training-session')).toHaveLength(1);
  });

  it('lists sessions still waiting on this device first, marked, and Send now sends them', async () => {
    localStorage.setItem(
      QUEUE_KEY,
      JSON.stringify([
        { userId: 1, queuedAt: '2027-04-07T17:00:00Z', body: { ...makeSession({ clientKey: 'queued-0001', workoutTitle: 'Offline Legs' }), id: undefined } },
        { userId: 2, queuedAt: '2027-04-07T17:00:00Z', body: { ...makeSession({ clientKey: 'someone-else', workoutTitle: 'Not Mine' }) } },
      ]),
    );
    let stored: TrainingSession[] = [];
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      [SUMMARY_URL]: { body: makeSummary() },
      'GET /api/training/sessions': () => ({ body: { sessions: stored, nextCursor: null } }),
      'POST /api/training/sessions': (c) => {
        stored = [makeSession({ clientKey: c.body.clientKey, workoutTitle: c.body.workoutTitle })];
        return { status: 201, body: stored[0] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MyTrainingPage />);
    expect(await screen.findByText('1 session waiting to sync')).toBeInTheDocument();
    const item = (await screen.findAllByTestId('training-session'))[0];
    expect(item).toHaveTextContent('Offline Legs');
    expect(within(item).getByText('Waiting to sync')).toBeInTheDocument();
    expect(screen.queryByText('Not Mine')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.queryByText('1 session waiting to sync')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body.clientKey)).toEqual(['queued-0001']);
    expect(within(screen.getAllByTestId('training-session')[0]).getByText('Completed')).toBeInTheDocument();
    // The other account's session stays queued for them.
    expect(readQueue().map((e) => e.body.clientKey)).toEqual(['someone-else']);
  });
});

function renderEnd(onClose = jest.fn()) {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<SessionEnd workoutId={7} workoutTitle="Full Body Strength Builder" totals={totals} onClose={onClose} />} />
        <Route path="/my-training" element={<p>My Training page</p>} />
      </Routes>
      <LocationProbe />
    </>,
  );
  return onClose;
}

describe('the end of a session: How hard was it?', () => {
  it('Save records effort and note with a client key; then the matching challenges are asked about, one by one', async () => {
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'POST /api/training/sessions': (c) => ({ status: 201, body: makeSession({ clientKey: c.body.clientKey, durationSeconds: c.body.durationSeconds }) }),
      'GET /api/user/challenges': {
        body: [
          challenge(3, 'Move 300 minutes', 'workout_time', 'minutes'),
          challenge(4, '20 sessions in April', 'custom', 'sessions', { target: 20 }),
          challenge(5, '100k steps', 'steps', 'steps'),
          challenge(6, 'Ended minutes', 'workout_time', 'minutes', { status: 'ended' }),
          challenge(8, 'Done minutes', 'workout_time', 'minutes', {}, true),
        ],
      },
      'POST /api/challenges/3/progress': { status: 201, body: { message: 'Your progress has been recorded.' } },
    });
    const user = userEvent.setup();
    renderEnd();
    const group = await screen.findByRole('group', { name: 'How hard was it?' });
    expect(group).toHaveAccessibleDescription('Optional. 1 is very easy, 10 is as hard as you can go.');
    await user.click(within(group).getByRole('radio', { name: '7' }));
    expect(within(group).getByRole('radio', { name: '7' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Tough but good');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved to My Training.');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/training/sessions')!;
    expect(post.body).toMatchObject({
      workoutId: 7,
      workoutTitle: 'Full Body Strength Builder',
      durationSeconds: 1800,
      completed: true,
      completedSets: 4,
      exercisesDone: ['Push-Ups', 'Plank'],
      exercisesSkipped: ['Child Pose'],
      effort: 7,
      note: 'Tough but good',
    });
    expect(post.body.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(readQueue()).toEqual([]);

    // Only active, unfinished challenges counting minutes or sessions.
    const offers = await screen.findAllByTestId('challenge-offer');
    expect(offers.map((o) => o.querySelector('p')?.textContent)).toEqual(['Add 30 minutes to ‘Move 300 minutes’?', 'Add 1 session to ‘20 sessions in April’?']);
    await user.click(within(offers[1]).getByRole('button', { name: /No thanks/ }));
    expect(screen.getAllByTestId('challenge-offer')).toHaveLength(1);
    await user.click(within(offers[0]).getByRole('button', { name: 'Add 30 minutes to Move 300 minutes' }));
    expect(await screen.findByText('Added 30 minutes to ‘Move 300 minutes’.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/challenges/'))).toEqual([
      { method: 'POST', path: '/api/challenges/3/progress', body: { progress: 30, note: 'Guided session: Full Body Strength Builder' } },
    ]);
    await user.click(screen.getByRole('link', { name: 'My Training' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-training');
  });

  it('Skip records without effort or note', async () => {
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'POST /api/training/sessions': (c) => ({ status: 201, body: makeSession({ clientKey: c.body.clientKey }) }),
      'GET /api/user/challenges': { body: [] },
    });
    const user = userEvent.setup();
    const onClose = renderEnd();
    await user.click(await screen.findByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved to My Training.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body.effort).toBeUndefined();
    expect(post.body.note).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Back to Plan' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('offline: the session is queued on this device, then sent exactly once when the connection returns', async () => {
    let online = false;
    const posts: string[] = [];
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'POST /api/training/sessions': (c) => {
        if (!online) throw new Error('offline');
        posts.push(c.body.clientKey);
        return { status: posts.length === 1 ? 201 : 200, body: makeSession({ clientKey: c.body.clientKey }) };
      },
      'GET /api/user/challenges': { body: [] },
    });
    setOnline(false);
    const user = userEvent.setup();
    renderEnd();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You’re offline: the session is saved on this device and will be sent when you’re back online.');
    expect(screen.queryByTestId('challenge-offer')).not.toBeInTheDocument();
    const queued = readQueue();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ userId: 1, body: { workoutId: 7 } });

    // Back online: the 'online' event sends it (the auto-sync of the routes module and the widget).
    online = true;
    setOnline(true);
    startTrainingAutoSync();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(readQueue()).toEqual([]));
    expect(posts).toEqual([queued[0].body.clientKey]);
    // Nothing left: another flush (another load, another online event) sends nothing.
    expect(await flushQueue()).toBe(0);
    window.dispatchEvent(new Event('online'));
    expect(posts).toHaveLength(1);
  });

  it('back online, a send that fails while the network settles is retried without another event or load', async () => {
    let attempts = 0;
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'POST /api/training/sessions': (c) => {
        attempts += 1;
        if (attempts === 1) return { status: 503, body: { message: 'Service unavailable' } };
        return { status: 201, body: makeSession({ clientKey: c.body.clientKey }) };
      },
      'GET /api/user/challenges': { body: [] },
    });
    setOnline(false);
    const user = userEvent.setup();
    renderEnd();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('saved on this device');
    expect(readQueue()).toHaveLength(1);
    jest.useFakeTimers();
    try {
      setOnline(true);
      startTrainingAutoSync();
      await act(async () => {
        window.dispatchEvent(new Event('online'));
        await jest.advanceTimersByTimeAsync(0);
      });
      // The first send after reconnecting failed: still queued, and a retry is scheduled.
      expect(attempts).toBeGreaterThanOrEqual(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2_500);
      });
      expect(readQueue()).toEqual([]);
      expect(attempts).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failing server keeps the session queued (no loss); a refusal (4xx) drops it', async () => {
    let reply: Reply = { status: 503, body: { message: 'Service unavailable' } };
    mockFetch({ 'GET /api/auth/user': signedIn(), 'POST /api/training/sessions': () => reply });
    const user = userEvent.setup();
    renderEnd();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('saved on this device');
    expect(readQueue()).toHaveLength(1);
    reply = { status: 400, body: { message: 'The session cannot end in the future' } };
    expect(await flushQueue(1)).toBe(0);
    expect(readQueue()).toEqual([]);
  });
});

describe('the /profile widget (./dashboardWidget)', () => {
  it('shows this week and the streak, and links to My Training', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), [SUMMARY_URL]: { body: makeSummary() } });
    renderWithProviders(<TrainingDashboardWidget />);
    const card = await screen.findByRole('region', { name: 'My Training' });
    await waitFor(() => expect(within(card).getByText('Sessions this week').nextSibling).toHaveTextContent('3'));
    expect(within(card).getByText('Minutes this week').nextSibling).toHaveTextContent('90');
    expect(within(card).getByText('Day streak').nextSibling).toHaveTextContent('3');
    expect(within(card).getByRole('link', { name: 'See My Training' })).toHaveAttribute('href', '/my-training');
  });

  it('renders nothing signed out', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': { status: 200, body: { user: null } } });
    const { container } = renderWithProviders(<TrainingDashboardWidget />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
    expect(container.querySelector('[data-testid="training-widget"]')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/training'))).toBe(false);
  });
});

describe('stopping a session early', () => {
  it('End Workout after a set shows Workout Ended and the log form (the session is recorded as stopped)', async () => {
    const { WorkoutSession } = await import('../src/features/session/components/WorkoutSession');
    const { makePlan } = await import('./helpers');
    mockFetch({ 'GET /api/auth/user': signedIn() });
    const onExit = jest.fn();
    const seen: SessionTotals[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <WorkoutSession
        title="Plan"
        exercises={makePlan().exercises}
        onExit={onExit}
        onDone={jest.fn()}
        renderEnd={(t) => {
          seen.push(t);
          return <p>Log form</p>;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Done' })); // Jumping Jacks (timed): done
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this workout?' });
    expect(dialog).toHaveTextContent('You can save what you did so far to My Training.');
    await user.click(within(dialog).getByRole('button', { name: 'End Workout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Workout Ended' })).toBeInTheDocument();
    expect(screen.getByText('Log form')).toBeInTheDocument();
    expect(onExit).not.toHaveBeenCalled();
    expect(seen[seen.length - 1]).toMatchObject({ completed: false, completedSets: 1, exercisesDone: ['Jumping Jacks'], exercisesSkipped: [] });
    // Esc does not leave the form without Save or Skip.
    await user.keyboard('{Escape}');
    expect(onExit).not.toHaveBeenCalled();
  });

  it('End Workout before any set leaves as before (nothing to log)', async () => {
    const { WorkoutSession } = await import('../src/features/session/components/WorkoutSession');
    const { makePlan } = await import('./helpers');
    const onExit = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<WorkoutSession title="Plan" exercises={makePlan().exercises} onExit={onExit} onDone={jest.fn()} renderEnd={() => <p>Log form</p>} />);
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this workout?' });
    expect(dialog).toHaveTextContent('Your progress in this session will not be kept.');
    await user.click(within(dialog).getByRole('button', { name: 'End Workout' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });
});
