import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { Thread } from '@fitconnect/contracts';

export const threadKey = (partnerId: number) => [`/api/messages/${partnerId}`] as const;

/** GET /api/messages/{partnerId}: the thread (oldest first) and the other user. Changes nothing (mark-read.ts does). */
export function getThread(partnerId: number, afterSeq?: number): Promise<Thread> {
  const q = afterSeq !== undefined ? `?afterSeq=${afterSeq}` : '';
  return apiRequest<Thread>('GET', `/api/messages/${partnerId}${q}`);
}

export const threadQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: threadKey(partnerId), queryFn: () => getThread(partnerId), enabled: partnerId > 0 });

export function useThread(partnerId: number) {
  return useQuery(threadQueryOptions(partnerId));
}
