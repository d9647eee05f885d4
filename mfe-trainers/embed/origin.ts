/** Our site's origin from the URL of the script that is running (its `src`), else the page's own. */
export function scriptOrigin(script: HTMLOrSVGScriptElement | null, fallback: string): string {
  const src = typeof HTMLScriptElement !== 'undefined' && script instanceof HTMLScriptElement ? script.src : '';
  try {
    return new URL(src || fallback).origin;
  } catch {
    return new URL(fallback).origin;
  }
}
