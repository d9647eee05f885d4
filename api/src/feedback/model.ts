import mongoose, { Schema, type HydratedDocument } from 'mongoose';
import { FEEDBACK_INTERESTS, FEEDBACK_TYPES, type FeedbackInterest, type FeedbackType } from '@fitconnect/contracts';
import { numericId } from '../db/counter';

/** Feedback from the feedback and community card (SPEC §3). userId and isTrainer come from the session. */
export interface FeedbackFields {
  id: number;
  type: FeedbackType;
  content: string;
  email: string | null;
  joinCommunity: boolean;
  interests: FeedbackInterest[];
  userId: number | null;
  isTrainer: boolean;
  createdAt: Date;
}
export type FeedbackDoc = HydratedDocument<FeedbackFields>;

const feedbackSchema = new Schema<FeedbackFields>(
  {
    type: { type: String, required: true, enum: FEEDBACK_TYPES },
    content: { type: String, required: true, trim: true, minlength: 1, maxlength: 5000 },
    email: { type: String, default: null, lowercase: true, trim: true },
    joinCommunity: { type: Boolean, default: false },
    interests: { type: [{ type: String, enum: FEEDBACK_INTERESTS }], default: [] },
    userId: { type: Number, default: null },
    isTrainer: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'feedback' },
);
feedbackSchema.plugin(numericId('feedback'));
feedbackSchema.index({ createdAt: -1 });
export const Feedback = mongoose.model<FeedbackFields>('Feedback', feedbackSchema);
