import { useLocation } from 'react-router-dom';
import type { CommunityReview, PublicUser } from '@fitconnect/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Replace global fetch with a router of `'METHOD /path'` (with or without the query string) -> handler
 * or fixed reply. Unknown calls answer 404. Returns the calls made, in order.
 */
export function mockFetch(routes: Record<string, Handler | Reply>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`];
    const reply: Reply = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? await route(call) : route;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: String(reply.status),
      headers: { get: (n: string) => headers.get(n.toLowerCase()) ?? null, has: (n: string) => headers.has(n.toLowerCase()) },
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return calls;
}

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    username: 'alex',
    email: 'alex@example.com',
    firstName: 'Alex',
    lastName: 'Moss',
    location: 'Leeds',
    isTrainer: false,
    promoTrainer: false,
    trainerNumber: null,
    ...over,
  };
}

export const signedIn = (user: PublicUser = makeUser()): Reply => ({ status: 200, body: { user } });
export const signedOut: Reply = { status: 200, body: { user: null } };

let nextId = 100;
export function makeReview(over: Partial<CommunityReview> = {}): CommunityReview {
  nextId += 1;
  return {
    id: nextId,
    category: 'platform',
    rating: 4,
    title: `Review ${nextId}`,
    comment: 'A perfectly ordinary comment.',
    helpful: 3,
    isAnonymous: false,
    createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    user: { firstName: 'Priya', lastName: 'Kapoor', username: 'priya.k' },
    isMine: false,
    votedHelpful: false,
    ...over,
  };
}

/** A list reply: the array body plus the total / next-cursor headers. */
export function listReply(reviews: CommunityReview[], opts: { total?: number; next?: string } = {}): Reply {
  const headers: Record<string, string> = { 'X-Total-Count': String(opts.total ?? reviews.length) };
  if (opts.next) headers['X-Next-Cursor'] = opts.next;
  return { status: 200, body: reviews, headers };
}
