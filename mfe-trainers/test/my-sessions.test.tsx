import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { MySessionsPage } from '../src/features/bookings/components/MySessionsPage';
import { SessionsDashboardWidget } from '../src/features/bookings/components/SessionsDashboardWidget';
import { bookingsKey } from '../src/features/bookings/api/get-bookings';
import { CALENDAR_FEED_KEY } from '../src/features/bookings/api/get-calendar-feed';
import { makeBooking } from './bookings-helpers';
import { makeUser, mockFetch, signedIn, signedOut } from './helpers';

jest.setTimeout(20_000);

const feed = { url: 'https://fit.example/api/calendar/abc123.ics', webcalUrl: 'webcal://fit.example/api/calendar/abc123.ics', createdAt: '2026-11-01T10:00:00.000Z' };
const soon = new Date(Date.now() + 5 * 3_600_000).toISOString();
const requested = makeBooking({ id: 11, status: 'requested', canCancel: true, expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString() });
const confirmedSoon = makeBooking({ id: 12, status: 'confirmed', start: soon, canCancel: true, mode: 'in-person' });
const past = [
  makeBooking({ id: 5, status: 'completed', start: '2026-10-01T09:00:00.000Z', canCancel: false }),
  makeBooking({ id: 6, status: 'cancelled', start: '2026-10-02T09:00:00.000Z', canCancel: false, cancelledBy: 'client', lateCancellation: true }),
  makeBooking({ id: 7, status: 'declined', start: '2026-10-03T09:00:00.000Z', canCancel: false, cancelledBy: 'trainer', reason: 'Away that week' }),
];

describe('MySessionsPage', () => {
  it('lists upcoming sessions with status, calendar links and cancel (a late cancellation is warned about and marked)', async () => {
    let upcoming = [requested, confirmedSoon];
    let pastList = past;
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/calendar/token': { status: 200, body: feed },
      'GET /api/bookings?when=upcoming': () => ({ status: 200, body: upcoming }),
      'GET /api/bookings?when=past': () => ({ status: 200, body: pastList }),
      'POST /api/bookings/12/cancel': ({ body }) => {
        const cancelled = { ...confirmedSoon, status: 'cancelled' as const, canCancel: false, cancelledBy: 'client' as const, reason: body.reason, lateCancellation: true };
        // As the API does: a cancelled session is over, it moves from upcoming to past.
        upcoming = [requested];
        pastList = [cancelled, ...past];
        return { status: 200, body: cancelled };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MySessionsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Sessions' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('booking');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByTestId('booking-status')).toHaveTextContent('Requested');
    expect(within(items[0]).getByText(/Waiting for the trainer; expires/)).toBeInTheDocument();
    expect(within(items[0]).getByRole('link', { name: 'Hannah Walsh' })).toHaveAttribute('href', '/trainers/3');
    expect(within(items[1]).getByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(within(items[1]).getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute('href', '/api/bookings/12.ics');
    expect(within(items[1]).getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute('download');
    expect(within(items[1]).getByRole('link', { name: 'Message Hannah Walsh' })).toHaveAttribute('href', '/messages/30');

    await user.click(within(items[1]).getByRole('button', { name: /^Cancel session with Hannah Walsh/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('cancelling now counts as a late cancellation');
    await user.type(within(dialog).getByLabelText('Reason (optional, the trainer sees it)'), 'Ill');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const result = screen.getByTestId('booking-result');
    expect(result).toHaveTextContent(/^Cancelled: .+\. This was a late cancellation\.$/);
    await waitFor(() => expect(result).toHaveFocus());
    expect(calls.find((c) => c.path === '/api/bookings/12/cancel')?.body).toEqual({ reason: 'Ill' });
    await waitFor(() => expect(screen.getAllByTestId('booking')).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    const cancelled = (await screen.findAllByTestId('booking'))[0];
    expect(within(cancelled).getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(within(cancelled).getByText('Late cancellation')).toBeInTheDocument();
    expect(within(cancelled).getByText('Cancelled by you: Ill')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('link', { name: /^Add to calendar/ })).not.toBeInTheDocument();
  });

  it('the Past tab shows completed, cancelled (late) and declined sessions with the reason', async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/calendar/token': { status: 200, body: feed },
      'GET /api/bookings?when=upcoming': { status: 200, body: [] },
      'GET /api/bookings?when=past': { status: 200, body: past },
    });
    const user = userEvent.setup();
    renderWithProviders(<MySessionsPage />);
    expect(await screen.findByText(/No upcoming sessions\./)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    const list = await screen.findByRole('list', { name: 'Past sessions' });
    const items = within(list).getAllByTestId('booking');
    expect(items.map((i) => within(i).getByTestId('booking-status').textContent)).toEqual(['Completed', 'Cancelled', 'Declined']);
    expect(within(items[1]).getByText('Late cancellation')).toBeInTheDocument();
    expect(within(items[1]).getByText('Cancelled by you.')).toBeInTheDocument();
    expect(within(items[2]).getByText('Declined by the trainer: Away that week')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel session/ })).not.toBeInTheDocument();
  });

  it('the calendar feed: copy the private link, and make a new one after confirming', async () => {
    const writeText = jest.fn(async () => undefined);
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/bookings?when=upcoming': { status: 200, body: [] },
      'GET /api/calendar/token': { status: 200, body: feed },
      'POST /api/calendar/token': { status: 200, body: { ...feed, url: 'https://fit.example/api/calendar/new999.ics', webcalUrl: 'webcal://fit.example/api/calendar/new999.ics' } },
    });
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard stub on navigator.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<MySessionsPage />);
    const input = await screen.findByLabelText('Your calendar link');
    expect(input).toHaveValue(feed.url);
    expect(screen.getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute('href', feed.webcalUrl);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(feed.url);
    expect(await screen.findByText('Calendar link copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new calendar link?' });
    expect(within(dialog).getByRole('button', { name: 'Keep this link' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(input).toHaveValue('https://fit.example/api/calendar/new999.ics'));
    expect(screen.getByText('A new calendar link is ready. The old one no longer works.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/calendar/token')).toHaveLength(1);
  });

  it('a failed load says so and can be retried', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/calendar/token': { status: 200, body: feed },
      'GET /api/bookings?when=upcoming': () => (fail ? { status: 500, body: { message: 'down' } } : { status: 200, body: [requested] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MySessionsPage />);
    expect(await screen.findByText('Your sessions could not be loaded right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('booking')).toBeInTheDocument();
  });

  it('sessions and the calendar link shown stay when a later refetch fails for the connection', async () => {
    mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/calendar/token': answerThen({ status: 200, body: feed }, 'network'),
      'GET /api/bookings?when=upcoming': answerThen({ status: 200, body: [requested, confirmedSoon] }, 'network'),
    });
    const { queryClient } = renderWithProviders(<MySessionsPage />);
    expect(await screen.findAllByTestId('booking')).toHaveLength(2);
    expect(await screen.findByLabelText('Your calendar link')).toHaveValue(feed.url);
    await refetchFails(queryClient, bookingsKey({ when: 'upcoming' }));
    await refetchFails(queryClient, CALENDAR_FEED_KEY);
    expect(screen.getAllByTestId('booking')).toHaveLength(2);
    expect(screen.getByLabelText('Your calendar link')).toHaveValue(feed.url);
    expect(screen.queryByText('Your sessions could not be loaded right now.')).not.toBeInTheDocument();
    expect(screen.queryByText('Your calendar link could not be loaded.')).not.toBeInTheDocument();
  });
});

describe('SessionsDashboardWidget (the profile dashboard card)', () => {
  it("shows a trainer's next sessions, the requests waiting, and links to My Sessions and My Schedule", async () => {
    const asTrainer = makeBooking({ id: 31, role: 'trainer', status: 'requested', canConfirm: true, canDecline: true, client: { id: 5, firstName: 'Tom', lastName: 'Hughes' } });
    mockFetch({
      'GET /api/auth/user': signedIn(makeUser({ id: 30, isTrainer: true })),
      'GET /api/bookings?when=upcoming': { status: 200, body: [asTrainer, requested, confirmedSoon, makeBooking({ id: 40 })] },
    });
    renderWithProviders(<SessionsDashboardWidget />);
    expect(await screen.findByRole('heading', { name: 'My Sessions' })).toBeInTheDocument();
    expect(await screen.findByText('1 request is waiting for your answer.')).toBeInTheDocument();
    expect(screen.getAllByTestId('booking')).toHaveLength(3);
    expect(screen.getByRole('button', { name: /^Confirm session with Tom Hughes/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All sessions (4 upcoming)' })).toHaveAttribute('href', '/trainers/me/sessions');
    expect(screen.getByRole('link', { name: 'My schedule' })).toHaveAttribute('href', '/trainers/me/schedule');
  });

  it('invites a client with no sessions to find a trainer', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/bookings?when=upcoming': { status: 200, body: [] } });
    renderWithProviders(<SessionsDashboardWidget />);
    expect(await screen.findByText(/No upcoming sessions\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a trainer' })).toHaveAttribute('href', '/trainers');
    expect(screen.queryByRole('link', { name: 'My schedule' })).not.toBeInTheDocument();
  });

  it('renders nothing when signed out, and asks for no sessions', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut });
    renderWithProviders(<SessionsDashboardWidget />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByTestId('sessions-widget')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/bookings'))).toBe(false);
  });
});
