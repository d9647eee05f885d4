/**
 * Whether the page being rendered came rendered from the server (issue 32, docs/ssr.md): true on the server
 * itself, and in the browser while the page that the server rendered is being hydrated (its #root carries
 * data-ssr until the shell has hydrated it: ./bootstrap.tsx). A component whose first render differs between a
 * fresh page and a server-rendered one reads it in its first render only.
 */
export function isServerRenderedPage(): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.hasAttribute('data-ssr') === true;
}

/** After hydration: later renders (a visit to the page from within the app) are a fresh page's. */
export function markHydrated(): void {
  document.getElementById('root')?.removeAttribute('data-ssr');
}
