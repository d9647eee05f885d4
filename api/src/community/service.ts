import {
  ACTIVITY_HELPFUL_VOTES,
  COMMUNITY_REPORT_HIDE_THRESHOLD,
  type CommunityReview as PublicReview,
  type CommunityReviewsQuery,
  type CreateCommunityReviewBody,
  type HelpfulResponse,
  type ReportCommunityReviewBody,
} from '@fitconnect/contracts';
import type { QueryFilter } from 'mongoose';
import { badRequest, conflict, notFound } from '../http/errors';
import { User } from '../users/model';
import { recordActivity } from '../activity/service';
import { CommunityReview, HelpfulVote, ReviewReport, type CommunityReviewFields } from './model';
import { authorizeHelpfulVote, authorizeReport } from './policy';
import { presentReview, showsAuthor, type Author } from './presenter';

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

type Lean = CommunityReviewFields & { _id: unknown };

/**
 * Keyset cursors. Newest: (createdAt desc, id desc). Most helpful: (helpful desc, createdAt desc, id desc).
 * A page continues strictly after the last row it returned, so a review posted meanwhile (newer than the
 * cursor) can never push an already-seen review onto the next page, and none is skipped.
 */
interface Cursor {
  s: 'newest' | 'helpful';
  c: number;
  i: number;
  h?: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, sort: Cursor['s']): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    c = null;
  }
  const o = c as Partial<Cursor> | null;
  const ok =
    !!o &&
    o.s === sort &&
    Number.isFinite(o.c) &&
    Number.isInteger(o.i) &&
    (sort === 'newest' || Number.isInteger(o.h));
  if (!ok) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return o as Cursor;
}

function afterCursor(c: Cursor): QueryFilter<CommunityReviewFields> {
  const at = new Date(c.c);
  const byTime = [{ createdAt: { $lt: at } }, { createdAt: at, id: { $lt: c.i } }];
  if (c.s === 'newest') return { $or: byTime };
  return { $or: [{ helpful: { $lt: c.h } }, ...byTime.map((t) => ({ helpful: c.h, ...t }))] };
}

export interface ReviewPage {
  reviews: PublicReview[];
  nextCursor: string | null;
  total: number;
}

/** Enrich stored reviews for a viewer: authors (only of reviews that show one) and the viewer's votes. */
export async function presentReviews(rows: Lean[], viewerId: number | null): Promise<PublicReview[]> {
  const authorIds = [...new Set(rows.filter(showsAuthor).map((r) => r.userId as number))];
  const authors = new Map<number, Author>();
  if (authorIds.length) {
    for (const u of await User.find({ id: { $in: authorIds } }).select({ id: 1, firstName: 1, lastName: 1, username: 1 }).lean()) {
      authors.set(u.id, u);
    }
  }
  const voted = new Set<number>();
  if (viewerId !== null && rows.length) {
    const votes = await HelpfulVote.find({ userId: viewerId, reviewId: { $in: rows.map((r) => r.id) } }).select({ reviewId: 1 }).lean();
    for (const v of votes) voted.add(v.reviewId);
  }
  return rows.map((r) =>
    presentReview(r, { author: r.userId !== null ? authors.get(r.userId) : null, viewerId, voted: voted.has(r.id) }),
  );
}

/** GET /api/community-reviews: visible reviews of a category (or all), newest or most helpful first, one page. */
export async function listReviews(q: CommunityReviewsQuery, viewerId: number | null): Promise<ReviewPage> {
  // Every review is stored with hidden: false until reports hide it: an equality the list's indexes lead with.
  const base: QueryFilter<CommunityReviewFields> = { hidden: false };
  if (q.category !== 'all') base.category = q.category;
  const filter = q.cursor ? { $and: [base, afterCursor(decodeCursor(q.cursor, q.sort))] } : base;
  const sort: Record<string, 1 | -1> = q.sort === 'helpful' ? { helpful: -1, createdAt: -1, id: -1 } : { createdAt: -1, id: -1 };
  const [rows, total] = await Promise.all([
    CommunityReview.find(filter).sort(sort).limit(q.limit + 1).lean<Lean[]>(),
    CommunityReview.countDocuments(base),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ s: q.sort, c: new Date(last.createdAt).getTime(), i: last.id, ...(q.sort === 'helpful' ? { h: last.helpful } : {}) })
      : null;
  return { reviews: await presentReviews(page, viewerId), nextCursor, total };
}

/** POST /api/community-reviews: the author is the signed-in user. */
export async function createReview(userId: number, body: CreateCommunityReviewBody, now: Date): Promise<PublicReview> {
  const review = await CommunityReview.create({ ...body, userId, helpful: 0, createdAt: now, updatedAt: now });
  // The Community feed's "Recent activity" (issue 28.9): well-rated reviews (an anonymous one names nobody there).
  if (review.rating >= 4) await recordActivity({ kind: 'review_posted', refId: review.id, key: `review_posted:${review.id}`, at: now });
  const [presented] = await presentReviews([review.toObject() as Lean], userId);
  return presented;
}

async function visibleReview(id: number): Promise<Lean> {
  const review = await CommunityReview.findOne({ id, hidden: { $ne: true } }).lean<Lean>();
  if (!review) throw notFound('Review not found');
  return review;
}

/**
 * PATCH /api/community-reviews/{id}/helpful. The vote is a row under a unique (reviewId, userId) index;
 * only the request whose insert succeeds increments the count, so the count follows the votes exactly
 * however many arrive at once. A repeated vote changes nothing (it does not toggle) and answers the count.
 */
export async function markHelpful(id: number, userId: number, now: Date): Promise<HelpfulResponse> {
  const review = await visibleReview(id);
  authorizeHelpfulVote({ id: userId }, review);
  try {
    await HelpfulVote.create({ reviewId: id, userId, createdAt: now });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const current = await CommunityReview.findOne({ id }).select({ helpful: 1 }).lean();
    return { id, helpful: current?.helpful ?? review.helpful, votedHelpful: true };
  }
  const updated = await CommunityReview.findOneAndUpdate({ id }, { $inc: { helpful: 1 } }, { returnDocument: 'after', lean: true });
  if (updated && updated.helpful >= ACTIVITY_HELPFUL_VOTES) {
    await recordActivity({ kind: 'review_helpful', refId: id, key: `review_helpful:${id}`, at: now });
  }
  return { id, helpful: updated?.helpful ?? review.helpful + 1, votedHelpful: true };
}

/**
 * POST /api/community-reviews/{id}/report: once per person (unique (reviewId, userId)). The review's
 * reportCount is bumped atomically; the report that brings it to the threshold hides the review.
 */
export async function reportReview(id: number, userId: number, body: ReportCommunityReviewBody, now: Date): Promise<{ hidden: boolean }> {
  const review = await visibleReview(id);
  authorizeReport({ id: userId }, review);
  try {
    await ReviewReport.create({ reviewId: id, userId, reason: body.reason, resolved: false, createdAt: now });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict('You have already reported this review');
    throw err;
  }
  const updated = await CommunityReview.findOneAndUpdate({ id }, { $inc: { reportCount: 1 } }, { returnDocument: 'after', lean: true });
  if (updated && updated.reportCount >= COMMUNITY_REPORT_HIDE_THRESHOLD) {
    await CommunityReview.updateOne({ id, hidden: { $ne: true } }, { $set: { hidden: true, hiddenAt: now } });
    return { hidden: true };
  }
  return { hidden: false };
}

// --- Moderation (npm run moderate) ---

export interface HiddenReview {
  id: number;
  category: string;
  title: string;
  comment: string;
  hiddenAt: Date | null;
  reports: { userId: number; reason: string; at: Date }[];
}

/** Reviews hidden by reports, newest hidden first, with their open reports. */
export async function hiddenReviews(): Promise<HiddenReview[]> {
  const rows = await CommunityReview.find({ hidden: true }).sort({ hiddenAt: -1, id: -1 }).lean<Lean[]>();
  const out: HiddenReview[] = [];
  for (const r of rows) {
    const reports = await ReviewReport.find({ reviewId: r.id, resolved: false }).sort({ createdAt: 1 }).lean();
    out.push({
      id: r.id,
      category: r.category,
      title: r.title,
      comment: r.comment,
      hiddenAt: r.hiddenAt ?? null,
      reports: reports.map((x) => ({ userId: x.userId, reason: x.reason, at: x.createdAt })),
    });
  }
  return out;
}

/**
 * A moderator looked and keeps the review: it shows again, its open reports are resolved and its count
 * starts from zero (the same people cannot report it twice; three new reporters hide it again).
 */
export async function restoreReview(id: number): Promise<boolean> {
  const res = await CommunityReview.updateOne({ id, hidden: true }, { $set: { hidden: false, hiddenAt: null, reportCount: 0 } });
  if (res.matchedCount === 0) return false;
  await ReviewReport.updateMany({ reviewId: id, resolved: false }, { $set: { resolved: true } });
  return true;
}

/** A moderator removes a review for good (its votes and reports go with it). */
export async function deleteReview(id: number): Promise<boolean> {
  const res = await CommunityReview.deleteOne({ id });
  if (res.deletedCount === 0) return false;
  await Promise.all([HelpfulVote.deleteMany({ reviewId: id }), ReviewReport.deleteMany({ reviewId: id })]);
  return true;
}
