import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, alwaysUnlessJustHydrated } from '@fitconnect/shared-ui';
import type { TrainerReview } from '@fitconnect/contracts';

export const trainerReviewsKey = (trainerId: number) => [`/api/trainers/${trainerId}/reviews`] as const;

/** GET /api/trainers/{id}/reviews: newest first. */
export async function getTrainerReviews(trainerId: number): Promise<TrainerReview[]> {
  const list = await apiRequest<TrainerReview[] | null>('GET', `/api/trainers/${trainerId}/reviews`);
  return Array.isArray(list) ? list : [];
}

export function trainerReviewsQueryOptions(trainerId: number | null) {
  return queryOptions({
    queryKey: trainerReviewsKey(trainerId ?? 0),
    queryFn: () => getTrainerReviews(trainerId as number),
    enabled: trainerId !== null && trainerId > 0,
    staleTime: 0,
    refetchOnMount: alwaysUnlessJustHydrated,
  });
}

export function useTrainerReviews(trainerId: number | null) {
  return useQuery(trainerReviewsQueryOptions(trainerId));
}
