/// <reference lib="webworker" />
// Push notifications in the service worker. Contract with the notifications API: a push message's data is
// JSON `{ title, body, url, tag? }`; clicking the notification opens `url`, a path on this site.

export interface PushMessage {
  title: string;
  body: string;
  /** A same-origin path ('/messages/12'); anything else becomes '/'. */
  url: string;
  tag?: string;
}

/** The path a notification may open: same-origin only (an absolute URL elsewhere, javascript:, //host -> '/'). */
export function sameOriginPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value === '') return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** A push event's data as a message, or null when it is not one (nothing is shown). */
export function parsePush(data: { json(): unknown } | null | undefined, origin = self.location.origin): PushMessage | null {
  if (!data) return null;
  let body: unknown;
  try {
    body = data.json();
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (typeof b.title !== 'string' || b.title.trim() === '') return null;
  return {
    title: b.title.slice(0, 200),
    body: typeof b.body === 'string' ? b.body.slice(0, 1000) : '',
    url: sameOriginPath(b.url, origin),
    ...(typeof b.tag === 'string' && b.tag ? { tag: b.tag.slice(0, 100) } : {}),
  };
}

interface WorkerScope {
  location: { origin: string };
  clients: Clients;
}

/** notificationclick: focus a window of this site and take it to the path, else open a new one. */
export async function handleNotificationClick(scope: WorkerScope, data: unknown): Promise<void> {
  const origin = scope.location.origin;
  const path = sameOriginPath(data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined, origin);
  const target = new URL(path, origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((c) => new URL(c.url).origin === origin);
  if (client) {
    const focused = await client.focus().catch(() => client);
    if (focused.url !== target) await focused.navigate(target).catch(() => scope.clients.openWindow(target));
    return;
  }
  await scope.clients.openWindow(target);
}
