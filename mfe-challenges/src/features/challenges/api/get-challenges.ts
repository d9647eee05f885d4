import { useQuery } from '@tanstack/react-query';
import type { ChallengeSummary } from '@fitconnect/contracts';
import { CHALLENGE_QUERY_RETRY, challengesKey } from './keys';

/**
 * GET /api/challenges: the list (with `joined` for a signed-in caller). `userKnown` false while the
 * current user is still loading, so the list is read once, for the right person.
 */
export function useChallenges(userId: number | null, userKnown = true) {
  return useQuery<ChallengeSummary[]>({ queryKey: challengesKey(userId), enabled: userKnown, retry: CHALLENGE_QUERY_RETRY });
}
