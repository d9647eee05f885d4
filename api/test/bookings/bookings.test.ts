/**
 * Issue 29, booking a session with a trainer, over real HTTP with a driven clock: schedules, free slots, the
 * booking rules (past, notice, horizon, days off, availability, session type), no double booking under
 * concurrency (20 requests at one slot; buffers), the 5-open-requests limit, lazy expiry, answers and
 * cancellations, system lines in the conversation (thread and live stream), authorization attacks,
 * validation, the .ics files and the private calendar feed, and the verified-client mark after a session.
 */
import ICAL from 'ical.js';
import { BOOKING_MESSAGES } from '@fitconnect/contracts';
import { startTestApi, type Agent, type TestApi } from '../helpers';
import { openStream } from '../messages-helpers';
import { WEEK, client, drivenClock, trainerWith } from './support';

jest.setTimeout(180_000);

// Monday 1 March 2027, 08:00 London (GMT). With WEEK: slots 09:00, 10:15, 11:30, 12:45, 14:00, 15:15 every day.
const clock = drivenClock('2027-03-01T08:00:00Z');
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  await api?.stop();
});
beforeEach(() => clock.set('2027-03-01T08:00:00Z'));

const book = (agent: Agent, trainerId: number, start: string, extra: Record<string, unknown> = {}) =>
  agent.post('/api/bookings', { trainerId, start, mode: 'online', ...extra });

async function slotStarts(trainerId: number, from: string, to = from): Promise<string[]> {
  const r = await api.agent().get(`/api/trainers/${trainerId}/slots?from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  return r.body.slots.map((s: { start: string }) => s.start);
}

function parseIcs(text: string) {
  const comp = new ICAL.Component(ICAL.parse(text));
  expect(comp.name).toBe('vcalendar');
  return comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('availability', () => {
  it('is public to read, defaults to "not configured", and only its trainer may set it', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api, WEEK);
    const other = await trainerWith(api, WEEK, 'Olly');
    const fresh = api.agent();
    const { trainer: unset } = await (await import('../trainers/support')).makeTrainer(fresh, { location: 'York' });

    const anon = api.agent();
    const shown = await anon.get(`/api/trainers/${trainer.id}/availability`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ trainerId: trainer.id, configured: true, timeZone: 'Europe/London', sessionMinutes: 60, bufferMinutes: 15 });
    expect(shown.body.windows).toHaveLength(7);
    expect(shown.text).not.toMatch(/@example\.com|"_id"|trainerUserId/);

    const none = await anon.get(`/api/trainers/${unset.id}/availability`);
    expect(none.body).toMatchObject({ configured: false, windows: [], timeZone: 'Europe/London' });
    const noSlots = await anon.get(`/api/trainers/${unset.id}/slots`);
    expect(noSlots.body).toMatchObject({ configured: false, slots: [] });

    const changed = { ...WEEK, sessionMinutes: 30 };
    expect((await anon.put(`/api/trainers/${trainer.id}/availability`, changed)).status).toBe(401);
    const forbidden = await other.agent.put(`/api/trainers/${trainer.id}/availability`, changed);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(BOOKING_MESSAGES.notOwnerAvailability);
    const bad = await tAgent.put(`/api/trainers/${trainer.id}/availability`, { ...WEEK, sessionMinutes: 50, timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Please choose a valid time zone', 'Choose a session length of 30, 45, 60 or 90 minutes']),
    );
    const overlapping = await tAgent.put(`/api/trainers/${trainer.id}/availability`, {
      ...WEEK,
      windows: [{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '11:00', end: '13:00' }],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toBe('Windows on the same day must not overlap');
    // Nothing refused was stored.
    expect((await anon.get(`/api/trainers/${trainer.id}/availability`)).body.sessionMinutes).toBe(60);
    expect((await anon.get('/api/trainers/999999/availability')).status).toBe(404);
  });
});

describe('free slots', () => {
  it('lists the windows in the trainer zone, after the notice, without days off; the range is bounded', async () => {
    const { trainer } = await trainerWith(api, { ...WEEK, daysOff: [{ from: '2027-03-05', to: '2027-03-06' }] });
    const anon = api.agent();
    const r = await anon.get(`/api/trainers/${trainer.id}/slots?from=2027-03-01&to=2027-03-07`);
    expect(r.status).toBe(200);
    const byDay: Record<string, string[]> = {};
    for (const s of r.body.slots) (byDay[s.localDate] ??= []).push(s.localTime);
    // Monday is inside the 24 h notice; Friday and Saturday are days off.
    expect(Object.keys(byDay)).toEqual(['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-07']);
    expect(byDay['2027-03-03']).toEqual(['09:00', '10:15', '11:30', '12:45', '14:00', '15:15']);
    expect(r.body.slots.find((s: { localDate: string }) => s.localDate === '2027-03-07')).toMatchObject({ online: true, inPerson: false });
    expect(r.body.slots[0]).toMatchObject({ start: '2027-03-02T09:00:00.000Z', end: '2027-03-02T10:00:00.000Z' });

    // Default range: today + 13 days.
    const d = await anon.get(`/api/trainers/${trainer.id}/slots`);
    expect(d.body).toMatchObject({ from: '2027-03-01', to: '2027-03-14' });

    const tooLong = await anon.get(`/api/trainers/${trainer.id}/slots?from=2027-03-01&to=2027-04-01`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(BOOKING_MESSAGES.rangeTooLong);
    expect((await anon.get(`/api/trainers/${trainer.id}/slots?from=2027-03-01&to=2027-03-31`)).status).toBe(200);
    expect((await anon.get(`/api/trainers/${trainer.id}/slots?from=2027-03-10&to=2027-03-01`)).status).toBe(400);
    expect((await anon.get(`/api/trainers/${trainer.id}/slots?from=2027-02-30`)).status).toBe(400);
  });
});

describe('booking rules', () => {
  it('books a free slot as a request; the slot (and its buffer) leaves the list', async () => {
    const { trainer } = await trainerWith(api);
    const c = await client(api);
    const r = await book(c.agent, trainer.id, '2027-03-03T10:15:00Z', { note: 'Knee is fine now' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'requested',
      role: 'client',
      start: '2027-03-03T10:15:00.000Z',
      end: '2027-03-03T11:15:00.000Z',
      mode: 'online',
      note: 'Knee is fine now',
      trainer: { id: trainer.id, firstName: 'Tara' },
      client: { id: c.user.id, firstName: 'Cara' },
      expiresAt: '2027-03-03T08:00:00.000Z',
      canCancel: true,
      canConfirm: false,
    });
    expect(r.text).not.toMatch(/@example\.com|"_id"/);
    expect(await slotStarts(trainer.id, '2027-03-03')).toEqual(
      ['09:00', '11:30', '12:45', '14:00', '15:15'].map((t) => `2027-03-03T${t}:00.000Z`),
    );
  });

  it('refuses a past slot, one inside the notice, too far ahead, on a day off, outside the windows or of a type not offered; nothing is stored', async () => {
    const { trainer } = await trainerWith(api, { ...WEEK, daysOff: [{ from: '2027-03-10', to: '2027-03-10' }] });
    const c = await client(api);
    const cases: [string, string, string?][] = [
      ['2027-02-26T09:00:00Z', BOOKING_MESSAGES.inPast],
      ['2027-03-01T15:15:00Z', BOOKING_MESSAGES.tooSoon],
      ['2027-05-10T09:00:00Z', BOOKING_MESSAGES.tooFarAhead],
      ['2027-03-10T09:00:00Z', BOOKING_MESSAGES.dayOff],
      ['2027-03-03T10:00:00Z', BOOKING_MESSAGES.outsideAvailability],
      ['2027-03-03T18:00:00Z', BOOKING_MESSAGES.outsideAvailability],
      ['2027-03-07T09:00:00Z', BOOKING_MESSAGES.modeNotOffered, 'in-person'],
    ];
    for (const [start, message, mode] of cases) {
      const r = await book(c.agent, trainer.id, start, mode ? { mode } : {});
      expect([start, r.status, r.body.message]).toEqual([start, 400, message]);
    }
    expect((await c.agent.get('/api/bookings')).body).toEqual([]);
    expect(await slotStarts(trainer.id, '2027-03-03')).toContain('2027-03-03T09:00:00.000Z');
  });

  it('a trainer cannot book their own slot', async () => {
    const { agent, trainer } = await trainerWith(api);
    const r = await book(agent, trainer.id, '2027-03-03T09:00:00Z');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(BOOKING_MESSAGES.ownTrainer);
  });

  it('validates the body and the ids (400s, never a 500)', async () => {
    const { trainer } = await trainerWith(api);
    const c = await client(api);
    const bad = [
      {},
      { trainerId: trainer.id, start: 'tomorrow', mode: 'online' },
      { trainerId: trainer.id, start: '2027-03-03T09:00:00Z', mode: 'boat' },
      { trainerId: 'x', start: '2027-03-03T09:00:00Z', mode: 'online' },
      { trainerId: trainer.id, start: '2027-03-03T09:00:00Z', mode: 'online', note: 'x'.repeat(501) },
    ];
    for (const body of bad) {
      const r = await c.agent.post('/api/bookings', body);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await c.agent.post('/api/bookings/abc/confirm')).status).toBe(400);
    expect((await c.agent.get('/api/bookings?role=admin')).status).toBe(400);
    expect((await book(c.agent, 999999, '2027-03-03T09:00:00Z')).status).toBe(404);
    expect((await c.agent.get('/api/bookings')).body).toEqual([]);
  });
});

describe('no double booking', () => {
  it('20 clients asking for one slot at the same moment: exactly one gets it, the rest hear it was just taken', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => client(api, `Racer${i}`)));
    const answers = await Promise.all(clients.map((c) => book(c.agent, trainer.id, '2027-03-04T11:30:00Z')));
    const won = answers.filter((r) => r.status === 201);
    const lost = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.body.message).toBe('That time was just taken');
    const theirs = (await tAgent.get('/api/bookings?role=trainer')).body;
    expect(theirs).toHaveLength(1);
    expect(await slotStarts(trainer.id, '2027-03-04')).not.toContain('2027-03-04T11:30:00.000Z');
  });

  it("holds across buffers even when the schedule changes under existing bookings", async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const a = await client(api);
    expect((await book(a.agent, trainer.id, '2027-03-04T09:00:00Z')).status).toBe(201); // blocks 09:00-10:15
    // Now 30-minute sessions with no buffer: 10:00 is a slot of the new grid, but inside the first one's buffer.
    expect((await tAgent.put(`/api/trainers/${trainer.id}/availability`, { ...WEEK, sessionMinutes: 30, bufferMinutes: 0 })).status).toBe(200);
    const starts = await slotStarts(trainer.id, '2027-03-04');
    expect(starts).not.toContain('2027-03-04T10:00:00.000Z');
    expect(starts).toContain('2027-03-04T10:30:00.000Z');
    const b = await client(api);
    const r = await book(b.agent, trainer.id, '2027-03-04T10:00:00Z');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(BOOKING_MESSAGES.slotTaken);
    expect((await book(b.agent, trainer.id, '2027-03-04T10:30:00Z')).status).toBe(201);
  });
});

describe('requests: the limit, expiry, answers and cancellations', () => {
  it('a trainer who confirms at once: the booking is confirmed straight away and holds no request place', async () => {
    const { agent: tAgent, trainer, user: tUser } = await trainerWith(api, { ...WEEK, requiresConfirmation: false });
    const c = await client(api);
    const starts = ['09:00', '10:15', '11:30', '12:45', '14:00', '15:15'].map((t) => `2027-03-09T${t}:00Z`);
    for (const s of starts) {
      const r = await book(c.agent, trainer.id, s);
      expect([s, r.status, r.body.status, r.body.expiresAt]).toEqual([s, 201, 'confirmed', null]);
    }
    expect((await tAgent.get('/api/bookings?role=trainer&when=upcoming')).body).toHaveLength(6);
    const thread = (await c.agent.get(`/api/messages/${tUser.id}`)).body;
    expect(thread.messages[0].content).toMatch(/^Session confirmed: Tuesday 9 March 2027, 09:00–10:00/);
  });

  it('a client holds at most 5 open requests; an answered one frees a place', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const made = [];
    for (const t of ['09:00', '10:15', '11:30', '12:45', '14:00']) {
      const r = await book(c.agent, trainer.id, `2027-03-05T${t}:00Z`);
      expect(r.status).toBe(201);
      made.push(r.body);
    }
    const sixth = await book(c.agent, trainer.id, '2027-03-05T15:15:00Z');
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe(BOOKING_MESSAGES.tooManyOpen);
    expect(await slotStarts(trainer.id, '2027-03-05')).toEqual(['2027-03-05T15:15:00.000Z']);
    expect((await tAgent.post(`/api/bookings/${made[0].id}/decline`, { reason: 'Fully booked that morning' })).status).toBe(200);
    expect((await book(c.agent, trainer.id, '2027-03-05T15:15:00Z')).status).toBe(201);
  });

  it('an unanswered request expires after 48 h and frees its slot; it can no longer be confirmed', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const r = await book(c.agent, trainer.id, '2027-03-08T09:00:00Z');
    expect(r.body.expiresAt).toBe('2027-03-03T08:00:00.000Z');
    clock.set('2027-03-03T07:59:00Z');
    expect(await slotStarts(trainer.id, '2027-03-08')).not.toContain('2027-03-08T09:00:00.000Z');
    clock.set('2027-03-03T08:00:00Z');
    expect(await slotStarts(trainer.id, '2027-03-08')).toContain('2027-03-08T09:00:00.000Z');
    const late = await tAgent.post(`/api/bookings/${r.body.id}/confirm`);
    expect(late.status).toBe(409);
    const mine = (await c.agent.get('/api/bookings')).body;
    expect(mine.map((b: { status: string }) => b.status)).toEqual(['expired']);
    // Someone else can have the slot now.
    const other = await client(api);
    expect((await book(other.agent, trainer.id, '2027-03-08T09:00:00Z')).status).toBe(201);
  });

  it('a request expires when its slot starts, if that is sooner than 48 h', async () => {
    const { trainer } = await trainerWith(api);
    const c = await client(api);
    const r = await book(c.agent, trainer.id, '2027-03-02T10:15:00Z');
    expect(r.body.expiresAt).toBe('2027-03-02T10:15:00.000Z');
    clock.set('2027-03-02T10:15:00Z');
    expect((await c.agent.get(`/api/bookings/${r.body.id}`)).body.status).toBe('expired');
  });

  it('confirm, decline, cancel: who may, and the free/late cancellation rule', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const one = (await book(c.agent, trainer.id, '2027-03-04T09:00:00Z')).body;
    const two = (await book(c.agent, trainer.id, '2027-03-04T10:15:00Z')).body;
    const three = (await book(c.agent, trainer.id, '2027-03-04T11:30:00Z')).body;

    const confirmed = await tAgent.post(`/api/bookings/${one.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', role: 'trainer', expiresAt: null, canConfirm: false, canCancel: true });
    expect((await tAgent.post(`/api/bookings/${one.id}/confirm`)).status).toBe(409);
    expect((await tAgent.post(`/api/bookings/${one.id}/decline`)).body.message).toBe(BOOKING_MESSAGES.notRequested);

    const declined = await tAgent.post(`/api/bookings/${two.id}/decline`, { reason: 'Away that morning' });
    expect(declined.body).toMatchObject({ status: 'declined', reason: 'Away that morning', cancelledBy: 'trainer' });
    expect(await slotStarts(trainer.id, '2027-03-04')).toContain('2027-03-04T10:15:00.000Z');

    // Trainer confirms the third, then the client cancels it more than 24 h ahead: free.
    await tAgent.post(`/api/bookings/${three.id}/confirm`);
    const free = await c.agent.post(`/api/bookings/${three.id}/cancel`, {});
    expect(free.body).toMatchObject({ status: 'cancelled', cancelledBy: 'client', lateCancellation: false });
    // 20 hours before the first: late.
    clock.set('2027-03-03T13:00:00Z');
    const late = await c.agent.post(`/api/bookings/${one.id}/cancel`, { reason: 'Flu' });
    expect(late.body).toMatchObject({ status: 'cancelled', lateCancellation: true, reason: 'Flu' });
    expect((await c.agent.post(`/api/bookings/${one.id}/cancel`)).status).toBe(409);
  });

  it('the trainer can cancel a confirmed session; nobody cancels one that has started; it completes after its end', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const a = (await book(c.agent, trainer.id, '2027-03-04T09:00:00Z')).body;
    const b = (await book(c.agent, trainer.id, '2027-03-04T12:45:00Z')).body;
    await tAgent.post(`/api/bookings/${a.id}/confirm`);
    await tAgent.post(`/api/bookings/${b.id}/confirm`);
    const cancelled = await tAgent.post(`/api/bookings/${a.id}/cancel`, { reason: 'Injured' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'trainer', lateCancellation: false });
    clock.set('2027-03-04T13:00:00Z');
    expect((await c.agent.post(`/api/bookings/${b.id}/cancel`)).status).toBe(409);
    clock.set('2027-03-04T13:45:00Z');
    const list = (await c.agent.get('/api/bookings?when=past')).body;
    expect(list.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([[b.id, 'completed'], [a.id, 'cancelled']]);
    expect((await c.agent.get('/api/bookings?when=upcoming')).body).toEqual([]);
  });
});

describe('authorization', () => {
  it("refuses another user's booking, a client answering their own request, and signed-out calls; nothing changes", async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const stranger = await client(api, 'Mallory');
    const b = (await book(c.agent, trainer.id, '2027-03-04T14:00:00Z')).body;
    for (const path of [`/api/bookings/${b.id}/confirm`, `/api/bookings/${b.id}/decline`, `/api/bookings/${b.id}/cancel`]) {
      const r = await stranger.agent.post(path, {});
      expect([path, r.status, r.body.message]).toEqual([path, 404, BOOKING_MESSAGES.notFound]);
    }
    expect((await stranger.agent.get(`/api/bookings/${b.id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/api/bookings/${b.id}.ics`)).status).toBe(404);
    const own = await c.agent.post(`/api/bookings/${b.id}/confirm`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(BOOKING_MESSAGES.trainerOnly);
    expect((await c.agent.post(`/api/bookings/${b.id}/decline`)).status).toBe(403);
    const anon = api.agent();
    for (const [m, p] of [['POST', '/api/bookings'], ['GET', '/api/bookings'], ['POST', `/api/bookings/${b.id}/cancel`], ['GET', `/api/bookings/${b.id}.ics`], ['GET', '/api/calendar/token'], ['POST', '/api/calendar/token']]) {
      expect([m, p, (await anon.request(m, p, m === 'POST' ? { json: {} } : {})).status]).toEqual([m, p, 401]);
    }
    expect((await stranger.agent.get('/api/bookings')).body).toEqual([]);
    const still = await tAgent.get(`/api/bookings/${b.id}`);
    expect(still.body).toMatchObject({ status: 'requested', role: 'trainer', canConfirm: true });
  });
});

describe('the conversation', () => {
  it('every booking event is a system line in the thread, delivered live', async () => {
    const { agent: tAgent, trainer, user: tUser } = await trainerWith(api);
    const c = await client(api);
    const live = await openStream(api.url, tAgent);
    try {
      await live.waitFor((e) => e.event === 'ready');
      const b = (await book(c.agent, trainer.id, '2027-03-04T09:00:00Z', { note: 'First session' })).body;
      const arrived = await live.waitFor((e) => e.event === 'message' && e.data.kind === 'system');
      expect(arrived.data).toMatchObject({ senderId: c.user.id, receiverId: tUser.id });
      expect(arrived.data.content).toBe('Session requested: Thursday 4 March 2027, 09:00–10:00 (Europe/London), online. Note: First session');
      await tAgent.post(`/api/bookings/${b.id}/confirm`);
      await c.agent.post(`/api/bookings/${b.id}/cancel`, { reason: 'Moving house' });
      const b2 = (await book(c.agent, trainer.id, '2027-03-04T10:15:00Z')).body;
      await tAgent.post(`/api/bookings/${b2.id}/decline`, { reason: 'Away' });
    } finally {
      live.close();
    }
    const thread = (await c.agent.get(`/api/messages/${tUser.id}`)).body;
    expect(thread.messages.map((m: { kind?: string; content: string }) => [m.kind, m.content.split(':')[0]])).toEqual([
      ['system', 'Session requested'],
      ['system', 'Session confirmed'],
      ['system', 'Session cancelled'],
      ['system', 'Session requested'],
      ['system', 'Session request declined'],
    ]);
    expect(thread.messages[2].content).toContain('Reason: Moving house');
  });
});

describe('verified client after a completed session', () => {
  it('a review is marked verified once a confirmed session has ended (system lines alone do not count)', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const b = (await book(c.agent, trainer.id, '2027-03-04T09:00:00Z')).body;
    await tAgent.post(`/api/bookings/${b.id}/confirm`);
    const before = await c.agent.post('/api/reviews', { trainerId: trainer.id, rating: 5, comment: 'Great' });
    expect(before.body.verifiedClient).toBe(false);
    clock.set('2027-03-04T10:00:00Z');
    const after = await api.agent().get(`/api/trainers/${trainer.id}/reviews`);
    expect(after.body[0]).toMatchObject({ verifiedClient: true });
  });
});

describe('calendar files', () => {
  it('one session as .ics for its client and trainer, a valid VEVENT', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const b = (await book(c.agent, trainer.id, '2027-03-04T09:00:00Z')).body;
    for (const agent of [c.agent, tAgent]) {
      const r = await agent.get(`/api/bookings/${b.id}.ics`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/calendar/);
      const [ev] = parseIcs(r.text);
      expect(ev.uid).toBe(`booking-${b.id}@fitconnect`);
      expect(ev.startDate.toJSDate().toISOString()).toBe('2027-03-04T09:00:00.000Z');
      expect(ev.endDate.toJSDate().toISOString()).toBe('2027-03-04T10:00:00.000Z');
      expect(ev.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
      expect(r.text).not.toMatch(/@example\.com/);
    }
    expect((await c.agent.get('/api/bookings/999999.ics')).status).toBe(404);
  });

  it('a private feed URL works without a cookie, shows both roles, and stops working when rotated; forged tokens get 404', async () => {
    const { agent: tAgent, trainer } = await trainerWith(api);
    const c = await client(api);
    const b = (await book(c.agent, trainer.id, '2027-03-04T09:00:00Z')).body;
    await tAgent.post(`/api/bookings/${b.id}/confirm`);
    const feed = await c.agent.get('/api/calendar/token');
    expect(feed.status).toBe(200);
    expect(feed.body.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.body.webcalUrl).toBe(feed.body.url.replace('http:', 'webcal:'));
    expect((await c.agent.get('/api/calendar/token')).body.url).toBe(feed.body.url); // stable until rotated
    const path = new URL(feed.body.url).pathname;

    const anon = api.agent(); // no cookie
    const r = await anon.get(path);
    expect(r.status).toBe(200);
    const events = parseIcs(r.text);
    expect(events.map((e) => [e.uid, e.component.getFirstPropertyValue('status')])).toEqual([[`booking-${b.id}@fitconnect`, 'CONFIRMED']]);
    expect(events[0].summary).toBe('Training session with Tara User');
    // The trainer's own feed lists the same session, named after the client.
    const tFeed = await anon.get(new URL((await tAgent.get('/api/calendar/token')).body.url).pathname);
    expect(parseIcs(tFeed.text)[0].summary).toBe('Training session with Cara User');

    const rotated = await c.agent.post('/api/calendar/token');
    expect(rotated.body.url).not.toBe(feed.body.url);
    expect((await anon.get(path)).status).toBe(404);
    expect((await anon.get(new URL(rotated.body.url).pathname)).status).toBe(200);
    // Forged: well-formed but unknown, malformed, or the other user's token with one character changed.
    const token = new URL(rotated.body.url).pathname.split('/').pop()!.replace('.ics', '');
    const forged = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const t of [forged, 'x'.repeat(43), 'short', '../../etc']) {
      const res = await anon.get(`/api/calendar/${encodeURIComponent(t)}.ics`);
      expect([t, res.status]).toEqual([t, 404]);
    }
  });
});
