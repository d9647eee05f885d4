import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import { SAVED_WORKOUTS_KEY } from './get-saved-workouts';
import { TODAY_WORKOUTS_KEY } from './get-today-workouts';

/** DELETE /api/ai-workouts/saved/{id}. */
export function deleteSavedWorkout(id: number): Promise<unknown> {
  return apiRequest('DELETE', `/api/ai-workouts/saved/${id}`);
}

/** On success the saved list, today's state (the deleted plan may be today's) and that plan's detail are refreshed (SPEC §7). */
export function useDeleteSavedWorkout(options: { onSuccess?: (id: number) => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSavedWorkout(id),
    onSuccess: async (_d, id) => {
      qc.removeQueries({ queryKey: [`/api/workouts/${id}`], exact: true });
      await Promise.all([qc.invalidateQueries({ queryKey: SAVED_WORKOUTS_KEY }), qc.invalidateQueries({ queryKey: TODAY_WORKOUTS_KEY })]);
      options.onSuccess?.(id);
    },
    onError: (err) => options.onError?.(err),
  });
}
