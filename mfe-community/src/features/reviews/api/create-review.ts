import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { CommunityReview, CreateCommunityReviewBody } from '@fitconnect/contracts';
import { COMMUNITY_REVIEWS_KEY } from './get-reviews';

/** POST /api/community-reviews {rating, title, comment, category, isAnonymous} (SPEC §7). */
export function createReview(body: CreateCommunityReviewBody): Promise<CommunityReview> {
  return apiRequest<CommunityReview>('POST', COMMUNITY_REVIEWS_KEY, body);
}

export function useCreateReview(options: { onSuccess?: (r: CommunityReview) => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async (review) => {
      options.onSuccess?.(review);
      await qc.invalidateQueries({ queryKey: [COMMUNITY_REVIEWS_KEY] });
    },
    onError: (err) => options.onError?.(err),
  });
}
