import type { LoadReport } from './areaLoader';
import type { RolloutManifest } from './manifest';

/** Where the shell reports area load attempts (the rollout API, same origin through the /api proxy). */
export const ROLLOUT_EVENTS_URL = '/api/rollout/events';

/**
 * Sends one JSON body without delaying the page or surviving its unload badly: navigator.sendBeacon
 * (a text/plain body carrying JSON, which the API accepts, so no CORS preflight), else fetch with
 * keepalive. Errors are swallowed: a report is best effort.
 */
function beacon(body: string, url: string): void {
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

/** Sends one load report (issue 17); a `loaded` report also records which version of the area this page runs. */
export function sendLoadReport(event: LoadReport, url = ROLLOUT_EVENTS_URL): void {
  if (event.outcome === 'loaded') noteLoaded(event.area, event.version);
  beacon(
    JSON.stringify({
      area: event.area,
      version: event.version.slice(0, 100),
      outcome: event.outcome,
      ...(event.reason ? { reason: event.reason.slice(0, 300) } : {}),
    }),
    url,
  );
}

// ---- Issue 34 item 2: health signals of the version each area runs on this page -------------------

interface AreaRun {
  version: string;
  /** The folder of the version's mf-manifest.json: its scripts are served below it. */
  base: string | null;
}

/** The manifest's entries per area and version (what a loaded version's scripts are served from). */
const entries = new Map<string, Map<string, string>>();
/** The version of each area that loaded on this page. */
const running = new Map<string, AreaRun>();
/** (area, version, signal) already reported on this page: the API counts each visitor once anyway. */
const sent = new Set<string>();
let currentArea: string | null = null;

const baseOf = (entry: string): string | null => {
  try {
    const u = new URL(entry, typeof location !== 'undefined' ? location.href : 'http://localhost/');
    const base = u.href.slice(0, u.href.lastIndexOf('/') + 1);
    // A remote served from the page's own root would claim the shell's scripts too: not attributable.
    if (typeof location !== 'undefined' && base === `${location.origin}/`) return null;
    return base;
  } catch {
    return null;
  }
};

/** Remember the entries of the remotes manifest (runtime.ts passes it through here). */
export function noteManifest<M extends RolloutManifest>(manifest: M): M {
  for (const r of manifest.remotes) {
    const byVersion = new Map<string, string>();
    if (r.version) byVersion.set(r.version, r.entry);
    if (r.fallback) byVersion.set(r.fallback.version, r.fallback.entry);
    entries.set(r.area, byVersion);
  }
  return manifest;
}

function noteLoaded(area: string, version: string): void {
  const entry = entries.get(area)?.get(version);
  running.set(area, { version, base: entry ? baseOf(entry) : null });
}

/** The area shown now (AreaOutlet): its version gets the page's web vitals. */
export function setCurrentArea(area: string | null): void {
  currentArea = area;
}

/** The area (and its version on this page) whose scripts are served at `url`, by the longest matching folder. */
export function attributeUrl(url: string | undefined | null): { area: string; version: string } | null {
  if (!url) return null;
  let best: { area: string; version: string; len: number } | null = null;
  for (const [area, run] of running) {
    if (run.base && url.startsWith(run.base) && (!best || run.base.length > best.len)) best = { area, version: run.version, len: run.base.length };
  }
  return best ? { area: best.area, version: best.version } : null;
}

/** An uncaught error of an area's code after it loaded (once per area and version per page). */
export function reportAreaError(area: string, source: 'boundary' | 'error' | 'rejection', error: unknown, url = ROLLOUT_EVENTS_URL): void {
  const run = running.get(area);
  if (!run) return;
  const key = `${area}\0${run.version}\0error`;
  if (sent.has(key)) return;
  sent.add(key);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  beacon(JSON.stringify({ kind: 'error', area, version: run.version.slice(0, 100), source, message: message.slice(0, 300) }), url);
}

const URL_IN_STACK = /(https?:\/\/[^\s)'"]+?)(?::\d+){0,2}(?=[\s)'"]|$)/g;

/** The first script URL in an error's stack that belongs to an area. */
function attributeStack(stack: unknown): { area: string; version: string } | null {
  if (typeof stack !== 'string') return null;
  for (const m of stack.matchAll(URL_IN_STACK)) {
    const hit = attributeUrl(m[1]);
    if (hit) return hit;
  }
  return null;
}

/**
 * window `error` and `unhandledrejection`: an error whose script (the event's filename, else the first
 * area URL in its stack) is served from an area version's folder counts for that area. Installed once.
 */
export function installErrorAttribution(win: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    const hit = attributeUrl(e.filename) ?? attributeStack((e.error as Error | undefined)?.stack);
    if (hit) reportAreaError(hit.area, 'error', e.error ?? e.message);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const hit = attributeStack((e.reason as Error | undefined)?.stack);
    if (hit) reportAreaError(hit.area, 'rejection', e.reason);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/**
 * `localStorage['fitconnect:vitals']` = 'on' | 'off' overrides the sample for this browser: the JavaScript budget
 * measures the sampled case ('on', the worst case) so its numbers do not depend on a coin toss, and an operator
 * can watch a version's beacons. Reports stay subject to every server-side check (signed visitor, assignment,
 * per-network caps), so forcing it on gives a client nothing it could not already send.
 */
export const VITALS_OVERRIDE_KEY = 'fitconnect:vitals';

function vitalsOverride(): 'on' | 'off' | null {
  try {
    const v = window.localStorage.getItem(VITALS_OVERRIDE_KEY);
    return v === 'on' || v === 'off' ? v : null;
  } catch {
    return null;
  }
}

/** Share of page loads that report web vitals (a sample: enough for p75s, light on the API). */
export const VITALS_SAMPLE_RATE = 0.25;

/** Send the LCP / INP of this page for the area shown (and the version of it the page runs). */
export function sendVitals(metric: { name: string; value: number }, url = ROLLOUT_EVENTS_URL): void {
  if (!currentArea) return;
  const run = running.get(currentArea);
  if (!run) return;
  const name = metric.name === 'LCP' ? 'lcp' : metric.name === 'INP' ? 'inp' : null;
  if (!name || !Number.isFinite(metric.value)) return;
  const key = `${currentArea}\0${run.version}\0${name}`;
  if (sent.has(key)) return;
  sent.add(key);
  const value = Math.round(Math.max(0, Math.min(60_000, metric.value)));
  beacon(JSON.stringify({ kind: 'vitals', area: currentArea, version: run.version.slice(0, 100), [name]: value }), url);
}

/**
 * Start web vitals collection on a sample of page loads. The `web-vitals` library is its own chunk,
 * fetched only for a sampled page and only after the visitor's first interaction (when the browser is
 * idle): never part of the landing page's load (e2e/test/budget.test.ts). LCP entries are buffered, so
 * registering late still reports the page's LCP; INP counts the interactions from then on (and the
 * buffered slow ones).
 */
export function startVitals(sampleRate = VITALS_SAMPLE_RATE, random = Math.random): void {
  if (typeof window === 'undefined') return;
  const forced = vitalsOverride();
  if (forced === 'off' || (forced !== 'on' && random() >= sampleRate)) return;
  let started = false;
  const start = () => {
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
      .then(({ onLCP, onINP }) => {
        onLCP(sendVitals);
        onINP(sendVitals);
      })
      .catch(() => undefined);
  };
  const onFirstInput = () => {
    if (started) return;
    started = true;
    window.removeEventListener('pointerdown', onFirstInput, true);
    window.removeEventListener('keydown', onFirstInput, true);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 5000 });
    else setTimeout(start, 1000);
  };
  window.addEventListener('pointerdown', onFirstInput, true);
  window.addEventListener('keydown', onFirstInput, true);
}
