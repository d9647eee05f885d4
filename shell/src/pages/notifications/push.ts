import { apiRequest } from '@fitconnect/shared-ui';

// The browser side of Web Push (issue 30): permission, the service worker's PushManager subscription and the
// API calls that store or remove it. The service worker itself (/sw.js, registered by the shell) shows the
// pushes and opens their `url` when clicked.

export type PushSupport = 'supported' | 'unsupported';
export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? 'supported'
    : 'unsupported';
}

export function pushPermission(): PushPermission {
  return pushSupport() === 'supported' ? Notification.permission : 'unsupported';
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The ready service worker registration, or an error after `ms` (no service worker running). */
async function readyRegistration(ms = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The app’s service worker is not running. Reload the page and try again.')), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's current subscription, if any (never asks for permission). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export class PushDenied extends Error {}

/**
 * "Enable push notifications": ask for permission, subscribe this browser with the API's VAPID key, and
 * store the subscription. Throws PushDenied when the user (or the browser) says no.
 */
export async function enablePush(): Promise<PushSubscription> {
  if (pushSupport() !== 'supported') throw new Error('This browser does not support push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDenied('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
  const reg = await readyRegistration();
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/notifications/push/key');
  let sub = await reg.pushManager.getSubscription();
  if (sub) {
    // A subscription made with another key (the server's keys changed) cannot be used: make a new one.
    const current = sub.options.applicationServerKey;
    const same = current && btoa(String.fromCharCode(...new Uint8Array(current))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') === publicKey;
    if (!same) {
      await sub.unsubscribe();
      sub = null;
    }
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = sub.toJSON();
  await apiRequest('POST', '/api/notifications/push/subscriptions', { endpoint: json.endpoint, keys: json.keys });
  return sub;
}

/** Stop push on this browser: remove the subscription from the API and the browser. */
export async function disablePush(sub: PushSubscription): Promise<void> {
  await apiRequest('DELETE', '/api/notifications/push/subscriptions', { endpoint: sub.endpoint });
  await sub.unsubscribe().catch(() => undefined);
}
