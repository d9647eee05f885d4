import { preprocess, z } from './zod';

/**
 * The exercise catalogue (issue 15): one source for the planner, the tutorial library and the workout rows.
 * Served by the API (GET /api/exercises, GET /api/exercises/:slug) so the library's first JavaScript
 * does not carry the catalogue's text.
 */

export const EXERCISE_CATEGORIES = ['Upper Body', 'Lower Body', 'Core', 'Full Body', 'Cardio'] as const;
export type ExerciseCategory = (typeof EXERCISE_CATEGORIES)[number];

/** SPEC §3's five, then the generator's other equipment options as the library names them. */
export const EXERCISE_EQUIPMENT = [
  'Bodyweight', 'Dumbbells', 'Barbell', 'Bench', 'Squat Rack',
  'Kettlebell', 'Resistance Bands', 'Cables', 'Medicine Ball', 'Pull-up Bar', 'TRX', 'Foam Roller',
] as const;
export type ExerciseEquipment = (typeof EXERCISE_EQUIPMENT)[number];

export const EXERCISE_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type ExerciseDifficulty = (typeof EXERCISE_DIFFICULTIES)[number];

export const EXERCISE_PAGE_SIZE_MAX = 48;
export const EXERCISE_PAGE_SIZE_DEFAULT = 24;

/** A slug: lower-case words joined by hyphens. */
export const ExerciseSlug = z
  .string()
  .check(z.minLength(1, 'Exercise not found'), z.maxLength(80, 'Exercise not found'), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Exercise not found'));

const blankToUndefined = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v === 'all') ? undefined : v);

/** GET /api/exercises query; also what the library keeps in its URL (absent or 'all' = filter off). */
export const ExerciseQuery = z.object({
  q: preprocess(blankToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(60, 'Search is at most 60 characters')))),
  category: preprocess(blankToUndefined, z.optional(z.enum(EXERCISE_CATEGORIES, { message: 'Unknown category' }))),
  muscle: preprocess(blankToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(40, 'Unknown muscle group')))),
  equipment: preprocess(blankToUndefined, z.optional(z.enum(EXERCISE_EQUIPMENT, { message: 'Unknown equipment' }))),
  difficulty: preprocess(blankToUndefined, z.optional(z.enum(EXERCISE_DIFFICULTIES, { message: 'Unknown difficulty' }))),
  page: preprocess(
    blankToUndefined,
    z._default(z.coerce.number().check(z.int('Page must be a whole number'), z.gte(1, 'Page starts at 1'), z.lte(1000)), 1),
  ),
  pageSize: preprocess(
    blankToUndefined,
    z._default(
      z.coerce.number().check(z.int(), z.gte(1), z.lte(EXERCISE_PAGE_SIZE_MAX, `At most ${EXERCISE_PAGE_SIZE_MAX} per page`)),
      EXERCISE_PAGE_SIZE_DEFAULT,
    ),
  ),
});
export type ExerciseQuery = z.output<typeof ExerciseQuery>;

export const ExerciseSlugParams = z.object({ slug: ExerciseSlug });

/** A card in the library. */
export interface ExerciseSummary {
  slug: string;
  name: string;
  category: ExerciseCategory;
  muscleGroups: string[];
  equipment: ExerciseEquipment[];
  difficulty: ExerciseDifficulty;
  duration: string;
  description: string;
}

export interface ExerciseRef {
  slug: string;
  name: string;
}

/** The detail page. */
export interface ExerciseDetail extends ExerciseSummary {
  instructions: string[];
  tips: string[];
  /** For each injury this movement aggravates: catalogue entries that train the same thing without it. */
  saferAlternatives: { injury: string; exercises: ExerciseRef[] }[];
  video: {
    /** A YouTube embed URL only where the id is verified; null otherwise (never a guessed id). */
    embedUrl: string | null;
    /** Always present: a YouTube search for the exercise's name ('Watch a demonstration'). */
    searchUrl: string;
  };
}

export interface ExercisePage {
  items: ExerciseSummary[];
  total: number;
  page: number;
  pageSize: number;
  /** The options the filters offer (muscle groups named in the catalogue, alphabetical). */
  muscleGroups: string[];
}
