/**
 * The notification worker (issue 30). Every API instance runs it; each tick claims due outbox rows one at a
 * time with findOneAndUpdate (pending and due, or claimed with an expired lease -> claimed by a random id
 * until now + leaseMs), so a row is delivered by one worker only. Each channel (email, each push
 * subscription) is recorded in `done` as soon as it went out, so a retry never repeats what was delivered.
 * A failure is retried with exponential backoff (1 min, 2, 4 ... at most an hour); an SMTP 5xx answer or
 * `maxAttempts` tries mark the row `failed` (shown by `npm run notifications -- status`). Times come from
 * deps.clock (tests move it); tests call tickNotifications themselves.
 *
 * Exactly once: two workers never hold the same row (the claim is one atomic update), and every write after
 * the claim is conditional on the claim id. If an instance dies after a send but before recording it, the
 * lease runs out and another worker sends again: at-least-once across crashes, once otherwise.
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { SESSION_MODE_LABELS, type NotificationKind, type NotificationPreferences, type PushPayload } from '@fitconnect/contracts';
import type { AppDeps } from '../context';
import type { MailMessage } from '../mail/mailer';
import { Message, Conversation } from '../messages/model';
import { User, type UserFields } from '../users/model';
import { Booking } from '../bookings/model';
import { bookingIcs } from '../bookings/calendar';
import { describeTime } from '../bookings/service';
import { DigestMark, NotificationOutbox, PushSubscription, type OutboxFields } from './model';
import { sendPush } from './push';
import { notificationRuntime } from './runtime';
import { DIGEST_INTERVAL_MS, preferencesOf } from './service';
import { renderEmail, type EmailContent } from './templates';
import { unsubscribeToken } from './tokens';

type Row = OutboxFields;
export type Outcome = 'sent' | 'skipped' | 'retry' | 'failed' | 'deferred' | 'lost';

/** Why a row ended without sending. */
class Skip extends Error {}
/** The hourly cap: try again at `at`. */
class Defer extends Error {
  constructor(readonly at: Date) {
    super('deferred');
  }
}

function isDuplicate(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** Claim the next due row (or the given one), or null. */
async function claim(deps: AppDeps, only?: Types.ObjectId): Promise<Row | null> {
  const now = deps.clock.now();
  const { leaseMs } = notificationRuntime(deps).options;
  return NotificationOutbox.findOneAndUpdate(
    {
      ...(only ? { _id: only } : {}),
      $or: [
        { status: 'pending', dueAt: { $lte: now } },
        { status: 'claimed', claimedUntil: { $lte: now } },
      ],
    },
    { $set: { status: 'claimed', claimId: randomUUID(), claimedUntil: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
    { sort: { dueAt: 1 }, returnDocument: 'after', lean: true },
  ) as Promise<Row | null>;
}

/** Record a delivered channel under our claim. */
async function markDone(row: Row, what: string): Promise<void> {
  await NotificationOutbox.updateOne({ _id: row._id, claimId: row.claimId }, { $addToSet: { done: what } });
  row.done.push(what);
}

async function finish(row: Row, set: Partial<Row>): Promise<boolean> {
  const res = await NotificationOutbox.updateOne({ _id: row._id, claimId: row.claimId }, { $set: { claimId: null, claimedUntil: null, ...set } });
  return res.modifiedCount > 0;
}

/** Back to pending at `at`. An unread row whose conversation already has a new pending row merges into it. */
async function requeue(row: Row, at: Date, lastError: string | null): Promise<void> {
  try {
    await finish(row, { status: 'pending', dueAt: at, lastError });
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    await finish(row, { status: 'skipped', lastError: 'merged into a newer pending summary' });
  }
}

function permanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Claim and deliver one row. Returns what happened, or null when nothing was due. */
export async function processOne(deps: AppDeps, only?: Types.ObjectId): Promise<{ row: Row; outcome: Outcome } | null> {
  const row = await claim(deps, only);
  if (!row) return null;
  const rt = notificationRuntime(deps);
  try {
    await deliver(deps, row);
    return { row, outcome: (await finish(row, { status: 'sent', sentAt: deps.clock.now(), lastError: null })) ? 'sent' : 'lost' };
  } catch (err) {
    if (err instanceof Skip) {
      await finish(row, { status: 'skipped', lastError: err.message });
      return { row, outcome: 'skipped' };
    }
    if (err instanceof Defer) {
      await requeue(row, err.at, null);
      return { row, outcome: 'deferred' };
    }
    const message = (err as Error)?.message ?? String(err);
    if (permanent(err) || row.attempts >= rt.options.maxAttempts) {
      await finish(row, { status: 'failed', lastError: message.slice(0, 500) });
      deps.logger.error(`Notifications: ${row.kind} ${row.event ?? ''} for user ${row.userId} failed permanently after ${row.attempts} attempt(s): ${message}`);
      return { row, outcome: 'failed' };
    }
    const delay = Math.min(rt.options.backoffMs * 2 ** (row.attempts - 1), 60 * 60_000);
    await requeue(row, new Date(deps.clock.now().getTime() + delay), message.slice(0, 500));
    deps.logger.warn(`Notifications: ${row.kind} for user ${row.userId} not delivered (attempt ${row.attempts}), retrying in ${Math.round(delay / 1000)} s: ${message}`);
    return { row, outcome: 'retry' };
  }
}

/** One tick: deliver every due row (at most `limit`). Returns what this worker did. */
export async function tickNotifications(deps: AppDeps, limit = 100): Promise<{ row: Row; outcome: Outcome }[]> {
  const out: { row: Row; outcome: Outcome }[] = [];
  for (let i = 0; i < limit; i++) {
    const r = await processOne(deps);
    if (!r) break;
    out.push(r);
  }
  return out;
}

/** Deliver this row now if it is due (a request's after-answer work); the worker picks it up otherwise. */
export async function deliverNow(deps: AppDeps, id: string): Promise<Outcome | null> {
  return (await processOne(deps, new Types.ObjectId(id)))?.outcome ?? null;
}

/** Start this instance's worker (unref'd; a tick still running is not doubled). */
export function startNotificationWorker(deps: AppDeps): { stop(): void } {
  const { tickMs } = notificationRuntime(deps).options;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tickNotifications(deps)
      .catch((err) => deps.logger.error('Notifications: the worker tick failed', err))
      .finally(() => {
        running = false;
      });
  }, tickMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

// ---- Delivery ------------------------------------------------------------------------------------------

interface Notice {
  email?: MailMessage;
  push?: PushPayload;
}

async function deliver(deps: AppDeps, row: Row): Promise<void> {
  const user = await User.findOne({ id: row.userId }).lean<UserFields>();
  if (!user && row.kind !== 'security') throw new Skip('the account no longer exists');
  let notice: Notice;
  if (row.kind === 'security') notice = securityNotice(deps, row);
  else {
    const kind: NotificationKind = row.kind === 'unread' ? 'messages' : 'sessions';
    const prefs = await preferencesOf(row.userId);
    if (!prefs[kind].email && !prefs[kind].push) throw new Skip(`${kind} notifications are switched off`);
    notice = row.kind === 'unread' ? await unreadNotice(deps, row, user!, prefs) : await bookingNotice(deps, row, user!, prefs);
  }
  if (notice.email && !row.done.includes('email')) {
    await deps.mailer.send(notice.email);
    await markDone(row, 'email');
  }
  if (notice.push) {
    const subs = await PushSubscription.find({ userId: row.userId }).lean();
    for (const sub of subs) {
      const key = `push:${String(sub._id)}`;
      if (row.done.includes(key)) continue;
      await sendPush(deps, sub, notice.push);
      await markDone(row, key);
    }
  }
}

const url = (deps: AppDeps, p: string) => `${deps.config.publicUrl}${p}`;

/** Non-security email: the footer link and the RFC 8058 one-click headers. */
function withUnsubscribe(deps: AppDeps, userId: number, kind: NotificationKind, content: Omit<EmailContent, 'unsubscribe'>, to: string, attachments?: MailMessage['attachments']): MailMessage {
  const token = unsubscribeToken(deps.sessionSecret, userId, kind);
  const unsubscribeUrl = url(deps, `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
  const rendered = renderEmail({
    ...content,
    unsubscribe: { url: unsubscribeUrl, what: kind === 'messages' ? 'email for unread messages' : 'email about sessions', settingsUrl: url(deps, '/profile/notifications') },
  });
  return {
    to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...(attachments ? { attachments } : {}),
  };
}

const excerpt = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const nameOf = (u: Pick<UserFields, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

async function unreadNotice(deps: AppDeps, row: Row, user: UserFields, prefs: NotificationPreferences): Promise<Notice> {
  const now = deps.clock.now();
  const unread = await Message.find({ conversationId: row.conversationId, receiverId: row.userId, readAt: null, seq: { $gt: 0 }, kind: { $ne: 'system' } })
    .sort({ seq: 1 })
    .lean();
  if (unread.length === 0) throw new Skip('read meanwhile');
  const conv = await Conversation.findOne({ id: row.conversationId }).lean();
  const partnerId = conv ? (conv.a === row.userId ? conv.b : conv.a) : unread[0].senderId;
  const partner = await User.findOne({ id: partnerId }, { firstName: 1, lastName: 1 }).lean();
  if (!partner) throw new Skip('the other account no longer exists');
  // One summary an hour per conversation: reserve the slot atomically (a retry of this row keeps its own).
  if (!row.slotAt) {
    const since = new Date(now.getTime() - DIGEST_INTERVAL_MS);
    try {
      await DigestMark.findOneAndUpdate(
        { userId: row.userId, conversationId: row.conversationId, lastAt: { $lte: since } },
        { $set: { lastAt: now } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      const mark = await DigestMark.findOne({ userId: row.userId, conversationId: row.conversationId }).lean();
      throw new Defer(new Date((mark?.lastAt ?? now).getTime() + DIGEST_INTERVAL_MS));
    }
    await NotificationOutbox.updateOne({ _id: row._id, claimId: row.claimId }, { $set: { slotAt: now } });
    row.slotAt = now;
  }
  const who = nameOf(partner);
  const count = unread.length;
  const threadPath = `/messages/${partnerId}`;
  const shown = unread.slice(-5);
  const notice: Notice = {};
  if (prefs.messages.email) {
    notice.email = withUnsubscribe(
      deps,
      row.userId,
      'messages',
      {
        subject: count === 1 ? `${who} sent you a message on FitConnect` : `${count} unread messages from ${who} on FitConnect`,
        greeting: `Hi ${user.firstName},`,
        paragraphs: [
          count === 1 ? `${who} sent you a message you have not read yet:` : `You have ${count} unread messages from ${who}${count > shown.length ? ` (the latest ${shown.length} below)` : ''}:`,
        ],
        quotes: shown.map((m) => ({ who, text: excerpt(m.content) })),
        action: { label: 'Open the conversation', url: url(deps, threadPath) },
      },
      user.email,
    );
  }
  if (prefs.messages.push) {
    notice.push = {
      title: count === 1 ? `New message from ${who}` : `${count} unread messages from ${who}`,
      body: excerpt(shown[shown.length - 1].content, 120),
      url: threadPath,
      tag: `conversation-${row.conversationId}`,
    };
  }
  return notice;
}

const BOOKING_SUBJECT = {
  requested: (who: string) => `${who} requested a session`,
  confirmed: (who: string) => `Your session with ${who} is confirmed`,
  declined: (who: string) => `${who} declined your session request`,
  cancelled: (who: string) => `Your session with ${who} was cancelled`,
  reminder: (who: string) => `Reminder: your session with ${who} is tomorrow`,
} as const;

async function bookingNotice(deps: AppDeps, row: Row, user: UserFields, prefs: NotificationPreferences): Promise<Notice> {
  const now = deps.clock.now();
  const b = await Booking.findOne({ id: row.bookingId }).lean();
  if (!b) throw new Skip('the booking no longer exists');
  const event = row.event as keyof typeof BOOKING_SUBJECT;
  if (event === 'reminder' && (b.status !== 'confirmed' || b.start.getTime() <= now.getTime())) throw new Skip('the session is no longer on');
  const role = b.clientId === row.userId ? 'client' : 'trainer';
  const otherId = role === 'client' ? b.trainerUserId : b.clientId;
  const other = await User.findOne({ id: otherId }, { firstName: 1, lastName: 1 }).lean();
  const who = other ? nameOf(other) : 'A FitConnect user';
  const when = describeTime(b);
  const mode = SESSION_MODE_LABELS[b.mode].toLowerCase();
  const subject = BOOKING_SUBJECT[event](who);
  const paragraphs = [`${subject}: ${when}, ${mode}.`];
  if ((event === 'declined' || event === 'cancelled') && b.reason) paragraphs.push(`Reason: ${b.reason}`);
  if (event === 'cancelled' && b.lateCancellation) paragraphs.push('This was a late cancellation (less than 24 hours before the start).');
  if (event === 'requested') paragraphs.push(b.note ? `Their note: ${b.note}` : 'Confirm or decline it from your schedule.');
  const sessionsPath = role === 'trainer' && event === 'requested' ? '/trainers/me/schedule' : '/trainers/me/sessions';
  const notice: Notice = {};
  if (prefs.sessions.email) {
    const ics = await bookingIcs(b, role, now);
    notice.email = withUnsubscribe(
      deps,
      row.userId,
      'sessions',
      { subject, greeting: `Hi ${user.firstName},`, paragraphs, action: { label: role === 'trainer' && event === 'requested' ? 'Answer the request' : 'See your sessions', url: url(deps, sessionsPath) } },
      user.email,
      [{ filename: `fitconnect-session-${b.id}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    );
  }
  if (prefs.sessions.push) notice.push = { title: subject, body: `${when}, ${mode}.`, url: sessionsPath, tag: `booking-${b.id}` };
  return notice;
}

function securityNotice(deps: AppDeps, row: Row): Notice {
  const d = row.data ?? {};
  const to = row.to!;
  const footnote = 'This is a security notice about your account. It is always sent and cannot be switched off.';
  const content: EmailContent =
    row.event === 'email-changed'
      ? {
          subject: 'Your FitConnect email address was changed',
          greeting: `Hi ${d.firstName ?? ''},`,
          paragraphs: [
            `The email address of your FitConnect account "${d.username}" was changed to ${d.newEmailMasked}.`,
            'Messages about your account, including password resets, now go to the new address.',
            `If you did not make this change, reply to this message or contact support at once, and change your password (${url(deps, '/profile')}) while you can still sign in.`,
          ],
          footnote,
        }
      : {
          subject: 'Your FitConnect password was changed',
          greeting: `Hi ${d.firstName ?? ''},`,
          paragraphs: [
            `The password of your FitConnect account "${d.username}" was just changed, and every signed-in session was ended.`,
            `If this was not you, reset your password now (${url(deps, '/forgot-password')}) and contact support.`,
          ],
          action: { label: 'Sign in', url: url(deps, '/signin') },
          footnote,
        };
  const r = renderEmail(content);
  return { email: { to, subject: r.subject, text: r.text, html: r.html } };
}
