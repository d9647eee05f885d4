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
    // Marked stale, not replaced: /trainer-profile would redirect at once, before the caller uploads the photo.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: MY_TRAINER_KEY, refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: ['/api/trainers'], refetchType: 'none' });
    },
  });
}
