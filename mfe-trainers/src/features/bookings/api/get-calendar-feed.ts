import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { CalendarFeed } from '@fitconnect/contracts/bookings';

export const CALENDAR_FEED_KEY = ['/api/calendar/token'] as const;

/** GET /api/calendar/token: the signed-in user's private calendar feed URL (made on the first call). */
export function getCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('GET', '/api/calendar/token');
}

export function calendarFeedQueryOptions(enabled = true) {
  return queryOptions({ queryKey: CALENDAR_FEED_KEY, queryFn: getCalendarFeed, enabled });
}

export function useCalendarFeed(enabled = true) {
  return useQuery(calendarFeedQueryOptions(enabled));
}

/** The .ics of one session (participants only, with the session cookie): the "Add to calendar" link. */
export const bookingIcsUrl = (id: number) => `/api/bookings/${id}.ics`;
