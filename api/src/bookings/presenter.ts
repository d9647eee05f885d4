import type { Booking, BookingRole, BookingStatus, Slot, SlotsResponse, TrainerAvailability } from '@fitconnect/contracts';
import type { Candidate, Schedule } from './slots';
import type { StoredAvailability, StoredBooking } from './service';

// What the outside sees. A schedule and free slots are public (no people in them); a booking is shown to its
// two participants only, with names (never emails or other account fields).

export function presentAvailability(trainerId: number, a: StoredAvailability | null, defaults: Schedule & { requiresConfirmation: boolean }): TrainerAvailability {
  const s = a ?? defaults;
  return {
    trainerId,
    configured: !!a,
    updatedAt: a ? new Date(a.updatedAt).toISOString() : null,
    timeZone: s.timeZone,
    sessionMinutes: s.sessionMinutes,
    bufferMinutes: s.bufferMinutes,
    minNoticeHours: s.minNoticeHours,
    maxAdvanceDays: s.maxAdvanceDays,
    windows: s.windows.map((w) => ({ weekday: w.weekday, start: w.start, end: w.end, online: !!w.online, inPerson: !!w.inPerson })),
    daysOff: s.daysOff.map((d) => ({ from: d.from, to: d.to, note: d.note ?? '' })),
    requiresConfirmation: s.requiresConfirmation,
  };
}

export function presentSlot(c: Candidate): Slot {
  return {
    start: new Date(c.start).toISOString(),
    end: new Date(c.end).toISOString(),
    localDate: c.localDate,
    localTime: c.localTime,
    online: c.online,
    inPerson: c.inPerson,
  };
}

export function presentSlots(
  trainerId: number,
  r: { schedule: Schedule; configured: boolean; requiresConfirmation: boolean; from: string; to: string; slots: Candidate[] },
): SlotsResponse {
  return {
    trainerId,
    timeZone: r.schedule.timeZone,
    sessionMinutes: r.schedule.sessionMinutes,
    from: r.from,
    to: r.to,
    configured: r.configured,
    requiresConfirmation: r.requiresConfirmation,
    slots: r.slots.map(presentSlot),
  };
}

/** The status as users see it: a confirmed session that has ended is completed; a request past its deadline expired. */
export function statusOf(b: StoredBooking, now: Date): BookingStatus {
  if (b.status === 'confirmed' && new Date(b.end).getTime() <= now.getTime()) return 'completed';
  if (b.status === 'requested' && b.expiresAt && new Date(b.expiresAt).getTime() <= now.getTime()) return 'expired';
  return b.status;
}

type Names = Map<number, { firstName: string; lastName: string }>;
const nameOf = (names: Names, id: number) => names.get(id) ?? { firstName: 'Deleted', lastName: 'user' };

export function presentBooking(b: StoredBooking, role: BookingRole, names: Names, now: Date): Booking {
  const status = statusOf(b, now);
  const beforeStart = new Date(b.start).getTime() > now.getTime();
  return {
    id: b.id,
    status,
    role,
    start: new Date(b.start).toISOString(),
    end: new Date(b.end).toISOString(),
    timeZone: b.timeZone,
    mode: b.mode,
    note: b.note,
    trainer: { id: b.trainerId, userId: b.trainerUserId, ...nameOf(names, b.trainerUserId) },
    client: { id: b.clientId, ...nameOf(names, b.clientId) },
    expiresAt: status === 'requested' && b.expiresAt ? new Date(b.expiresAt).toISOString() : null,
    cancelledBy: b.cancelledBy ?? null,
    reason: b.reason ?? '',
    lateCancellation: !!b.lateCancellation,
    canConfirm: role === 'trainer' && status === 'requested',
    canDecline: role === 'trainer' && status === 'requested',
    canCancel: (status === 'requested' || status === 'confirmed') && beforeStart,
    createdAt: new Date(b.createdAt).toISOString(),
    updatedAt: new Date(b.updatedAt).toISOString(),
  };
}
