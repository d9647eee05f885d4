/**
 * Runs `fn` in a task after the next frame is painted: work that must not delay what an interaction shows
 * (issue 35.1). A hidden page paints no frames, so there (and without requestAnimationFrame) it is a plain task.
 */
export function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
    requestAnimationFrame(() => setTimeout(fn, 0));
  } else setTimeout(fn, 0);
}
