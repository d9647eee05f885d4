import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { TodaysWorkoutList } from '@fitconnect/contracts';

export const TODAY_WORKOUTS_KEY = ['/api/ai-workouts/today'] as const;

/**
 * GET /api/ai-workouts/today: non-empty means the daily limit is reached (SPEC §7). An entry marked
 * `deleted` is a day whose workout was generated and then deleted (the generation stays spent).
 */
export async function getTodayWorkouts(): Promise<TodaysWorkoutList> {
  const list = await apiRequest<TodaysWorkoutList | null>('GET', '/api/ai-workouts/today');
  return Array.isArray(list) ? list : [];
}

export function todayWorkoutsQueryOptions(enabled = true) {
  return queryOptions({ queryKey: TODAY_WORKOUTS_KEY, queryFn: getTodayWorkouts, enabled });
}

export function useTodayWorkouts(enabled = true) {
  return useQuery(todayWorkoutsQueryOptions(enabled));
}
