/**
 * The post-sign-in destination: the `redirect` query value when it is a same-site path
 * ('/…' but not '//…' or '/\…', which browsers treat as another host), else the fallback.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/profile'): string {
  if (!raw) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs/newlines are stripped by URL parsers, turning '/\t/evil' into '//evil').
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'http://same.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
