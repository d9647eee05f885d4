import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { TrainerAvailability } from '@fitconnect/contracts/bookings';

export const availabilityKey = (trainerId: number) => [`/api/trainers/${trainerId}/availability`] as const;

/** GET /api/trainers/{id}/availability (public): the trainer's weekly schedule; `configured: false` = never set. */
export function getAvailability(trainerId: number): Promise<TrainerAvailability> {
  return apiRequest<TrainerAvailability>('GET', `/api/trainers/${trainerId}/availability`);
}

export function availabilityQueryOptions(trainerId: number | null) {
  return queryOptions({
    queryKey: availabilityKey(trainerId ?? 0),
    queryFn: () => getAvailability(trainerId as number),
    enabled: trainerId !== null && trainerId > 0,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useAvailability(trainerId: number | null) {
  return useQuery(availabilityQueryOptions(trainerId));
}
