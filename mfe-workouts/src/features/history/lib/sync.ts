/**
 * Sends the queued sessions (./queue.ts) to POST /api/training/sessions. Idempotent end to end: every entry
 * keeps its clientKey, the API stores one session per (user, clientKey), so a send repeated after a lost answer,
 * from two tabs at once, or on the next load stores once.
 */
import type { TrainingSession } from '@fitconnect/contracts';
import { dequeue, enqueue, newClientKey, queuedFor, TRAINING_CHANGED_EVENT, type QueuedSession } from './queue';
import type { LogTrainingSessionInput } from '@fitconnect/contracts';

export type SendResult =
  | { status: 'sent'; session: TrainingSession }
  /** Offline, or the API did not answer: kept for later. */
  | { status: 'queued' }
  /** Refused for good (a 4xx): dropped from the queue. */
  | { status: 'rejected'; message: string };

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function send(entry: QueuedSession): Promise<SendResult> {
  if (isOffline()) return { status: 'queued' };
  let res: Response;
  try {
    res = await fetch('/api/training/sessions', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      body: JSON.stringify(entry.body),
    });
  } catch {
    return { status: 'queued' };
  }
  if (res.ok) {
    dequeue(entry.body.clientKey);
    return { status: 'sent', session: (await res.json()) as TrainingSession };
  }
  // Signed out meanwhile, rate-limited, or the server failing: try again later.
  if (res.status === 401 || res.status === 408 || res.status === 429 || res.status >= 500) return { status: 'queued' };
  let message = 'The session could not be saved.';
  try {
    const j = (await res.json()) as { message?: unknown };
    if (typeof j.message === 'string' && j.message) message = j.message;
  } catch {
    /* not JSON */
  }
  dequeue(entry.body.clientKey);
  return { status: 'rejected', message };
}

function changed() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TRAINING_CHANGED_EVENT));
}

/** Queues a finished session of `userId` and tries to send it at once. */
export async function recordSession(userId: number, body: Omit<LogTrainingSessionInput, 'clientKey'> & { clientKey?: string }): Promise<SendResult> {
  const entry: QueuedSession = { userId, body: { ...body, clientKey: body.clientKey ?? newClientKey() }, queuedAt: new Date().toISOString() };
  enqueue(entry);
  const result = await send(entry);
  changed();
  return result;
}

let running: Promise<number> | null = null;

async function currentUserId(): Promise<number | null> {
  try {
    const res = await fetch('/api/auth/user', { credentials: 'include', headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } });
    if (!res.ok) return null;
    const j = (await res.json()) as { user?: { id?: unknown } | null };
    return typeof j.user?.id === 'number' ? j.user.id : null;
  } catch {
    return null;
  }
}

/**
 * Sends what waits for the signed-in user (asked of the API when not given), oldest first; stops at the first
 * entry that is queued again (still offline). One run at a time per page. Resolves to how many were sent.
 */
export function flushQueue(userId?: number): Promise<number> {
  if (running) return running;
  running = (async () => {
    let sent = 0;
    try {
      if (isOffline()) return 0;
      const id = userId ?? (await currentUserId());
      if (id === null) return 0;
      for (const entry of queuedFor(id)) {
        const r = await send(entry);
        if (r.status === 'queued') break;
        if (r.status === 'sent') sent += 1;
      }
      return sent;
    } finally {
      running = null;
      if (sent) changed();
    }
  })();
  return running;
}
