import mongoose, { Schema, type HydratedDocument } from 'mongoose';
import { CHALLENGE_TYPES, CHALLENGE_DIFFICULTIES, CHALLENGE_CATEGORIES, type ChallengeType, type ChallengeDifficulty, type ChallengeCategory } from '@fitconnect/contracts';
import { numericId } from '../db/counter';

/** A fitness challenge (SPEC §3). Timing (upcoming / active / ended) is derived from the dates and now. */
export interface ChallengeFields {
  id: number;
  title: string;
  description: string;
  type: ChallengeType;
  target: number;
  unit: string;
  startDate: Date;
  endDate: Date;
  difficulty: ChallengeDifficulty;
  category: ChallengeCategory;
  maxParticipants: number | null;
  /** userId of the creator. */
  createdBy: number | null;
  /**
   * Participants admitted so far: the counter the join takes a seat from with one conditional atomic update,
   * so maxParticipants holds however many joins arrive at once (see service.ts).
   */
  participantCount: number;
  /**
   * Participations completed so far: bumped by the completion that claims it (once per participation, see
   * logProgress in service.ts), so the challenge page reads its counts from this document, not from every
   * participation. No schema default on purpose: a document stored before the counter existed (or written by the
   * demo seed) has none, and the first read counts it once (ensureCounters in service.ts).
   */
  completedCount?: number;
  /** Curated by FitConnect (the seeded challenges): the list leads with these (issue 28.11). */
  featured: boolean;
  /** Distinct people who reported it since a moderator last restored it. */
  reportCount: number;
  /** Hidden from every list and page (reported by CHALLENGE_REPORT_HIDE_THRESHOLD people) until a moderator restores it. */
  hidden: boolean;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type ChallengeDoc = HydratedDocument<ChallengeFields>;

const challengeSchema = new Schema<ChallengeFields>(
  {
    title: { type: String, required: true, trim: true, minlength: 3, maxlength: 100 },
    description: { type: String, required: true, trim: true, minlength: 10, maxlength: 500 },
    type: { type: String, required: true, enum: CHALLENGE_TYPES },
    target: { type: Number, required: true, min: 1 },
    unit: { type: String, required: true, trim: true },
    startDate: { type: Date, required: true },
    endDate: { type: Date, required: true },
    difficulty: { type: String, required: true, enum: CHALLENGE_DIFFICULTIES },
    category: { type: String, required: true, enum: CHALLENGE_CATEGORIES },
    maxParticipants: { type: Number, default: null, min: 1 },
    createdBy: { type: Number, default: null },
    participantCount: { type: Number, default: 0, min: 0 },
    completedCount: { type: Number, min: 0 },
    featured: { type: Boolean, default: false },
    reportCount: { type: Number, default: 0, min: 0 },
    hidden: { type: Boolean, default: false },
    hiddenAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'challenges' },
);
challengeSchema.plugin(numericId('challenges'));
challengeSchema.index({ startDate: 1 });
// The list (newest end first, then newest id): the index gives that order, no sort in memory.
challengeSchema.index({ endDate: -1, id: -1 });
// New community challenges (GET /api/challenges/community): newest first.
challengeSchema.index({ createdAt: -1, id: -1 });
export const Challenge = mongoose.model<ChallengeFields>('Challenge', challengeSchema);

/** One report of a challenge by one person (unique per (challengeId, userId)); `resolved` once a moderator restored it. */
export interface ChallengeReportFields {
  challengeId: number;
  userId: number;
  reason: string;
  resolved: boolean;
  createdAt: Date;
}
const challengeReportSchema = new Schema<ChallengeReportFields>(
  {
    challengeId: { type: Number, required: true },
    userId: { type: Number, required: true },
    reason: { type: String, default: '', maxlength: 500 },
    resolved: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'challengereports' },
);
challengeReportSchema.index({ challengeId: 1, userId: 1 }, { unique: true });
export const ChallengeReport = mongoose.model<ChallengeReportFields>('ChallengeReport', challengeReportSchema);

/** One progress log kept on the participation (amount, optional note, when). */
export interface ProgressEntryFields {
  amount: number;
  note?: string;
  at: Date;
}
const entrySchema = new Schema<ProgressEntryFields>(
  {
    amount: { type: Number, required: true },
    note: { type: String, trim: true, maxlength: 500 },
    at: { type: Date, required: true },
  },
  { _id: false },
);

/** Most progress entries kept per participation (the newest). */
export const MAX_PROGRESS_ENTRIES = 500;

/** One participation per challenge per user (unique index). */
export interface ChallengeParticipantFields {
  id: number;
  challengeId: number;
  userId: number;
  currentProgress: number;
  completed: boolean;
  /** When currentProgress first reached the target. */
  completedAt: Date | null;
  /** When currentProgress reached its current value (joinedAt until the first log): the leaderboard tie-break. */
  reachedAt: Date;
  entries: ProgressEntryFields[];
  joinedAt: Date;
  updatedAt: Date;
}
const participantSchema = new Schema<ChallengeParticipantFields>(
  {
    challengeId: { type: Number, required: true },
    userId: { type: Number, required: true },
    currentProgress: { type: Number, default: 0, min: 0 },
    completed: { type: Boolean, default: false },
    completedAt: { type: Date, default: null },
    reachedAt: { type: Date, default: () => new Date() },
    entries: { type: [entrySchema], default: [] },
    joinedAt: { type: Date, default: () => new Date() },
  },
  { timestamps: { createdAt: false, updatedAt: true }, collection: 'challengeparticipants' },
);
participantSchema.plugin(numericId('challengeParticipants'));
participantSchema.index({ challengeId: 1, userId: 1 }, { unique: true });
// The leaderboard's order: most progress first, ties to whoever got there first; and a participant's rank,
// counted over ranges of it (service.ts leaderboardRank).
participantSchema.index({ challengeId: 1, currentProgress: -1, reachedAt: 1, id: 1 });
// A user's own challenges (GET /api/user/challenges).
participantSchema.index({ userId: 1, joinedAt: -1, id: -1 });
export const ChallengeParticipant = mongoose.model<ChallengeParticipantFields>('ChallengeParticipant', participantSchema);
