import mongoose, { type PipelineStage, type QueryFilter } from 'mongoose';
import {
  TRAINER_MESSAGES,
  type TrainerListQuery,
  type TrainerProfileBody,
  type TrainerProfilePatch,
  type TrainerReviewBody,
} from '@fitconnect/contracts';
import { conflict, notFound } from '../http/errors';
import { User } from '../users/model';
import { EARTH_RADIUS_METRES, EARTH_RADIUS_MILES, METRES_PER_MILE, haversineMiles, resolvePlace, toGeoPoint, type GeoPoint } from './geo';
import { PRICE_SORT_NONE, Trainer, TrainerReview, refreshTrainerRating, type TrainerFields, type TrainerReviewFields } from './model';
import type { PublicPerson } from './presenter';
import { recordActivity } from '../activity/service';
import type { AppDeps } from '../context';
import { cachedCount } from './countCache';

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/** A literal, case-insensitive "contains" match: user text is escaped, never used as a pattern. */
export function containsText(text: string): { $regex: string; $options: 'i' } {
  return { $regex: text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), $options: 'i' };
}

/** The point a location string resolves to, or null (the trainer is then found only by text). */
export function pointFor(location: string | null | undefined): GeoPoint | null {
  const place = resolvePlace(location);
  return place ? toGeoPoint(place) : null;
}

export type StoredTrainer = TrainerFields;

// ---- Reading --------------------------------------------------------------------------------------

/** The public name and location of each user id (one indexed $in query). */
export async function peopleById(ids: number[]): Promise<Map<number, PublicPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const users = await User.find({ id: { $in: unique } }, { id: 1, firstName: 1, lastName: 1, location: 1 }).lean();
  return new Map(users.map((u) => [u.id, { id: u.id, firstName: u.firstName, lastName: u.lastName, location: u.location ?? '' }]));
}

export async function trainerById(id: number): Promise<StoredTrainer> {
  const t = await Trainer.findOne({ id }).lean<StoredTrainer>();
  if (!t) throw notFound(TRAINER_MESSAGES.notFound);
  return t;
}

export async function trainerOfUser(userId: number): Promise<StoredTrainer> {
  const t = await Trainer.findOne({ userId }).lean<StoredTrainer>();
  if (!t) throw notFound(TRAINER_MESSAGES.profileNotFound);
  return t;
}

export interface TrainerPage {
  items: { trainer: StoredTrainer; distanceMiles: number | null }[];
  total: number;
  /** undefined when no location was searched. */
  locationResolved?: boolean;
}

type SortSpec = Record<string, 1 | -1>;
const SORTS: Record<'rating' | 'price', SortSpec> = {
  rating: { rating: -1, reviewCount: -1, id: 1 },
  price: { priceSort: 1, rating: -1, id: 1 },
};

/**
 * GET /api/trainers. Filters are one MongoDB filter; a resolved place adds $geoNear (2dsphere index on
 * `point`) so nearest come first with their distance; an unresolved one becomes a literal text match on
 * the trainer's location. Every sort ends on `id`, so pages never repeat or skip a trainer.
 */
export async function listTrainers(q: TrainerListQuery, deps?: AppDeps): Promise<TrainerPage> {
  // The total through the app's count cache (countCache.ts) when called from a route.
  const countTrainers = (filter: QueryFilter<TrainerFields>) => cachedCount(deps, filter, () => countMatching(filter));
  const filter: QueryFilter<TrainerFields> = {};
  if (q.online) filter.availableOnline = true;
  if (q.inPerson) filter.availableInPerson = true;
  if (q.maxPrice !== undefined) filter.sessionPrice = { $lte: q.maxPrice };
  if (q.specialty) filter.specialties = containsText(q.specialty);
  if (q.minRating !== undefined) filter.rating = { $gte: q.minRating };

  const place = q.location ? resolvePlace(q.location) : null;
  const locationResolved = q.location ? place !== null : undefined;
  if (q.location && !place) filter.location = containsText(q.location);
  const skip = (q.page - 1) * q.limit;

  if (!place) {
    const sort = q.sort === 'price' ? SORTS.price : SORTS.rating;
    const [docs, total] = await Promise.all([
      Trainer.find(filter).sort(sort).skip(skip).limit(q.limit).lean<StoredTrainer[]>(),
      countTrainers(filter),
    ]);
    return { items: docs.map((trainer) => ({ trainer, distanceMiles: null })), total, locationResolved };
  }

  const near = toGeoPoint(place);
  const located = { ...filter, point: { $exists: true } };
  if (q.sort === 'rating' || q.sort === 'price') {
    // Another order than distance: the sort's own index picks the page; its distances are computed
    // for those few trainers with the same spherical formula (and earth radius) $geoNear uses.
    const [docs, total] = await Promise.all([
      Trainer.find(located).sort(SORTS[q.sort]).skip(skip).limit(q.limit).lean<StoredTrainer[]>(),
      countTrainers(located),
    ]);
    return {
      items: docs.map((t) => ({ trainer: t, distanceMiles: metresBetween(near, t.point!) / METRES_PER_MILE })),
      total,
      locationResolved,
    };
  }
  // Nearest first: $geoNear walks the 2dsphere index outwards from the place. It is asked for the
  // trainers within a radius that grows (10 km, 50 km, 250 km, then anywhere) until the page is full,
  // so a busy area is answered from a small cap of the index (on the embedded database an unbounded
  // $geoNear visits every point even behind a $limit). Trainers at equal distances (one postcode
  // district) are ordered by id, so pages neither repeat nor skip anyone.
  const want = skip + q.limit;
  const [docs, total] = await Promise.all([nearest(near, filter, want), countTrainers(located)]);
  const page = docs.slice(skip, want);
  return {
    items: page.map((t) => ({ trainer: t, distanceMiles: t.distanceMeters / METRES_PER_MILE })),
    total,
    locationResolved,
  };
}

const GEO_RADII_METRES = [10_000, 50_000, 250_000, undefined];

/** The `want` trainers nearest to `near` that match `filter`, nearest first, with `distanceMeters`. */
async function nearest(near: GeoPoint, filter: QueryFilter<TrainerFields>, want: number) {
  let docs: (StoredTrainer & { distanceMeters: number })[] = [];
  for (const maxDistance of GEO_RADII_METRES) {
    const pipeline: PipelineStage[] = [
      { $geoNear: { near, distanceField: 'distanceMeters', spherical: true, key: 'point', query: filter, ...(maxDistance ? { maxDistance } : {}) } },
      { $limit: want },
    ];
    docs = await Trainer.aggregate<StoredTrainer & { distanceMeters: number }>(pipeline);
    if (docs.length >= want) break;
  }
  if (docs.length >= want) {
    // Ties at the cut: take everyone as far as the last one, then order by (distance, id).
    const last = docs[docs.length - 1].distanceMeters;
    docs = await Trainer.aggregate<StoredTrainer & { distanceMeters: number }>([
      { $geoNear: { near, distanceField: 'distanceMeters', spherical: true, key: 'point', query: filter, maxDistance: last + 1 } },
    ]);
  }
  return docs.sort((a, b) => a.distanceMeters - b.distanceMeters || a.id - b.id);
}

/** The number of trainers matching a filter, with the `count` command (answered from the collection, no pipeline). */
async function countMatching(filter: QueryFilter<TrainerFields>): Promise<number> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('Database not connected');
  const r = await db.command({ count: Trainer.collection.collectionName, query: filter });
  return Number(r.n ?? 0);
}

/** Great-circle distance in metres between two GeoJSON points, as MongoDB's spherical $geoNear measures it. */
function metresBetween(a: GeoPoint, b: { coordinates: [number, number] }): number {
  const [lon1, lat1] = a.coordinates;
  const [lon2, lat2] = b.coordinates;
  return (haversineMiles(lat1, lon1, lat2, lon2) / EARTH_RADIUS_MILES) * EARTH_RADIUS_METRES;
}

// ---- Profile ----------------------------------------------------------------------------------------

/** POST /api/trainers/profile: one per account (unique userId index: a second call is a 409). */
export async function createProfile(user: { id: number; location?: string }, body: TrainerProfileBody): Promise<StoredTrainer> {
  const location = body.location || user.location || '';
  const point = pointFor(location);
  try {
    const doc = await Trainer.create({
      userId: user.id,
      specialization: body.specialization,
      description: body.description,
      yearsOfExperience: body.yearsOfExperience,
      specialties: body.specialties,
      certifications: body.certifications,
      education: body.education,
      sessionPrice: body.sessionPrice,
      availableOnline: body.availableOnline,
      availableInPerson: body.availableInPerson,
      instagramHandle: body.instagramHandle,
      twitterHandle: body.twitterHandle,
      websiteUrl: body.websiteUrl,
      location,
      ...(point ? { point } : {}),
    });
    // The Community feed's "Recent activity" (issue 28.9).
    await recordActivity({ kind: 'trainer_joined', refId: doc.id, key: `trainer_joined:${doc.id}`, at: doc.createdAt ?? new Date() });
    return doc.toObject() as StoredTrainer;
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(TRAINER_MESSAGES.profileExists);
    throw err;
  }
}

/** PATCH /api/trainers/{id}: only the fields sent; a new location is resolved again. The photo is not set here. */
export async function updateProfile(id: number, patch: TrainerProfilePatch): Promise<StoredTrainer> {
  const { profileImage: _ignored, location, ...fields } = patch;
  const $set: Record<string, unknown> = { ...fields };
  const $unset: Record<string, 1> = {};
  if (fields.sessionPrice !== undefined) $set.priceSort = fields.sessionPrice ?? PRICE_SORT_NONE;
  if (location !== undefined) {
    $set.location = location;
    const point = pointFor(location);
    if (point) $set.point = point;
    else $unset.point = 1;
  }
  const update = Object.keys($unset).length ? { $set, $unset } : { $set };
  const t = await Trainer.findOneAndUpdate({ id }, update, { returnDocument: 'after', runValidators: true, lean: true });
  if (!t) throw notFound(TRAINER_MESSAGES.notFound);
  return t as StoredTrainer;
}

export async function setSpecialties(id: number, specialties: string[]): Promise<StoredTrainer> {
  const t = await Trainer.findOneAndUpdate({ id }, { $set: { specialties } }, { returnDocument: 'after', lean: true });
  if (!t) throw notFound(TRAINER_MESSAGES.notFound);
  return t as StoredTrainer;
}

/**
 * Give every trainer that lacks one a point from its location (else its account's location). Idempotent;
 * run by the seed on every start so databases seeded before points existed get them too.
 */
export async function ensureTrainerPoints(): Promise<number> {
  const missing = await Trainer.find({ point: { $exists: false } }, { id: 1, userId: 1, location: 1 }).lean();
  if (missing.length === 0) return 0;
  const people = await peopleById(missing.map((t) => t.userId));
  let placed = 0;
  for (const t of missing) {
    const location = t.location || people.get(t.userId)?.location || '';
    const point = pointFor(location);
    const $set: Record<string, unknown> = { location };
    if (point) {
      $set.point = point;
      placed++;
    }
    await Trainer.updateOne({ id: t.id, point: { $exists: false } }, { $set });
  }
  return placed;
}

// ---- Reviews ----------------------------------------------------------------------------------------

export type StoredReview = TrainerReviewFields;

/**
 * POST /api/reviews: one review per client per trainer (unique index). A repeat updates the client's
 * review. The trainer's rating and count are recomputed afterwards (exact under concurrency).
 */
export async function upsertReview(reviewerId: number, trainerId: number, body: TrainerReviewBody): Promise<{ review: StoredReview; created: boolean }> {
  const set = { rating: body.rating, comment: body.comment };
  const existing = await TrainerReview.findOneAndUpdate({ trainerId, userId: reviewerId }, { $set: set }, { returnDocument: 'after', lean: true });
  let review = existing as StoredReview | null;
  let created = false;
  if (!review) {
    try {
      review = (await TrainerReview.create({ trainerId, userId: reviewerId, ...set })).toObject() as StoredReview;
      created = true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // A simultaneous first review by the same client won the insert: this one is an update.
      review = (await TrainerReview.findOneAndUpdate({ trainerId, userId: reviewerId }, { $set: set }, { returnDocument: 'after', lean: true })) as StoredReview | null;
      if (!review) throw err;
    }
  }
  await refreshTrainerRating(trainerId);
  return { review, created };
}

/** Newest first (index trainerId + createdAt). At most the newest 100. */
export function reviewsOf(trainerId: number): Promise<StoredReview[]> {
  return TrainerReview.find({ trainerId }).sort({ createdAt: -1, id: -1 }).limit(100).lean<StoredReview[]>();
}

/**
 * Which reviewers are verified clients: they had a session with the trainer that was completed (a confirmed
 * booking whose end has passed, collection `bookings`), or they wrote to the trainer's account and the
 * trainer's account wrote back (collection `messages`; typed messages only: the system lines bookings add
 * do not count). Both are owned by other modules and read through the native driver so this does not
 * depend on their model files.
 */
export async function verifiedClients(trainerUserId: number, reviewerIds: number[], now: Date = new Date()): Promise<Set<number>> {
  const ids = [...new Set(reviewerIds)];
  if (ids.length === 0) return new Set();
  const messages = mongoose.connection.collection('messages');
  const typed = { kind: { $ne: 'system' } };
  const [repliedTo, wrote, hadSession] = await Promise.all([
    messages.distinct('receiverId', { senderId: trainerUserId, receiverId: { $in: ids }, ...typed }),
    messages.distinct('senderId', { senderId: { $in: ids }, receiverId: trainerUserId, ...typed }),
    mongoose.connection.collection('bookings').distinct('clientId', { trainerUserId, start: { $lt: now }, status: 'confirmed', end: { $lte: now }, clientId: { $in: ids } }),
  ]);
  const wroteSet = new Set(wrote.map(Number));
  const verified = new Set(repliedTo.map(Number).filter((id) => wroteSet.has(id)));
  for (const id of hadSession) verified.add(Number(id));
  return verified;
}
