import { apiRequest, isApiError } from '@fitconnect/shared-ui';
import type { Message, SendMessageBody } from '@fitconnect/contracts';

/** POST /api/messages with the message's idempotency key (a retry stores nothing new). */
export function sendMessage(body: SendMessageBody & { clientKey: string }): Promise<Message> {
  return apiRequest<Message>('POST', '/api/messages', body);
}

/** Waits before each retry (ms): three attempts in all. */
export const SEND_RETRY_DELAYS = [600, 1800];

/** Worth another attempt with the same key: the network, a server error or a rate limit, not a refusal. */
export function isRetryable(err: unknown): boolean {
  if (!isApiError(err)) return true;
  return err.status >= 500 || err.status === 429 || err.status === 408;
}

/**
 * Sends, retrying with the SAME clientKey after a network failure or a server error, so a send whose
 * answer was lost is stored once however often it is repeated.
 */
export async function sendWithRetry(
  body: SendMessageBody & { clientKey: string },
  opts: { delays?: number[]; wait?: (ms: number) => Promise<void> } = {},
): Promise<Message> {
  const delays = opts.delays ?? SEND_RETRY_DELAYS;
  const wait = opts.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendMessage(body);
    } catch (err) {
      if (attempt >= delays.length || !isRetryable(err)) throw err;
      await wait(delays[attempt]);
    }
  }
}
