import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { AvailabilityBody, TrainerAvailability } from '@fitconnect/contracts/bookings';
import { availabilityKey } from './get-availability';
import { SLOTS_KEY_ROOT } from './get-slots';

/** PUT /api/trainers/{id}/availability: the whole schedule (the trainer only; existing bookings are kept). */
export function updateAvailability({ trainerId, body }: { trainerId: number; body: AvailabilityBody }): Promise<TrainerAvailability> {
  return apiRequest<TrainerAvailability>('PUT', `/api/trainers/${trainerId}/availability`, body);
}

/** The saved schedule replaces the cached one; the trainer's free slots are read again. */
export function useUpdateAvailability() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAvailability,
    onSuccess: async (saved, { trainerId }) => {
      qc.setQueryData(availabilityKey(trainerId), saved);
      await qc.invalidateQueries({ queryKey: [SLOTS_KEY_ROOT, trainerId] });
    },
  });
}
