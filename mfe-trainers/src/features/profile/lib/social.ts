/** A social handle as typed ('@name', 'name', or a profile URL) reduced to the bare name, or null. */
export function cleanHandle(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let h = raw.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?(?:instagram\.com|twitter\.com|x\.com)\/([^/?#]+)/i.exec(h);
  if (fromUrl) h = fromUrl[1];
  h = h.replace(/^@+/, '');
  return /^[A-Za-z0-9_.]{1,60}$/.test(h) ? h : null;
}

export function instagramUrl(handle: string): string {
  return `https://www.instagram.com/${encodeURIComponent(handle)}`;
}

export function twitterUrl(handle: string): string {
  return `https://x.com/${encodeURIComponent(handle)}`;
}

/** Only http(s) addresses become links (never javascript: or data:). */
export function safeWebsite(raw: string | null | undefined): { href: string; label: string } | null {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return { href: u.href, label: u.host.replace(/^www\./, '') + (u.pathname !== '/' ? u.pathname : '') };
  } catch {
    return null;
  }
}
