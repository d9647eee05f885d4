import { ApiError } from '@fitconnect/shared-ui';

/**
 * A GET that also returns the response headers (shared-ui's apiRequest gives only the body).
 * Same rules as apiRequest (SPEC §7, §8): cookies and no-cache headers on every call, and a non-2xx
 * answer throws shared-ui's ApiError (`${status}: ${body text || status text}`).
 */
export async function getWithHeaders<T>(url: string, signal?: AbortSignal): Promise<{ body: T; headers: Pick<Headers, 'get'> }> {
  const res = await fetch(url, {
    method: 'GET',
    credentials: 'include',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    signal,
  });
  if (!res.ok) {
    let text = '';
    try {
      text = await res.text();
    } catch {
      text = '';
    }
    throw new ApiError(res.status, text, res.statusText);
  }
  const text = await res.text();
  return { body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}
