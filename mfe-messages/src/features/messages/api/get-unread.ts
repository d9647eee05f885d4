import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { UnreadTotal } from '@fitconnect/contracts';

export const UNREAD_KEY = ['/api/messages/unread'] as const;

/** GET /api/messages/unread: { total } for the nav badge. */
export function getUnread(): Promise<UnreadTotal> {
  return apiRequest<UnreadTotal>('GET', '/api/messages/unread');
}

export const unreadQueryOptions = (enabled = true) => queryOptions({ queryKey: UNREAD_KEY, queryFn: getUnread, enabled });

export function useUnreadTotal(enabled = true) {
  return useQuery(unreadQueryOptions(enabled));
}
