import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Trainer } from '@fitconnect/contracts';

export const MY_TRAINER_KEY = ['/api/trainers/me'] as const;

/** GET /api/trainers/me: the signed-in user's own trainer profile (404 'Profile not found'). */
export function getMyTrainer(): Promise<Trainer> {
  return apiRequest<Trainer>('GET', '/api/trainers/me');
}

export function myTrainerQueryOptions(enabled = true) {
  return queryOptions({ queryKey: MY_TRAINER_KEY, queryFn: getMyTrainer, enabled, staleTime: 0, refetchOnMount: 'always' });
}

export function useMyTrainer(enabled = true) {
  return useQuery(myTrainerQueryOptions(enabled));
}
