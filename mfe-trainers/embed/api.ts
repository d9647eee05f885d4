import type { TrainerListItem } from '@fitconnect/contracts';

/**
 * The list's paging headers, as contracts' TRAINER_LIST_HEADERS names them (a unit test keeps the two
 * equal). Not imported from there: that module also builds the zod schemas, which would add zod to
 * the partner's download.
 */
export const LIST_HEADERS = { hasMore: 'X-Has-More', locationResolved: 'X-Location-Resolved' } as const;

/**
 * The finder's only calls: the public, anonymous trainer list (CORS, no cookies, no custom headers, so
 * no preflight) and the partner beacon (a CORS-safelisted text/plain POST). `origin` is our site's
 * origin, taken from the script's own URL.
 */

export interface FinderPage {
  trainers: TrainerListItem[];
  hasMore: boolean;
  /** true = real distances; false/null = no distances to show. */
  locationResolved: boolean | null;
  /** All matches (X-Total-Count), when the API said. */
  total: number | null;
}

export class FinderRequestError extends Error {
  constructor(readonly status: number) {
    super(`Request failed (${status})`);
    this.name = 'FinderRequestError';
  }
}

export interface FinderQuery {
  location: string;
  limit: number;
  page: number;
  specialty?: string;
  mode?: 'online' | 'in-person' | null;
  sort?: 'distance' | 'rating' | 'price' | null;
}

export function listUrl(origin: string, q: FinderQuery): string {
  const params = new URLSearchParams();
  if (q.location) params.set('location', q.location);
  if (q.specialty) params.set('specialty', q.specialty);
  if (q.mode === 'online') params.set('online', 'true');
  if (q.mode === 'in-person') params.set('inPerson', 'true');
  if (q.sort) params.set('sort', q.sort);
  params.set('page', String(q.page));
  params.set('limit', String(q.limit));
  return `${origin}/api/trainers?${params.toString()}`;
}

/** Photo paths are site-relative (/api/trainer-photos/...): on a partner's page they need our origin. */
function absolute(origin: string, url: string | null): string | null {
  if (!url) return url;
  try {
    return new URL(url, `${origin}/`).href;
  } catch {
    return null;
  }
}

export async function fetchTrainerPage(
  origin: string,
  q: FinderQuery,
  signal: AbortSignal,
): Promise<FinderPage> {
  const res = await fetch(listUrl(origin, q), { method: 'GET', mode: 'cors', credentials: 'omit', signal });
  if (!res.ok) throw new FinderRequestError(res.status);
  const body: unknown = await res.json();
  const list = Array.isArray(body) ? (body as TrainerListItem[]) : [];
  const resolved = res.headers.get(LIST_HEADERS.locationResolved);
  return {
    trainers: list.map((t) => ({ ...t, profileImage: absolute(origin, t.profileImage), profileImageThumb: absolute(origin, t.profileImageThumb) })),
    hasMore: res.headers.get(LIST_HEADERS.hasMore) === 'true',
    total: totalOf(res.headers.get('X-Total-Count')),
    locationResolved: resolved === null ? null : resolved === 'true',
  };
}

/**
 * A page on our site, attributed to the partner: through /api/partners/go, which records the partner's
 * first touch (a sign-up or first message within 30 days then counts for them) and redirects to the page
 * with ?partner= kept. Without a partner, the page itself.
 */
function siteUrl(origin: string, to: string, partner: string | null): string {
  if (!partner) return new URL(to, `${origin}/`).href;
  const url = new URL('/api/partners/go', `${origin}/`);
  url.searchParams.set('partner', partner);
  url.searchParams.set('to', to);
  return url.href;
}

function totalOf(text: string | null): number | null {
  const n = text === null ? NaN : Number(text);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The trainer's profile on our site, attributed to the partner. */
export function profileUrl(origin: string, trainerId: number, partner: string | null): string {
  return siteUrl(origin, `/trainers/${encodeURIComponent(String(trainerId))}`, partner);
}

/** A conversation with the trainer on our site (sign-in or sign-up first), attributed to the partner. */
export function contactUrl(origin: string, trainerId: number, partner: string | null): string {
  return siteUrl(origin, `/messages/${encodeURIComponent(String(trainerId))}`, partner);
}

export type BeaconEvent =
  | { partner: string; kind: 'impression' }
  | { partner: string; kind: 'search' }
  | { partner: string; kind: 'click'; trainerId: number };

/**
 * Count an impression or a click for the partner. Fire and forget: a failure (rate limited, offline,
 * blocked by an extension) never shows on the partner's page. keepalive lets a click's beacon outlive
 * the navigation it starts.
 */
export function sendBeacon(origin: string, event: BeaconEvent): void {
  try {
    void fetch(`${origin}/api/partners/events`, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: true,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(event),
    }).catch(() => undefined);
  } catch {
    /* fetch itself unavailable: nothing to count */
  }
}
