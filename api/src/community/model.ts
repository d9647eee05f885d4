import mongoose, { Schema, type HydratedDocument } from 'mongoose';
import { COMMUNITY_REVIEW_CATEGORIES, type CommunityReviewCategory } from '@fitconnect/contracts';
import { numericId } from '../db/counter';

/** A community review (SPEC §3). Shown as 'Anonymous User' when isAnonymous or without a user. */
export interface CommunityReviewFields {
  id: number;
  userId: number | null;
  category: CommunityReviewCategory;
  rating: number;
  title: string;
  comment: string;
  helpful: number;
  isAnonymous: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type CommunityReviewDoc = HydratedDocument<CommunityReviewFields>;

const communityReviewSchema = new Schema<CommunityReviewFields>(
  {
    userId: { type: Number, default: null },
    category: { type: String, required: true, enum: COMMUNITY_REVIEW_CATEGORIES },
    rating: { type: Number, required: true, min: 1, max: 5 },
    title: { type: String, required: true, trim: true, minlength: 5, maxlength: 100 },
    comment: { type: String, required: true, trim: true, minlength: 10, maxlength: 1000 },
    helpful: { type: Number, default: 0, min: 0 },
    isAnonymous: { type: Boolean, default: false },
  },
  { timestamps: true, collection: 'communityreviews' },
);
communityReviewSchema.plugin(numericId('communityReviews'));
communityReviewSchema.index({ category: 1, createdAt: -1 });
export const CommunityReview = mongoose.model<CommunityReviewFields>('CommunityReview', communityReviewSchema);
