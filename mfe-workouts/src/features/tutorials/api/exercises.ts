import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ExerciseDetail, ExercisePage } from '@fitconnect/contracts';
import { toApiSearch, type LibraryState } from '../lib/url';

/** GET /api/exercises: one page of the catalogue (cards only; no tutorial text). */
export function useExercisePage(state: LibraryState) {
  const qs = toApiSearch(state);
  return useQuery({
    queryKey: ['/api/exercises', qs],
    queryFn: () => apiRequest<ExercisePage>('GET', `/api/exercises?${qs}`),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/exercises/:slug: one tutorial. */
export function useExercise(slug: string) {
  return useQuery({
    queryKey: ['/api/exercises', slug],
    queryFn: () => apiRequest<ExerciseDetail>('GET', `/api/exercises/${encodeURIComponent(slug)}`),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
