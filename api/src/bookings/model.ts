import mongoose, { Schema } from 'mongoose';
import { numericId } from '../db/counter';
import type { AvailabilityWindow, BookingRole, DaysOff, SessionMode } from '@fitconnect/contracts';

/** A trainer's schedule (one per trainer profile): wall-clock windows in `timeZone`. Public. */
export interface AvailabilityFields {
  trainerId: number;
  trainerUserId: number;
  timeZone: string;
  sessionMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  maxAdvanceDays: number;
  windows: AvailabilityWindow[];
  daysOff: DaysOff[];
  requiresConfirmation: boolean;
  updatedAt: Date;
}
const availabilitySchema = new Schema<AvailabilityFields>(
  {
    trainerId: { type: Number, required: true },
    trainerUserId: { type: Number, required: true },
    timeZone: { type: String, required: true },
    sessionMinutes: { type: Number, required: true },
    bufferMinutes: { type: Number, default: 0 },
    minNoticeHours: { type: Number, default: 24 },
    maxAdvanceDays: { type: Number, default: 60 },
    windows: {
      type: [new Schema({ weekday: Number, start: String, end: String, online: Boolean, inPerson: Boolean }, { _id: false })],
      default: [],
    },
    daysOff: { type: [new Schema({ from: String, to: String, note: String }, { _id: false })], default: [] },
    requiresConfirmation: { type: Boolean, default: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'availabilities', minimize: false },
);
availabilitySchema.index({ trainerId: 1 }, { unique: true });
// `npm run demo -- remove`: demo trainers' schedules.
availabilitySchema.index({ trainerUserId: 1 });
export const Availability = mongoose.model<AvailabilityFields>('Availability', availabilitySchema);

/** Stored statuses ('completed' is presented: a confirmed booking whose end has passed). */
export type StoredStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'expired';

export interface BookingFields {
  id: number;
  trainerId: number;
  trainerUserId: number;
  clientId: number;
  start: Date;
  end: Date;
  /** end + the trainer's buffer when booked: the time no other session of this trainer may touch. */
  blockedUntil: Date;
  timeZone: string;
  mode: SessionMode;
  note: string;
  status: StoredStatus;
  /** A request's deadline (48 h after it was made, or its start if sooner); null once answered. */
  expiresAt: Date | null;
  cancelledBy: BookingRole | null;
  reason: string;
  lateCancellation: boolean;
  createdAt: Date;
  updatedAt: Date;
}
const bookingSchema = new Schema<BookingFields>(
  {
    trainerId: { type: Number, required: true },
    trainerUserId: { type: Number, required: true },
    clientId: { type: Number, required: true },
    start: { type: Date, required: true },
    end: { type: Date, required: true },
    blockedUntil: { type: Date, required: true },
    timeZone: { type: String, required: true },
    mode: { type: String, required: true, enum: ['online', 'in-person'] },
    note: { type: String, default: '' },
    status: { type: String, required: true, enum: ['requested', 'confirmed', 'declined', 'cancelled', 'expired'] },
    expiresAt: { type: Date, default: null },
    cancelledBy: { type: String, default: null },
    reason: { type: String, default: '' },
    lateCancellation: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'bookings', minimize: false },
);
bookingSchema.plugin(numericId('bookings'));
// A trainer's sessions by time (slots' busy times, the trainer's list, the verified-client check) and a client's.
bookingSchema.index({ trainerUserId: 1, start: 1 });
bookingSchema.index({ clientId: 1, start: 1 });
// Lazy expiry: a trainer's / a client's requests past their deadline.
bookingSchema.index({ trainerUserId: 1, status: 1, expiresAt: 1 });
bookingSchema.index({ clientId: 1, status: 1, expiresAt: 1 });
export const Booking = mongoose.model<BookingFields>('Booking', bookingSchema);

/**
 * The no-double-booking invariant, in the database: a live booking (requested or confirmed) holds one claim
 * per 5-minute cell of [start, blockedUntil), and (trainerUserId, cell) is unique. Two bookings of one trainer
 * that would overlap (buffers included) need a common cell, so the second insert fails on every API instance.
 * `at`: when the claim was made (a claim whose booking never got stored is stale after a minute).
 */
export interface SlotClaimFields {
  trainerUserId: number;
  cell: number;
  bookingId: number;
  at: Date;
}
const slotClaimSchema = new Schema<SlotClaimFields>(
  { trainerUserId: { type: Number, required: true }, cell: { type: Number, required: true }, bookingId: { type: Number, required: true }, at: { type: Date, required: true } },
  { versionKey: false, collection: 'slotclaims' },
);
slotClaimSchema.index({ trainerUserId: 1, cell: 1 }, { unique: true });
slotClaimSchema.index({ bookingId: 1 });
export const SlotClaim = mongoose.model<SlotClaimFields>('SlotClaim', slotClaimSchema);

/**
 * At most 5 open requests per client, in the database: an open request holds one of 5 seats (clientId, seat
 * 0..4; unique), taken by insert and given back when the request is answered, cancelled or expires.
 */
export interface RequestSeatFields {
  clientId: number;
  seat: number;
  bookingId: number;
}
const requestSeatSchema = new Schema<RequestSeatFields>(
  { clientId: { type: Number, required: true }, seat: { type: Number, required: true }, bookingId: { type: Number, required: true } },
  { versionKey: false, collection: 'requestseats' },
);
requestSeatSchema.index({ clientId: 1, seat: 1 }, { unique: true });
requestSeatSchema.index({ bookingId: 1 });
export const RequestSeat = mongoose.model<RequestSeatFields>('RequestSeat', requestSeatSchema);

/**
 * A user's private calendar feed. The URL's token is HMAC(session secret, user id + nonce): the server can
 * show the URL again, but the database alone cannot (it holds the nonce and only a SHA-256 of the token,
 * which the feed request is looked up by). Rotating draws a new nonce: the old URL stops working.
 */
export interface CalendarFeedFields {
  userId: number;
  nonce: string;
  tokenHash: string;
  createdAt: Date;
}
const calendarFeedSchema = new Schema<CalendarFeedFields>(
  { userId: { type: Number, required: true }, nonce: { type: String, required: true }, tokenHash: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { versionKey: false, collection: 'calendarfeeds' },
);
calendarFeedSchema.index({ userId: 1 }, { unique: true });
calendarFeedSchema.index({ tokenHash: 1 }, { unique: true });
export const CalendarFeed = mongoose.model<CalendarFeedFields>('CalendarFeed', calendarFeedSchema);
