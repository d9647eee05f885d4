import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, alwaysUnlessJustHydrated } from '@fitconnect/shared-ui';
import type { SlotsResponse } from '@fitconnect/contracts/bookings';

export const SLOTS_KEY_ROOT = 'trainer-slots';
export const slotsKey = (trainerId: number, from: string, to: string) => [SLOTS_KEY_ROOT, trainerId, from, to] as const;

/** GET /api/trainers/{id}/slots?from&to (public): the free, bookable slots, dates in the trainer's time zone. */
export function getSlots(trainerId: number, from: string, to: string): Promise<SlotsResponse> {
  const q = new URLSearchParams();
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  const qs = q.toString();
  return apiRequest<SlotsResponse>('GET', `/api/trainers/${trainerId}/slots${qs ? `?${qs}` : ''}`);
}

/** Free times change with every booking: read them afresh each time the panel is shown. '' from = the API's today. */
export function slotsQueryOptions(trainerId: number, from: string, to: string) {
  return queryOptions({
    queryKey: slotsKey(trainerId, from, to),
    queryFn: () => getSlots(trainerId, from, to),
    staleTime: 0,
    refetchOnMount: alwaysUnlessJustHydrated,
  });
}

export function useSlots(trainerId: number, from: string, to: string) {
  return useQuery(slotsQueryOptions(trainerId, from, to));
}
