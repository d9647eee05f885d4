import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Booking } from '@fitconnect/contracts/bookings';
import { BOOKINGS_KEY_ROOT } from './get-bookings';

/** POST /api/bookings/{id}/confirm: the trainer accepts a request. */
export function confirmBooking(id: number): Promise<Booking> {
  return apiRequest<Booking>('POST', `/api/bookings/${id}/confirm`);
}

export function useConfirmBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmBooking,
    // Also after a 409 (already answered, expired): the list shows what the request became.
    onSettled: () => qc.invalidateQueries({ queryKey: [BOOKINGS_KEY_ROOT] }),
  });
}
