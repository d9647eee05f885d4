import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, apiRequest, toast } from '@fitconnect/shared-ui';
import type { ChallengeSummary, CreateChallengeBody, JoinResult, LogProgressBody, ProgressResult } from '@fitconnect/contracts';
import { refreshChallenges } from './keys';

/** POST /api/challenges. */
export function createChallenge(body: CreateChallengeBody): Promise<ChallengeSummary> {
  return apiRequest<ChallengeSummary>('POST', '/api/challenges', body);
}

/** POST /api/challenges/{id}/join (no body). */
export function joinChallenge(id: number): Promise<JoinResult> {
  return apiRequest<JoinResult>('POST', `/api/challenges/${id}/join`);
}

/** POST /api/challenges/{id}/progress {progress, note}; the note is left out when empty (SPEC §5). */
export function logProgress(id: number, body: LogProgressBody): Promise<ProgressResult> {
  return apiRequest<ProgressResult>('POST', `/api/challenges/${id}/progress`, body.note ? body : { progress: body.progress });
}

/**
 * Create, then join as the creator (the API's create does not join; the creator is its first participant).
 * A failed join does not undo the create: the challenge exists and its page still offers Join.
 */
export async function createAndJoinChallenge(body: CreateChallengeBody): Promise<ChallengeSummary> {
  const created = await createChallenge(body);
  try {
    const joined = await joinChallenge(created.id);
    return joined.challenge;
  } catch {
    return created;
  }
}

/** Create (and join) with SPEC §8 create toasts; the lists refresh afterwards. */
export function useCreateChallenge(options: { onSuccess?: (c: ChallengeSummary) => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAndJoinChallenge,
    onSuccess: async (c) => {
      toast({ title: 'Challenge Created!', description: 'Your fitness challenge has been created successfully.', variant: 'success' });
      options.onSuccess?.(c);
      await refreshChallenges(qc);
    },
    onError: (err) => {
      toast({ title: 'Error', description: apiErrorMessage(err, 'Failed to create challenge.'), variant: 'destructive' });
      options.onError?.(err);
    },
  });
}

/** Join with SPEC §8 toasts; detail, leaderboard, list and /api/user/challenges refresh afterwards. */
export function useJoinChallenge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: joinChallenge,
    onSuccess: async () => {
      toast({ title: 'Challenge Joined!', description: "You've successfully joined the challenge.", variant: 'success' });
      await refreshChallenges(qc);
    },
    onError: async (err) => {
      toast({ title: 'Error', description: apiErrorMessage(err, 'Failed to join challenge.'), variant: 'destructive' });
      // A refusal (full, ended) means our copy was out of date.
      await refreshChallenges(qc);
    },
  });
}

/** Log progress with SPEC §8 toasts; the same refreshes as a join. */
export function useLogProgress(id: number, options: { onSuccess?: (r: ProgressResult) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LogProgressBody) => logProgress(id, body),
    onSuccess: async (r) => {
      toast({ title: 'Progress Logged!', description: 'Your progress has been recorded.', variant: 'success' });
      options.onSuccess?.(r);
      await refreshChallenges(qc);
    },
    onError: (err) => {
      toast({ title: 'Error', description: apiErrorMessage(err, 'Failed to log progress.'), variant: 'destructive' });
    },
  });
}
