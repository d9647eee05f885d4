import { useQuery } from '@tanstack/react-query';
import type { UserChallenge } from '@fitconnect/contracts';
import { CHALLENGE_QUERY_RETRY, userChallengesKey } from './keys';

/** GET /api/user/challenges: the signed-in user's challenges with their progress (only asked when signed in). */
export function useUserChallenges(userId: number | null) {
  return useQuery<UserChallenge[]>({ queryKey: userChallengesKey(userId), enabled: userId !== null, retry: CHALLENGE_QUERY_RETRY });
}
