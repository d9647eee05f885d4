import { useLocation } from 'react-router-dom';
import type { PublicUser, TrainerListItem, TrainerReview } from '@fitconnect/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface ReplySpec {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export type Reply = ReplySpec | Promise<ReplySpec>;
export type Handler = (call: RecordedCall) => Reply;

/**
 * Replace global fetch with a router of `'METHOD /path?query'` (or `'METHOD /path'`) -> handler or
 * fixed reply, with response headers. Unknown calls answer 404. Returns the calls made, in order.
 * A FormData body is recorded as the FormData itself.
 */
export function mockFetch(routes: Record<string, Handler | ReplySpec>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    let body: unknown = undefined;
    if (typeof init?.body === 'string') body = JSON.parse(init.body);
    else if (init?.body !== undefined) body = init.body;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`];
    const reply = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? await route(call) : route;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: String(reply.status),
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return calls;
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
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

export const signedIn = (user: PublicUser = makeUser()) => ({ status: 200, body: { user } });
export const signedOut = { status: 200, body: { user: null } };

export function makeTrainer(over: Partial<TrainerListItem> = {}): TrainerListItem {
  const id = over.id ?? 3;
  const userId = over.userId ?? 30;
  return {
    id,
    userId,
    user: { id: userId, firstName: 'Hannah', lastName: 'Walsh', location: 'Leeds, LS1 4DY' },
    specialization: 'Yoga & Mobility',
    description: 'Calm, strong yoga classes for runners and desk workers alike.',
    yearsOfExperience: 6,
    specialties: ['Yoga', 'Mobility'],
    certifications: ['BWY Yoga Teacher'],
    education: 'BA Dance, Leeds Beckett',
    sessionPrice: 45,
    availableOnline: true,
    availableInPerson: true,
    profileImage: null,
    profileImageThumb: null,
    rating: 4.5,
    reviewCount: 12,
    instagramHandle: '',
    twitterHandle: '',
    websiteUrl: '',
    distanceMiles: null,
    ...over,
  };
}

export function makeReview(over: Partial<TrainerReview> = {}): TrainerReview {
  return {
    id: 1,
    trainerId: 3,
    rating: 5,
    comment: 'Brilliant sessions.',
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    user: { id: 9, firstName: 'Tom', lastName: 'Hughes' },
    verifiedClient: false,
    ...over,
  };
}

/** A list reply with the contract's headers. */
export function listReply(trainers: TrainerListItem[], opts: { total?: number; hasMore?: boolean; resolved?: boolean } = {}): ReplySpec {
  const headers: Record<string, string> = {
    'X-Total-Count': String(opts.total ?? trainers.length),
    'X-Has-More': String(!!opts.hasMore),
  };
  if (opts.resolved !== undefined) headers['X-Location-Resolved'] = String(opts.resolved);
  return { status: 200, body: trainers, headers };
}
