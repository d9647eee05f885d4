/** Our site's origin from the URL of the script that is running (its `src`), else the page's own. */
export function scriptOrigin(script: HTMLOrSVGScriptElement | null, fallback: string): string {
  const src = typeof HTMLScriptElement !== 'undefined' && script instanceof HTMLScriptElement ? script.src : '';
  try {
    return new URL(src || fallback).origin;
  } catch {
    return new URL(fallback).origin;
  }
}

/**
 * The page's CSP nonce, for the <style> elements the finder adds: the loader passes it on to the bundle's
 * <script> (from its own tag, else the page's first script with a nonce); else any nonced script or
 * `<meta property="csp-nonce">` of the page. '' when the page has none (then it needs no nonce either).
 */
export function pageNonce(script: HTMLOrSVGScriptElement | null, doc: Document): string {
  const own = script && 'nonce' in script ? script.nonce : '';
  if (own) return own;
  const tagged = doc.querySelector<HTMLScriptElement>('script[nonce]');
  if (tagged?.nonce) return tagged.nonce;
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('content') || '';
}
