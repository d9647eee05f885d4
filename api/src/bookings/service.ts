import { DateTime } from 'luxon';
import {
  BOOKING_MESSAGES,
  DEFAULT_TIME_ZONE,
  FREE_CANCELLATION_HOURS,
  MAX_OPEN_REQUESTS,
  REQUEST_EXPIRY_HOURS,
  SESSION_MODE_LABELS,
  type AvailabilityBody,
  type BookingRole,
  type CreateBookingBody,
} from '@fitconnect/contracts';
import { nextId } from '../db/counter';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Logger } from '../log';
import { sendMessage } from '../messages/service';
import { queueBookingEvent } from '../notifications/service';
import { Trainer, type TrainerFields } from '../trainers/model';
import { User } from '../users/model';
import { Availability, Booking, RequestSeat, SlotClaim, type AvailabilityFields, type BookingFields } from './model';
import { cellsOf, checkBookable, freeSlots, todayIn, type Schedule } from './slots';

export type StoredBooking = BookingFields;
export type StoredAvailability = AvailabilityFields;
type StoredTrainer = Pick<TrainerFields, 'id' | 'userId'>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A claim whose booking was never stored (its request died in between) may be taken over after this. */
const STALE_CLAIM_MS = MINUTE;

/** The schedule of a trainer that never set one: no windows, so no slots. */
export const DEFAULT_AVAILABILITY: Omit<AvailabilityBody, 'windows'> & { windows: [] } = {
  timeZone: DEFAULT_TIME_ZONE,
  sessionMinutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 24,
  maxAdvanceDays: 60,
  windows: [],
  daysOff: [],
  requiresConfirmation: true,
};

function isDuplicate(err: unknown): boolean {
  const e = err as { code?: unknown; writeErrors?: { code?: unknown }[] } | null;
  return !!e && (e.code === 11000 || e.writeErrors?.[0]?.code === 11000);
}

export async function trainerById(id: number): Promise<StoredTrainer> {
  const t = await Trainer.findOne({ id }, { id: 1, userId: 1 }).lean<StoredTrainer>();
  if (!t) throw notFound(BOOKING_MESSAGES.trainerNotFound);
  return t;
}

export function availabilityOf(trainerId: number): Promise<StoredAvailability | null> {
  return Availability.findOne({ trainerId }).lean<StoredAvailability>();
}

export async function saveAvailability(trainer: StoredTrainer, body: AvailabilityBody, now: Date): Promise<StoredAvailability> {
  const saved = await Availability.findOneAndUpdate(
    { trainerId: trainer.id },
    { $set: { ...body, trainerUserId: trainer.userId, updatedAt: now } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  return saved as StoredAvailability;
}

// ---- Lazy expiry ---------------------------------------------------------------------------------

/**
 * Requests left unanswered past their deadline become 'expired' and give back their slot and seat. Run on
 * every read and every booking attempt that depends on them (there is no timer): whoever comes first after
 * the deadline does it, once (the status change is conditional), on any API instance.
 */
export async function expireStale(who: { trainerUserId: number } | { clientId: number }, now: Date): Promise<void> {
  const due = await Booking.find({ ...who, status: 'requested', expiresAt: { $lte: now } }, { id: 1 }).limit(200).lean<{ id: number }[]>();
  for (const { id } of due) {
    const expired = await Booking.findOneAndUpdate(
      { id, status: 'requested', expiresAt: { $lte: now } },
      { $set: { status: 'expired', updatedAt: now } },
      { returnDocument: 'after', lean: true },
    );
    if (expired) await release(id);
  }
}

/** Give back a booking's slot claims and request seat (it is no longer live). */
async function release(bookingId: number): Promise<void> {
  await SlotClaim.deleteMany({ bookingId });
  await RequestSeat.deleteMany({ bookingId });
}

// ---- Slots ---------------------------------------------------------------------------------------

/** Live bookings' blocked times that could touch [from, to) (epoch ms). */
async function busyBetween(trainerUserId: number, from: number, to: number) {
  // A session is at most 90 minutes + a 120-minute buffer: one that starts a day before `from` cannot reach it.
  const rows = await Booking.find(
    { trainerUserId, start: { $gte: new Date(from - 24 * HOUR), $lt: new Date(to) }, status: { $in: ['requested', 'confirmed'] } },
    { start: 1, blockedUntil: 1 },
  ).lean<{ start: Date; blockedUntil: Date }[]>(); // freeSlots sorts them (no database sort needed)
  return rows.map((r) => ({ start: r.start.getTime(), blockedUntil: r.blockedUntil.getTime() }));
}

export async function slotsOf(trainer: StoredTrainer, range: { from?: string; to?: string }, now: Date) {
  const availability = await availabilityOf(trainer.id);
  const schedule: Schedule = availability ?? DEFAULT_AVAILABILITY;
  const from = range.from ?? todayIn(schedule.timeZone, now);
  const to = range.to ?? DateTime.fromISO(from).plus({ days: 13 }).toISODate()!;
  if (!availability) return { schedule, configured: false, requiresConfirmation: true, from, to, slots: [] };
  await expireStale({ trainerUserId: trainer.userId }, now);
  const zone = schedule.timeZone;
  const rangeStart = DateTime.fromISO(from, { zone }).toMillis();
  const rangeEnd = DateTime.fromISO(to, { zone }).plus({ days: 1 }).toMillis();
  const busy = await busyBetween(trainer.userId, rangeStart, rangeEnd);
  return { schedule, configured: true, requiresConfirmation: availability.requiresConfirmation, from, to, slots: freeSlots(schedule, from, to, busy, now) };
}

// ---- Booking -------------------------------------------------------------------------------------

/** Take one of the client's 5 request seats, or refuse (409). Expired requests have given theirs back. */
async function takeSeat(clientId: number, bookingId: number): Promise<void> {
  for (let seat = 0; seat < MAX_OPEN_REQUESTS; seat++) {
    try {
      await RequestSeat.collection.insertOne({ clientId, seat, bookingId });
      return;
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }
  throw conflict(BOOKING_MESSAGES.tooManyOpen);
}

/**
 * Claim every 5-minute cell of [start, blockedUntil) for `bookingId`, or refuse with 409 'That time was just
 * taken'. The cells are inserted in ascending order and the insert stops at the first taken one, so of
 * requests for the same slot the one that claims the first cell claims them all; the others give back what
 * they took. A stale claim (its booking never stored) is cleared and the claim tried once more.
 */
async function claimCells(trainerUserId: number, bookingId: number, start: number, blockedUntil: number, now: Date, retried = false): Promise<void> {
  const cells = cellsOf(start, blockedUntil);
  try {
    await SlotClaim.collection.insertMany(
      cells.map((cell) => ({ trainerUserId, cell, bookingId, at: now })),
      { ordered: true },
    );
    return;
  } catch (err) {
    await SlotClaim.deleteMany({ bookingId });
    if (!isDuplicate(err)) throw err;
  }
  if (!retried && (await clearStaleClaims(trainerUserId, cells, now))) return claimCells(trainerUserId, bookingId, start, blockedUntil, now, true);
  throw conflict(BOOKING_MESSAGES.slotTaken);
}

/** Claims on these cells whose booking does not exist (or is no longer live) and that are older than a minute. */
async function clearStaleClaims(trainerUserId: number, cells: number[], now: Date): Promise<boolean> {
  const claims = await SlotClaim.find({ trainerUserId, cell: { $in: cells } }, { bookingId: 1, at: 1 }).lean<{ bookingId: number; at: Date }[]>();
  const ids = [...new Set(claims.map((c) => c.bookingId))];
  const live = new Set(
    (await Booking.find({ id: { $in: ids } }, { id: 1, status: 1 }).lean<{ id: number; status: string }[]>())
      .filter((b) => b.status === 'requested' || b.status === 'confirmed')
      .map((b) => b.id),
  );
  let cleared = false;
  for (const c of claims) {
    if (live.has(c.bookingId) || now.getTime() - new Date(c.at).getTime() < STALE_CLAIM_MS) continue;
    await SlotClaim.deleteMany({ bookingId: c.bookingId });
    cleared = true;
  }
  return cleared;
}

export async function createBooking(client: { id: number }, trainer: StoredTrainer, body: CreateBookingBody, now: Date, logger?: Logger): Promise<StoredBooking> {
  const availability = await availabilityOf(trainer.id);
  if (!availability || availability.windows.length === 0) throw badRequest(BOOKING_MESSAGES.noAvailability);
  const start = Date.parse(body.start);
  const check = checkBookable(availability, start, body.mode, now);
  if (!check.ok) throw badRequest(check.message, [{ path: ['start'], message: check.message }]);
  const end = check.slot.end;
  const blockedUntil = end + availability.bufferMinutes * MINUTE;

  // Stale requests give back their slots and seats before this one is judged.
  await Promise.all([expireStale({ trainerUserId: trainer.userId }, now), expireStale({ clientId: client.id }, now)]);

  const id = await nextId('bookings');
  const needsConfirmation = availability.requiresConfirmation;
  if (needsConfirmation) await takeSeat(client.id, id);
  try {
    await claimCells(trainer.userId, id, start, blockedUntil, now);
    const doc: BookingFields = {
      id,
      trainerId: trainer.id,
      trainerUserId: trainer.userId,
      clientId: client.id,
      start: new Date(start),
      end: new Date(end),
      blockedUntil: new Date(blockedUntil),
      timeZone: availability.timeZone,
      mode: body.mode,
      note: body.note,
      status: needsConfirmation ? 'requested' : 'confirmed',
      expiresAt: needsConfirmation ? new Date(Math.min(now.getTime() + REQUEST_EXPIRY_HOURS * HOUR, start)) : null,
      cancelledBy: null,
      reason: '',
      lateCancellation: false,
      createdAt: now,
      updatedAt: now,
    };
    await Booking.collection.insertOne({ ...doc });
    await systemLine(doc, needsConfirmation ? 'requested' : 'confirmed', client.id, now, logger);
    return doc;
  } catch (err) {
    await release(id);
    throw err;
  }
}

export async function bookingById(id: number): Promise<StoredBooking> {
  const b = await Booking.findOne({ id }).lean<StoredBooking>();
  if (!b) throw notFound(BOOKING_MESSAGES.notFound);
  return b;
}

/** The caller's bookings (as client and as trainer; `role` narrows), newest start first, at most 200 of each. */
export async function bookingsOf(userId: number, role: BookingRole | undefined, now: Date): Promise<StoredBooking[]> {
  await Promise.all([
    role !== 'trainer' ? expireStale({ clientId: userId }, now) : null,
    role !== 'client' ? expireStale({ trainerUserId: userId }, now) : null,
  ]);
  const [asClient, asTrainer] = await Promise.all([
    role !== 'trainer' ? Booking.find({ clientId: userId }).sort({ start: -1 }).limit(200).lean<StoredBooking[]>() : [],
    role !== 'client' ? Booking.find({ trainerUserId: userId }).sort({ start: -1 }).limit(200).lean<StoredBooking[]>() : [],
  ]);
  return [...asClient, ...asTrainer];
}

/** Not yet ended and still on (requested or confirmed). */
export const isUpcoming = (b: StoredBooking, now: Date) => (b.status === 'requested' || b.status === 'confirmed') && b.end.getTime() > now.getTime();

// ---- Answers and cancellations -----------------------------------------------------------------

/** Why a transition found nothing to change: the booking has moved on (409) or has expired. */
async function refuseTransition(id: number, message: string, now: Date): Promise<never> {
  const b = await bookingById(id);
  if (b.status === 'requested' && b.expiresAt && b.expiresAt <= now) await expireStale({ trainerUserId: b.trainerUserId }, now);
  throw conflict(message);
}

export async function confirmBooking(b: StoredBooking, now: Date, logger?: Logger): Promise<StoredBooking> {
  const done = await Booking.findOneAndUpdate(
    { id: b.id, status: 'requested', expiresAt: { $gt: now } },
    { $set: { status: 'confirmed', expiresAt: null, updatedAt: now } },
    { returnDocument: 'after', lean: true },
  );
  if (!done) return refuseTransition(b.id, BOOKING_MESSAGES.notRequested, now);
  await RequestSeat.deleteMany({ bookingId: b.id });
  await systemLine(done, 'confirmed', b.trainerUserId, now, logger);
  return done as StoredBooking;
}

export async function declineBooking(b: StoredBooking, reason: string, now: Date, logger?: Logger): Promise<StoredBooking> {
  const done = await Booking.findOneAndUpdate(
    { id: b.id, status: 'requested', expiresAt: { $gt: now } },
    { $set: { status: 'declined', expiresAt: null, cancelledBy: 'trainer', reason, updatedAt: now } },
    { returnDocument: 'after', lean: true },
  );
  if (!done) return refuseTransition(b.id, BOOKING_MESSAGES.notRequested, now);
  await release(b.id);
  await systemLine(done, 'declined', b.trainerUserId, now, logger);
  return done as StoredBooking;
}

/**
 * Cancel before the start. The client may cancel a request or a confirmed session; a confirmed one cancelled
 * less than 24 h before the start is marked late. The trainer may cancel either too (the client is told).
 */
export async function cancelBooking(b: StoredBooking, by: BookingRole, reason: string, now: Date, logger?: Logger): Promise<StoredBooking> {
  const late = by === 'client' && b.status === 'confirmed' && b.start.getTime() - now.getTime() < FREE_CANCELLATION_HOURS * HOUR;
  const done = await Booking.findOneAndUpdate(
    {
      id: b.id,
      start: { $gt: now },
      $or: [{ status: 'confirmed' }, { status: 'requested', expiresAt: { $gt: now } }],
    },
    { $set: { status: 'cancelled', expiresAt: null, cancelledBy: by, reason, lateCancellation: late, updatedAt: now } },
    { returnDocument: 'after', lean: true },
  );
  if (!done) return refuseTransition(b.id, BOOKING_MESSAGES.cannotCancel, now);
  await release(b.id);
  await systemLine(done, 'cancelled', by === 'client' ? b.clientId : b.trainerUserId, now, logger);
  return done as StoredBooking;
}

// ---- System lines in the conversation --------------------------------------------------------------

/** 'Tuesday 30 March 2027, 10:00–11:00 (Europe/London)' in the trainer's zone. */
export function describeTime(b: Pick<StoredBooking, 'start' | 'end' | 'timeZone'>): string {
  const s = DateTime.fromJSDate(b.start, { zone: b.timeZone }).setLocale('en-GB');
  const e = DateTime.fromJSDate(b.end, { zone: b.timeZone }).setLocale('en-GB');
  return `${s.toFormat('cccc d LLLL yyyy, HH:mm')}–${e.toFormat('HH:mm')} (${b.timeZone})`;
}

const EVENT_TEXT = {
  requested: 'Session requested',
  confirmed: 'Session confirmed',
  declined: 'Session request declined',
  cancelled: 'Session cancelled',
} as const;

/**
 * A booking event as a system line in the conversation of client and trainer, sent as `actorId` to the other
 * side: stored and numbered like any message, so the thread shows it and the live stream delivers it. A
 * failure here is logged, not thrown: the booking already stands.
 */
async function systemLine(b: StoredBooking, event: keyof typeof EVENT_TEXT, actorId: number, now: Date, logger?: Logger): Promise<void> {
  // Notifications (issue 30): the event's outbox rows, written right after the update that made the change (every
  // transition ends here). Like the line below, a failure is logged, not thrown: the booking already stands.
  await queueBookingEvent(b, event, actorId, now).catch((err: Error) => logger?.error(`booking ${b.id}: notification not queued: ${err.message}`));
  const otherId = actorId === b.clientId ? b.trainerUserId : b.clientId;
  let text = `${EVENT_TEXT[event]}: ${describeTime(b)}, ${SESSION_MODE_LABELS[b.mode].toLowerCase()}.`;
  if (event === 'cancelled' && b.lateCancellation) text += ' Late cancellation (less than 24 hours before the start).';
  if ((event === 'declined' || event === 'cancelled') && b.reason) text += ` Reason: ${b.reason}`;
  if (event === 'requested' && b.note) text += ` Note: ${b.note}`;
  try {
    await sendMessage({ senderId: actorId, receiverId: otherId, content: text.slice(0, 5000), now, kind: 'system' });
  } catch (err) {
    logger?.error(`booking ${b.id}: system line not sent: ${(err as Error).message}`);
  }
}

/** First and last names of these users. */
export async function namesOf(ids: number[]): Promise<Map<number, { firstName: string; lastName: string }>> {
  const users = await User.find({ id: { $in: [...new Set(ids)] } }, { id: 1, firstName: 1, lastName: 1 }).lean<{ id: number; firstName: string; lastName: string }[]>();
  return new Map(users.map((u) => [u.id, { firstName: u.firstName, lastName: u.lastName }]));
}
