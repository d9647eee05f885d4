import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { CalendarFeed } from '@fitconnect/contracts/bookings';
import { CALENDAR_FEED_KEY } from './get-calendar-feed';

/** POST /api/calendar/token: a new feed URL; the old one stops working (answers 404). */
export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('POST', '/api/calendar/token');
}

export function useRotateCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (feed) => qc.setQueryData(CALENDAR_FEED_KEY, feed),
  });
}
