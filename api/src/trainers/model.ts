import mongoose, { Schema, type HydratedDocument } from 'mongoose';
import { numericId } from '../db/counter';

/** A trainer's public profile (SPEC §3); name and location come from the linked User (userId). */
export interface TrainerFields {
  id: number;
  userId: number;
  specialization: string;
  description: string;
  yearsOfExperience: number;
  specialties: string[];
  certifications: string[];
  education: string;
  /** Pounds per hour; null when not given. */
  sessionPrice: number | null;
  availableOnline: boolean;
  availableInPerson: boolean;
  /** Public URL of the 800 px photo (/api/trainer-photos/<fileId>); null = none. */
  profileImage: string | null;
  profileImageThumb: string | null;
  /** GridFS file ids (hex) of the photo and its thumbnail: private, deleted when the photo is replaced. */
  photoFileId: string | null;
  thumbFileId: string | null;
  /** Where the trainer works (postcode, outcode or town); defaults to the account's location. */
  location: string;
  /** `location` resolved to a GeoJSON point when saved; absent when it could not be resolved. */
  point?: { type: 'Point'; coordinates: [number, number] } | null;
  /** sessionPrice for sorting, with "no price" last (sessionPrice ?? PRICE_SORT_NONE). Private. */
  priceSort: number;
  /** Bumped atomically by every review write; the rating recompute of the highest version wins. Private. */
  ratingVersion: number;
  /** The ratingVersion whose recompute `rating`/`reviewCount` hold. Private. */
  ratedVersion: number;
  /** Average review rating (0 when no reviews) and count, kept in step with TrainerReview. */
  rating: number;
  reviewCount: number;
  instagramHandle: string;
  twitterHandle: string;
  websiteUrl: string;
  createdAt: Date;
  updatedAt: Date;
}
export type TrainerDoc = HydratedDocument<TrainerFields>;

/** priceSort of a trainer without a price: after every real price. */
export const PRICE_SORT_NONE = 1e9;

const trainerSchema = new Schema<TrainerFields>(
  {
    userId: { type: Number, required: true },
    specialization: { type: String, required: true, trim: true },
    description: { type: String, default: '', trim: true },
    yearsOfExperience: { type: Number, default: 0, min: 0 },
    specialties: { type: [String], default: [] },
    certifications: { type: [String], default: [] },
    education: { type: String, default: '' },
    sessionPrice: { type: Number, default: null, min: 0 },
    availableOnline: { type: Boolean, default: false },
    availableInPerson: { type: Boolean, default: false },
    profileImage: { type: String, default: null },
    profileImageThumb: { type: String, default: null },
    photoFileId: { type: String, default: null },
    thumbFileId: { type: String, default: null },
    location: { type: String, default: '', trim: true },
    point: {
      type: new Schema({ type: { type: String, enum: ['Point'], required: true }, coordinates: { type: [Number], required: true } }, { _id: false }),
      default: undefined,
    },
    priceSort: { type: Number, default: PRICE_SORT_NONE },
    ratingVersion: { type: Number, default: 0 },
    ratedVersion: { type: Number, default: 0 },
    rating: { type: Number, default: 0, min: 0, max: 5 },
    reviewCount: { type: Number, default: 0, min: 0 },
    instagramHandle: { type: String, default: '' },
    twitterHandle: { type: String, default: '' },
    websiteUrl: { type: String, default: '' },
  },
  { timestamps: true, collection: 'trainers' },
);
trainerSchema.plugin(numericId('trainers'));
trainerSchema.index({ userId: 1 }, { unique: true });
// GET /api/trainers: nearest first ($geoNear), best rated first, cheapest first; ties by id.
trainerSchema.index({ point: '2dsphere' });
trainerSchema.index({ rating: -1, reviewCount: -1, id: 1 });
trainerSchema.index({ priceSort: 1, rating: -1, id: 1 });
trainerSchema.pre('validate', function () {
  this.priceSort = this.sessionPrice ?? PRICE_SORT_NONE;
});
export const Trainer = mongoose.model<TrainerFields>('Trainer', trainerSchema);

/** One review per trainer per user (unique index). */
export interface TrainerReviewFields {
  id: number;
  trainerId: number;
  userId: number;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
}
const trainerReviewSchema = new Schema<TrainerReviewFields>(
  {
    trainerId: { type: Number, required: true },
    userId: { type: Number, required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    comment: { type: String, default: '', trim: true },
  },
  { timestamps: true, collection: 'trainerreviews' },
);
trainerReviewSchema.plugin(numericId('trainerReviews'));
trainerReviewSchema.index({ trainerId: 1, userId: 1 }, { unique: true });
// A trainer's reviews, newest first (ties by id): read in index order.
trainerReviewSchema.index({ trainerId: 1, createdAt: -1, id: -1 });
export const TrainerReview = mongoose.model<TrainerReviewFields>('TrainerReview', trainerReviewSchema);

/**
 * Recompute a trainer's rating (one decimal) and reviewCount from its reviews in one aggregation, exact
 * under concurrent review writes: every caller first bumps `ratingVersion` atomically, then aggregates,
 * then writes only if no later version has written already. The highest version's aggregation started
 * after every earlier write, so the last value standing counts every review.
 */
export async function refreshTrainerRating(trainerId: number): Promise<void> {
  const bumped = await Trainer.findOneAndUpdate({ id: trainerId }, { $inc: { ratingVersion: 1 } }, { returnDocument: 'after', lean: true, projection: { ratingVersion: 1 } });
  if (!bumped) return;
  const version = bumped.ratingVersion;
  const [agg] = await TrainerReview.aggregate<{ avg: number; n: number }>([
    { $match: { trainerId } },
    { $group: { _id: null, avg: { $avg: '$rating' }, n: { $sum: 1 } } },
  ]);
  const count = agg?.n ?? 0;
  const rating = count ? Math.round(agg.avg * 10) / 10 : 0;
  await Trainer.updateOne(
    { id: trainerId, $or: [{ ratedVersion: { $lt: version } }, { ratedVersion: { $exists: false } }] },
    { $set: { rating, reviewCount: count, ratedVersion: version } },
  );
}
