import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { WorkoutPlan } from '@fitconnect/contracts';

export const workoutKey = (id: number) => [`/api/workouts/${id}`] as const;

/** GET /api/workouts/{id}: the plan with its exercises (SPEC §7). */
export function getWorkout(id: number): Promise<WorkoutPlan> {
  return apiRequest<WorkoutPlan>('GET', `/api/workouts/${id}`);
}

/**
 * SPEC §4 workout-detail overrides: always stale, 3 retries 1 second apart, refetch on mount.
 * A missing/invalid id (null) disables the query: no call is made (SPEC §5).
 */
export function workoutQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: workoutKey(id ?? 0),
    queryFn: () => getWorkout(id as number),
    enabled: id !== null && id > 0,
    staleTime: 0,
    retry: 3,
    retryDelay: 1000,
    refetchOnMount: 'always',
  });
}

export function useWorkout(id: number | null) {
  return useQuery(workoutQueryOptions(id));
}
