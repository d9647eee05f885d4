import webpush from 'web-push';
import type { PushPayload } from '@fitconnect/contracts';
import type { AppDeps } from '../context';
import { PushSubscription, type PushSubscriptionFields } from './model';
import { RefusedEndpoint, postToEndpoint } from './endpoint';
import { endpointPolicy, notificationRuntime } from './runtime';

export type PushOutcome = 'sent' | 'gone' | 'refused';

/** A push service answered with an error (the row is retried). */
export class PushError extends Error {
  constructor(readonly statusCode: number, body: string) {
    super(`push service answered ${statusCode}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/**
 * Send one push. web-push (well kept) encrypts the payload for the subscription's keys (RFC 8291, aes128gcm)
 * and signs the VAPID JWT (RFC 8292); the request itself goes out through endpoint.ts's postToEndpoint, which
 * connects only to a public address (checked in the socket's own DNS lookup, so a name that resolves to a
 * private address now is refused however it resolved when it was stored), has a timeout, follows no redirect,
 * and reaches the tests' plain-http fake push service only with the private-endpoints opt-in.
 * A 404 or 410 means the subscription has expired or was revoked: it is deleted and reported as 'gone' (not
 * an error). An endpoint refused by the guard is deleted too and reported as 'refused' (a browser's real
 * push service never points into our network; the user subscribes again from the settings page if it ever
 * was theirs). Any other failure throws (retried).
 */
export async function sendPush(deps: AppDeps, sub: PushSubscriptionFields, payload: PushPayload): Promise<PushOutcome> {
  const { vapid, options } = notificationRuntime(deps);
  const topic = payload.tag?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  let res: { status: number; text: string };
  try {
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 24 * 60 * 60,
      ...(topic ? { topic } : {}),
    });
    res = await postToEndpoint(
      details.endpoint,
      {
        headers: Object.fromEntries(Object.entries(details.headers).filter(([k]) => k.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)])),
        body: details.body ? Buffer.from(details.body) : null,
        timeoutMs: options.pushTimeoutMs,
      },
      endpointPolicy(deps),
    );
  } catch (err) {
    if (!(err instanceof RefusedEndpoint)) throw err;
    await PushSubscription.deleteOne({ _id: sub._id });
    deps.logger.warn(`Notifications: push subscription ${String(sub._id)} of user ${sub.userId} refused at send time (${err.reason}); removed`);
    return 'refused';
  }
  if (res.status === 404 || res.status === 410) {
    await PushSubscription.deleteOne({ _id: sub._id });
    deps.logger.info(`Notifications: push subscription ${String(sub._id)} of user ${sub.userId} is gone (${res.status}); removed`);
    return 'gone';
  }
  if (res.status < 200 || res.status >= 300) throw new PushError(res.status, res.text);
  return 'sent';
}
