import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ReportChallengeBody } from '@fitconnect/contracts';
import { refreshChallenges } from './keys';

/** POST /api/challenges/{id}/report {reason} (reason optional): once per person; three reports hide it. */
export function reportChallenge(id: number, body: ReportChallengeBody): Promise<{ id: number; message: string }> {
  return apiRequest('POST', `/api/challenges/${id}/report`, body);
}

export function useReportChallenge(options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reportChallenge(id, { reason }),
    onSuccess: () => options.onSuccess?.(),
    onError: (err) => options.onError?.(err),
    // A third report hides the challenge: the lists are read again.
    onSettled: () => refreshChallenges(qc),
  });
}
