import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { TrainerProfilePage } from '../src/features/profile/components/TrainerProfilePage';
import { trainerKey } from '../src/features/profile/api/get-trainer';
import { trainerReviewsKey } from '../src/features/profile/api/get-trainer-reviews';
import { SIGN_IN_REDIRECT_MS } from '../src/features/profile/lib/useSignInRedirect';
import { futureDate, makeSlot, makeSlots } from './bookings-helpers';
import { LocationProbe, makeReview, makeTrainer, makeUser, mockFetch, signedIn, signedOut } from './helpers';

jest.setTimeout(20_000);

function renderProfile(path = '/trainers/3') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/trainers/:id" element={<TrainerProfilePage />} />
        <Route path="/trainers" element={<p>Directory</p>} />
        <Route path="/messages/:id" element={<p>Messages page</p>} />
        <Route path="/trainer-profile/:id/edit" element={<p>Edit page</p>} />
        <Route path="/signin" element={<p>Sign-in page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

const trainer = makeTrainer({
  instagramHandle: '@hannahmoves',
  twitterHandle: 'hannah_w',
  websiteUrl: 'https://hannahwalsh.example.com',
  profileImage: '/api/trainer-photos/p1',
  rating: 3.5,
  reviewCount: 2,
});
const reviews = [
  makeReview({ id: 2, rating: 4, comment: 'Great mobility work.', verifiedClient: true, user: { id: 9, firstName: 'Tom', lastName: 'Hughes' } }),
  makeReview({ id: 1, rating: 3, comment: '', createdAt: '2026-10-01T10:00:00.000Z', user: { id: 8, firstName: 'Priya', lastName: 'Kapoor' } }),
];

const base = (user: ReturnType<typeof signedIn> | typeof signedOut) => ({
  'GET /api/auth/user': user,
  'GET /api/trainers/3': { status: 200, body: trainer },
  'GET /api/trainers/3/reviews': { status: 200, body: reviews },
});

describe('TrainerProfilePage', () => {
  it('shows every profile field, half-star rating, price, and reviews with the verified-client mark', async () => {
    mockFetch(base(signedOut));
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
    expect(screen.getByText('Yoga & Mobility')).toBeInTheDocument();
    expect(screen.getByText('Leeds, LS1 4DY')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Hannah Walsh' })).toHaveAttribute('src', '/api/trainer-photos/p1');
    const rating = screen.getByTestId('trainer-rating');
    expect(within(rating).getByRole('img', { name: 'Rated 3.5 out of 5' }).querySelectorAll('[data-star="half"]')).toHaveLength(1);
    expect(rating).toHaveTextContent('3.5(2 reviews)');
    expect(screen.getByText(trainer.description)).toBeInTheDocument();
    const specialties = screen.getByRole('list', { name: 'Specialties' });
    expect(within(specialties).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Yoga', 'Mobility']);
    expect(screen.getByText('BWY Yoga Teacher')).toBeInTheDocument();
    expect(screen.getByText('BA Dance, Leeds Beckett')).toBeInTheDocument();
    expect(screen.getByTestId('profile-price')).toHaveTextContent('£45/hour');
    expect(screen.getByText('6 years')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@hannahmoves' })).toHaveAttribute('href', 'https://www.instagram.com/hannahmoves');
    expect(screen.getByRole('link', { name: '@hannah_w' })).toHaveAttribute('href', 'https://x.com/hannah_w');
    expect(screen.getByRole('link', { name: 'hannahwalsh.example.com' })).toHaveAttribute('href', 'https://hannahwalsh.example.com/');

    const items = await screen.findAllByTestId('review');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('heading', { name: 'Tom Hughes' })).toBeInTheDocument();
    expect(within(items[0]).getByText('Verified client')).toBeInTheDocument();
    expect(within(items[0]).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(items[0]).getByText('Great mobility work.')).toBeInTheDocument();
    expect(within(items[0]).getByText('2 November 2026')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Verified client')).not.toBeInTheDocument();
    expect(within(items[1]).getByText('1 October 2026')).toBeInTheDocument();
  });

  it('never links a website that is not http(s)', async () => {
    mockFetch({ ...base(signedOut), 'GET /api/trainers/3': { status: 200, body: { ...trainer, websiteUrl: 'javascript:alert(1)' } } });
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' });
    expect(screen.queryByText(/javascript/)).not.toBeInTheDocument();
  });

  it('signed out: Contact Trainer toasts Sign in required, and there is no review form', async () => {
    const user = userEvent.setup();
    mockFetch(base(signedOut));
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Contact Trainer' }));
    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to contact trainers')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/trainers/3');
    expect(screen.queryByRole('radiogroup', { name: 'Your rating' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin?redirect=%2Ftrainers%2F3');
    expect(screen.queryByRole('link', { name: 'Edit Trainer Profile' })).not.toBeInTheDocument();
  });

  it('signed out: after the Sign in required toast, Contact Trainer goes on to /signin with a return to the trainer', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      mockFetch(base(signedOut));
      renderProfile();
      await user.click(await screen.findByRole('button', { name: 'Contact Trainer' }));
      expect(await screen.findByText('Please sign in to contact trainers')).toBeInTheDocument();
      // The toast is readable first: just short of the delay, still on the profile.
      act(() => jest.advanceTimersByTime(SIGN_IN_REDIRECT_MS - 1));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/trainers\/3$/);
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByTestId('location')).toHaveTextContent('/signin?redirect=%2Ftrainers%2F3');
      expect(screen.getByText('Sign-in page')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("signed in visitor: Contact Trainer opens /messages/{trainer's user id}", async () => {
    const user = userEvent.setup();
    mockFetch(base(signedIn()));
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Contact Trainer' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/messages/30');
  });

  it('the owner sees Edit Trainer Profile instead of Contact Trainer, and no review form', async () => {
    mockFetch(base(signedIn(makeUser({ id: 30, isTrainer: true }))));
    renderProfile();
    const edit = await screen.findByRole('link', { name: 'Edit Trainer Profile' });
    expect(edit).toHaveAttribute('href', '/trainer-profile/3/edit');
    expect(screen.queryByRole('button', { name: 'Contact Trainer' })).not.toBeInTheDocument();
    await screen.findAllByTestId('review');
    expect(screen.queryByRole('radiogroup', { name: 'Your rating' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit Review/ })).not.toBeInTheDocument();
  });

  it('review form: submit disabled while the rating is 0, posts rating and comment, reloads the reviews', async () => {
    const user = userEvent.setup();
    let list = reviews;
    const calls = mockFetch({
      ...base(signedIn()),
      'GET /api/trainers/3/reviews': () => ({ status: 200, body: list }),
      'POST /api/reviews': (c) => {
        list = [makeReview({ id: 3, rating: 4, comment: 'Lovely.', user: { id: 1, firstName: 'Alex', lastName: 'Moss' } }), ...reviews];
        return { status: 201, body: { ...list[0], trainerId: (c.body as { trainerId: number }).trainerId } };
      },
    });
    renderProfile();
    const submit = await screen.findByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(submit).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Lovely.');
    await user.click(submit);
    expect(await screen.findByText('Review submitted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ trainerId: 3, rating: 4, comment: 'Lovely.', userId: 1 });
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(3));
    // The user's review now exists: the form edits it.
    expect(await screen.findByRole('button', { name: 'Update Review' })).toBeInTheDocument();
  });

  it("review failure toasts 'Failed to submit review. Please try again.'", async () => {
    const user = userEvent.setup();
    mockFetch({ ...base(signedIn()), 'POST /api/reviews': { status: 500, body: { message: 'boom' } } });
    renderProfile();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Failed to submit review. Please try again.')).toBeInTheDocument();
  });

  it("shows 'Error loading reviews' when the reviews call fails, with the profile still shown", async () => {
    mockFetch({ ...base(signedOut), 'GET /api/trainers/3/reviews': { status: 500, body: { message: 'boom' } } });
    renderProfile();
    expect(await screen.findByText('Error loading reviews')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
  });

  it('shows the whole page at once: the booking panel with its free times and the reviews arrive with the profile (issue 35.2)', async () => {
    const day = futureDate(3);
    mockFetch({ ...base(signedOut), 'GET /api/trainers/3/slots': { status: 200, body: makeSlots([makeSlot(day, '09:00')]) } });
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading trainer profile');
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' });
    // Nothing above About or Reviews is still loading when the profile appears: nothing pushes them down later.
    const panel = screen.getByTestId('booking-panel');
    expect(within(panel).getByRole('button', { name: '09:00, online' })).toBeInTheDocument();
    expect(screen.getAllByTestId('review')).toHaveLength(2);
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument();
    expect(h1).toBeInTheDocument();
  });

  it('a failing free-times call does not hold the profile: the panel says so', async () => {
    mockFetch({ ...base(signedOut), 'GET /api/trainers/3/slots': { status: 500, body: { message: 'boom' } } });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
    expect(await within(screen.getByTestId('booking-panel')).findByText('Free times could not be loaded right now.')).toBeInTheDocument();
  });

  it("shows 'Trainer Not Found' with a link to /trainers for an unknown or non-numeric id", async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/trainers/99': { status: 404, body: { message: 'Trainer not found' } } });
    const { unmount } = renderProfile('/trainers/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Trainers' })).toHaveAttribute('href', '/trainers');
    unmount();
    renderProfile('/trainers/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Trainer Not Found' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/trainers/abc')).toBe(false);
  });

  describe('a refetch that fails after the profile was shown', () => {
    it('for the connection or a server fault: the profile and its reviews stay on screen', async () => {
      mockFetch({
        ...base(signedOut),
        'GET /api/trainers/3': answerThen({ status: 200, body: trainer }, 'network'),
        'GET /api/trainers/3/reviews': answerThen({ status: 200, body: reviews }, { status: 500, body: { message: 'boom' } }),
      });
      const { queryClient } = renderProfile();
      expect(await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
      expect(await screen.findAllByTestId('review')).toHaveLength(2);
      await refetchFails(queryClient, trainerKey(3));
      await refetchFails(queryClient, trainerReviewsKey(3));
      expect(screen.getByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
      expect(screen.getAllByTestId('review')).toHaveLength(2);
      expect(screen.queryByText('Error loading reviews')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Trainer Not Found' })).not.toBeInTheDocument();
    });

    it('because the trainer is gone (404): Trainer Not Found', async () => {
      mockFetch({ ...base(signedOut), 'GET /api/trainers/3': answerThen({ status: 200, body: trainer }, { status: 404, body: { message: 'Trainer not found' } }) });
      const { queryClient } = renderProfile();
      expect(await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
      await refetchFails(queryClient, trainerKey(3));
      expect(await screen.findByRole('heading', { level: 1, name: 'Trainer Not Found' })).toBeInTheDocument();
      expect(screen.getByText("The trainer you're looking for doesn't exist or is no longer listed.")).toBeInTheDocument();
    });
  });
});
