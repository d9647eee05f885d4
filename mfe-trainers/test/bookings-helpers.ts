// Fixtures for the booking screens. Times are UTC instants and the trainers' zone is UTC unless a test says
// otherwise; front-end tests run in UTC whatever the machine's zone (build-config/jest-utc.js).

import type { Booking, Slot, SlotsResponse, TrainerAvailability } from '@fitconnect/contracts/bookings';

/** A day a week from now (UTC date), so every fixture is in the future whenever the tests run. */
export function futureDate(daysAhead = 7): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export function makeAvailability(over: Partial<TrainerAvailability> = {}): TrainerAvailability {
  return {
    trainerId: 3,
    configured: true,
    updatedAt: '2026-11-01T10:00:00.000Z',
    timeZone: 'UTC',
    sessionMinutes: 60,
    bufferMinutes: 0,
    minNoticeHours: 24,
    maxAdvanceDays: 60,
    windows: [],
    daysOff: [],
    requiresConfirmation: true,
    ...over,
  };
}

/** A slot on `date` at `time` UTC (the trainer's zone in these tests is London in winter, or as given). */
export function makeSlot(date: string, time: string, over: Partial<Slot> = {}, minutes = 60): Slot {
  const start = new Date(`${date}T${time}:00.000Z`);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    localDate: date,
    localTime: time,
    online: true,
    inPerson: false,
    ...over,
  };
}

export function makeSlots(slots: Slot[], over: Partial<SlotsResponse> = {}): SlotsResponse {
  return {
    trainerId: 3,
    timeZone: 'UTC',
    sessionMinutes: 60,
    from: futureDate(0),
    to: futureDate(13),
    configured: true,
    requiresConfirmation: true,
    slots,
    ...over,
  };
}

export function makeBooking(over: Partial<Booking> = {}): Booking {
  const start = over.start ?? `${futureDate(7)}T09:00:00.000Z`;
  return {
    id: 11,
    status: 'requested',
    role: 'client',
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    timeZone: 'UTC',
    mode: 'online',
    note: '',
    trainer: { id: 3, userId: 30, firstName: 'Hannah', lastName: 'Walsh' },
    client: { id: 1, firstName: 'Alex', lastName: 'Moss' },
    expiresAt: null,
    cancelledBy: null,
    reason: '',
    lateCancellation: false,
    canConfirm: false,
    canDecline: false,
    canCancel: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}
