/**
 * The offline queue of the session log (issue 31.4): finished sessions not yet acknowledged by the API, kept in
 * localStorage (small, synchronous: a page can tell at once whether anything waits, without loading the sync
 * code). Each entry carries the user it belongs to, so a queue left by one account is never sent as another.
 * An entry leaves the queue only when the API has stored it (201/200) or refused it for good (4xx but 401/429).
 */
import type { LogTrainingSessionInput } from '@fitconnect/contracts';

import { QUEUE_KEY } from './queueKey';

export { QUEUE_KEY };
/** A queue never grows without bound (a device offline for months): the oldest go first. */
export const QUEUE_MAX = 200;

export interface QueuedSession {
  userId: number;
  body: LogTrainingSessionInput;
  queuedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readQueue(): QueuedSession[] {
  const raw = storage()?.getItem(QUEUE_KEY);
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list)
      ? list.filter((e): e is QueuedSession => !!e && typeof e === 'object' && typeof e.userId === 'number' && !!e.body && typeof e.body.clientKey === 'string')
      : [];
  } catch {
    return [];
  }
}

function writeQueue(list: QueuedSession[]): void {
  const s = storage();
  if (!s) return;
  try {
    if (list.length) s.setItem(QUEUE_KEY, JSON.stringify(list.slice(-QUEUE_MAX)));
    else s.removeItem(QUEUE_KEY);
  } catch {
    /* storage full or blocked: the entry stays in memory for this page only */
  }
}

/** Adds a session (once per clientKey). */
export function enqueue(entry: QueuedSession): void {
  const list = readQueue().filter((e) => e.body.clientKey !== entry.body.clientKey);
  writeQueue([...list, entry]);
}

export function dequeue(clientKey: string): void {
  writeQueue(readQueue().filter((e) => e.body.clientKey !== clientKey));
}

/** What waits for `userId`, oldest first. */
export function queuedFor(userId: number): QueuedSession[] {
  return readQueue().filter((e) => e.userId === userId);
}

/** A client key for a new session (as messages' clientKey): a UUID where the browser has one. */
export function newClientKey(): string {
  const c = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Fired on window when the queue or the stored sessions changed (My training and the widget refresh). */
export const TRAINING_CHANGED_EVENT = 'fitconnect:training-changed';
