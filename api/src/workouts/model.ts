import mongoose, { Schema, type HydratedDocument } from 'mongoose';
import { WORKOUT_GENERATORS, type Equipment, type FitnessLevel, type FocusArea, type Gender, type Goal, type Injury, type WorkoutSection } from '@fitconnect/contracts';
import { numericId } from '../db/counter';

/** A generated (auto-saved) workout. The saved list is a user's newest 5 of these. */
export interface WorkoutFields {
  id: number;
  userId: number;
  /** UTC calendar day of generation, 'YYYY-MM-DD'. */
  day: string;
  title: string;
  description: string;
  duration: number;
  difficulty: string;
  targetMuscleGroups: string[];
  sections: WorkoutSection[];
  tips: string[];
  age: number;
  gender: Gender;
  fitnessLevel: FitnessLevel;
  focusArea: FocusArea;
  equipment: Equipment[];
  goals: Goal[];
  injuries: Injury[];
  /**
   * Which generator wrote it: 'planner' or 'openai'. Older documents have none (all the planner's) or
   * free text from before the field was a choice; presenter.ts `generatorOf` reads all of them.
   */
  generator?: string;
  createdAt: Date;
}
export type WorkoutDoc = HydratedDocument<WorkoutFields>;

const workoutSchema = new Schema<WorkoutFields>(
  {
    userId: { type: Number, required: true },
    day: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    duration: { type: Number, required: true },
    difficulty: { type: String, default: '' },
    targetMuscleGroups: { type: [String], default: [] },
    // Stored as given (validated by the contract before saving).
    sections: { type: Schema.Types.Mixed, default: [] },
    tips: { type: [String], default: [] },
    age: { type: Number, required: true },
    gender: { type: String, required: true },
    fitnessLevel: { type: String, required: true },
    focusArea: { type: String, required: true },
    equipment: { type: [String], default: [] },
    goals: { type: [String], default: [] },
    injuries: { type: [String], default: [] },
    generator: { type: String, enum: WORKOUT_GENERATORS },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'workouts', minimize: false },
);
workoutSchema.plugin(numericId('workouts'));
workoutSchema.index({ userId: 1, createdAt: -1, id: -1 });
// Today's workouts of a user, newest first.
workoutSchema.index({ userId: 1, day: 1, createdAt: -1, id: -1 });

export const Workout = mongoose.model<WorkoutFields>('Workout', workoutSchema);

/**
 * The daily limit, enforced by the database: one claim per (userId, UTC day), unique index.
 * A generation inserts its claim first; the loser of a race gets E11000 and answers 429. A failed
 * generation deletes its claim (spends nothing). Deleting the workout later does not refund the day.
 */
export interface GenerationClaimFields {
  userId: number;
  day: string;
  status: 'pending' | 'done';
  workoutId: number | null;
  title: string;
  createdAt: Date;
  /** TTL: claims are only needed for their day. */
  expiresAt: Date;
}

const claimSchema = new Schema<GenerationClaimFields>(
  {
    userId: { type: Number, required: true },
    day: { type: String, required: true },
    status: { type: String, required: true, enum: ['pending', 'done'] },
    workoutId: { type: Number, default: null },
    title: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'workout_generation_claims' },
);
claimSchema.index({ userId: 1, day: 1 }, { unique: true });
claimSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const GenerationClaim = mongoose.model<GenerationClaimFields>('GenerationClaim', claimSchema);
