import { preprocess, z } from './zod';

// Workouts (SPEC §2 AI workout generator + workout detail, §3 entities, §5 rules, §7 calls, §9 constants).
// One set of schemas for the form (mfe-workouts), the API (api/src/workouts) and the generators.

// ---------------------------------------------------------------------------------------------
// Option lists (SPEC §3). The values are what travels over the wire; labels are the UI's concern.
// ---------------------------------------------------------------------------------------------

export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];

export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type FitnessLevel = (typeof FITNESS_LEVELS)[number];

export const FOCUS_AREAS = [
  'full body', 'upper body', 'lower body', 'core', 'back', 'chest', 'arms', 'shoulders', 'legs', 'cardio',
] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number];

export const EQUIPMENT_OPTIONS = [
  'bodyweight', 'dumbbell', 'barbell', 'kettlebell', 'resistance bands', 'cables', 'medicine ball',
  'pullup bar', 'trx', 'bench', 'yoga mat', 'foam roller',
] as const;
export type Equipment = (typeof EQUIPMENT_OPTIONS)[number];

export const GOAL_OPTIONS = [
  'strength', 'muscle', 'endurance', 'weight loss', 'toning', 'flexibility', 'general fitness', 'rehabilitation',
] as const;
export type Goal = (typeof GOAL_OPTIONS)[number];

export const INJURY_OPTIONS = ['lower back', 'knees', 'shoulders', 'wrists', 'ankles', 'hips', 'neck'] as const;
export type Injury = (typeof INJURY_OPTIONS)[number];

/** Section names of a generated workout, in order (SPEC §2 detail: Warm-up, Main Workout, Cool Down). */
export const SECTION_NAMES = ['Warm-up', 'Main Workout', 'Cool Down'] as const;
/** The detail view's exercise.section values (SPEC §3). */
export const PLAN_SECTIONS = ['warm-up', 'main workout', 'cool down'] as const;
export type PlanSection = (typeof PLAN_SECTIONS)[number];

// ---------------------------------------------------------------------------------------------
// Workout request (the form and POST /api/generate-workout), SPEC §3 + §5 messages.
// ---------------------------------------------------------------------------------------------

export const MIN_AGE = 13;
export const MAX_AGE = 100;
export const MIN_DURATION = 10;
export const MAX_DURATION = 120;

export const WorkoutRequest = z.object({
  age: z
    .number({ message: 'Please enter your age' })
    .check(z.int('Age must be a whole number'), z.gte(MIN_AGE, 'Minimum age is 13'), z.lte(MAX_AGE, 'Maximum age is 100')),
  gender: z.enum(GENDERS, { message: 'Please select your gender' }),
  fitnessLevel: z.enum(FITNESS_LEVELS, { message: 'Please select your fitness level' }),
  focusArea: z.enum(FOCUS_AREAS, { message: 'Please select a focus area' }),
  duration: z
    .number({ message: 'Please enter a duration' })
    .check(
      z.int('Duration must be a whole number of minutes'),
      z.gte(MIN_DURATION, 'Minimum duration is 10 minutes'),
      z.lte(MAX_DURATION, 'Maximum duration is 120 minutes'),
    ),
  equipment: z
    .array(z.enum(EQUIPMENT_OPTIONS, { message: 'Unknown equipment option' }), {
      message: 'Please select at least one equipment option',
    })
    .check(z.minLength(1, 'Please select at least one equipment option'), z.maxLength(EQUIPMENT_OPTIONS.length)),
  goals: z
    .array(z.enum(GOAL_OPTIONS, { message: 'Unknown goal' }), { message: 'Please select at least one goal' })
    .check(z.minLength(1, 'Please select at least one goal'), z.maxLength(GOAL_OPTIONS.length)),
  injuries: z.optional(z.array(z.enum(INJURY_OPTIONS, { message: 'Unknown injury' })).check(z.maxLength(INJURY_OPTIONS.length))),
});
/** What the form produces / the API accepts (injuries may be omitted). */
export type WorkoutRequest = z.infer<typeof WorkoutRequest>;

/** SPEC §9 form defaults. */
export const WORKOUT_FORM_DEFAULTS: WorkoutRequest & { injuries: Injury[] } = {
  age: 30,
  gender: 'prefer-not-to-say',
  fitnessLevel: 'beginner',
  focusArea: 'full body',
  duration: 45,
  equipment: ['bodyweight'],
  goals: ['general fitness'],
  injuries: [],
};

// ---------------------------------------------------------------------------------------------
// Generated (saved) workout, SPEC §3.
// ---------------------------------------------------------------------------------------------

export const WorkoutExercise = z.object({
  name: z.string().check(z.minLength(1)),
  /** Number of sets (1 for a single timed block such as a warm-up drill). */
  sets: z.number().check(z.int(), z.gte(0), z.lte(60)),
  /** Repetitions per set; null when the exercise is timed (see workTime / duration). */
  reps: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(500))),
  /** Rest between sets, seconds. */
  restTime: z.number().check(z.int(), z.gte(0), z.lte(900)),
  /**
   * Seconds this exercise takes in the session. Warm-up and cool-down items always have it.
   * For main-workout items from the built-in planner it is the whole block (all sets plus the rests
   * between them), which is what SPEC §9's estimate counts when present.
   */
  duration: z.optional(z.number().check(z.int(), z.positive())),
  /** Seconds of work per set for timed exercises (holds, intervals, stretches). */
  workTime: z.optional(z.number().check(z.int(), z.positive())),
  equipment: z.optional(z.array(z.string())),
  notes: z.optional(z.string()),
  /** Set by the API when the exercise is in the catalogue: its tutorial is /exercise-tutorials/{slug}. */
  slug: z.optional(z.string()),
});
export type WorkoutExercise = z.infer<typeof WorkoutExercise>;

export const WorkoutSection = z.object({
  name: z.string().check(z.minLength(1)),
  exercises: z.array(WorkoutExercise),
});
export type WorkoutSection = z.infer<typeof WorkoutSection>;

/** The content a generator produces (no ids, no request echo). */
export const WorkoutDraft = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  /** Minutes. */
  duration: z.number().check(z.int(), z.positive()),
  difficulty: z.string(),
  targetMuscleGroups: z.array(z.string()),
  sections: z.array(WorkoutSection).check(z.minLength(1)),
  tips: z.array(z.string()),
});
export type WorkoutDraft = z.infer<typeof WorkoutDraft>;

/**
 * Which generator made a plan: the built-in rule-based planner (no OPENAI_API_KEY, or OpenAI's plan failed the
 * catalogue check and the planner stood in) or OpenAI. Every plan says so to its reader; plans stored before
 * the field existed were all the planner's.
 */
export const WORKOUT_GENERATORS = ['planner', 'openai'] as const;
export type WorkoutGeneratorKind = (typeof WORKOUT_GENERATORS)[number];
export const WORKOUT_GENERATOR_LABELS: Record<WorkoutGeneratorKind, string> = {
  planner: "Built by FitConnect's planner",
  openai: 'Built with OpenAI',
};

export const GeneratedWorkout = z.extend(WorkoutDraft, {
  id: z.number().check(z.int(), z.positive()),
  autoSaved: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Same instant; GET /api/ai-workouts/today's readers use this spelling (SPEC §3). */
  created_at: z.string(),
  age: WorkoutRequest.shape.age,
  gender: WorkoutRequest.shape.gender,
  fitnessLevel: WorkoutRequest.shape.fitnessLevel,
  focusArea: WorkoutRequest.shape.focusArea,
  equipment: z.array(z.enum(EQUIPMENT_OPTIONS)),
  goals: z.array(z.enum(GOAL_OPTIONS)),
  injuries: z.array(z.enum(INJURY_OPTIONS)),
  /** Which generator made it (WORKOUT_GENERATOR_LABELS says it to the user). */
  generator: z.enum(WORKOUT_GENERATORS),
});
export type GeneratedWorkout = z.infer<typeof GeneratedWorkout>;

/** GET /api/ai-workouts/saved (<= 5, newest first). */
export const GeneratedWorkoutList = z.array(GeneratedWorkout);
export type GeneratedWorkoutList = z.infer<typeof GeneratedWorkoutList>;

/**
 * An entry of GET /api/ai-workouts/today for a day whose generation was spent on a workout the user has
 * since deleted: the limit still holds, so the list stays non-empty, naming what was generated and when.
 */
export const DeletedTodaysWorkout = z.object({
  id: z.number().check(z.int(), z.positive()),
  title: z.string(),
  createdAt: z.string(),
  created_at: z.string(),
  deleted: z.literal(true),
});
export type DeletedTodaysWorkout = z.infer<typeof DeletedTodaysWorkout>;

/** GET /api/ai-workouts/today: non-empty means the daily limit is reached (SPEC §7). */
export const TodaysWorkoutList = z.array(z.union([GeneratedWorkout, DeletedTodaysWorkout]));
export type TodaysWorkoutList = z.infer<typeof TodaysWorkoutList>;

export const MAX_SAVED_WORKOUTS = 5;

export const INVALID_WORKOUT_DATA = 'Invalid workout data received';
export const DAILY_LIMIT_MESSAGE = 'Daily workout limit reached. Try again tomorrow.';

/** 429 body of POST /api/generate-workout; the client shows `description`. */
export const DailyLimitBody = z.object({ message: z.string(), description: z.string() });
export type DailyLimitBody = z.infer<typeof DailyLimitBody>;

// ---------------------------------------------------------------------------------------------
// Validating a generator's raw answer (OpenAI or anything else). Lenient about optional details
// (numbers sent as strings, '8-12' reps, missing tips) but a title and non-empty sections are
// required: otherwise 'Invalid workout data received' (SPEC §5).
// ---------------------------------------------------------------------------------------------

const firstInt = (v: unknown): unknown => {
  if (typeof v === 'number') return Math.round(v);
  if (typeof v === 'string') {
    const m = /\d+/.exec(v);
    return m ? Number(m[0]) : null;
  }
  return v;
};
/** '90 seconds' -> 90, '2 min' -> 120, 45 -> 45. */
const seconds = (v: unknown): unknown => {
  if (typeof v === 'string') {
    const m = /(\d+(?:\.\d+)?)\s*(m|min|minutes?)?\b/i.exec(v);
    if (!m) return undefined;
    return Math.round(Number(m[1]) * (m[2] ? 60 : 1));
  }
  if (typeof v === 'number') return Math.round(v);
  return v ?? undefined;
};

const RawExercise = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  sets: preprocess((v) => firstInt(v) ?? 1, z.number().check(z.int(), z.gte(0), z.lte(20))),
  reps: preprocess((v) => firstInt(v) ?? null, z.nullable(z.number().check(z.int(), z.gte(0), z.lte(500)))),
  restTime: preprocess((v) => seconds(v) ?? 0, z.number().check(z.int(), z.gte(0), z.lte(900))),
  duration: preprocess((v) => seconds(v), z.optional(z.number().check(z.int(), z.positive()))),
  workTime: preprocess((v) => seconds(v), z.optional(z.number().check(z.int(), z.positive()))),
  equipment: preprocess((v) => (v === null ? undefined : v), z.optional(z.array(z.string()))),
  notes: preprocess((v) => (v === null || v === '' ? undefined : v), z.optional(z.string())),
});

export const GeneratedWorkoutResult = z.object({
  title: z.string({ message: INVALID_WORKOUT_DATA }).check(z.trim(), z.minLength(1, INVALID_WORKOUT_DATA)),
  description: preprocess((v) => v ?? '', z.string()),
  duration: preprocess((v) => firstInt(v) ?? undefined, z.optional(z.number().check(z.int(), z.positive()))),
  difficulty: preprocess((v) => v ?? undefined, z.optional(z.string())),
  targetMuscleGroups: preprocess((v) => v ?? [], z.array(z.string())),
  sections: z
    .array(
      z.object({
        name: z.string().check(z.trim(), z.minLength(1)),
        exercises: z.array(RawExercise),
      }),
      { message: INVALID_WORKOUT_DATA },
    )
    .check(z.minLength(1, INVALID_WORKOUT_DATA)),
  tips: preprocess((v) => v ?? [], z.array(z.string())),
});
export type GeneratedWorkoutResult = z.infer<typeof GeneratedWorkoutResult>;

// ---------------------------------------------------------------------------------------------
// Workout plan, the detail view (GET /api/workouts/{id}), SPEC §3.
// ---------------------------------------------------------------------------------------------

export const PlanExercise = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string(),
  section: z.enum(PLAN_SECTIONS),
  sets: z.nullable(z.number().check(z.int())),
  reps: z.nullable(z.number().check(z.int())),
  /** Seconds (SPEC §9's estimate counts it when present). */
  duration: z.nullable(z.number().check(z.int())),
  /** Extra detail for a guided session: rest between sets and work per set, seconds. */
  restTime: z.optional(z.nullable(z.number().check(z.int()))),
  workTime: z.optional(z.nullable(z.number().check(z.int()))),
  notes: z.optional(z.string()),
  equipment: z.optional(z.array(z.string())),
  /** Set when the exercise is in the catalogue: its tutorial is /exercise-tutorials/{slug}. */
  slug: z.optional(z.string()),
});
export type PlanExercise = z.infer<typeof PlanExercise>;

export const WorkoutPlan = z.object({
  id: z.number().check(z.int(), z.positive()),
  userId: z.number().check(z.int(), z.positive()),
  title: z.string(),
  /** Minutes. */
  duration: z.number().check(z.int()),
  level: z.string(),
  goal: z.string(),
  /** Request equipment values (e.g. 'bodyweight', 'resistance bands'); may be empty. */
  equipment: z.array(z.string()),
  exercises: z.array(PlanExercise),
  description: z.optional(z.string()),
  tips: z.optional(z.array(z.string())),
  createdAt: z.optional(z.string()),
  /** Which generator made it (WORKOUT_GENERATOR_LABELS says it to the user). */
  generator: z.enum(WORKOUT_GENERATORS),
});
export type WorkoutPlan = z.infer<typeof WorkoutPlan>;

// ---------------------------------------------------------------------------------------------
// SPEC §9 time estimate, shared by the planner (its sections must add up) and the detail page.
// ---------------------------------------------------------------------------------------------

/** Seconds counted per set of a main-workout exercise without a duration (SPEC §9). */
export const SECONDS_PER_SET = 45;

export type EstimatableExercise = { sets?: number | null; duration?: number | null };

/** Which of the three sections a section name (or plan section value) belongs to. */
export function sectionKind(name: string): PlanSection {
  const n = name.toLowerCase().replace(/[^a-z]/g, '');
  if (n.startsWith('warm')) return 'warm-up';
  if (n.startsWith('cool')) return 'cool down';
  return 'main workout';
}

/** SPEC §9: warm-up and cool-down sum their durations; the main workout counts duration if present, else 45 s per set. */
export function estimateSectionSeconds(section: string, exercises: readonly EstimatableExercise[]): number {
  const kind = sectionKind(section);
  let total = 0;
  for (const e of exercises) {
    if (kind === 'main workout') total += e.duration ? e.duration : (e.sets ?? 0) * SECONDS_PER_SET;
    else total += e.duration ?? 0;
  }
  return total;
}

/** The same estimate, in whole minutes (divided by 60 and rounded). */
export function estimateSectionMinutes(section: string, exercises: readonly EstimatableExercise[]): number {
  return Math.round(estimateSectionSeconds(section, exercises) / 60);
}
