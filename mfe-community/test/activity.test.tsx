import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityItem } from '@fitconnect/contracts';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { ActivityList } from '../src/features/activity/components/ActivityList';
import { ACTIVITY_KEY } from '../src/features/activity/api/get-activity';
import { FeedTab } from '../src/features/feed/components/FeedTab';
import { makeUser, mockFetch, signedIn, signedOut } from './helpers';

configure({ asyncUtilTimeout: 5000 });

const now = Date.parse('2030-06-01T12:00:00Z');
const ago = (min: number) => new Date(now - min * 60_000).toISOString();

const items: ActivityItem[] = [
  { id: 9, at: ago(5), kind: 'trainer_joined', trainer: { id: 3, name: 'Tara Trainer', specialization: 'Yoga', location: 'Leeds, LS1', distanceMiles: 2 } },
  { id: 8, at: ago(60), kind: 'challenge_completed', challenge: { id: 4, title: 'Step Up' }, person: { firstName: 'Ann', lastInitial: 'K.' } },
  { id: 7, at: ago(120), kind: 'review_posted', review: { id: 5, title: 'Love it', rating: 5, helpful: 0 }, person: null },
];
const older: ActivityItem[] = [{ id: 2, at: ago(600), kind: 'challenge_popular', challenge: { id: 6, title: 'Plank Month' }, participants: 4 }];

test('lists what happened, newest first, in words with links; an anonymous review names nobody; Show more pages on', async () => {
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(makeUser({ location: 'Leeds' })),
    'GET /api/activity': (c) => ({ body: c.path.includes('cursor=') ? { items: older, nextCursor: null } : { items, nextCursor: 'abc' } }),
  });
  renderWithProviders(<ActivityList now={now} />);
  const region = await screen.findByRole('region', { name: 'Recent activity' });
  const list = await within(region).findByRole('list', { name: 'Recent activity' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((r) => r.textContent)).toEqual([
    'Tara Trainer joined as a trainerYoga · Leeds, LS1 · 2 miles from you · 5 minutes ago',
    'Ann K. completed Step Up1 hour ago',
    'A member rated FitConnect 5/5: “Love it”2 hours ago',
  ]);
  expect(within(rows[0]).getByRole('link', { name: 'Tara Trainer' })).toHaveAttribute('href', '/trainers/3');
  expect(within(rows[1]).getByRole('link', { name: 'Step Up' })).toHaveAttribute('href', '/challenges/4');
  expect(within(region).getByText(/new trainers near you/)).toBeInTheDocument();
  await userEvent.setup().click(within(region).getByRole('button', { name: 'Show More Activity' }));
  expect(await within(region).findByRole('link', { name: 'Plank Month' })).toBeInTheDocument();
  expect(within(region).queryByRole('button', { name: 'Show More Activity' })).not.toBeInTheDocument();
  expect(calls.filter((c) => c.path.startsWith('/api/activity')).map((c) => c.path)).toEqual(['/api/activity', '/api/activity?cursor=abc']);
});

test('empty: says what will show up, with a way to start', async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/activity': { body: { items: [], nextCursor: null } } });
  renderWithProviders(<ActivityList now={now} />);
  expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Join a challenge' })).toHaveAttribute('href', '/challenges');
});

test('error: an alert with Try Again, which loads it', async () => {
  let fail = true;
  mockFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/activity': () => (fail ? { status: 500, body: { message: 'down' } } : { body: { items, nextCursor: null } }),
  });
  renderWithProviders(<ActivityList now={now} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Recent activity could not be loaded right now.');
  fail = false;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByRole('link', { name: 'Tara Trainer' })).toBeInTheDocument();
});

describe('a refetch that fails after the activity was shown', () => {
  test('for a server fault: the activity stays on screen', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/activity': answerThen({ body: { items, nextCursor: null } }, { status: 500, body: { message: 'down' } }) });
    const { queryClient } = renderWithProviders(<ActivityList now={now} />);
    expect(await screen.findByRole('link', { name: 'Tara Trainer' })).toBeInTheDocument();
    await refetchFails(queryClient, [ACTIVITY_KEY, 0]);
    expect(screen.getAllByTestId('activity-item')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('refused by the server (4xx): the error view', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/activity': answerThen({ body: { items, nextCursor: null } }, { status: 403, body: { message: 'no' } }) });
    const { queryClient } = renderWithProviders(<ActivityList now={now} />);
    expect(await screen.findByRole('link', { name: 'Tara Trainer' })).toBeInTheDocument();
    await refetchFails(queryClient, [ACTIVITY_KEY, 0]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Recent activity could not be loaded right now.');
    expect(screen.queryByTestId('activity-item')).not.toBeInTheDocument();
  });

  test('Show More Activity that fails for the connection keeps the items and says so', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/activity': (c) => {
        if (c.path.includes('cursor=')) throw new Error('offline');
        return { body: { items, nextCursor: 'abc' } };
      },
    });
    renderWithProviders(<ActivityList now={now} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show More Activity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More activity could not be loaded. Please try again.');
    expect(screen.getAllByTestId('activity-item')).toHaveLength(3);
  });
});

test("the feed keeps SPEC's sample posts, labelled, beside the live list", async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/activity': { body: { items, nextCursor: null } } });
  renderWithProviders(<FeedTab now={now} />);
  expect(await screen.findByRole('region', { name: 'Recent activity' })).toBeInTheDocument();
  expect(screen.getAllByTestId('sample-post')).toHaveLength(3);
  expect(screen.getByText('Sample posts')).toBeInTheDocument();
});
