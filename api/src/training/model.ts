import mongoose, { Schema } from 'mongoose';
import { numericId } from '../db/counter';

/** One finished (or stopped) guided session of one user (issue 31.4). Private to that user. */
export interface TrainingSessionFields {
  id: number;
  userId: number;
  /** The client's idempotency key: (userId, clientKey) is unique, so a retried or duplicated send stores once. */
  clientKey: string;
  workoutId: number;
  workoutTitle: string;
  finishedAt: Date;
  durationSeconds: number;
  completed: boolean;
  completedSets: number;
  exercisesDone: string[];
  exercisesSkipped: string[];
  effort: number | null;
  note: string;
  createdAt: Date;
}

const trainingSessionSchema = new Schema<TrainingSessionFields>(
  {
    userId: { type: Number, required: true },
    clientKey: { type: String, required: true, maxlength: 64 },
    workoutId: { type: Number, required: true, min: 1 },
    workoutTitle: { type: String, required: true, maxlength: 200 },
    finishedAt: { type: Date, required: true },
    durationSeconds: { type: Number, required: true, min: 1 },
    completed: { type: Boolean, required: true },
    completedSets: { type: Number, required: true, min: 0 },
    exercisesDone: { type: [String], default: [] },
    exercisesSkipped: { type: [String], default: [] },
    effort: { type: Number, default: null, min: 1, max: 10 },
    note: { type: String, default: '', maxlength: 500 },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'trainingsessions' },
);
trainingSessionSchema.plugin(numericId('trainingsessions'));
// Idempotency: the database refuses a second session with the same client key for the same user.
trainingSessionSchema.index({ userId: 1, clientKey: 1 }, { unique: true });
// History (newest first, paged by (finishedAt, id)) and the summary's scan of one user's sessions.
trainingSessionSchema.index({ userId: 1, finishedAt: -1, id: -1 });

export const TrainingSessionModel = mongoose.model<TrainingSessionFields>('TrainingSession', trainingSessionSchema);
