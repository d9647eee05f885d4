/**
 * Runs `run` once the page has loaded (its `load` event) and then the browser is idle (requestIdleCallback, at
 * most `timeoutMs` later; a short timer where there is none). Returns a cancel function: after it, `run` is not
 * called. Used for work a page does ahead of need (./federation/preloadOnIntent.ts, ./warmIntl.ts), so it never
 * competes with the page's own load.
 */
export function whenIdleAfterLoad(run: () => void, win: Window = window, timeoutMs = 2000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function') idle = win.requestIdleCallback(go, { timeout: timeoutMs });
    else timer = setTimeout(go, 200);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', whenIdle);
    if (idle !== undefined && typeof win.cancelIdleCallback === 'function') win.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
