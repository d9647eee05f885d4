import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Booking, BookingRole } from '@fitconnect/contracts/bookings';

export const BOOKINGS_KEY_ROOT = 'bookings';

export interface BookingFilter {
  role?: BookingRole;
  when?: 'upcoming' | 'past';
}

export const bookingsKey = (filter: BookingFilter) => [BOOKINGS_KEY_ROOT, filter.role ?? 'any', filter.when ?? 'all'] as const;

/** GET /api/bookings?role&when: the signed-in user's sessions (upcoming soonest first, past latest first). */
export function getBookings(filter: BookingFilter): Promise<Booking[]> {
  const q = new URLSearchParams();
  if (filter.role) q.set('role', filter.role);
  if (filter.when) q.set('when', filter.when);
  const qs = q.toString();
  return apiRequest<Booking[]>('GET', `/api/bookings${qs ? `?${qs}` : ''}`);
}

export function bookingsQueryOptions(filter: BookingFilter, enabled = true) {
  return queryOptions({
    queryKey: bookingsKey(filter),
    queryFn: () => getBookings(filter),
    enabled,
    // The other side answers and cancels: show the current state each time the list is opened.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useBookings(filter: BookingFilter, enabled = true) {
  return useQuery(bookingsQueryOptions(filter, enabled));
}
