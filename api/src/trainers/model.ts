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
  profileImage: string | null;
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
trainerReviewSchema.index({ trainerId: 1, createdAt: -1 });
export const TrainerReview = mongoose.model<TrainerReviewFields>('TrainerReview', trainerReviewSchema);

/** Recompute a trainer's rating and reviewCount from its reviews. */
export async function refreshTrainerRating(trainerId: number): Promise<void> {
  const reviews = await TrainerReview.find({ trainerId }, { rating: 1 }).lean();
  const count = reviews.length;
  const avg = count ? reviews.reduce((s, r) => s + r.rating, 0) / count : 0;
  await Trainer.updateOne({ id: trainerId }, { $set: { rating: Math.round(avg * 10) / 10, reviewCount: count } });
}
