import { z } from './zod';

// SPEC §3 / §5: challenges.
export const CHALLENGE_TYPES = ['steps', 'distance', 'workout_time', 'calories', 'custom'] as const;
export const CHALLENGE_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const CHALLENGE_CATEGORIES = ['cardio', 'strength', 'flexibility', 'endurance', 'general'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];
export type ChallengeDifficulty = (typeof CHALLENGE_DIFFICULTIES)[number];
export type ChallengeCategory = (typeof CHALLENGE_CATEGORIES)[number];

/** Choosing a type sets the unit (SPEC §5). */
export const UNIT_FOR_TYPE: Record<ChallengeType, string> = {
  steps: 'steps',
  distance: 'miles',
  workout_time: 'minutes',
  calories: 'calories',
  custom: 'units',
};

const dateInput = z.coerce.date({ message: 'Please enter a valid date' });

export const CreateChallengeBody = z
  .object({
    title: z.string().check(z.trim(), z.minLength(3, 'Title must be at least 3 characters'), z.maxLength(100, 'Title too long')),
    description: z
      .string()
      .check(z.trim(), z.minLength(10, 'Description must be at least 10 characters'), z.maxLength(500, 'Description too long')),
    type: z.enum(CHALLENGE_TYPES, { message: 'Please choose a challenge type' }),
    target: z.coerce.number({ message: 'Target must be at least 1' }).check(z.gte(1, 'Target must be at least 1'), z.lte(1e9)),
    unit: z.string().check(z.trim(), z.minLength(1, 'Unit is required'), z.maxLength(30)),
    startDate: dateInput,
    endDate: dateInput,
    difficulty: z.enum(CHALLENGE_DIFFICULTIES, { message: 'Please choose a difficulty' }),
    category: z.enum(CHALLENGE_CATEGORIES, { message: 'Please choose a category' }),
    /** Empty means unlimited. */
    maxParticipants: z.pipe(
      z.optional(
        z.union([
          z.pipe(z.literal(''), z.transform(() => null)),
          z.null(),
          z.coerce.number().check(z.int('Must be a whole number'), z.gte(1, 'Must be at least 1'), z.lte(100000)),
        ]),
      ),
      z.transform((v: number | null | undefined) => v ?? null),
    ),
  })
  .check(z.refine((d) => d.endDate.getTime() > d.startDate.getTime(), { message: 'End date must be after start date', path: ['endDate'] }));
export type CreateChallengeBody = z.infer<typeof CreateChallengeBody>;

export const LogProgressBody = z.object({
  progress: z.coerce
    .number({ message: 'Please enter a valid progress amount.' })
    .check(z.gt(0, 'Please enter a valid progress amount.'), z.lte(1e9, 'Please enter a valid progress amount.')),
  note: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(500))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  ),
});
export type LogProgressBody = z.infer<typeof LogProgressBody>;

// The challenges' rules that need no schema (timing, what counts as popular): ./challengeRules.ts, also an entry of
// their own for the front ends (contracts/challenge-rules.ts: the challenges list needs them, not zod).
export { challengeTiming, POPULAR_CHALLENGE_MIN_PARTICIPANTS, type ChallengeTiming } from './challengeRules';

// ---------------------------------------------------------------------------------------------
// Plausibility cap per progress log: no single log above the challenge's whole target, nor above
// what one person can do in a day for the challenge's type (typos like 1,000,000 steps are refused).

/** Most one person plausibly logs in a day, per type (custom challenges are capped by their target only). */
export const DAILY_PROGRESS_CEILING: Record<ChallengeType, number | null> = {
  steps: 100_000,
  distance: 150,
  workout_time: 1_440,
  calories: 20_000,
  custom: null,
};

/** The largest amount a single progress log may carry for this challenge. */
export function maxProgressPerLog(challenge: { type: ChallengeType; target: number }): number {
  const ceiling = DAILY_PROGRESS_CEILING[challenge.type];
  return ceiling === null ? challenge.target : Math.min(challenge.target, ceiling);
}

/** The message for a log above the cap, e.g. 'A single log can be at most 100,000 steps. Please check the amount.' */
export function progressCapMessage(challenge: { type: ChallengeType; target: number; unit: string }): string {
  return `A single log can be at most ${maxProgressPerLog(challenge).toLocaleString('en-GB')} ${challenge.unit}. Please check the amount.`;
}

export const INVALID_PROGRESS_TITLE = 'Invalid Progress';
export const INVALID_PROGRESS_MESSAGE = 'Please enter a valid progress amount.';
export const CHALLENGE_FULL_MESSAGE = 'This challenge is full';
export const CHALLENGE_ENDED_MESSAGE = 'This challenge has ended';
export const CHALLENGE_NOT_STARTED_MESSAGE = "This challenge hasn't started yet. You can log progress once it starts.";
export const NOT_A_PARTICIPANT_MESSAGE = 'Only participants can log progress. Join the challenge first.';

// ---------------------------------------------------------------------------------------------
// Responses.

/** A challenge as the API presents it (SPEC §3, plus counts and the server's timing state). */
export const ChallengeSummary = z.object({
  id: z.number().check(z.int(), z.positive()),
  title: z.string(),
  description: z.string(),
  type: z.enum(CHALLENGE_TYPES),
  target: z.number(),
  unit: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  difficulty: z.enum(CHALLENGE_DIFFICULTIES),
  category: z.enum(CHALLENGE_CATEGORIES),
  maxParticipants: z.nullable(z.number().check(z.int(), z.positive())),
  /** Timing from the server's clock when answered. */
  status: z.enum(['upcoming', 'active', 'ended']),
  participantCount: z.number().check(z.int(), z.nonnegative()),
  completedCount: z.number().check(z.int(), z.nonnegative()),
  createdBy: z.nullable(z.number().check(z.int(), z.positive())),
  createdAt: z.string(),
  /** Only for a signed-in caller: whether they take part. */
  joined: z.optional(z.boolean()),
  /** Curated by FitConnect (the seeded challenges): the list leads with these (issue 28.11). */
  featured: z.optional(z.boolean()),
});
export type ChallengeSummary = z.infer<typeof ChallengeSummary>;

/** A challenge reported by this many different people is hidden until a moderator restores it (issue 28.11). */
export const CHALLENGE_REPORT_HIDE_THRESHOLD = 3;
/** POST /api/challenges/{id}/report */
export const ReportChallengeBody = z.object({
  reason: z._default(z.optional(z.string().check(z.trim(), z.maxLength(500, 'Reason must be at most 500 characters'))), ''),
});
export type ReportChallengeBody = z.infer<typeof ReportChallengeBody>;
/** Challenges per page of GET /api/challenges/community (new community challenges, newest first). */
export const COMMUNITY_CHALLENGES_PAGE_SIZE = 6;
export const CommunityChallengesQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200, 'Invalid cursor'))),
});
export type CommunityChallengesQuery = z.infer<typeof CommunityChallengesQuery>;

export const ProgressEntry = z.object({
  amount: z.number(),
  note: z.optional(z.string()),
  at: z.string(),
});
export type ProgressEntry = z.infer<typeof ProgressEntry>;

/** The signed-in caller's own participation: progress and history. */
export const MyParticipation = z.object({
  currentProgress: z.number(),
  completed: z.boolean(),
  completedAt: z.nullable(z.string()),
  joinedAt: z.string(),
  /** Newest first. */
  entries: z.array(ProgressEntry),
});
export type MyParticipation = z.infer<typeof MyParticipation>;

/** GET /api/challenges/{id}. */
export const ChallengeDetail = z.extend(ChallengeSummary, {
  /** null when signed out or not joined. */
  myParticipation: z.nullable(MyParticipation),
});
export type ChallengeDetail = z.infer<typeof ChallengeDetail>;

/** One leaderboard row (SPEC §3 challenge participant): never an email. */
export const LeaderboardEntry = z.object({
  id: z.number().check(z.int(), z.positive()),
  rank: z.number().check(z.int(), z.positive()),
  currentProgress: z.number(),
  completed: z.boolean(),
  completedAt: z.nullable(z.string()),
  joinedAt: z.string(),
  user: z.object({ id: z.number().check(z.int(), z.positive()), firstName: z.string(), lastName: z.string(), location: z.string() }),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

/** Most rows one leaderboard answer carries (GET /api/challenges/{id}/participants answers this many by default). */
export const LEADERBOARD_MAX_ROWS = 500;
/** Rows the challenge page shows, with the caller's own rank under them when they are further down (issue 35.4). */
export const LEADERBOARD_TOP_ROWS = 10;
const LEADERBOARD_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${LEADERBOARD_MAX_ROWS}`;

/** ?limit= of GET /api/challenges/{id}/participants and GET /api/challenges/{id}/leaderboard: absent means the route's default. */
export const LeaderboardQuery = z.object({
  limit: z.optional(
    z.coerce.number({ message: LEADERBOARD_LIMIT_MESSAGE }).check(z.int(LEADERBOARD_LIMIT_MESSAGE), z.gte(1, LEADERBOARD_LIMIT_MESSAGE), z.lte(LEADERBOARD_MAX_ROWS, LEADERBOARD_LIMIT_MESSAGE)),
  ),
});
export type LeaderboardQuery = z.output<typeof LeaderboardQuery>;

/**
 * GET /api/challenges/{id}/leaderboard?limit=10 (issue 35.4): the top rows, and the signed-in caller's own row
 * with their rank wherever they are (null when signed out or not taking part). Ranks follow the board's order
 * (most progress, then who reached it first, then who joined first), so `me.rank` is where the caller would
 * appear in the full list. The counts are the challenge's (every participant, not just the rows).
 */
export const ChallengeLeaderboard = z.object({
  entries: z.array(LeaderboardEntry),
  me: z.nullable(LeaderboardEntry),
  participantCount: z.number().check(z.int(), z.nonnegative()),
  completedCount: z.number().check(z.int(), z.nonnegative()),
});
export type ChallengeLeaderboard = z.infer<typeof ChallengeLeaderboard>;

/** GET /api/user/challenges: the signed-in user's challenges with their progress. */
export const UserChallenge = z.object({
  challenge: ChallengeSummary,
  currentProgress: z.number(),
  completed: z.boolean(),
  completedAt: z.nullable(z.string()),
  joinedAt: z.string(),
});
export type UserChallenge = z.infer<typeof UserChallenge>;

/** POST /api/challenges/{id}/join. */
export const JoinResult = z.object({
  message: z.string(),
  alreadyJoined: z.boolean(),
  challenge: ChallengeSummary,
});
export type JoinResult = z.infer<typeof JoinResult>;

/** POST /api/challenges/{id}/progress. */
export const ProgressResult = z.object({
  message: z.string(),
  participation: MyParticipation,
  /** True when this log reached the target. */
  justCompleted: z.boolean(),
});
export type ProgressResult = z.infer<typeof ProgressResult>;
