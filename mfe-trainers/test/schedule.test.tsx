import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { SchedulePage } from '../src/features/bookings/components/SchedulePage';
import { makeAvailability, makeBooking } from './bookings-helpers';
import { makeTrainer, makeUser, mockFetch, signedIn } from './helpers';

jest.setTimeout(30_000);

const trainerUser = makeUser({ id: 30, firstName: 'Hannah', lastName: 'Walsh', isTrainer: true });
const base = {
  'GET /api/auth/user': signedIn(trainerUser),
  'GET /api/trainers/me': { status: 200, body: makeTrainer() },
  'GET /api/bookings?role=trainer&when=upcoming': { status: 200, body: [] },
};

const day = (name: string) => screen.getByRole('group', { name });

describe('SchedulePage: the schedule editor', () => {
  it('a trainer without a schedule sets hours, session length, buffer, notice, horizon, days off and confirmation, and saves', async () => {
    const calls = mockFetch({
      ...base,
      'GET /api/trainers/3/availability': { status: 200, body: makeAvailability({ configured: false, updatedAt: null }) },
      'PUT /api/trainers/3/availability': ({ body }) => ({ status: 200, body: makeAvailability({ ...body, configured: true }) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SchedulePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Schedule' })).toBeInTheDocument();
    expect(await screen.findByText(/You have not set your hours yet/)).toBeInTheDocument();
    expect(within(day('Monday')).getByText('Not working')).toBeInTheDocument();

    // Monday 09:00-12:00 online and in person; a second window 13:00-17:00 online only.
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const from1 = screen.getByLabelText('From (Monday hours 1)');
    expect(from1).toHaveFocus();
    expect(from1).toHaveValue('09:00');
    fireEvent.change(screen.getByLabelText('To (Monday hours 1)'), { target: { value: '12:00' } });
    await user.click(screen.getByLabelText('In person (Monday hours 1)'));
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(screen.getByLabelText('From (Monday hours 2)'), { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText('To (Monday hours 2)'), { target: { value: '17:00' } });
    // Saturday until midnight (typed as 00:00).
    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    fireEvent.change(screen.getByLabelText('From (Saturday hours 1)'), { target: { value: '20:00' } });
    fireEvent.change(screen.getByLabelText('To (Saturday hours 1)'), { target: { value: '00:00' } });

    await user.selectOptions(screen.getByLabelText('Session length'), '45');
    await user.clear(screen.getByLabelText('Break between sessions (minutes)'));
    await user.type(screen.getByLabelText('Break between sessions (minutes)'), '15');
    await user.clear(screen.getByLabelText('Minimum notice (hours)'));
    await user.type(screen.getByLabelText('Minimum notice (hours)'), '12');
    await user.clear(screen.getByLabelText('Book up to (days ahead)'));
    await user.type(screen.getByLabelText('Book up to (days ahead)'), '30');
    await user.selectOptions(screen.getByLabelText('Your time zone'), 'Europe/London');
    await user.click(screen.getByLabelText('Requests need my confirmation'));

    await user.click(screen.getByRole('button', { name: '+ Add days off' }));
    fireEvent.change(screen.getByLabelText('First day (Days off 1)'), { target: { value: '2030-12-24' } });
    fireEvent.change(screen.getByLabelText('Last day (Days off 1)'), { target: { value: '2030-12-26' } });
    await user.type(screen.getByLabelText('Note (Days off 1)'), 'Christmas');

    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(screen.getByTestId('schedule-status')).toHaveTextContent('Schedule saved. Clients see your new free times now.'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/trainers/3/availability');
    expect(put?.body).toEqual({
      timeZone: 'Europe/London',
      sessionMinutes: 45,
      bufferMinutes: 15,
      minNoticeHours: 12,
      maxAdvanceDays: 30,
      requiresConfirmation: false,
      windows: [
        { weekday: 1, start: '09:00', end: '12:00', online: true, inPerson: true },
        { weekday: 1, start: '13:00', end: '17:00', online: true, inPerson: false },
        { weekday: 6, start: '20:00', end: '24:00', online: true, inPerson: false },
      ],
      daysOff: [{ from: '2030-12-24', to: '2030-12-26', note: 'Christmas' }],
    });
  });

  it('shows the schema’s messages under the fields and sends nothing while the schedule is wrong', async () => {
    const calls = mockFetch({
      ...base,
      'GET /api/trainers/3/availability': {
        status: 200,
        body: makeAvailability({ windows: [{ weekday: 2, start: '09:00', end: '12:00', online: true, inPerson: false }] }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SchedulePage />);
    const to = await screen.findByLabelText('To (Tuesday hours 1)');
    // End before start.
    fireEvent.change(to, { target: { value: '08:00' } });
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    const endError = await screen.findByText('The end time must be after the start time');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to.getAttribute('aria-describedby')).toContain(endError.id);
    await waitFor(() => expect(to).toHaveFocus());

    // Neither online nor in person.
    fireEvent.change(to, { target: { value: '12:00' } });
    await user.click(screen.getByLabelText('Online (Tuesday hours 1)'));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await within(day('Tuesday hours 1')).findByText('Choose online, in person or both')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Online (Tuesday hours 1)'));

    // Two overlapping windows on Tuesday: the message is under Tuesday.
    await user.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.change(screen.getByLabelText('From (Tuesday hours 2)'), { target: { value: '11:00' } });
    fireEvent.change(screen.getByLabelText('To (Tuesday hours 2)'), { target: { value: '13:00' } });
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await within(day('Tuesday')).findByText('Windows on the same day must not overlap')).toBeInTheDocument();

    // Out-of-range numbers and a backwards day off.
    await user.clear(screen.getByLabelText('Break between sessions (minutes)'));
    await user.type(screen.getByLabelText('Break between sessions (minutes)'), '7');
    await user.clear(screen.getByLabelText('Book up to (days ahead)'));
    await user.type(screen.getByLabelText('Book up to (days ahead)'), '0');
    await user.click(screen.getByRole('button', { name: '+ Add days off' }));
    fireEvent.change(screen.getByLabelText('First day (Days off 1)'), { target: { value: '2030-12-24' } });
    fireEvent.change(screen.getByLabelText('Last day (Days off 1)'), { target: { value: '2030-12-20' } });
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('The buffer must be a multiple of 5 minutes')).toBeInTheDocument();
    expect(screen.getByText('Clients may book 1 to 365 days ahead')).toBeInTheDocument();
    expect(screen.getByText('The last day off must not be before the first')).toBeInTheDocument();

    // Removing the overlapping window and a window's focus goes back to its day's Add button.
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday hours 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add hours on Tuesday' })).toHaveFocus());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a 400 from the API under the field it names', async () => {
    mockFetch({
      ...base,
      'GET /api/trainers/3/availability': { status: 200, body: makeAvailability() },
      'PUT /api/trainers/3/availability': {
        status: 400,
        body: { message: 'Please choose a valid time zone', issues: [{ path: ['timeZone'], message: 'Please choose a valid time zone' }] },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SchedulePage />);
    await user.click(await screen.findByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(screen.getByLabelText('Your time zone')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByTestId('schedule-status')).toHaveTextContent('Please choose a valid time zone');
  });

  it('lists requests and upcoming sessions; the trainer confirms one and declines another with a reason in a dialog', async () => {
    const request = makeBooking({ id: 21, role: 'trainer', status: 'requested', canConfirm: true, canDecline: true, canCancel: true, note: 'First session', client: { id: 5, firstName: 'Tom', lastName: 'Hughes' } });
    const other = makeBooking({ id: 22, role: 'trainer', status: 'requested', canConfirm: true, canDecline: true, client: { id: 6, firstName: 'Priya', lastName: 'Kapoor' } });
    const confirmed = makeBooking({ id: 23, role: 'trainer', status: 'confirmed', canCancel: true, mode: 'in-person', client: { id: 7, firstName: 'Sam', lastName: 'Lee' } });
    let list = [request, other, confirmed];
    const calls = mockFetch({
      ...base,
      'GET /api/trainers/3/availability': { status: 200, body: makeAvailability() },
      'GET /api/bookings?role=trainer&when=upcoming': () => ({ status: 200, body: list }),
      'POST /api/bookings/21/confirm': () => {
        list = list.map((b) => (b.id === 21 ? { ...b, status: 'confirmed', canConfirm: false, canDecline: false } : b));
        return { status: 200, body: list[0] };
      },
      'POST /api/bookings/22/decline': ({ body }) => {
        list = list.map((b) => (b.id === 22 ? { ...b, status: 'declined', canConfirm: false, canDecline: false, canCancel: false, reason: body.reason, cancelledBy: 'trainer' } : b));
        return { status: 200, body: list[1] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SchedulePage />);
    const requests = await screen.findByRole('list', { name: 'Requests' });
    expect(within(requests).getAllByTestId('booking')).toHaveLength(2);
    expect(within(requests).getByText(/Client: Tom Hughes/)).toBeInTheDocument();
    expect(within(requests).getByText('Note: First session')).toBeInTheDocument();
    const upcoming = screen.getByRole('list', { name: 'Upcoming sessions' });
    expect(within(upcoming).getByText(/Client: Sam Lee · In person/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Confirm session with Tom Hughes/ }));
    await waitFor(() => expect(screen.getAllByTestId('booking-result')[0]).toHaveTextContent(/^Confirmed: Tom Hughes, /));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Upcoming sessions' })).getAllByTestId('booking')).toHaveLength(2));

    const declineButton = screen.getByRole('button', { name: /^Decline session with Priya Kapoor/ });
    await user.click(declineButton);
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    const reason = within(dialog).getByLabelText('Reason (optional, the client sees it)');
    expect(reason).toHaveFocus();
    await user.type(reason, 'Fully booked that week');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/bookings/22/decline')?.body).toEqual({ reason: 'Fully booked that week' });
    expect(calls.some((c) => c.path === '/api/bookings/21/confirm' && c.method === 'POST')).toBe(true);
    await waitFor(() => expect(screen.getByText('No requests waiting for an answer.')).toBeInTheDocument());
  });

  it('Escape closes the decline dialog without declining, and focus returns to the button', async () => {
    const request = makeBooking({ id: 21, role: 'trainer', status: 'requested', canConfirm: true, canDecline: true });
    const calls = mockFetch({
      ...base,
      'GET /api/trainers/3/availability': { status: 200, body: makeAvailability() },
      'GET /api/bookings?role=trainer&when=upcoming': { status: 200, body: [request] },
    });
    const user = userEvent.setup();
    renderWithProviders(<SchedulePage />);
    const button = await screen.findByRole('button', { name: /^Decline session with Alex Moss/ });
    await user.click(button);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(calls.some((c) => c.path.endsWith('/decline'))).toBe(false);
  });

  it('a client account has no schedule: it is pointed to My Sessions', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/trainers/me': { status: 404, body: { message: 'Profile not found' } } });
    renderWithProviders(<SchedulePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No trainer profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Sessions' })).toHaveAttribute('href', '/trainers/me/sessions');
  });
});
