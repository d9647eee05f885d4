import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Booking, CreateBookingBody } from '@fitconnect/contracts/bookings';
import { BOOKINGS_KEY_ROOT } from './get-bookings';
import { SLOTS_KEY_ROOT } from './get-slots';

/** POST /api/bookings: request (or, when the trainer needs no confirmation, book) a slot. */
export function createBooking(body: CreateBookingBody): Promise<Booking> {
  return apiRequest<Booking>('POST', '/api/bookings', body);
}

/**
 * Booked or refused, the trainer's free slots are read again: after a booking its slot is gone, and after a
 * 409 'That time was just taken' the panel shows what is still free.
 */
export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: async (_b, _e, body) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: [SLOTS_KEY_ROOT, body.trainerId] }),
        qc.invalidateQueries({ queryKey: [BOOKINGS_KEY_ROOT] }),
      ]);
    },
  });
}
