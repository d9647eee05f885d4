import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainerProfileBody } from '@fitconnect/contracts';
import type { Trainer } from '@fitconnect/contracts';
import { trainerKey } from '../../profile/api/get-trainer';
import { MY_TRAINER_KEY } from '../../profile/api/get-my-trainer';
import { updateTrainer } from './update-trainer';
import { updateSpecialties } from './update-specialties';
import { uploadPhoto } from './upload-photo';

export interface SaveProfileInput {
  id: number;
  body: TrainerProfileBody;
  photo: File | null;
}

/** Which step failed: the profile fields (PATCH, specialties) or the photo upload after them. */
export class SaveStepError extends Error {
  constructor(
    readonly step: 'profile' | 'photo',
    override readonly cause: unknown,
  ) {
    super(step === 'photo' ? 'Photo upload failed' : 'Profile update failed');
    this.name = 'SaveStepError';
  }
}

/**
 * Save the edit form: PATCH the fields, POST the specialties, then upload a newly chosen photo.
 * The caches of this trainer, the caller's own profile and the directory are refreshed.
 */
export async function saveProfile({ id, body, photo }: SaveProfileInput): Promise<Trainer> {
  const { specialties, ...fields } = body;
  let trainer: Trainer;
  try {
    await updateTrainer(id, fields);
    trainer = await updateSpecialties(id, specialties);
  } catch (err) {
    throw new SaveStepError('profile', err);
  }
  if (photo) {
    try {
      const uploaded = await uploadPhoto(id, photo);
      trainer = { ...trainer, ...uploaded };
    } catch (err) {
      throw new SaveStepError('photo', err);
    }
  }
  return trainer;
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSettled: async (_data, _err, input) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: trainerKey(input.id) }),
        qc.invalidateQueries({ queryKey: MY_TRAINER_KEY }),
        qc.invalidateQueries({ queryKey: ['/api/trainers'], refetchType: 'none' }),
      ]);
    },
  });
}
