import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@fitconnect/shared-ui';
import {
  DAILY_LIMIT_MESSAGE,
  INVALID_WORKOUT_DATA,
  type GeneratedWorkout,
  type WorkoutRequest,
} from '@fitconnect/contracts/workouts';
import { SAVED_WORKOUTS_KEY } from './get-saved-workouts';
import { TODAY_WORKOUTS_KEY } from './get-today-workouts';

/** Thrown when the answer lacks a title or sections (SPEC §5). */
export class InvalidWorkoutDataError extends Error {
  constructor() {
    super(INVALID_WORKOUT_DATA);
    this.name = 'InvalidWorkoutDataError';
  }
}

function isUsableWorkout(w: unknown): w is GeneratedWorkout {
  if (!w || typeof w !== 'object') return false;
  const o = w as Partial<GeneratedWorkout>;
  return typeof o.title === 'string' && o.title.trim() !== '' && Array.isArray(o.sections) && o.sections.length > 0;
}

/** POST /api/generate-workout: the generated workout, auto-saved (SPEC §7). */
export async function generateWorkout(request: WorkoutRequest): Promise<GeneratedWorkout> {
  const workout = await apiRequest<unknown>('POST', '/api/generate-workout', request);
  if (!isUsableWorkout(workout)) throw new InvalidWorkoutDataError();
  return workout;
}

export interface GenerateErrorText {
  title: string;
  description: string;
}

/**
 * SPEC §8 texts for a failed generation: 429 shows the server's description (or message), else
 * the daily-limit sentence; invalid data says so; other failures 'API error: {status}' with the
 * generic sentence.
 */
export function generateErrorText(err: unknown): GenerateErrorText {
  if (err instanceof ApiError && err.status === 429) {
    const body = err.json as { description?: unknown; message?: unknown } | null;
    const text =
      (typeof body?.description === 'string' && body.description.trim()) ||
      (typeof body?.message === 'string' && body.message.trim()) ||
      DAILY_LIMIT_MESSAGE;
    return { title: 'Daily Limit Reached', description: text };
  }
  if (err instanceof InvalidWorkoutDataError) {
    return { title: 'Error', description: INVALID_WORKOUT_DATA };
  }
  const generic = "We couldn't generate your workout. Please try again with different options.";
  if (err instanceof ApiError) return { title: `API error: ${err.status}`, description: generic };
  return { title: 'Error', description: generic };
}

export function useGenerateWorkout(options: { onSuccess?: (w: GeneratedWorkout) => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateWorkout,
    onSuccess: async (workout) => {
      // The new workout is today's (limit reached) and now first in the saved list.
      qc.setQueryData(TODAY_WORKOUTS_KEY, (old: GeneratedWorkout[] | undefined) => [workout, ...(old ?? [])]);
      options.onSuccess?.(workout);
      await qc.invalidateQueries({ queryKey: SAVED_WORKOUTS_KEY });
    },
    onError: async (err) => {
      options.onError?.(err);
      // A 429 means the server knows of today's workout: re-read it so the banner shows it.
      if (err instanceof ApiError && err.status === 429) await qc.invalidateQueries({ queryKey: TODAY_WORKOUTS_KEY });
    },
  });
}
