import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { HelpfulResponse } from '@fitconnect/contracts';
import { applyHelpful } from '../lib/filter';
import { COMMUNITY_REVIEWS_KEY, type ReviewsPage } from './get-reviews';

/** PATCH /api/community-reviews/{id}/helpful with an empty body (SPEC §7). */
export function markHelpful(id: number): Promise<HelpfulResponse> {
  return apiRequest<HelpfulResponse>('PATCH', `${COMMUNITY_REVIEWS_KEY}/${id}/helpful`);
}

/** On success the new count shows at once in every cached list, then the lists are refreshed (SPEC §4). */
export function useMarkHelpful(options: { onSuccess?: (r: HelpfulResponse) => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markHelpful,
    onSuccess: async (res) => {
      qc.setQueriesData<InfiniteData<ReviewsPage>>({ queryKey: [COMMUNITY_REVIEWS_KEY] }, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, reviews: applyHelpful(p.reviews, res.id, res.helpful, res.votedHelpful) })) } : old,
      );
      options.onSuccess?.(res);
      await qc.invalidateQueries({ queryKey: [COMMUNITY_REVIEWS_KEY] });
    },
    onError: (err) => options.onError?.(err),
  });
}
