import mongoose, { Schema } from 'mongoose';
import { ACTIVITY_KINDS, type ActivityKind } from '@fitconnect/contracts';
import { numericId } from '../db/counter';

/**
 * One public event for the Community feed's "Recent activity" (issue 28.9), written in the same step as
 * the event itself (a trainer profile created, a challenge completed or reaching N participants, a review
 * posted or reaching N helpful marks). It holds references, not copies: the feed reads the current
 * trainer / challenge / review when it answers, so a thing hidden or deleted since leaves the feed, and an
 * anonymous review never names its author (the row does not even keep who wrote it).
 */
export interface ActivityFields {
  id: number;
  kind: ActivityKind;
  /** The trainer, challenge or review id, by kind. */
  refId: number;
  /** The person who completed a challenge (challenge_completed only). */
  userId: number | null;
  /** Idempotence key ('challenge_popular:12'): the unique index makes each event happen once. */
  key: string;
  at: Date;
}

const activitySchema = new Schema<ActivityFields>(
  {
    kind: { type: String, required: true, enum: ACTIVITY_KINDS },
    refId: { type: Number, required: true },
    userId: { type: Number, default: null },
    key: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'activities' },
);
activitySchema.plugin(numericId('activities'));
activitySchema.index({ key: 1 }, { unique: true });
// The feed: newest first, read in index order.
activitySchema.index({ at: -1, id: -1 });
export const Activity = mongoose.model<ActivityFields>('Activity', activitySchema);
