import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { TrainerReview } from '@fitconnect/contracts';
import { trainerKey } from './get-trainer';
import { trainerReviewsKey } from './get-trainer-reviews';

export interface CreateReviewInput {
  trainerId: number;
  rating: number;
  comment: string;
}

/**
 * POST /api/reviews (SPEC §7 body: trainerId, userId, rating, comment). The server takes the reviewer
 * from the session; a second review of the same trainer updates the first.
 */
export function createReview(input: CreateReviewInput & { userId?: number }): Promise<TrainerReview> {
  return apiRequest<TrainerReview>('POST', '/api/reviews', input);
}

/** After a review the trainer's rating and the review list are reloaded. */
export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async (_review, input) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: trainerReviewsKey(input.trainerId) }),
        qc.invalidateQueries({ queryKey: trainerKey(input.trainerId) }),
        // Cached directory pages show the old rating.
        qc.invalidateQueries({ queryKey: ['/api/trainers'], refetchType: 'none' }),
      ]);
    },
  });
}
