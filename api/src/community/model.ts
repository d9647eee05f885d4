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
  /** Distinct people who reported it since a moderator last restored it. */
  reportCount: number;
  /** Hidden from the list (reported by COMMUNITY_REPORT_HIDE_THRESHOLD people) until a moderator restores it. */
  hidden: boolean;
  hiddenAt: Date | null;
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
    reportCount: { type: Number, default: 0, min: 0 },
    hidden: { type: Boolean, default: false },
    hiddenAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'communityreviews' },
);
communityReviewSchema.plugin(numericId('communityReviews'));
// The list (visible reviews, hidden: false) in each of its orders, all categories or one: read in index order.
communityReviewSchema.index({ hidden: 1, createdAt: -1, id: -1 });
communityReviewSchema.index({ hidden: 1, helpful: -1, createdAt: -1, id: -1 });
communityReviewSchema.index({ category: 1, hidden: 1, createdAt: -1, id: -1 });
communityReviewSchema.index({ category: 1, hidden: 1, helpful: -1, createdAt: -1, id: -1 });
export const CommunityReview = mongoose.model<CommunityReviewFields>('CommunityReview', communityReviewSchema);

/** One 'helpful' vote: the unique (reviewId, userId) index is what makes it once per person. */
export interface HelpfulVoteFields {
  reviewId: number;
  userId: number;
  createdAt: Date;
}
const helpfulVoteSchema = new Schema<HelpfulVoteFields>(
  { reviewId: { type: Number, required: true }, userId: { type: Number, required: true }, createdAt: { type: Date, required: true } },
  { versionKey: false, collection: 'communityreviewvotes' },
);
helpfulVoteSchema.index({ reviewId: 1, userId: 1 }, { unique: true });
helpfulVoteSchema.index({ userId: 1 });
export const HelpfulVote = mongoose.model<HelpfulVoteFields>('CommunityReviewVote', helpfulVoteSchema);

/** One report of a review by one person (unique per (reviewId, userId)); `resolved` once a moderator restored it. */
export interface ReviewReportFields {
  reviewId: number;
  userId: number;
  reason: string;
  resolved: boolean;
  createdAt: Date;
}
const reviewReportSchema = new Schema<ReviewReportFields>(
  {
    reviewId: { type: Number, required: true },
    userId: { type: Number, required: true },
    reason: { type: String, default: '', maxlength: 500 },
    resolved: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'communityreviewreports' },
);
reviewReportSchema.index({ reviewId: 1, userId: 1 }, { unique: true });
export const ReviewReport = mongoose.model<ReviewReportFields>('CommunityReviewReport', reviewReportSchema);
