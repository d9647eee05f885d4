import type { LoadReport } from './areaLoader';

/** Where the shell reports area load attempts (the rollout API, same origin through the /api proxy). */
export const ROLLOUT_EVENTS_URL = '/api/rollout/events';

/**
 * Sends one load report without delaying the page or surviving its unload badly: navigator.sendBeacon
 * (a text/plain body carrying JSON, which the API accepts, so no CORS preflight), else fetch with
 * keepalive. Errors are swallowed: a report is best effort.
 */
export function sendLoadReport(event: LoadReport, url = ROLLOUT_EVENTS_URL): void {
  const body = JSON.stringify({
    area: event.area,
    version: event.version.slice(0, 100),
    outcome: event.outcome,
    ...(event.reason ? { reason: event.reason.slice(0, 300) } : {}),
  });
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, body)) return;
    }
  } catch {
    // fall through to fetch
  }
  try {
    if (typeof fetch === 'function') {
      void fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      }).catch(() => undefined);
    }
  } catch {
    // best effort
  }
}
