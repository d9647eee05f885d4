import { useEffect } from 'react';

/** The part of the Screen Wake Lock API used here (not in every TypeScript DOM lib yet). */
interface WakeLockSentinelLike {
  released?: boolean;
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

function wakeLockApi(): WakeLockLike | null {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { wakeLock?: WakeLockLike });
  return nav?.wakeLock && typeof nav.wakeLock.request === 'function' ? nav.wakeLock : null;
}

/**
 * Keeps the screen awake while `active` (a guided session). Feature-detected: where the API is missing, or
 * the request is refused (low battery, no user activation, an iframe without permission), nothing happens.
 * The browser drops the lock when the page is hidden, so it is requested again when the page is visible.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const api = wakeLockApi();
    if (!active || !api) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      try {
        const s = await api.request('screen');
        if (stopped) void s.release().catch(() => undefined);
        else sentinel = s;
      } catch {
        // Refused: the session works the same, the screen may just dim.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && (!sentinel || sentinel.released)) void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
