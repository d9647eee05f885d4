import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { FeedbackBody, FeedbackResponse } from '@fitconnect/contracts';

/**
 * POST /api/feedback {type, content, email, joinCommunity, interests, userId, isTrainer} (SPEC §7). The
 * server takes userId and isTrainer from the session; they are sent because SPEC's payload has them.
 */
export function sendFeedback(body: FeedbackBody & { userId: number | null; isTrainer: boolean }): Promise<FeedbackResponse> {
  return apiRequest<FeedbackResponse>('POST', '/api/feedback', body);
}

export function useSendFeedback(options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  return useMutation({ mutationFn: sendFeedback, onSuccess: () => options.onSuccess?.(), onError: (err) => options.onError?.(err) });
}
