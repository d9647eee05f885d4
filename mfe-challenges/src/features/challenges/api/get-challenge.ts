import { useQuery } from '@tanstack/react-query';
import type { ChallengeDetail } from '@fitconnect/contracts';
import { CHALLENGE_QUERY_RETRY, challengeKey } from './keys';

/** GET /api/challenges/{id}; no call without a numeric id (SPEC §5). */
export function useChallenge(id: number | null, userId: number | null, userKnown = true) {
  return useQuery<ChallengeDetail>({
    queryKey: challengeKey(id ?? 0, userId),
    enabled: id !== null && userKnown,
    retry: CHALLENGE_QUERY_RETRY,
  });
}
