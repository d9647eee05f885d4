import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, alwaysUnlessJustHydrated } from '@fitconnect/shared-ui';
import type { Trainer } from '@fitconnect/contracts';

export const trainerKey = (id: number) => [`/api/trainers/${id}`] as const;

/** GET /api/trainers/{id}: one trainer (404 'Trainer not found'). */
export function getTrainer(id: number): Promise<Trainer> {
  return apiRequest<Trainer>('GET', `/api/trainers/${id}`);
}

/** A missing or invalid id (null) makes no call. */
export function trainerQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: trainerKey(id ?? 0),
    queryFn: () => getTrainer(id as number),
    enabled: id !== null && id > 0,
    // A profile is edited and reviewed: show the current one each time it is opened.
    staleTime: 0,
    refetchOnMount: alwaysUnlessJustHydrated,
  });
}

export function useTrainer(id: number | null) {
  return useQuery(trainerQueryOptions(id));
}
