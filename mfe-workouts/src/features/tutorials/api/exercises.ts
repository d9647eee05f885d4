import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ExerciseDetail, ExercisePage } from '@fitconnect/contracts';
import { toApiSearch, type LibraryState } from '../lib/url';

/** The query key of one page of the catalogue (its API query string); also the server's prefetch (src/server.tsx). */
export const exercisePageKey = (qs: string) => ['/api/exercises', qs] as const;
/** The query key of one tutorial; also the server's prefetch (src/server.tsx). */
export const exerciseKey = (slug: string) => ['/api/exercises', slug] as const;

/** GET /api/exercises: one page of the catalogue (cards only; no tutorial text). */
export function useExercisePage(state: LibraryState) {
  const qs = toApiSearch(state);
  return useQuery({
    queryKey: exercisePageKey(qs),
    queryFn: () => apiRequest<ExercisePage>('GET', `/api/exercises?${qs}`),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/exercises/:slug: one tutorial. */
export function useExercise(slug: string) {
  return useQuery({
    queryKey: exerciseKey(slug),
    queryFn: () => apiRequest<ExerciseDetail>('GET', `/api/exercises/${encodeURIComponent(slug)}`),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
