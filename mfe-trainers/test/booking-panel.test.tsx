import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { BookingPanel } from '../src/features/bookings/components/BookingPanel';
import { TrainerProfilePage } from '../src/features/profile/components/TrainerProfilePage';
import { futureDate, makeBooking, makeSlot, makeSlots } from './bookings-helpers';
import { LocationProbe, makeTrainer, makeUser, mockFetch, signedIn, signedOut } from './helpers';

jest.setTimeout(20_000);

const day1 = futureDate(3);
const day2 = futureDate(4);
const dayLabel = (ymd: string) => new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
const slots = [
  makeSlot(day1, '09:00', { online: true, inPerson: true }),
  makeSlot(day1, '10:00'),
  makeSlot(day2, '14:30', { online: false, inPerson: true }),
];
const SLOTS = 'GET /api/trainers/3/slots';

function renderPanel(path = '/trainers/3') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/trainers/:id" element={<BookingPanel trainerId={3} trainerName="Hannah" />} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

describe('BookingPanel', () => {
  it('shows free times by day, books a slot online or in person with a note, and says what happened', async () => {
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      [SLOTS]: { status: 200, body: makeSlots(slots) },
      'POST /api/bookings': ({ body }) => ({ status: 201, body: makeBooking({ start: body.start, mode: body.mode, note: body.note }) }),
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Book a session' })).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveTextContent(dayLabel(day1));
    const times = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(times.map((b) => b.textContent)).toEqual(['09:00', '10:00']);
    expect(times[0]).toHaveAccessibleName('09:00, online or in person');

    // The second day (arrow key, as tabs do) has one in-person time.
    tabs[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getAllByRole('tab')[1]).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: '14:30, in person' })).toBeInTheDocument();

    await user.click(screen.getAllByRole('tab')[0]);
    await user.click(screen.getByRole('button', { name: '09:00, online or in person' }));
    expect(screen.getByRole('button', { name: '09:00, online or in person' })).toHaveAttribute('aria-pressed', 'true');
    const type = screen.getByRole('group', { name: 'Session type' });
    await user.click(within(type).getByRole('radio', { name: 'In person' }));
    await user.type(screen.getByLabelText('Note for the trainer (optional)'), 'Knee-friendly please');
    await user.click(screen.getByRole('button', { name: 'Request session' }));

    const outcome = await screen.findByTestId('booking-outcome');
    await waitFor(() => expect(outcome).toHaveTextContent(/^Requested: .+ at 09:00\. Hannah will confirm or decline it\. See My Sessions$/));
    expect(outcome).toHaveAttribute('role', 'status');
    expect(within(outcome).getByRole('link', { name: 'See My Sessions' })).toHaveAttribute('href', '/trainers/me/sessions');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ trainerId: 3, start: slots[0].start, mode: 'in-person', note: 'Knee-friendly please' });
    // The slots are read again after booking (the booked time is gone).
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/trainers/3/slots')).length).toBe(2));
  });

  it('a time taken meanwhile (409): says so and shows the refreshed free times', async () => {
    let reads = 0;
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      // The first read has 09:00; after the 409 it is gone.
      [SLOTS]: () => ({ status: 200, body: makeSlots(reads++ === 0 ? slots : slots.slice(1)) }),
      'POST /api/bookings': { status: 409, body: { message: 'That time was just taken' } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: '09:00, online or in person' }));
    await user.click(screen.getByRole('button', { name: 'Request session' }));
    const outcome = await screen.findByTestId('booking-outcome');
    await waitFor(() => expect(outcome).toHaveTextContent('That time was just taken. The free times have been refreshed: please choose another.'));
    await waitFor(() => expect(screen.queryByRole('button', { name: '09:00, online or in person' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '10:00, online' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/trainers/3/slots'))).toHaveLength(2);
    // Nothing chosen any more: no Request button until another time is picked.
    expect(screen.queryByRole('button', { name: 'Request session' })).not.toBeInTheDocument();
  });

  it('signed out: the free times show and Book leads to sign-in, back to this trainer with the time kept', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, [SLOTS]: { status: 200, body: makeSlots(slots) } });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: '10:00, online' }));
    expect(screen.queryByRole('button', { name: 'Request session' })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in to book' });
    expect(link).toHaveAttribute('href', `/signin?redirect=${encodeURIComponent(`/trainers/3?slot=${encodeURIComponent(slots[1].start)}&mode=online`)}`);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('back from sign-in, the chosen time is selected again', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), [SLOTS]: { status: 200, body: makeSlots(slots) } });
    renderPanel(`/trainers/3?slot=${encodeURIComponent(slots[2].start)}&mode=in-person`);
    expect(await screen.findByRole('button', { name: '14:30, in person' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('tab')[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('In-person session')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request session' })).toBeInTheDocument();
  });

  it("shows the viewer's own times and the trainer's zone when they differ", async () => {
    // New York is 5 hours behind UTC in winter and 4 in summer: 14:00 UTC is 09:00 or 10:00 there.
    const ny = makeSlot(day1, '14:00');
    const localNy = new Date(ny.start).toLocaleTimeString('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    mockFetch({
      'GET /api/auth/user': signedOut,
      [SLOTS]: { status: 200, body: makeSlots([{ ...ny, localTime: localNy }], { timeZone: 'America/New_York', requiresConfirmation: false }) },
    });
    renderPanel();
    expect(await screen.findByTestId('zone-note')).toHaveTextContent('Times are in your time zone (UTC). Hannah works in New York time.');
    expect(screen.getByRole('button', { name: `14:00 (${localNy} New York time), online` })).toHaveTextContent(/^14:00$/);
  });

  it('a trainer without a schedule, no free times, and a failed load each say so', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, [SLOTS]: { status: 200, body: makeSlots([], { configured: false }) } });
    const first = renderPanel();
    expect(await screen.findByText('Hannah is not taking bookings here yet. Send a message to arrange a session.')).toBeInTheDocument();
    first.unmount();

    mockFetch({ 'GET /api/auth/user': signedOut, [SLOTS]: { status: 200, body: makeSlots([]) } });
    const second = renderPanel();
    expect(await screen.findByText(/^No free times between /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later dates →' })).toBeEnabled();
    second.unmount();

    mockFetch({ 'GET /api/auth/user': signedOut, [SLOTS]: { status: 500, body: { message: 'boom' } } });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Free times could not be loaded right now.');
  });

  it('Later dates asks for the next two weeks', async () => {
    const calls = mockFetch({ 'GET /api/auth/user': signedOut, [SLOTS]: { status: 200, body: makeSlots(slots, { from: '2030-01-07', to: '2030-01-20' }) } });
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByRole('tab');
    await user.click(screen.getByRole('button', { name: 'Later dates →' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/trainers/3/slots?from=2030-01-21&to=2030-02-03'));
  });
});

describe('TrainerProfilePage with bookings', () => {
  function renderProfile() {
    return renderWithProviders(
      <Routes>
        <Route path="/trainers/:id" element={<TrainerProfilePage />} />
      </Routes>,
      { initialEntries: ['/trainers/3'] },
    );
  }

  it('a visitor sees the Book a session panel on the profile', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/trainers/3': { status: 200, body: makeTrainer() },
      'GET /api/trainers/3/reviews': { status: 200, body: [] },
      [SLOTS]: { status: 200, body: makeSlots(slots) },
    });
    renderProfile();
    const panel = await screen.findByTestId('booking-panel');
    expect(within(panel).getByRole('heading', { name: 'Book a session' })).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: '09:00, online or in person' })).toBeInTheDocument();
  });

  it('the trainer sees a My Schedule link instead of booking themselves', async () => {
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(makeUser({ id: 30, isTrainer: true })),
      'GET /api/trainers/3': { status: 200, body: makeTrainer() },
      'GET /api/trainers/3/reviews': { status: 200, body: [] },
    });
    renderProfile();
    expect(await screen.findByRole('link', { name: 'My Schedule' })).toHaveAttribute('href', '/trainers/me/schedule');
    expect(screen.queryByTestId('booking-panel')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('/slots'))).toBe(false);
  });
});
