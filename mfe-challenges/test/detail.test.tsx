import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { useToastStore } from '@fitconnect/shared-ui';
import type { ChallengeDetail, LeaderboardEntry, MyParticipation } from '@fitconnect/contracts';
import { ChallengeDetailPage } from '../src/features/challenges/components/ChallengeDetailPage';
import { Leaderboard } from '../src/features/challenges/components/Leaderboard';
import { ProgressBar } from '../src/features/challenges/components/ProgressBar';
import * as contracts from '@fitconnect/contracts';
import { LEADERBOARD_MAX_ROWS, LEADERBOARD_REFRESH_MS, LEADERBOARD_TOP_ROWS } from '../src/features/challenges/api/get-leaderboard';
import { challengeKey, leaderboardKey } from '../src/features/challenges/api/keys';
import { boardOf, fromNow, makeDetail, makeEntry, makeUser, mockFetch, signedIn, signedOut, type Handler, type Reply } from './helpers';

jest.setTimeout(30_000);

afterEach(() => act(() => useToastStore.getState().dismiss()));

function renderDetail(routes: Record<string, Handler | Reply>, id = '7') {
  const calls = mockFetch(routes);
  const utils = renderWithProviders(
    <Routes>
      <Route path="/challenges/:id" element={<ChallengeDetailPage />} />
    </Routes>,
    { initialEntries: [`/challenges/${id}`] },
  );
  return { calls, ...utils, user: userEvent.setup() };
}

const board: LeaderboardEntry[] = [
  makeEntry(1, { currentProgress: 90000, completed: true, user: { id: 11, firstName: 'Jamal', lastName: 'Baker', location: 'Leeds' } }),
  makeEntry(2, { currentProgress: 42000, user: { id: 12, firstName: 'Priya', lastName: 'Kaur', location: 'Bristol' } }),
  makeEntry(3, { currentProgress: 31250, user: { id: 1, firstName: 'Alex', lastName: 'Moss', location: 'Leeds' } }),
  makeEntry(4, { currentProgress: 100, user: { id: 14, firstName: 'Tom', lastName: 'Hughes', location: '' } }),
];

describe('ChallengeDetailPage', () => {
  it('shows the header, stats (days left rounded up), details with capacity and the leaderboard with medals and capped bars', async () => {
    renderDetail({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges/7': { status: 200, body: makeDetail({ endDate: fromNow(3.2), maxParticipants: 50, participantCount: 4, completedCount: 1 }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf(board) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '10K Steps a Day' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Challenges/ })).toHaveAttribute('href', '/challenges');
    expect(screen.getByRole('img', { name: 'Cardio challenge' })).toBeInTheDocument();
    expect(screen.getByText('Easy')).toBeInTheDocument();
    expect(screen.getByTestId('stat-goal')).toHaveTextContent('70,000 steps');
    expect(screen.getByTestId('stat-days-left')).toHaveTextContent('Days Left4');
    await waitFor(() => expect(screen.getByTestId('stat-participants')).toHaveTextContent('Participants4'));
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('Completed1');
    expect(screen.getByTestId('capacity')).toHaveTextContent('4 / 50 participants');
    expect(screen.getByText('7 days')).toBeInTheDocument();

    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Jamal Baker90,000 stepsLeeds/),
      expect.stringMatching(/Priya Kaur42,000 stepsBristol/),
      expect.stringMatching(/Alex Moss31,250 steps/),
      expect.stringMatching(/^Rank 4Tom Hughes100 stepsLocation not set/),
    ]);
    expect(within(rows[0]).getByRole('img', { name: 'Gold medal, rank 1' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('img', { name: 'Silver medal, rank 2' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('img', { name: 'Bronze medal, rank 3' })).toBeInTheDocument();
    expect(within(rows[3]).queryByRole('img', { name: /medal/ })).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(rows[1]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
  });

  it('signed out: Sign In to Join and a sign-in prompt instead of the progress form', async () => {
    renderDetail({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges/7': { status: 200, body: makeDetail() },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
    });
    expect(await screen.findByRole('link', { name: 'Sign In to Join' })).toHaveAttribute('href', '/signin?redirect=%2Fchallenges%2F7');
    expect(screen.getByRole('link', { name: 'Sign In to Log Progress' })).toHaveAttribute('href', '/signin?redirect=%2Fchallenges%2F7');
    expect(screen.queryByRole('heading', { name: 'Log Your Progress' })).not.toBeInTheDocument();
    expect(await screen.findByText('No participants yet')).toBeInTheDocument();
  });

  it('ended: a disabled Challenge Ended, no progress card, 0 days left', async () => {
    renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: makeDetail({ startDate: fromNow(-30), endDate: fromNow(-2), status: 'ended', joined: false }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
    });
    expect(await screen.findByRole('button', { name: 'Challenge Ended' })).toBeDisabled();
    expect(screen.getByTestId('stat-days-left')).toHaveTextContent('Days Left0');
    expect(screen.queryByRole('heading', { name: 'Log Your Progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign In/ })).not.toBeInTheDocument();
  });

  it('upcoming and signed in: Join Challenge, no progress card; joining refreshes detail and leaderboard', async () => {
    let joined = false;
    const me = makeUser();
    const calls = renderDetail({
      'GET /api/auth/user': signedIn(me),
      'GET /api/challenges/7': () => ({
        status: 200,
        body: makeDetail({
          startDate: fromNow(2),
          endDate: fromNow(9),
          status: 'upcoming',
          joined,
          myParticipation: joined ? { currentProgress: 0, completed: false, completedAt: null, joinedAt: fromNow(0), entries: [] } : null,
        }),
      }),
      'GET /api/challenges/7/leaderboard': () => ({
        status: 200,
        body: boardOf(joined ? [makeEntry(1, { currentProgress: 0, user: { id: me.id, firstName: 'Alex', lastName: 'Moss', location: 'Leeds' } })] : []),
      }),
      'POST /api/challenges/7/join': () => {
        joined = true;
        return { status: 201, body: {} };
      },
    }).calls;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join Challenge' }));
    expect(await screen.findByText('Challenge Joined!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Joined/ })).toBeDisabled();
    expect(await screen.findByText('(you)')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log Your Progress' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/challenges/7/leaderboard?limit=10')).toHaveLength(2);
  });

  it('after a join, the capacity counts you as soon as the page says Joined, even while the leaderboard is still the old one', async () => {
    let joined = false;
    renderDetail({
      'GET /api/auth/user': signedIn(makeUser()),
      'GET /api/challenges/7': () => ({
        status: 200,
        body: makeDetail({
          maxParticipants: 10,
          participantCount: joined ? 1 : 0,
          joined,
          myParticipation: joined ? { currentProgress: 0, completed: false, completedAt: null, joinedAt: fromNow(0), entries: [] } : null,
        }),
      }),
      // The leaderboard answers late: its refresh after the join has not arrived yet.
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
      'POST /api/challenges/7/join': () => {
        joined = true;
        return { status: 201, body: {} };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByTestId('capacity')).toHaveTextContent('0 / 10 participants');
    await user.click(await screen.findByRole('button', { name: 'Join Challenge' }));
    expect(await screen.findByRole('button', { name: /Joined/ })).toBeDisabled();
    expect(screen.getByTestId('capacity')).toHaveTextContent('1 / 10 participants');
  });

  it('logs progress: an empty amount is refused with Invalid Progress, inline on the field too, and nothing is sent; a valid log is sent, toasts, empties the form and shows in the history', async () => {
    const entries: MyParticipation['entries'] = [];
    let total = 1000;
    const detail = (): ChallengeDetail =>
      makeDetail({
        joined: true,
        myParticipation: { currentProgress: total, completed: false, completedAt: null, joinedAt: fromNow(-1), entries: [...entries].reverse() },
      });
    const { calls, user } = renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': () => ({ status: 200, body: detail() }),
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
      'POST /api/challenges/7/progress': (call) => {
        const b = call.body as { progress: number; note?: string };
        entries.push({ amount: b.progress, ...(b.note ? { note: b.note } : {}), at: new Date().toISOString() });
        total += b.progress;
        return { status: 201, body: { message: 'ok', participation: detail().myParticipation, justCompleted: false } };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Log Your Progress' })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (steps)');
    const note = screen.getByLabelText('Note (optional)');
    // Starts empty, not at a 0 that looks like a value to send.
    expect(amount).toHaveValue(null);
    expect(screen.getByText('No progress logged yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    expect(await screen.findByText('Invalid Progress')).toBeInTheDocument();
    // The SPEC §8 toast, and the same message on the field (like the create dialog).
    const inline = screen.getByText('Please enter a valid progress amount.', { selector: '[role=alert]' });
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAttribute('aria-describedby', expect.stringContaining(inline.id));
    await user.type(amount, '0');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    expect(screen.getByText('Please enter a valid progress amount.', { selector: '[role=alert]' })).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    await user.clear(amount);
    await user.type(amount, '150000');
    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    expect(await screen.findByText('A single log can be at most 70,000 steps. Please check the amount.', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    act(() => useToastStore.getState().dismiss());
    await user.clear(amount);
    await user.type(amount, '2500');
    await user.type(note, '  Lunch walk  ');
    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    expect(await screen.findByText('Progress Logged!')).toBeInTheDocument();
    expect(screen.getByText('Your progress has been recorded.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ progress: 2500, note: 'Lunch walk' });
    await waitFor(() => expect(amount).toHaveValue(null));
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(note).toHaveValue('');
    expect(await screen.findByText('+2,500 steps')).toBeInTheDocument();
    expect(screen.getByText('Lunch walk')).toBeInTheDocument();
    expect(screen.getByText('3,500 / 70,000 steps')).toBeInTheDocument();

    // An empty note is left out of the payload.
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1].body).toEqual({ progress: 10 });
  });

  it('shows the server refusal of a log as an Error toast', async () => {
    const { user } = renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: makeDetail({ joined: true, myParticipation: { currentProgress: 0, completed: false, completedAt: null, joinedAt: fromNow(-1), entries: [] } }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
      'POST /api/challenges/7/progress': { status: 409, body: { message: 'This challenge has ended' } },
    });
    await user.type(await screen.findByLabelText('Amount (steps)'), '5');
    await user.click(screen.getByRole('button', { name: 'Log Progress' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('This challenge has ended')).toBeInTheDocument();
  });

  it('makes no call for a non-numeric id and shows Challenge Not Found', async () => {
    const { calls } = renderDetail({ 'GET /api/auth/user': signedOut }, 'abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Challenge Not Found' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/challenges'))).toEqual([]);
  });

  it('shows Challenge Not Found for an unknown id', async () => {
    renderDetail({ 'GET /api/auth/user': signedOut, 'GET /api/challenges/7': { status: 404, body: { message: 'Challenge not found' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Challenge Not Found' }, { timeout: 20_000 })).toBeInTheDocument();
  }, 30_000);

  describe('a refetch that fails after the challenge was shown', () => {
    it('for the connection or a server fault: the challenge and its leaderboard stay on screen', async () => {
      const { queryClient } = renderDetail({
        'GET /api/auth/user': signedOut,
        'GET /api/challenges/7': answerThen({ status: 200, body: makeDetail() }, 'network'),
        'GET /api/challenges/7/leaderboard': answerThen({ status: 200, body: boardOf(board) }, { status: 500, body: { message: 'down' } }),
      });
      expect(await screen.findByRole('heading', { level: 1, name: '10K Steps a Day' })).toBeInTheDocument();
      expect(await screen.findAllByTestId('leaderboard-row')).toHaveLength(4);
      await refetchFails(queryClient, challengeKey(7, null));
      await refetchFails(queryClient, leaderboardKey(7, null, LEADERBOARD_TOP_ROWS));
      expect(screen.getByRole('heading', { level: 1, name: '10K Steps a Day' })).toBeInTheDocument();
      expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(4);
      expect(screen.queryByRole('heading', { name: 'Could not load this challenge' })).not.toBeInTheDocument();
      expect(screen.queryByText('Could not load the leaderboard.')).not.toBeInTheDocument();
    });

    it('because it is gone (404): Challenge Not Found', async () => {
      const { queryClient } = renderDetail({
        'GET /api/auth/user': signedOut,
        'GET /api/challenges/7': answerThen({ status: 200, body: makeDetail() }, { status: 404, body: { message: 'Challenge not found' } }),
        'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf(board) },
      });
      expect(await screen.findByRole('heading', { level: 1, name: '10K Steps a Day' })).toBeInTheDocument();
      await refetchFails(queryClient, challengeKey(7, null));
      expect(await screen.findByRole('heading', { level: 1, name: 'Challenge Not Found' })).toBeInTheDocument();
    });
  });

  it('refreshes the leaderboard every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      let reads = 0;
      mockFetch({
        'GET /api/auth/user': signedOut,
        'GET /api/challenges/7': { status: 200, body: makeDetail() },
        'GET /api/challenges/7/leaderboard': () => {
          reads += 1;
          return { status: 200, body: boardOf(reads > 1 ? [makeEntry(1, { user: { id: 20, firstName: 'Newcomer', lastName: 'Late', location: 'York' } })] : []) };
        },
      });
      renderWithProviders(
        <Routes>
          <Route path="/challenges/:id" element={<ChallengeDetailPage />} />
        </Routes>,
        { initialEntries: ['/challenges/7'] },
      );
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(await screen.findByText('No participants yet')).toBeInTheDocument();
      expect(reads).toBe(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(LEADERBOARD_REFRESH_MS);
      });
      expect(reads).toBe(2);
      expect(screen.getByText('Newcomer Late')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the own rank under the leaderboard (issue 35.4)', () => {
  const top = Array.from({ length: 10 }, (_, i) =>
    makeEntry(i + 1, { currentProgress: 70000 - i * 1000, user: { id: 100 + i, firstName: `Runner${i + 1}`, lastName: 'Fast', location: 'York' } }),
  );
  const mine = makeEntry(4961, { id: 9000, currentProgress: 31500, user: { id: 1, firstName: 'Alex', lastName: 'Moss', location: 'Leeds' } });
  const participating = makeDetail({ participantCount: 10000, joined: true, myParticipation: { currentProgress: 31500, completed: false, completedAt: null, joinedAt: fromNow(-2), entries: [] } });

  it('a participant further down sees the top 10, then "Your rank: 4,961 of 10,000" with their progress and bar', async () => {
    const { calls } = renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: participating },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf(top, { me: mine, participantCount: 10000, completedCount: 12 }) },
    });
    const own = await screen.findByRole('list', { name: 'Your rank' });
    expect(screen.getByRole('heading', { level: 3, name: 'Your rank: 4,961 of 10,000' })).toBeInTheDocument();
    const item = within(own).getByRole('listitem');
    expect(item).toHaveTextContent(/^Rank 4,961Alex Moss \(you\)31,500 stepsLeeds/);
    expect(within(item).getByRole('progressbar', { name: "Alex Moss's progress" })).toHaveAttribute('aria-valuenow', '45');
    // The top ten above it, in order; the own row is not one of them.
    const board = screen.getByRole('list', { name: 'Leaderboard' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(10);
    expect(within(board).queryByText('(you)')).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-participants')).toHaveTextContent('Participants10000');
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('Completed12');
    // Asked as the page asks: the top 10 and the own rank.
    expect(calls.map((c) => c.path)).toContain('/api/challenges/7/leaderboard?limit=10');
    expect(calls.map((c) => c.path)).not.toContain('/api/challenges/7/participants');
  });

  it('no separate row when the participant is among the rows shown (their row says "(you)"), nor for a visitor', async () => {
    const inTop = top.map((e, i) => (i === 4 ? { ...e, user: { ...e.user, id: 1, firstName: 'Alex', lastName: 'Moss' } } : e));
    renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: participating },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf(inTop, { me: inTop[4], participantCount: 40 }) },
    });
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows[4]).toHaveTextContent('Alex Moss (you)');
    expect(screen.queryByRole('list', { name: 'Your rank' })).not.toBeInTheDocument();
  });

  it('a visitor sees the top rows only', async () => {
    renderDetail({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges/7': { status: 200, body: makeDetail({ participantCount: 10000 }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf(top, { participantCount: 10000 }) },
    });
    expect(await screen.findAllByTestId('leaderboard-row')).toHaveLength(10);
    expect(screen.queryByRole('list', { name: 'Your rank' })).not.toBeInTheDocument();
    expect(screen.queryByText('(you)')).not.toBeInTheDocument();
  });

  it('"Show top 50" asks for 50 rows; the own row goes once it is among them', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) =>
      makeEntry(i + 1, { id: 500 + i, currentProgress: 70000 - i * 500, user: { id: i === 40 ? 1 : 200 + i, firstName: i === 40 ? 'Alex' : `Runner${i + 1}`, lastName: i === 40 ? 'Moss' : 'Fast', location: 'York' } }),
    );
    const mid = { ...fifty[40] };
    const { calls, user } = renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: { ...participating, participantCount: 60 } },
      'GET /api/challenges/7/leaderboard': (call) => {
        const limit = Number(new URL(call.path, 'http://x').searchParams.get('limit'));
        return { status: 200, body: boardOf(fifty.slice(0, limit), { me: mid, participantCount: 60 }) };
      },
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Your rank: 41 of 60' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show top 50' }));
    await waitFor(() => expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(50));
    expect(calls.map((c) => c.path)).toContain('/api/challenges/7/leaderboard?limit=50');
    expect(screen.queryByRole('list', { name: 'Your rank' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('leaderboard-row')[40]).toHaveTextContent('Alex Moss (you)');
    // 60 take part, 50 shown: one more step.
    expect(screen.getByRole('button', { name: 'Show top 100' })).toBeInTheDocument();
  });
});

describe('ProgressBar and Leaderboard', () => {
  it('caps the bar at 100 percent', () => {
    renderWithProviders(
      <>
        <ProgressBar progress={250} target={100} label="over" />
        <ProgressBar progress={25} target={100} label="quarter" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'over' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getAllByTestId('progress-fill')[0]).toHaveStyle({ width: '100%' });
    expect(screen.getByRole('progressbar', { name: 'quarter' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getAllByTestId('progress-fill')[1]).toHaveStyle({ width: '25%' });
  });

  it("the page's row counts are the contracts' (copied into the remote, see get-leaderboard.ts)", () => {
    expect([LEADERBOARD_TOP_ROWS, LEADERBOARD_MAX_ROWS]).toEqual([contracts.LEADERBOARD_TOP_ROWS, contracts.LEADERBOARD_MAX_ROWS]);
  });

  it("says 'No participants yet' when empty", () => {
    renderWithProviders(<Leaderboard entries={[]} target={10} unit="km" />);
    expect(screen.getByText('No participants yet')).toBeInTheDocument();
  });
});

describe('report a challenge (issue 28.11)', () => {
  it('a signed-in member reports it with a reason: POST, thank-you toast, the button then reads Reported', async () => {
    const { calls, user } = renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: makeDetail({ createdBy: 99 }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
      'POST /api/challenges/7/report': { status: 201, body: { id: 7, message: 'ok' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Report this challenge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Challenge' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Throwaway test challenge');
    await user.click(within(dialog).getByRole('button', { name: 'Report Challenge' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Throwaway test challenge' });
    expect(await screen.findByRole('button', { name: 'Reported' })).toBeDisabled();
  });

  it('a second report says so from the server; the creator and signed-out visitors are not offered it', async () => {
    const { user, unmount } = renderDetail({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges/7': { status: 200, body: makeDetail({ createdBy: 99 }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
      'POST /api/challenges/7/report': { status: 409, body: { message: 'You have already reported this challenge' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Report this challenge' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Report Challenge' }));
    expect(await screen.findByText('You have already reported this challenge')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reported' })).toBeDisabled();
    unmount();
    act(() => useToastStore.getState().dismiss());

    const own = renderDetail({
      'GET /api/auth/user': signedIn(makeUser({ id: 99 })),
      'GET /api/challenges/7': { status: 200, body: makeDetail({ createdBy: 99 }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Report this challenge' })).not.toBeInTheDocument();
    own.unmount();

    renderDetail({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges/7': { status: 200, body: makeDetail({ createdBy: 99 }) },
      'GET /api/challenges/7/leaderboard': { status: 200, body: boardOf([]) },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Report this challenge' })).not.toBeInTheDocument();
  });
});
