import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ReportCommunityReviewBody } from '@fitconnect/contracts';
import { COMMUNITY_REVIEWS_KEY } from './get-reviews';

/** POST /api/community-reviews/{id}/report {reason} (reason optional). */
export function reportReview(id: number, body: ReportCommunityReviewBody): Promise<{ id: number; message: string }> {
  return apiRequest('POST', `${COMMUNITY_REVIEWS_KEY}/${id}/report`, body);
}

export function useReportReview(options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reportReview(id, { reason }),
    onSuccess: async () => {
      options.onSuccess?.();
      // A third report hides the review: refresh the lists.
      await qc.invalidateQueries({ queryKey: [COMMUNITY_REVIEWS_KEY] });
    },
    onError: (err) => options.onError?.(err),
  });
}
