import { ACTIVITY_HELPFUL_VOTES, ACTIVITY_PAGE_SIZE, ACTIVITY_POPULAR_PARTICIPANTS, type ActivityItem, type ActivityKind } from '@fitconnect/contracts';
import { badRequest } from '../http/errors';
import { User } from '../users/model';
import { publicLocation } from '../users/presenter';
import { Trainer } from '../trainers/model';
import { haversineMiles, resolvePlace } from '../trainers/geo';
import { Challenge, ChallengeParticipant } from '../challenges/model';
import { CommunityReview } from '../community/model';
import { Activity, type ActivityFields } from './model';

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export interface NewActivity {
  kind: ActivityKind;
  refId: number;
  userId?: number | null;
  key: string;
  at: Date;
}

/**
 * Record one event. Called by the trainers, challenges and community services right after the write that
 * makes the event happen. The same key twice (a retry, two simultaneous joins both seeing N participants)
 * is one row. A failure here never fails the user's action: it is logged, the feed simply misses the item.
 */
export async function recordActivity(a: NewActivity): Promise<void> {
  try {
    await Activity.create({ kind: a.kind, refId: a.refId, userId: a.userId ?? null, key: a.key, at: a.at });
  } catch (err) {
    if (isDuplicateKey(err)) return;
    console.warn(`[activity] could not record ${a.key}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

interface Cursor {
  a: number;
  i: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  let o: Partial<Cursor> | null = null;
  try {
    o = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    o = null;
  }
  if (!o || !Number.isFinite(o.a) || !Number.isInteger(o.i)) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return o as Cursor;
}

/** A signed-in viewer further than this from a new trainer does not see that trainer's item ("near you"). */
export const NEAR_MILES = 50;
/** Rows read per batch while filling a page (rows whose subject is gone or hidden are skipped). */
const BATCH = 40;
/** Batches read at most for one page: a page may come back short, with a cursor to go on. */
const MAX_BATCHES = 5;

type Row = Pick<ActivityFields, 'id' | 'kind' | 'refId' | 'userId' | 'at'>;

const person = (u: { firstName: string; lastName: string }) => ({ firstName: u.firstName, lastInitial: u.lastName ? `${u.lastName.charAt(0).toUpperCase()}.` : '' });

/** Turn rows into public items from the current state of their subjects; rows whose subject is gone drop out. */
async function present(rows: Row[], viewer: { lat: number; lon: number } | null): Promise<ActivityItem[]> {
  const ids = (kinds: ActivityKind[]) => [...new Set(rows.filter((r) => kinds.includes(r.kind)).map((r) => r.refId))];
  const trainerIds = ids(['trainer_joined']);
  const challengeIds = ids(['challenge_completed', 'challenge_popular']);
  const reviewIds = ids(['review_posted', 'review_helpful']);
  const [trainers, challenges, reviews] = await Promise.all([
    trainerIds.length ? Trainer.find({ id: { $in: trainerIds } }).select({ id: 1, userId: 1, specialization: 1, location: 1, point: 1 }).lean() : [],
    challengeIds.length
      ? Challenge.find({ id: { $in: challengeIds }, hidden: { $ne: true } }).select({ id: 1, title: 1, participantCount: 1 }).lean()
      : [],
    reviewIds.length
      ? CommunityReview.find({ id: { $in: reviewIds }, hidden: false }).select({ id: 1, userId: 1, isAnonymous: 1, title: 1, rating: 1, helpful: 1 }).lean()
      : [],
  ]);
  // People: trainers' accounts, completers, and authors of reviews that show their author (never an anonymous one's).
  const userIds = new Set<number>();
  for (const t of trainers) userIds.add(t.userId);
  for (const r of rows) if (r.kind === 'challenge_completed' && r.userId != null) userIds.add(r.userId);
  for (const r of reviews) if (!r.isAnonymous && r.userId != null) userIds.add(r.userId);
  const users = userIds.size ? await User.find({ id: { $in: [...userIds] } }).select({ id: 1, firstName: 1, lastName: 1, location: 1 }).lean() : [];
  const userById = new Map(users.map((u) => [u.id, u]));
  const trainerById = new Map(trainers.map((t) => [t.id, t]));
  const challengeById = new Map(challenges.map((c) => [c.id, c]));
  const reviewById = new Map(reviews.map((r) => [r.id, r]));

  const out: ActivityItem[] = [];
  for (const r of rows) {
    const base = { id: r.id, at: new Date(r.at).toISOString() };
    if (r.kind === 'trainer_joined') {
      const t = trainerById.get(r.refId);
      const u = t ? userById.get(t.userId) : undefined;
      if (!t || !u) continue;
      const coords = t.point?.coordinates;
      const distanceMiles = viewer && coords ? Math.round(haversineMiles(viewer.lat, viewer.lon, coords[1], coords[0])) : null;
      if (distanceMiles !== null && distanceMiles > NEAR_MILES) continue;
      out.push({
        ...base,
        kind: 'trainer_joined',
        trainer: {
          id: t.id,
          name: `${u.firstName} ${u.lastName}`.trim(),
          specialization: t.specialization ?? '',
          location: publicLocation(t.location || u.location),
          distanceMiles,
        },
      });
    } else if (r.kind === 'challenge_completed' || r.kind === 'challenge_popular') {
      const c = challengeById.get(r.refId);
      if (!c) continue;
      const challenge = { id: c.id, title: c.title };
      if (r.kind === 'challenge_popular') {
        out.push({ ...base, kind: 'challenge_popular', challenge, participants: c.participantCount ?? 0 });
      } else {
        const u = r.userId != null ? userById.get(r.userId) : undefined;
        if (!u) continue;
        out.push({ ...base, kind: 'challenge_completed', challenge, person: person(u) });
      }
    } else {
      const rv = reviewById.get(r.refId);
      if (!rv) continue;
      const author = !rv.isAnonymous && rv.userId != null ? userById.get(rv.userId) : undefined;
      out.push({
        ...base,
        kind: r.kind,
        review: { id: rv.id, title: rv.title, rating: rv.rating, helpful: rv.helpful },
        person: author ? person(author) : null,
      });
    }
  }
  return out;
}

/** Where the viewer is, when signed in with a location the place list knows. */
export async function viewerPlace(userId: number | null): Promise<{ lat: number; lon: number } | null> {
  if (userId == null) return null;
  const u = await User.findOne({ id: userId }).select({ location: 1 }).lean();
  const place = resolvePlace(u?.location);
  return place ? { lat: place.lat, lon: place.lon } : null;
}

/**
 * GET /api/activity: newest first, one page. Rows are read in index order (at desc, id desc) in batches
 * until the page is full; the cursor continues strictly after the last row read, so an item added meanwhile
 * never pushes a seen one onto the next page, and a skipped (hidden, deleted, far) row is not read again.
 */
export async function listActivity(cursor: string | undefined, viewerId: number | null): Promise<{ items: ActivityItem[]; nextCursor: string | null }> {
  const viewer = await viewerPlace(viewerId);
  let after = cursor ? decodeCursor(cursor) : null;
  const items: ActivityItem[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const filter = after ? { $or: [{ at: { $lt: new Date(after.a) } }, { at: new Date(after.a), id: { $lt: after.i } }] } : {};
    const rows = await Activity.find(filter).sort({ at: -1, id: -1 }).limit(BATCH).select({ id: 1, kind: 1, refId: 1, userId: 1, at: 1 }).lean<Row[]>();
    if (rows.length === 0) return { items, nextCursor: null };
    const presented = await present(rows, viewer);
    const byRow = new Map(presented.map((p) => [p.id, p]));
    for (const r of rows) {
      after = { a: new Date(r.at).getTime(), i: r.id };
      const item = byRow.get(r.id);
      if (item) items.push(item);
      if (items.length === ACTIVITY_PAGE_SIZE) {
        const more = await Activity.exists({ $or: [{ at: { $lt: new Date(after.a) } }, { at: new Date(after.a), id: { $lt: after.i } }] });
        return { items, nextCursor: more ? encodeCursor(after) : null };
      }
    }
    if (rows.length < BATCH) return { items, nextCursor: null };
  }
  return { items, nextCursor: after ? encodeCursor(after) : null };
}

/**
 * The demo seed's data happened before the feed existed: write the rows its events would have written
 * (trainers joined, challenges completed or with N participants, well-rated and helpful reviews), at the
 * times they happened. Idempotent (the same keys), so a second run adds nothing.
 */
export async function backfillActivity(now: Date): Promise<void> {
  const clamp = (d: Date | null | undefined) => new Date(Math.min((d ? new Date(d) : now).getTime(), now.getTime()));
  for (const t of await Trainer.find({}).select({ id: 1, createdAt: 1 }).lean()) {
    await recordActivity({ kind: 'trainer_joined', refId: t.id, key: `trainer_joined:${t.id}`, at: clamp(t.createdAt) });
  }
  for (const p of await ChallengeParticipant.find({ completed: true }).select({ challengeId: 1, userId: 1, completedAt: 1 }).lean()) {
    await recordActivity({ kind: 'challenge_completed', refId: p.challengeId, userId: p.userId, key: `challenge_completed:${p.challengeId}:${p.userId}`, at: clamp(p.completedAt) });
  }
  for (const c of await Challenge.find({ participantCount: { $gte: ACTIVITY_POPULAR_PARTICIPANTS }, endDate: { $gte: now } }).select({ id: 1, startDate: 1, createdAt: 1 }).lean()) {
    await recordActivity({ kind: 'challenge_popular', refId: c.id, key: `challenge_popular:${c.id}`, at: clamp(c.startDate < c.createdAt ? c.createdAt : c.startDate) });
  }
  for (const r of await CommunityReview.find({}).select({ id: 1, rating: 1, helpful: 1, createdAt: 1 }).lean()) {
    if (r.rating >= 4) await recordActivity({ kind: 'review_posted', refId: r.id, key: `review_posted:${r.id}`, at: clamp(r.createdAt) });
    if (r.helpful >= ACTIVITY_HELPFUL_VOTES) {
      await recordActivity({ kind: 'review_helpful', refId: r.id, key: `review_helpful:${r.id}`, at: clamp(new Date(new Date(r.createdAt).getTime() + 6 * 3_600_000)) });
    }
  }
}
