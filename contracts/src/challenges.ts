import { z } from 'zod';

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
    title: z.string().trim().min(3, 'Title must be at least 3 characters').max(100, 'Title too long'),
    description: z.string().trim().min(10, 'Description must be at least 10 characters').max(500, 'Description too long'),
    type: z.enum(CHALLENGE_TYPES, { message: 'Please choose a challenge type' }),
    target: z.coerce.number({ message: 'Target must be at least 1' }).min(1, 'Target must be at least 1').max(1e9),
    unit: z.string().trim().min(1, 'Unit is required').max(30),
    startDate: dateInput,
    endDate: dateInput,
    difficulty: z.enum(CHALLENGE_DIFFICULTIES, { message: 'Please choose a difficulty' }),
    category: z.enum(CHALLENGE_CATEGORIES, { message: 'Please choose a category' }),
    /** Empty means unlimited. */
    maxParticipants: z
      .union([z.literal('').transform(() => null), z.null(), z.coerce.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100000)])
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((d) => d.endDate.getTime() > d.startDate.getTime(), { message: 'End date must be after start date', path: ['endDate'] });
export type CreateChallengeBody = z.infer<typeof CreateChallengeBody>;

export const LogProgressBody = z.object({
  progress: z.coerce.number({ message: 'Please enter a valid progress amount.' }).gt(0, 'Please enter a valid progress amount.').max(1e9),
  note: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type LogProgressBody = z.infer<typeof LogProgressBody>;

export type ChallengeTiming = 'upcoming' | 'active' | 'ended';

/** SPEC §4: upcoming before startDate, active between start and end (inclusive), ended after endDate. */
export function challengeTiming(startDate: Date | string, endDate: Date | string, now: Date = new Date()): ChallengeTiming {
  const t = now.getTime();
  if (t < new Date(startDate).getTime()) return 'upcoming';
  if (t > new Date(endDate).getTime()) return 'ended';
  return 'active';
}
