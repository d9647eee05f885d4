import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { useToastStore } from '@fitconnect/shared-ui';
import area from '../src/routes';
import { challengesKey } from '../src/features/challenges/api/keys';
import type { ChallengeSummary } from '@fitconnect/contracts';
import { LocationProbe, fromNow, makeChallenge, makeUserChallenge, mockFetch, signedIn, signedOut, type Reply } from './helpers';

function renderList() {
  return renderWithProviders(
    <Routes>
      {area.routes.map(({ path, Component }) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { initialEntries: ['/challenges'] },
  );
}

jest.setTimeout(30_000);

afterEach(() => act(() => useToastStore.getState().dismiss()));

const active = makeChallenge({ id: 1, title: 'Active One', difficulty: 'easy', category: 'cardio', target: 70000, unit: 'steps' });
const upcoming = makeChallenge({ id: 2, title: 'Upcoming One', startDate: fromNow(2), endDate: fromNow(9), difficulty: 'hard', category: 'strength', status: 'upcoming' });
const ended = makeChallenge({ id: 3, title: 'Ended One', startDate: fromNow(-20), endDate: fromNow(-10), difficulty: 'medium', category: 'flexibility', status: 'ended' });

const card = (title: string) => screen.getByRole('article', { name: title });
/** GET /api/challenges/community: the non-curated challenges that have not ended (issue 28.11). */
const community = (items: ChallengeSummary[], nextCursor: string | null = null): Reply => ({ status: 200, body: { challenges: items, nextCursor } });

describe('signed out', () => {
  it('shows the cards with timing labels, Sign In prompts, and -- for the personal stats', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/challenges': { status: 200, body: [active, upcoming, ended] }, 'GET /api/challenges/community': community([upcoming, active]) });
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fitness Challenges' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Active One' });

    expect(within(card('Active One')).getByTestId('timing-label')).toHaveTextContent('Active Now');
    expect(within(card('Upcoming One')).getByTestId('timing-label')).toHaveTextContent('Starts Soon');
    expect(within(card('Ended One')).getByTestId('timing-label')).toHaveTextContent('Ended');
    expect(within(card('Active One')).getByText('70,000 steps')).toBeInTheDocument();
    expect(within(card('Active One')).getByText('Easy')).toBeInTheDocument();
    expect(within(card('Upcoming One')).getByRole('img', { name: 'Strength challenge' })).toBeInTheDocument();
    expect(within(card('Active One')).getByRole('img', { name: 'Cardio challenge' })).toBeInTheDocument();
    expect(within(card('Active One')).getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', '/challenges/1');

    expect(within(card('Active One')).getByRole('link', { name: /^Sign In to Join/ })).toHaveAttribute('href', '/signin?redirect=%2Fchallenges');
    expect(within(card('Upcoming One')).getByRole('link', { name: /^Sign In to Join/ })).toBeInTheDocument();
    expect(within(card('Ended One')).getByRole('button', { name: /^Ended/ })).toBeDisabled();

    expect(screen.getByRole('link', { name: 'Sign In to Create' })).toHaveAttribute('href', '/signin?redirect=%2Fchallenges');
    expect(screen.queryByRole('button', { name: /Create Challenge/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-active')).toHaveTextContent('Active Challenges1');
    // Signed out, no row of '--' placeholders: one card invites sign-in to track progress.
    for (const id of ['stat-joined', 'stat-completed', 'stat-progress']) expect(screen.queryByTestId(id)).toBeNull();
    expect(within(screen.getByTestId('stat-sign-in')).getByRole('link', { name: 'Sign in to track' })).toHaveAttribute('href', '/signin?redirect=%2Fchallenges');
    expect(screen.getByRole('list', { name: 'Challenge statistics' })).not.toHaveTextContent('--');
    // No personal call while signed out.
    expect(calls.some((c) => c.path === '/api/user/challenges')).toBe(false);
  });

  it('shows No Challenges Available with the sign-in prompt', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/challenges': { status: 200, body: [] } });
    renderList();
    expect(await screen.findByRole('heading', { name: 'No Challenges Available' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In to Create' })).toHaveLength(2);
  });
});

describe('signed in', () => {
  it('has Create Challenge, Join buttons and real figures from /api/user/challenges', async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges': { status: 200, body: [{ ...active, joined: true }, { ...upcoming, joined: false }, { ...ended, joined: false }] },
      'GET /api/challenges/community': community([{ ...upcoming, joined: false }, { ...active, joined: true }]),
      'GET /api/user/challenges': {
        status: 200,
        body: [
          makeUserChallenge({ challenge: { ...active, joined: true }, currentProgress: 35000 }),
          makeUserChallenge({ challenge: { ...ended, target: 100, joined: true }, currentProgress: 150, completed: true }),
        ],
      },
    });
    renderList();
    await screen.findByRole('article', { name: 'Active One' });
    expect(screen.getByRole('button', { name: /Create Challenge/ })).toBeInTheDocument();
    expect(within(card('Active One')).getByRole('button', { name: /^Joined/ })).toBeDisabled();
    expect(within(card('Upcoming One')).getByRole('button', { name: /^Join:/ })).toBeEnabled();
    expect(within(card('Ended One')).getByRole('button', { name: /^Ended/ })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('stat-joined')).toHaveTextContent('Joined2'));
    expect(screen.getByTestId('stat-completed')).toHaveTextContent('Completed1');
    // (50 % + 100 % capped) / 2
    expect(screen.getByTestId('stat-progress')).toHaveTextContent('Total Progress75%');
  });

  it('joins from a card: toast, then the list and /api/user/challenges are read again', async () => {
    let joined = false;
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges': () => ({ status: 200, body: [{ ...upcoming, joined }] }),
      'GET /api/challenges/community': () => community([{ ...upcoming, joined }]),
      'GET /api/user/challenges': () => ({ status: 200, body: joined ? [makeUserChallenge({ challenge: { ...upcoming, joined: true } })] : [] }),
      'POST /api/challenges/2/join': (): Reply => {
        joined = true;
        return { status: 201, body: { message: 'ok', alreadyJoined: false, challenge: { ...upcoming, joined: true } } };
      },
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join: Upcoming One' }));
    expect(await screen.findByText('Challenge Joined!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully joined the challenge.")).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Joined/ })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('stat-joined')).toHaveTextContent('Joined1'));
    expect(calls.filter((c) => c.path === '/api/challenges' && c.method === 'GET')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/api/user/challenges')).toHaveLength(2);
  });

  it("shows the server's reason when a join is refused", async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/challenges': { status: 200, body: [{ ...upcoming, joined: false }] },
      'GET /api/challenges/community': community([{ ...upcoming, joined: false }]),
      'GET /api/user/challenges': { status: 200, body: [] },
      'POST /api/challenges/2/join': { status: 409, body: { message: 'This challenge is full' } },
    });
    renderList();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join: Upcoming One' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('This challenge is full')).toBeInTheDocument();
  });

  it('shows No Challenges Available with Create Challenge', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/challenges': { status: 200, body: [] }, 'GET /api/user/challenges': { status: 200, body: [] } });
    renderList();
    expect(await screen.findByRole('heading', { name: 'No Challenges Available' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Create Challenge/ })).toHaveLength(2);
  });
});

it('shows an error with Try Again after the retries fail (SPEC §4: 2 retries)', async () => {
  const calls = mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/challenges': { status: 500, body: { message: 'down' } } });
  renderList();
  expect(await screen.findByRole('heading', { name: 'Could not load challenges' }, { timeout: 20_000 })).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/api/challenges')).toHaveLength(3);
  expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
}, 30_000);

it('keeps the challenges on screen when a later refetch fails for the connection (no offline notice, no error)', async () => {
  mockFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/challenges': answerThen({ status: 200, body: [active, upcoming] }, 'network'),
    'GET /api/challenges/community': community([upcoming, active]),
  });
  const { queryClient } = renderList();
  expect(await screen.findByRole('article', { name: 'Active One' })).toBeInTheDocument();
  await refetchFails(queryClient, challengesKey(null));
  expect(screen.getByRole('article', { name: 'Active One' })).toBeInTheDocument();
  expect(screen.getByTestId('stat-active')).toHaveTextContent('1');
  expect(screen.queryByRole('heading', { name: "You're offline" })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Could not load challenges' })).not.toBeInTheDocument();
}, 30_000);

describe('sections (issue 28.11)', () => {
  const featured = makeChallenge({ id: 10, title: 'Curated One', featured: true, participantCount: 1 });
  const busy = makeChallenge({ id: 11, title: 'Busy One', participantCount: 9 });
  const busier = makeChallenge({ id: 12, title: 'Busier One', participantCount: 12 });
  const fresh = (id: number) => makeChallenge({ id, title: `Fresh ${id}`, participantCount: 1 });

  it('leads with featured, then popular (most participants first), then new community challenges (paged, no repeats), then past', async () => {
    const calls = mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges': { status: 200, body: [featured, busy, busier, fresh(20), fresh(21), ended] },
      'GET /api/challenges/community': community([fresh(21), busier, fresh(20)], 'next1'),
      'GET /api/challenges/community?cursor=next1': community([busy, fresh(19)]),
    });
    renderList();
    await screen.findByRole('article', { name: 'Curated One' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Featured', 'Popular', 'New from the community', 'Past challenges']);
    const titles = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('article').map((a) => a.getAttribute('aria-label') ?? a.querySelector('h3')?.textContent);
    expect(within(screen.getByRole('list', { name: 'Featured challenges' })).getByRole('article', { name: 'Curated One' })).toBeInTheDocument();
    const popular = within(screen.getByRole('list', { name: 'Popular challenges' })).getAllByRole('article');
    expect(popular.map((a) => within(a).getByRole('heading').textContent)).toEqual(['Busier One', 'Busy One']);
    const fresh1 = await screen.findByRole('list', { name: 'New community challenges' });
    // The popular one on the community page is not repeated.
    expect(within(fresh1).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Fresh 21', 'Fresh 20']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show More Community Challenges' }));
    expect(await screen.findByRole('article', { name: 'Fresh 19' })).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Busy One' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show More Community Challenges' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Past challenges' })).getByRole('article', { name: 'Ended One' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/challenges/community')).map((c) => c.path)).toEqual(['/api/challenges/community', '/api/challenges/community?cursor=next1']);
    void titles;
  });

  it('a failed Show More keeps the community challenges shown and says so; Show More tries again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges': { status: 200, body: [featured] },
      'GET /api/challenges/community': community([fresh(21), fresh(20)], 'next1'),
      'GET /api/challenges/community?cursor=next1': () => (fail ? { status: 500, body: { message: 'down' } } : community([fresh(19)])),
    });
    const user = userEvent.setup();
    renderList();
    const section = await screen.findByTestId('section-community');
    await user.click(await within(section).findByRole('button', { name: 'Show More Community Challenges' }));
    expect(await within(section).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('More community challenges could not be loaded. Please try again.');
    expect(within(section).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Fresh 21', 'Fresh 20']);
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Show More Community Challenges' }));
    expect(await within(section).findByRole('article', { name: 'Fresh 19' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the community section has its own error (with Try Again) and empty states', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/challenges': { status: 200, body: [featured] },
      'GET /api/challenges/community': () => (fail ? { status: 500, body: { message: 'down' } } : community([])),
    });
    renderList();
    const section = await screen.findByTestId('section-community');
    expect(await within(section).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Community challenges could not be loaded right now.');
    expect(screen.getByRole('article', { name: 'Curated One' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByText(/No new community challenges right now/)).toBeInTheDocument();
  });
});
