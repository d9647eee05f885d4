import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { GeneratedWorkout } from '@fitconnect/contracts';

export const SAVED_WORKOUTS_KEY = ['/api/ai-workouts/saved'] as const;

/** GET /api/ai-workouts/saved: at most 5, newest first (SPEC §7). */
export async function getSavedWorkouts(): Promise<GeneratedWorkout[]> {
  const list = await apiRequest<GeneratedWorkout[] | null>('GET', '/api/ai-workouts/saved');
  return Array.isArray(list) ? list : [];
}

export function savedWorkoutsQueryOptions(enabled = true) {
  return queryOptions({ queryKey: SAVED_WORKOUTS_KEY, queryFn: getSavedWorkouts, enabled });
}

export function useSavedWorkouts(enabled = true) {
  return useQuery(savedWorkoutsQueryOptions(enabled));
}
