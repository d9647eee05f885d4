import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import { workoutKey } from './get-workout';

/** DELETE /api/workouts/{id}. */
export function deleteWorkout(id: number): Promise<unknown> {
  return apiRequest('DELETE', `/api/workouts/${id}`);
}

/** Every cached workouts read (detail plans, saved and today's AI workouts). */
export function isWorkoutsQuery(query: Pick<Query, 'queryKey'>): boolean {
  const head = query.queryKey[0];
  return typeof head === 'string' && (head.startsWith('/api/workouts') || head.startsWith('/api/ai-workouts'));
}

/** SPEC §7: after a delete, the deleted plan is dropped and the workouts caches are dropped and refetched. */
export async function afterWorkoutDeleted(qc: QueryClient, id: number): Promise<void> {
  qc.removeQueries({ queryKey: workoutKey(id), exact: true });
  await qc.invalidateQueries({ predicate: isWorkoutsQuery, refetchType: 'all' });
}

export function useDeleteWorkout(options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWorkout(id),
    onSuccess: async (_data, id) => {
      await afterWorkoutDeleted(qc, id);
      options.onSuccess?.();
    },
    onError: (err) => options.onError?.(err),
  });
}
