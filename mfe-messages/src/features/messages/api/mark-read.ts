import { apiRequest } from '@fitconnect/shared-ui';
import type { MarkReadResult } from '@fitconnect/contracts';

/**
 * POST /api/messages/{partnerId}/read: the thread with the partner is read up to `upToSeq` (the highest
 * number shown). Reading a thread (GET) never marks it read; the thread view calls this once it shows the
 * messages, and again when new ones arrive while it is open.
 */
export function markThreadRead(partnerId: number, upToSeq: number): Promise<MarkReadResult> {
  return apiRequest<MarkReadResult>('POST', `/api/messages/${partnerId}/read`, { upToSeq });
}
