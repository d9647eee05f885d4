import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@fitconnect/contracts';
import { forbidden } from '../http/errors';
import { testEnvOptions } from './runtime';
import { NotificationOutbox, NotificationPreference, PushSubscription, type BookingEvent, type OutboxFields, type SecurityEvent } from './model';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A message still unread this long after it was sent is summarised by email / push (issue 30). */
export const UNREAD_DELAY_MS = 10 * MINUTE;
/** At most one unread summary per conversation and recipient in this window. */
export const DIGEST_INTERVAL_MS = HOUR;
/** A confirmed session's reminder goes out this long before its start. */
export const REMINDER_BEFORE_MS = 24 * HOUR;

function isDuplicate(err: unknown): boolean {
  const e = err as { code?: unknown; writeErrors?: { code?: unknown }[] } | null;
  return !!e && (e.code === 11000 || e.writeErrors?.[0]?.code === 11000);
}

function row(fields: Partial<OutboxFields> & Pick<OutboxFields, 'kind' | 'userId' | 'dueAt'>, now: Date) {
  return { status: 'pending', attempts: 0, claimId: null, claimedUntil: null, done: [], lastError: null, createdAt: now, sentAt: null, ...fields };
}

// ---- Writing rows (called by the modules where the events happen) ------------------------------------

/**
 * A message to `receiverId` in `conversationId` exists (called by messages/service.ts BEFORE the message is
 * numbered, so a crash in between leaves a row that finds nothing unread, never a message without a row).
 * Joins the conversation's waiting summary if there is one (the unique index settles concurrent sends).
 */
export async function queueUnreadSummary(receiverId: number, conversationId: number, now: Date): Promise<void> {
  try {
    // The driver's call (every message runs it; row() gives every field, so no schema default is missing).
    await NotificationOutbox.collection.updateOne(
      { kind: 'unread', userId: receiverId, conversationId, status: 'pending' },
      { $setOnInsert: row({ kind: 'unread', userId: receiverId, conversationId, dueAt: new Date(now.getTime() + (testEnvOptions().unreadDelayMs ?? UNREAD_DELAY_MS)), slotAt: null }, now) },
      { upsert: true },
    );
  } catch (err) {
    if (!isDuplicate(err)) throw err;
  }
}

/** Who hears about a booking event: the side that did not act (both for the reminder). */
export function bookingRecipients(event: Exclude<BookingEvent, 'reminder'>, b: { clientId: number; trainerUserId: number }, actorId: number): number[] {
  if (event === 'requested') return [b.trainerUserId];
  return [actorId === b.clientId ? b.trainerUserId : b.clientId];
}

/**
 * A booking changed (called by bookings/service.ts right after the conditional update that made the change):
 * one row per recipient, keyed by booking, event and recipient (a repeat is a no-op); a confirmation also
 * writes both sides' 24-hour reminders when the session is more than a day away.
 */
export async function queueBookingEvent(
  b: { id: number; clientId: number; trainerUserId: number; start: Date; status: string },
  event: Exclude<BookingEvent, 'reminder'>,
  actorId: number,
  now: Date,
): Promise<void> {
  const rows = bookingRecipients(event, b, actorId).map((userId) =>
    row({ kind: 'booking', userId, bookingId: b.id, event, dueAt: now, key: `booking:${b.id}:${event}:${userId}` }, now),
  );
  const remindAt = new Date(b.start.getTime() - REMINDER_BEFORE_MS);
  if (event === 'confirmed' && remindAt > now) {
    for (const userId of [b.clientId, b.trainerUserId]) {
      rows.push(row({ kind: 'booking', userId, bookingId: b.id, event: 'reminder', dueAt: remindAt, key: `booking:${b.id}:reminder:${userId}` }, now));
    }
  }
  await insertIgnoringRepeats(rows);
}

/**
 * A security notice (always sent, cannot be switched off). `to` is fixed when the event happens: an email
 * change's notice goes to the OLD address. Returns the row's id, so the request can deliver it at once
 * after answering (worker.ts deliverNow) while the row keeps it safe if that fails.
 */
export async function queueSecurityNotice(
  userId: number,
  event: SecurityEvent,
  to: string,
  data: Record<string, string>,
  now: Date,
): Promise<string> {
  const doc = row({ kind: 'security', userId, event, to, data, dueAt: now }, now);
  const res = await NotificationOutbox.collection.insertOne(doc);
  return res.insertedId.toHexString();
}

async function insertIgnoringRepeats(rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  try {
    await NotificationOutbox.collection.insertMany(rows, { ordered: false });
  } catch (err) {
    // Rows already written by an earlier attempt of the same event are fine; anything else is not.
    const e = err as { writeErrors?: { code?: unknown }[] };
    if (!(e.writeErrors ?? []).every((w) => w.code === 11000) || !isDuplicate(err)) throw err;
  }
}

// ---- Preferences -------------------------------------------------------------------------------------

export async function preferencesOf(userId: number): Promise<NotificationPreferences> {
  const p = await NotificationPreference.findOne({ userId }).lean();
  if (!p) return structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  return { messages: { email: p.messages.email, push: p.messages.push }, sessions: { email: p.sessions.email, push: p.sessions.push } };
}

export async function savePreferences(userId: number, prefs: NotificationPreferences, now: Date): Promise<NotificationPreferences> {
  await NotificationPreference.updateOne({ userId }, { $set: { messages: prefs.messages, sessions: prefs.sessions, updatedAt: now } }, { upsert: true });
  return preferencesOf(userId);
}

/** One-click unsubscribe: this kind's email goes off (push and the other kind stay as they are). */
export async function unsubscribeEmail(userId: number, kind: 'messages' | 'sessions', now: Date): Promise<void> {
  const current = await preferencesOf(userId);
  // Only the one field moves (a concurrent settings save of the other fields is not undone).
  await NotificationPreference.updateOne(
    { userId },
    { $set: { [`${kind}.email`]: false, updatedAt: now }, $setOnInsert: { [kind === 'messages' ? 'sessions' : 'messages']: current[kind === 'messages' ? 'sessions' : 'messages'], [`${kind}.push`]: current[kind].push } },
    { upsert: true },
  );
}

// ---- Push subscriptions ------------------------------------------------------------------------------

/**
 * Store the browser's subscription for `userId`. An endpoint is one browser's: subscribing it again updates
 * its keys; an endpoint another account holds is refused (403) rather than moved (the other account signs
 * out of push by unsubscribing, or it expires with a 410).
 */
export async function saveSubscription(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }, now: Date): Promise<void> {
  const existing = await PushSubscription.findOne({ endpoint: sub.endpoint }).lean();
  if (existing && existing.userId !== userId) throw forbidden('This push subscription belongs to another account');
  try {
    await PushSubscription.updateOne(
      { endpoint: sub.endpoint, userId },
      { $set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth }, $setOnInsert: { createdAt: now } },
      { upsert: true },
    );
  } catch (err) {
    if (isDuplicate(err)) throw forbidden('This push subscription belongs to another account');
    throw err;
  }
}

/** Remove the caller's subscription (only their own: another account's endpoint is left alone). */
export async function removeSubscription(userId: number, endpoint: string): Promise<boolean> {
  const res = await PushSubscription.deleteOne({ endpoint, userId });
  return res.deletedCount > 0;
}
