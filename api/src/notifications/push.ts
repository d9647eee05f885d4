import webpush from 'web-push';
import type { PushPayload } from '@fitconnect/contracts';
import type { AppDeps } from '../context';
import { PushSubscription, type PushSubscriptionFields } from './model';
import { notificationRuntime } from './runtime';

export type PushOutcome = 'sent' | 'gone';

/** A push service answered with an error (the row is retried). */
export class PushError extends Error {
  constructor(readonly statusCode: number, body: string) {
    super(`push service answered ${statusCode}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/**
 * Send one push. web-push (well kept) encrypts the payload for the subscription's keys (RFC 8291, aes128gcm)
 * and signs the VAPID JWT (RFC 8292); the request itself goes out with fetch, so it has a timeout and also
 * reaches the tests' plain-http fake push service. A 404 or 410 means the subscription has expired or was
 * revoked: it is deleted and reported as 'gone' (not an error). Any other failure throws (retried).
 */
export async function sendPush(deps: AppDeps, sub: PushSubscriptionFields, payload: PushPayload): Promise<PushOutcome> {
  const { vapid, options } = notificationRuntime(deps);
  const topic = payload.tag?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 24 * 60 * 60,
    ...(topic ? { topic } : {}),
  });
  const res = await fetch(details.endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(details.headers).filter(([k]) => k.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)])),
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.pushTimeoutMs),
  });
  const text = await res.text().catch(() => '');
  if (res.status === 404 || res.status === 410) {
    await PushSubscription.deleteOne({ _id: sub._id });
    deps.logger.info(`Notifications: push subscription ${String(sub._id)} of user ${sub.userId} is gone (${res.status}); removed`);
    return 'gone';
  }
  if (res.status < 200 || res.status >= 300) throw new PushError(res.status, text);
  return 'sent';
}

/** A push endpoint this API will post to: https (http only when allowHttpPush, for local tests). */
export function acceptableEndpoint(deps: AppDeps, endpoint: string): boolean {
  const u = new URL(endpoint);
  return u.protocol === 'https:' || (u.protocol === 'http:' && notificationRuntime(deps).options.allowHttpPush);
}
