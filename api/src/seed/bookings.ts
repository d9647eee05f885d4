import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE, type AvailabilityBody } from '@fitconnect/contracts';
import { nextId } from '../db/counter';
import { Availability, Booking, RequestSeat, SlotClaim, type BookingFields } from '../bookings/model';
import { cellsOf, windowSlots } from '../bookings/slots';

// Issue 29 demo data: every demo trainer gets a weekly schedule, and a few sessions with the demo clients
// (one completed last week, one confirmed and one request in the coming days). Owned by demo accounts, so
// `npm run demo -- remove` (demo.ts) removes them with the accounts.

/** Weekdays 07:00-12:00 in person and online, 17:00-20:00 online; Saturday mornings in person. */
const scheduleFor = (i: number): AvailabilityBody => ({
  timeZone: DEFAULT_TIME_ZONE,
  sessionMinutes: ([60, 45, 60, 30, 90] as const)[i % 5],
  bufferMinutes: 15,
  minNoticeHours: 12,
  maxAdvanceDays: 60,
  windows: [
    ...[1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, start: '07:00', end: '12:00', online: true, inPerson: true },
      { weekday, start: '17:00', end: '20:00', online: true, inPerson: false },
    ]),
    { weekday: 6, start: '09:00', end: '13:00', online: false, inPerson: true },
  ],
  daysOff: [],
  requiresConfirmation: i % 3 !== 2,
});

/** The first window slot on or after `date` (searching up to a week ahead), skipping `skip` slots. */
function slotOn(schedule: AvailabilityBody, date: DateTime, skip: number) {
  for (let d = 0; d < 7; d++) {
    const slots = windowSlots(schedule, date.plus({ days: d }).toISODate()!);
    if (slots.length > skip) return slots[skip];
  }
  throw new Error('seed schedule has no slots');
}

export async function seedBookings(trainerList: { id: number; userId: number }[], clientIds: number[], now: Date): Promise<number> {
  let made = 0;
  for (const [i, t] of trainerList.entries()) {
    const schedule = scheduleFor(i);
    await Availability.create({ ...schedule, trainerId: t.id, trainerUserId: t.userId, updatedAt: now });
    const today = DateTime.fromJSDate(now, { zone: schedule.timeZone }).startOf('day');
    const plans: { when: DateTime; skip: number; client: number; status: 'confirmed' | 'requested' }[] = [
      { when: today.minus({ days: 7 }), skip: 0, client: clientIds[i % clientIds.length], status: 'confirmed' },
      { when: today.plus({ days: 3 }), skip: 1, client: clientIds[(i + 1) % clientIds.length], status: 'confirmed' },
      { when: today.plus({ days: 4 }), skip: 2, client: clientIds[(i + 2) % clientIds.length], status: schedule.requiresConfirmation ? 'requested' : 'confirmed' },
    ];
    for (const p of plans) {
      const slot = slotOn(schedule, p.when, p.skip);
      const id = await nextId('bookings');
      const blockedUntil = slot.end + schedule.bufferMinutes * 60_000;
      const doc: BookingFields = {
        id,
        trainerId: t.id,
        trainerUserId: t.userId,
        clientId: p.client,
        start: new Date(slot.start),
        end: new Date(slot.end),
        blockedUntil: new Date(blockedUntil),
        timeZone: schedule.timeZone,
        mode: slot.inPerson ? 'in-person' : 'online',
        note: p.status === 'requested' ? 'Looking forward to it (demo request)' : '',
        status: p.status,
        expiresAt: p.status === 'requested' ? new Date(Math.min(now.getTime() + 48 * 3_600_000, slot.start)) : null,
        cancelledBy: null,
        reason: '',
        lateCancellation: false,
        createdAt: now,
        updatedAt: now,
      };
      await Booking.collection.insertOne({ ...doc });
      // Future sessions hold their slot claims like any booking (the seed's own sessions never overlap).
      if (slot.start > now.getTime()) {
        await SlotClaim.collection.insertMany(cellsOf(slot.start, blockedUntil).map((cell) => ({ trainerUserId: t.userId, cell, bookingId: id, at: now })));
      }
      // A request holds one of its client's 5 seats; the seed gives each client at most a few.
      if (p.status === 'requested') {
        const taken = await RequestSeat.countDocuments({ clientId: p.client });
        await RequestSeat.collection.insertOne({ clientId: p.client, seat: taken, bookingId: id });
      }
      made++;
    }
  }
  return made;
}
