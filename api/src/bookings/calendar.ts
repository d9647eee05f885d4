import { createHash, createHmac, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SESSION_MODE_LABELS, type BookingRole } from '@fitconnect/contracts';
import { Booking, CalendarFeed } from './model';
import { namesOf, type StoredBooking } from './service';
import { statusOf } from './presenter';

// iCalendar output through ical-generator (well kept; it escapes and folds lines and writes valid
// VCALENDAR/VEVENT blocks, which hand-written strings get wrong), and the private calendar feed's tokens.

const PROD_ID = { company: 'FitConnect', product: 'Bookings', language: 'EN' };

type Names = Map<number, { firstName: string; lastName: string }>;

function addEvent(cal: ReturnType<typeof ical>, b: StoredBooking, role: BookingRole, names: Names, now: Date) {
  const other = role === 'client' ? names.get(b.trainerUserId) : names.get(b.clientId);
  const who = other ? `${other.firstName} ${other.lastName}` : 'a FitConnect user';
  const status = statusOf(b, now);
  const live = status === 'requested' || status === 'confirmed' || status === 'completed';
  cal.createEvent({
    // Stable: a calendar app updates (or removes, when cancelled) the same event.
    id: `booking-${b.id}@fitconnect`,
    start: b.start,
    end: b.end,
    stamp: b.updatedAt,
    summary: `${status === 'requested' ? 'Requested: ' : ''}Training session with ${who}`,
    description: `${SESSION_MODE_LABELS[b.mode]} session (${status}).`,
    status: !live ? ICalEventStatus.CANCELLED : status === 'requested' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
}

/** One booking as an .ics file, for one of its participants. */
export async function bookingIcs(b: StoredBooking, role: BookingRole, now: Date): Promise<string> {
  const names = await namesOf([b.clientId, b.trainerUserId]);
  const cal = ical({ prodId: PROD_ID, name: 'FitConnect session', method: ICalCalendarMethod.PUBLISH });
  addEvent(cal, b, role, names, now);
  return cal.toString();
}

/** A user's feed: their sessions as client and as trainer from 30 days ago on (cancelled ones as CANCELLED). */
export async function feedIcs(userId: number, now: Date): Promise<string> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const [asClient, asTrainer] = await Promise.all([
    Booking.find({ clientId: userId, start: { $gte: since } }).sort({ start: 1 }).limit(500).lean<StoredBooking[]>(),
    Booking.find({ trainerUserId: userId, start: { $gte: since } }).sort({ start: 1 }).limit(500).lean<StoredBooking[]>(),
  ]);
  const names = await namesOf([...asClient, ...asTrainer].flatMap((b) => [b.clientId, b.trainerUserId]));
  const cal = ical({ prodId: PROD_ID, name: 'FitConnect sessions', ttl: 60 * 60 });
  for (const b of asClient) addEvent(cal, b, 'client', names, now);
  for (const b of asTrainer) addEvent(cal, b, 'trainer', names, now);
  return cal.toString();
}

// ---- Feed tokens -------------------------------------------------------------------------------------

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (secret: string, userId: number, nonce: string) => createHmac('sha256', secret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');
/** A feed token as it appears in the URL: 43 base64url characters. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface FeedUrl {
  token: string;
  createdAt: Date;
}

/** The user's feed token (made on first use). If the secret changed since, the stored hash follows the new token. */
export async function feedToken(userId: number, secret: string, now: Date): Promise<FeedUrl> {
  let feed = await CalendarFeed.findOne({ userId }).lean();
  if (!feed) {
    const nonce = randomBytes(16).toString('base64url');
    try {
      await CalendarFeed.collection.insertOne({ userId, nonce, tokenHash: hashOf(tokenOf(secret, userId, nonce)), createdAt: now });
    } catch (err) {
      if ((err as { code?: unknown }).code !== 11000) throw err;
    }
    feed = await CalendarFeed.findOne({ userId }).lean();
    if (!feed) throw new Error('calendar feed vanished');
  }
  const token = tokenOf(secret, userId, feed.nonce);
  if (hashOf(token) !== feed.tokenHash) await CalendarFeed.updateOne({ userId, nonce: feed.nonce }, { $set: { tokenHash: hashOf(token) } });
  return { token, createdAt: feed.createdAt };
}

/** A new token: the old URL stops working at once. */
export async function rotateFeedToken(userId: number, secret: string, now: Date): Promise<FeedUrl> {
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(secret, userId, nonce);
  await CalendarFeed.findOneAndUpdate({ userId }, { $set: { nonce, tokenHash: hashOf(token), createdAt: now } }, { upsert: true });
  return { token, createdAt: now };
}

/** Whose feed this token opens (looked up by its hash), or null. */
export async function feedOwner(token: string): Promise<number | null> {
  const feed = await CalendarFeed.findOne({ tokenHash: hashOf(token) }, { userId: 1 }).lean();
  return feed?.userId ?? null;
}
