import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { TrainerProfileBody } from '@fitconnect/contracts';
import type { Trainer } from '@fitconnect/contracts';
import { MY_TRAINER_KEY } from '../../profile/api/get-my-trainer';

/** POST /api/trainers/profile: a trainer account's profile, once (409 on a second call). */
export function createTrainerProfile(body: TrainerProfileBody): Promise<Trainer> {
  return apiRequest<Trainer>('POST', '/api/trainers/profile', body);
}

export function useCreateTrainerProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTrainerProfile,
    onSuccess: (trainer) => {
      qc.setQueryData(MY_TRAINER_KEY, trainer);
      void qc.invalidateQueries({ queryKey: ['/api/trainers'], refetchType: 'none' });
    },
  });
}
