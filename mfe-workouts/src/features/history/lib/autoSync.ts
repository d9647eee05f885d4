/**
 * Sends queued sessions when the connection returns (the `online` event) and on the next load of the workouts
 * area or the /profile widget. Tiny on purpose: it only looks at localStorage; the sending code (./sync.ts) is
 * loaded only when something waits.
 */
import { QUEUE_KEY } from './queueKey';

const FLAG = '__fitconnectTrainingAutoSync';

function hasQueued(): boolean {
  try {
    return !!localStorage.getItem(QUEUE_KEY);
  } catch {
    return false;
  }
}

/**
 * After a flush that left something queued (the first requests after reconnecting often fail while the network
 * settles), try again a few times, further apart each time; then the next `online` event or page load does.
 */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

function flushIfQueued(attempt = 0) {
  if (!hasQueued()) return;
  void import('./sync')
    .then((m) => m.flushQueue())
    .catch(() => undefined)
    .then(() => {
      if (hasQueued() && attempt < RETRY_MS.length) setTimeout(() => flushIfQueued(attempt + 1), RETRY_MS[attempt]);
    });
}

/** Once per page: flush now if anything waits, and on every `online` event. */
export function startTrainingAutoSync(): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as Record<string, boolean>;
  if (w[FLAG]) return;
  w[FLAG] = true;
  window.addEventListener('online', () => flushIfQueued());
  flushIfQueued();
}
