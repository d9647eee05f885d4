import { configure, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { ReviewsTab } from '../src/features/reviews/components/ReviewsTab';
import { reviewsQueryOptions } from '../src/features/reviews/api/get-reviews';
import { LocationProbe, listReply, makeReview, makeUser, mockFetch, signedIn, signedOut, type Handler, type Reply } from './helpers';

// The machine running the suite is shared and slow: give async queries room.
configure({ asyncUtilTimeout: 5000 });

function renderReviews(path = '/community?tab=reviews') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/community" element={<ReviewsTab />} />
        <Route path="/signin" element={<p>Sign in page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

jest.setTimeout(30_000);

const cards = () => screen.queryAllByTestId('community-review');

describe('category filter', () => {
  test('asks the server for the chosen category, shows only that category and keeps it in the URL', async () => {
    const platform = makeReview({ category: 'platform', title: 'Platform one' });
    const trainers = makeReview({ category: 'trainers', title: 'Trainer one' });
    const calls = mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/community-reviews': listReply([platform, trainers]),
      // The client filters too (SPEC §7): a stray review of another category in the answer is not shown.
      'GET /api/community-reviews?category=trainers': listReply([trainers, platform], { total: 1 }),
    });
    const user = userEvent.setup();
    renderReviews();
    expect(await screen.findByRole('heading', { name: 'Community Reviews (2)' })).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Categories',
      'Platform Experience',
      'Community',
      'Features',
      'Trainers',
      'Workouts',
    ]);
    await user.selectOptions(select, 'trainers');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Community Reviews (1)' })).toBeInTheDocument());
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]).getByRole('heading', { name: 'Trainer one' })).toBeInTheDocument();
    expect(within(cards()[0]).getByTestId('review-category')).toHaveTextContent('Trainers');
    expect(calls.some((c) => c.path === '/api/community-reviews?category=trainers')).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/community?tab=reviews&category=trainers');
  });

  test('empty category: the SPEC sentence, and a sign-in call to action when signed out', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews?category=workouts': listReply([]) });
    renderReviews('/community?tab=reviews&category=workouts');
    expect(await screen.findByText('No reviews found for this category. Be the first to share your experience!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Community Reviews (0)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('workouts');
  });

  test('sort=helpful is sent to the server', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([makeReview()]), 'GET /api/community-reviews?sort=helpful': listReply([makeReview()]) });
    const user = userEvent.setup();
    renderReviews();
    await screen.findByRole('heading', { name: 'Community Reviews (1)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'helpful');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/community-reviews?sort=helpful')).toBe(true));
  });

  test('a sort chosen before the category change re-renders keeps both in the URL', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([makeReview()]), 'GET /api/community-reviews?category=trainers&sort=helpful': listReply([]) });
    renderReviews();
    await screen.findByRole('heading', { name: 'Community Reviews (1)' });
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'trainers' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'helpful' } });
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/community\?tab=reviews&category=trainers&sort=helpful$/));
  });

  test('Load more fetches the next page with the cursor and appends it', async () => {
    const first = Array.from({ length: 20 }, () => makeReview());
    const second = [makeReview({ title: 'The twenty-first' })];
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/community-reviews': listReply(first, { total: 21, next: 'abc' }),
      'GET /api/community-reviews?cursor=abc': listReply(second, { total: 21 }),
    });
    const user = userEvent.setup();
    renderReviews();
    expect(await screen.findByRole('heading', { name: 'Community Reviews (21)' })).toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('heading', { name: 'The twenty-first' });
    expect(cards()).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('a failed load says Error loading reviews', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': { status: 500, body: { message: 'Internal server error' } } });
    renderReviews();
    expect(await screen.findByText('Error loading reviews')).toBeInTheDocument();
  });
});

test('the reviews shown stay when a later refetch fails for the connection', async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': answerThen(listReply([makeReview({ title: 'Platform one' })]), 'network') });
  const { queryClient } = renderReviews();
  expect(await screen.findByRole('heading', { name: 'Community Reviews (1)' })).toBeInTheDocument();
  await refetchFails(queryClient, reviewsQueryOptions('all', 'newest', null).queryKey);
  expect(cards()).toHaveLength(1);
  expect(screen.queryByText('The reviews could not be loaded.')).not.toBeInTheDocument();
});

describe('anonymous display', () => {
  test("an anonymous review shows 'Anonymous User' and 'Shared anonymously', never a name", async () => {
    const anon = makeReview({ isAnonymous: true, user: null, title: 'Secret opinion' });
    const named = makeReview({ title: 'Open opinion' });
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([anon, named]) });
    renderReviews();
    const anonCard = (await screen.findByRole('heading', { name: 'Secret opinion' })).closest('article')!;
    expect(within(anonCard).getByTestId('review-author')).toHaveTextContent('Anonymous User');
    expect(within(anonCard).getByText('Shared anonymously')).toBeInTheDocument();
    const namedCard = screen.getByRole('heading', { name: 'Open opinion' }).closest('article')!;
    expect(within(namedCard).getByTestId('review-author')).toHaveTextContent('Priya Kapoor');
    expect(within(namedCard).queryByText('Shared anonymously')).toBeNull();
    expect(within(anonCard).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(anonCard).getByText('3 hours ago')).toBeInTheDocument();
  });
});

describe('helpful', () => {
  test('signed out: the PATCH answers 401, then the SPEC toast and /signin after 1.5 seconds (not before)', async () => {
    const r = makeReview({ helpful: 4 });
    let answeredAt = 0;
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/community-reviews': listReply([r]),
      [`PATCH /api/community-reviews/${r.id}/helpful`]: () => {
        answeredAt = Date.now();
        return { status: 401, body: { message: 'Unauthorized' } };
      },
    });
    const user = userEvent.setup();
    renderReviews();
    await user.click(await screen.findByRole('button', { name: /Helpful \(4\)/ }));
    expect(await screen.findByText('Please Sign In')).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to mark reviews as helpful.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/community?tab=reviews');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/), { timeout: 20_000 });
    // The redirect waited 1.5 s after the 401 came back.
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(1500);
  });

  test('signed in: Thanks! toast, then the button looks marked (pressed, filled, the new count) and a second press sends nothing', async () => {
    const r = makeReview({ helpful: 4 });
    let voted = false;
    const list: Handler = () => listReply([{ ...r, helpful: voted ? 5 : 4, votedHelpful: voted }]);
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(makeUser({ id: 9 })),
      'GET /api/community-reviews': list,
      [`PATCH /api/community-reviews/${r.id}/helpful`]: () => {
        voted = true;
        return { status: 200, body: { id: r.id, helpful: 5, votedHelpful: true } } as Reply;
      },
    });
    const user = userEvent.setup();
    renderReviews();
    const button = await screen.findByRole('button', { name: /Helpful \(4\)/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
    expect(screen.getByText('Your feedback helps others find useful reviews.')).toBeInTheDocument();
    const after = await screen.findByRole('button', { name: /Helpful \(5\)/ });
    expect(after).toHaveAttribute('aria-pressed', 'true');
    // Marked, not greyed out: still enabled (so the pressed state is read out), with a filled thumb.
    expect(after).toBeEnabled();
    expect(after.querySelector('svg path')).toHaveAttribute('fill', 'currentColor');
    await user.click(after);
    expect(screen.getByRole('button', { name: /Helpful \(5\)/ })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toBeUndefined();
  });

  test('other failures: Error with the server message; your own review shows its count and no Helpful button', async () => {
    const other = makeReview({ helpful: 2, title: 'Other' });
    const mine = makeReview({ helpful: 1, isMine: true, title: 'Mine' });
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/community-reviews': listReply([other, mine]),
      [`PATCH /api/community-reviews/${other.id}/helpful`]: { status: 404, body: { message: 'Review not found' } },
    });
    const user = userEvent.setup();
    renderReviews();
    const mineCard = (await screen.findByRole('heading', { name: 'Mine' })).closest('article')!;
    expect(within(mineCard).queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(within(mineCard).getByTestId('helpful-count')).toHaveTextContent('Helpful (1)');
    expect(within(mineCard).getByText('Your review')).toBeInTheDocument();
    expect(within(mineCard).queryByRole('button', { name: /Report/ })).toBeNull();
    const otherCard = screen.getByRole('heading', { name: 'Other' }).closest('article')!;
    await user.click(within(otherCard).getByRole('button', { name: /Helpful \(2\)/ }));
    expect(await screen.findByText('Review not found')).toBeInTheDocument();
  });
});

describe('writing a review', () => {
  test("signed out: 'Sign In to Review' goes to /signin", async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([makeReview()]) });
    const user = userEvent.setup();
    renderReviews();
    await user.click(await screen.findByRole('button', { name: 'Sign In to Review' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/);
    expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull();
  });

  test('signed in: the dialog validates with SPEC rules, sends the review, closes and refreshes', async () => {
    let posted: unknown = null;
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/community-reviews': () => listReply(posted ? [makeReview({ title: 'Love the planner', isMine: true })] : []),
      'POST /api/community-reviews': (call) => {
        posted = call.body;
        return { status: 201, body: makeReview({ title: 'Love the planner' }) };
      },
    });
    const user = userEvent.setup();
    renderReviews();
    await user.click(await screen.findByRole('button', { name: 'Write Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Write a Community Review' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(within(dialog).getByText('Please select a rating')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a category')).toBeInTheDocument();
    expect(within(dialog).getByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Your review must be at least 10 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'features');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Love the planner');
    await user.type(within(dialog).getByRole('textbox', { name: /Your review/ }), 'It plans around my bad knee.');
    await user.click(within(dialog).getByRole('checkbox', { name: /Post anonymously/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual({ rating: 4, category: 'features', title: 'Love the planner', comment: 'It plans around my bad knee.', isAnonymous: true });
    expect(await screen.findByText('Review Submitted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Love the planner' })).toBeInTheDocument();
  });

  test('a failed submit shows the SPEC message and keeps the dialog open', async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/community-reviews': listReply([]),
      'POST /api/community-reviews': { status: 500, body: { message: 'Internal server error' } },
    });
    const user = userEvent.setup();
    renderReviews();
    await user.click(await screen.findByRole('button', { name: 'Write Review' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'platform');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Great app');
    await user.type(within(dialog).getByRole('textbox', { name: /Your review/ }), 'Really enjoying it so far.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Failed to submit review. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('reporting', () => {
  test('signed in: reason optional, confirmation toast; a repeat says it was already reported', async () => {
    const r = makeReview({ title: 'Dodgy' });
    let reports = 0;
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/community-reviews': listReply([r]),
      [`POST /api/community-reviews/${r.id}/report`]: () => {
        reports += 1;
        return reports === 1 ? { status: 201, body: { id: r.id, message: 'ok' } } : { status: 409, body: { message: 'You have already reported this review' } };
      },
    });
    const user = userEvent.setup();
    renderReviews();
    await user.click(await screen.findByRole('button', { name: 'Report review: Dodgy' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Review' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam link');
    await user.click(within(dialog).getByRole('button', { name: 'Report Review' }));
    expect(await screen.findByText('Report received')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Spam link' });
    await user.click(screen.getByRole('button', { name: 'Report review: Dodgy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report Review' }));
    expect(await screen.findByText('You have already reported this review')).toBeInTheDocument();
  });

  test('signed out: Report sends you to sign in', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([makeReview({ title: 'Dodgy' })]) });
    const user = userEvent.setup();
    renderReviews();
    await user.click(await screen.findByRole('button', { name: 'Report review: Dodgy' }));
    expect(screen.getByText('You need to be logged in to report reviews.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/), { timeout: 20_000 });
  });
});
