import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Booking } from '@fitconnect/contracts/bookings';
import { BOOKINGS_KEY_ROOT } from './get-bookings';
import { SLOTS_KEY_ROOT } from './get-slots';

/** POST /api/bookings/{id}/decline { reason? }: the trainer turns a request down (the client sees the reason). */
export function declineBooking({ id, reason }: { id: number; reason: string }): Promise<Booking> {
  return apiRequest<Booking>('POST', `/api/bookings/${id}/decline`, { reason });
}

export function useDeclineBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: declineBooking,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: [BOOKINGS_KEY_ROOT] }), qc.invalidateQueries({ queryKey: [SLOTS_KEY_ROOT] })]),
  });
}
