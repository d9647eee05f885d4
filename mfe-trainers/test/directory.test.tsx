import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { TrainersPage } from '../src/features/directory/components/TrainersPage';
import { trainersPageQueryOptions } from '../src/features/directory/api/get-trainers';
import { EMPTY_QUERY } from '../src/features/directory/lib/query';
import { deferred, listReply, LocationProbe, makeTrainer, mockFetch, signedOut, type ReplySpec } from './helpers';

jest.setTimeout(20_000);

function renderPage(path = '/trainers') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/trainers" element={<TrainersPage />} />
        <Route path="/trainers/:id" element={<p>Profile page</p>} />
        <Route path="/trainer-signup" element={<p>Trainer sign-up page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

const hannah = makeTrainer();
const marcus = makeTrainer({
  id: 4,
  userId: 40,
  user: { id: 40, firstName: 'Marcus', lastName: 'Reid', location: 'London, E1 6QL' },
  specialization: 'Strength & Conditioning',
  rating: 4,
  reviewCount: 1,
  sessionPrice: null,
  availableOnline: false,
  profileImage: '/api/trainer-photos/abc',
  profileImageThumb: '/api/trainer-photos/abc-thumb',
});

describe('TrainersPage', () => {
  it('shows a card per trainer: initials or photo, name, specialization, location, half stars, reviews, price, session types', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/trainers': listReply([hannah, marcus], { total: 2 }) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Find a Trainer' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('trainer-card');
    expect(cards).toHaveLength(2);

    const h = within(cards[0]);
    expect(h.getByRole('link', { name: 'Hannah Walsh' })).toHaveAttribute('href', '/trainers/3');
    expect(h.getByTestId('trainer-initials')).toHaveTextContent('HW');
    expect(h.getByText('Yoga & Mobility')).toBeInTheDocument();
    expect(h.getByText('Leeds, LS1 4DY')).toBeInTheDocument();
    // 4.5: four full stars and a half (SPEC §9).
    const stars = h.getByRole('img', { name: 'Rated 4.5 out of 5' });
    expect([...stars.querySelectorAll('[data-star]')].map((s) => s.getAttribute('data-star'))).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(h.getByText('(12 reviews)')).toBeInTheDocument();
    expect(h.getByTestId('trainer-price')).toHaveTextContent('£45/hour');
    expect(h.getByText('Online')).toBeInTheDocument();
    expect(h.getByText('In person')).toBeInTheDocument();
    // No location searched: no distance, even if one were sent.
    expect(h.queryByTestId('trainer-distance')).not.toBeInTheDocument();

    const m = within(cards[1]);
    expect(m.getByRole('img', { name: 'Rated 4 out of 5' }).querySelectorAll('[data-star="half"]')).toHaveLength(0);
    expect(m.getByText('(1 review)')).toBeInTheDocument();
    expect(m.getByTestId('trainer-price')).toHaveTextContent('Price on request');
    expect(m.queryByText('Online')).not.toBeInTheDocument();
    expect(cards[1].querySelector('img')).toHaveAttribute('src', '/api/trainer-photos/abc-thumb');

    expect(screen.getByTestId('result-count')).toHaveTextContent('2 trainers');
    expect(screen.getByRole('link', { name: 'Sign Up Free as a Trainer' })).toHaveAttribute('href', '/trainer-signup');
    expect(screen.queryByRole('button', { name: 'View More Trainers' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/trainers')).map((c) => c.path)).toEqual(['/api/trainers']);
  });

  it('searches by postcode: the location goes to the URL and the call, cards say about N miles, the attribution shows', async () => {
    const user = userEvent.setup();
    const near = { ...hannah, distanceMiles: 0.4 };
    const far = { ...marcus, distanceMiles: 2.6 };
    const calls = mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers': listReply([hannah, marcus]),
      'GET /api/trainers?location=LS6+2AB': listReply([near, far], { resolved: true }),
    });
    renderPage();
    await screen.findAllByTestId('trainer-card');
    await user.type(screen.getByPlaceholderText('Enter your postcode or city'), 'LS6 2AB');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers?location=LS6+2AB'));
    await waitFor(() => expect(screen.getAllByTestId('trainer-distance').map((e) => e.textContent)).toEqual(['less than a mile', 'about 3 miles']));
    // Every trainer is listed however far, so the line says how they are ordered, not that they are near.
    expect(screen.getByTestId('result-count')).toHaveTextContent('2 trainers, sorted by distance from LS6 2AB');
    expect(screen.getByTestId('result-count')).not.toHaveTextContent(/near/);
    expect(screen.getByTestId('postcode-attribution')).toHaveTextContent('Contains OS data © Crown copyright and database right 2025');
    expect(screen.queryByText('Distances are unavailable for this search')).not.toBeInTheDocument();
    // With a location, the sort offers distance and shows it as the default.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
    expect(calls.map((c) => c.path)).toContain('/api/trainers?location=LS6+2AB');
  });

  it('with a resolved place and another sort chosen, the count line names that order and still the place distances are from', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers?location=Leeds&sort=rating': listReply([{ ...hannah, distanceMiles: 1 }, { ...marcus, distanceMiles: 179 }], { resolved: true }),
    });
    renderPage('/trainers?location=Leeds&sort=rating');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('2 trainers, highest rated first, with distances from Leeds'));
  });

  it('says distances are unavailable when the place could not be resolved, and shows none', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers?location=Narnia': listReply([{ ...hannah, distanceMiles: null }], { resolved: false }),
    });
    renderPage('/trainers?location=Narnia');
    await screen.findAllByTestId('trainer-card');
    expect(screen.getByText('Distances are unavailable for this search')).toBeInTheDocument();
    expect(screen.queryByTestId('trainer-distance')).not.toBeInTheDocument();
    expect(screen.queryByTestId('postcode-attribution')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your postcode or city')).toHaveValue('Narnia');
    // The server fell back to rating order: the sort says so and offers no distance.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('rating');
    expect(within(sort).queryByRole('option', { name: 'Nearest first' })).not.toBeInTheDocument();
  });

  it('puts every filter and the sort in the page URL and the list call, back to page 1', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/trainers': (c) => listReply([hannah]) as ReplySpec });
    renderPage('/trainers?page=2');
    await screen.findAllByTestId('trainer-card');
    await user.click(screen.getByRole('checkbox', { name: 'Online' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers?online=true'));
    await user.click(screen.getByRole('checkbox', { name: 'In person' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Max price' }), '50');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minimum rating' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Specialty' }), 'yoga{Enter}');
    // Without a location there is no distance sort.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).queryByRole('option', { name: 'Nearest first' })).not.toBeInTheDocument();
    await user.selectOptions(sort, 'price');
    const expected = '/trainers?online=true&inPerson=true&maxPrice=50&specialty=yoga&minRating=4&sort=price';
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(expected));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/trainers?online=true&inPerson=true&maxPrice=50&specialty=yoga&minRating=4&sort=price'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/trainers$/));
  });

  it('keeps both filters when the second is chosen before the page re-renders', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/trainers': () => listReply([hannah]) as ReplySpec });
    renderPage('/trainers');
    await screen.findAllByTestId('trainer-card');
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Max price' }), { target: { value: '50' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Minimum rating' }), { target: { value: '4' } });
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/trainers\?maxPrice=50&minRating=4$/));
  });

  it('reads a shared link: filters set from the URL, pages 1..N loaded', async () => {
    const page2 = makeTrainer({ id: 20, user: { id: 200, firstName: 'Page', lastName: 'Two', location: 'York' } });
    const calls = mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers?online=true&minRating=3&sort=rating': listReply([hannah], { total: 2, hasMore: true }),
      'GET /api/trainers?online=true&minRating=3&sort=rating&page=2': listReply([page2], { total: 2, hasMore: false }),
    });
    renderPage('/trainers?online=true&minRating=3&sort=rating&page=2&bogus=1&maxPrice=abc');
    await waitFor(() => expect(screen.getAllByTestId('trainer-card')).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: 'Online' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In person' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Minimum rating' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Max price' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'View More Trainers' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/trainers')).length).toBe(2);
  });

  it("'View More Trainers' appends the next page (X-Has-More), keeps the first, puts the page in the URL and focuses the first new card", async () => {
    const user = userEvent.setup();
    const more = deferred<ReplySpec>();
    const page2 = makeTrainer({ id: 21, user: { id: 210, firstName: 'Next', lastName: 'Person', location: 'York' } });
    const calls = mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers': listReply([hannah, marcus], { total: 3, hasMore: true }),
      'GET /api/trainers?page=2': () => more.promise,
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View More Trainers' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers?page=2'));
    expect(screen.getAllByTestId('trainer-card')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /View More Trainers/ })).toHaveAttribute('aria-busy', 'true');
    more.resolve(listReply([page2], { total: 3, hasMore: false }));
    await waitFor(() => expect(screen.getAllByTestId('trainer-card')).toHaveLength(3));
    expect(screen.getAllByTestId('trainer-card').map((c) => c.getAttribute('aria-label'))).toEqual(['Hannah Walsh', 'Marcus Reid', 'Next Person']);
    expect(screen.queryByRole('button', { name: 'View More Trainers' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Next Person' })).toHaveFocus());
    // Page 1 was not fetched again.
    expect(calls.filter((c) => c.path === '/api/trainers')).toHaveLength(1);
  });

  it("shows a spinner while loading, then 'No trainers found' for an empty result", async () => {
    const reply = deferred<ReplySpec>();
    mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/trainers?specialty=underwater+yoga': () => reply.promise });
    renderPage('/trainers?specialty=underwater+yoga');
    expect(screen.getByRole('status')).toHaveTextContent('Loading trainers');
    reply.resolve(listReply([]));
    expect(await screen.findByRole('heading', { name: 'No trainers found' })).toBeInTheDocument();
    expect(screen.queryByTestId('trainer-card')).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch trainers' when the list call fails, and retries", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers': () => (fail ? { status: 500, body: { message: 'boom' } } : listReply([hannah])),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Failed to fetch trainers' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('trainer-card')).toHaveLength(1);
  });

  describe('the connection', () => {
    it('a refetch that fails for it (the browser says online) keeps the trainers on screen, no offline notice', async () => {
      mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/trainers': answerThen(listReply([hannah, marcus], { total: 2 }), 'network') });
      const { queryClient } = renderPage();
      expect(await screen.findAllByTestId('trainer-card')).toHaveLength(2);
      await refetchFails(queryClient, trainersPageQueryOptions(EMPTY_QUERY, 1).queryKey);
      expect(screen.getAllByTestId('trainer-card')).toHaveLength(2);
      expect(screen.getByTestId('result-count')).toHaveTextContent('2 trainers');
      expect(screen.queryByRole('heading', { name: "You're offline" })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Failed to fetch trainers' })).not.toBeInTheDocument();
    });

    it("with no trainers loaded, a failed first load says You're offline", async () => {
      mockFetch({
        'GET /api/auth/user': signedOut,
        'GET /api/trainers': () => {
          throw new Error('offline');
        },
      });
      renderPage();
      expect(await screen.findByRole('heading', { name: "You're offline" })).toBeInTheDocument();
      expect(screen.queryByTestId('trainer-card')).not.toBeInTheDocument();
    });
  });
});
