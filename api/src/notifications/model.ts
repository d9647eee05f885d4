import mongoose, { Schema, type Types } from 'mongoose';
import type { NotificationPreferences } from '@fitconnect/contracts';

/**
 * The notification outbox (issue 30; DESIGN.md "background work is a row, then a worker"). A row is written
 * in the same write path as the event that causes it (messages/service.ts before the message is numbered,
 * bookings/service.ts right after a status change, the password and email changes right after the update),
 * and sent later by whichever API instance's worker claims it (worker.ts).
 *
 * status: pending (waiting for `dueAt`) -> claimed (one worker holds it until `claimedUntil`) -> sent |
 * skipped (nothing to say any more: read meanwhile, switched off, booking moved on) | failed (permanently:
 * `npm run notifications -- status` lists them). A claim that outlives its lease is taken over by another
 * worker (the instance died between claim and send).
 */
export type OutboxKind = 'unread' | 'booking' | 'security';
export type OutboxStatus = 'pending' | 'claimed' | 'sent' | 'skipped' | 'failed';
export type BookingEvent = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'reminder';
export type SecurityEvent = 'password-changed' | 'email-changed';

export interface OutboxFields {
  _id: Types.ObjectId;
  kind: OutboxKind;
  /** The recipient. */
  userId: number;
  status: OutboxStatus;
  dueAt: Date;
  /** Claims so far (a claim counts as an attempt: a worker that dies mid-send used one). */
  attempts: number;
  claimId: string | null;
  claimedUntil: Date | null;
  /** Channels (and push subscriptions) already delivered: a retry does not send them again. */
  done: string[];
  lastError: string | null;
  /** unread: the conversation. */
  conversationId?: number;
  /** unread: when this row reserved its conversation's hourly slot (a retry keeps it). */
  slotAt?: Date | null;
  /** booking: the booking and what happened. */
  bookingId?: number;
  event?: BookingEvent | SecurityEvent;
  /** security: the fixed address (the OLD one for an email change) and the facts the notice states. */
  to?: string;
  data?: Record<string, string>;
  /** One row per event (booking and security rows): a repeated write is a no-op. */
  key?: string;
  createdAt: Date;
  sentAt: Date | null;
}

const outboxSchema = new Schema<OutboxFields>(
  {
    kind: { type: String, required: true, enum: ['unread', 'booking', 'security'] },
    userId: { type: Number, required: true },
    status: { type: String, required: true, enum: ['pending', 'claimed', 'sent', 'skipped', 'failed'] },
    dueAt: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
    claimId: { type: String, default: null },
    claimedUntil: { type: Date, default: null },
    done: { type: [String], default: [] },
    lastError: { type: String, default: null },
    conversationId: { type: Number },
    slotAt: { type: Date, default: null },
    bookingId: { type: Number },
    event: { type: String },
    to: { type: String },
    data: { type: Schema.Types.Mixed },
    key: { type: String },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'notification_outbox', minimize: false },
);
// The worker's two claims: due pending rows, and claims whose lease ran out.
outboxSchema.index({ status: 1, dueAt: 1 });
outboxSchema.index({ status: 1, claimedUntil: 1 });
// At most one waiting unread-summary per recipient and conversation: more messages join it.
outboxSchema.index(
  { kind: 1, userId: 1, conversationId: 1 },
  { unique: true, partialFilterExpression: { kind: 'unread', status: 'pending' }, name: 'one_pending_unread' },
);
outboxSchema.index({ key: 1 }, { unique: true, partialFilterExpression: { key: { $type: 'string' } } });
export const NotificationOutbox = mongoose.model<OutboxFields>('NotificationOutbox', outboxSchema);

/** A user's switches (absent: the defaults). */
export interface PreferencesFields extends NotificationPreferences {
  userId: number;
  updatedAt: Date;
}
const channels = new Schema({ email: { type: Boolean, required: true }, push: { type: Boolean, required: true } }, { _id: false });
const preferencesSchema = new Schema<PreferencesFields>(
  { userId: { type: Number, required: true }, messages: { type: channels, required: true }, sessions: { type: channels, required: true }, updatedAt: { type: Date, required: true } },
  { versionKey: false, collection: 'notification_preferences' },
);
preferencesSchema.index({ userId: 1 }, { unique: true });
export const NotificationPreference = mongoose.model<PreferencesFields>('NotificationPreference', preferencesSchema);

/** A browser's Web Push subscription (one row per endpoint; the endpoint belongs to one user). */
export interface PushSubscriptionFields {
  _id: Types.ObjectId;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}
const pushSchema = new Schema<PushSubscriptionFields>(
  {
    userId: { type: Number, required: true },
    endpoint: { type: String, required: true },
    p256dh: { type: String, required: true },
    auth: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'push_subscriptions' },
);
pushSchema.index({ endpoint: 1 }, { unique: true });
pushSchema.index({ userId: 1 });
export const PushSubscription = mongoose.model<PushSubscriptionFields>('PushSubscription', pushSchema);

/** When a conversation's last unread summary went to a recipient (the one-an-hour rule, claimed atomically). */
export interface DigestMarkFields {
  userId: number;
  conversationId: number;
  lastAt: Date;
}
const digestSchema = new Schema<DigestMarkFields>(
  { userId: { type: Number, required: true }, conversationId: { type: Number, required: true }, lastAt: { type: Date, required: true } },
  { versionKey: false, collection: 'notification_digests' },
);
digestSchema.index({ userId: 1, conversationId: 1 }, { unique: true });
export const DigestMark = mongoose.model<DigestMarkFields>('DigestMark', digestSchema);
