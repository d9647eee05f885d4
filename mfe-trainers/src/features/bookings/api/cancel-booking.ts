import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Booking } from '@fitconnect/contracts/bookings';
import { BOOKINGS_KEY_ROOT } from './get-bookings';
import { SLOTS_KEY_ROOT } from './get-slots';

/** POST /api/bookings/{id}/cancel { reason? }: either side cancels a requested or confirmed session before it starts. */
export function cancelBooking({ id, reason }: { id: number; reason: string }): Promise<Booking> {
  return apiRequest<Booking>('POST', `/api/bookings/${id}/cancel`, { reason });
}

/** A cancelled session frees its slot: the trainer's slots are read again too. */
export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: [BOOKINGS_KEY_ROOT] }), qc.invalidateQueries({ queryKey: [SLOTS_KEY_ROOT] })]),
  });
}
