import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { ConversationSummary } from '@fitconnect/contracts';

export const CONVERSATIONS_KEY = ['/api/messages'] as const;

/** GET /api/messages: the signed-in user's conversations, newest first (SPEC §7). */
export async function getConversations(): Promise<ConversationSummary[]> {
  const list = await apiRequest<ConversationSummary[] | null>('GET', '/api/messages');
  return Array.isArray(list) ? list : [];
}

export const conversationsQueryOptions = () => queryOptions({ queryKey: CONVERSATIONS_KEY, queryFn: getConversations });

/** Refetched whenever the list is shown: it changes while other pages are open (an override of SPEC §4's fresh-forever default). */
export function useConversations() {
  return useQuery({ ...conversationsQueryOptions(), refetchOnMount: 'always' });
}
