import type { PublicUser } from '@fitconnect/contracts';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | ((call: Call) => { status?: number; body?: unknown });

/**
 * Replaces global fetch with a small router: routes['POST /api/auth/login'] = { status, body }.
 * Unknown routes answer 404 JSON. Returns the list of calls made.
 */
export function mockFetch(routes: Record<string, Reply>): Call[] {
  const calls: Call[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const call: Call = { method, url: path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const route = routes[`${method} ${path.split('?')[0]}`];
    const reply = typeof route === 'function' ? route(call) : route;
    const status = reply?.status ?? (reply ? 200 : 404);
    const body = reply ? reply.body : { message: 'Not found' };
    const text = body === undefined ? '' : JSON.stringify(body);
    // jsdom has no Response; the API client reads only these members.
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  });
  (globalThis as { fetch: typeof fetch }).fetch = fn as unknown as typeof fetch;
  return calls;
}

export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    username: 'janedoe',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    location: 'Leeds',
    isTrainer: false,
    promoTrainer: false,
    trainerNumber: null,
    ...over,
  };
}

export const signedOut = { 'GET /api/auth/user': { status: 200, body: { user: null } } };
export const signedIn = (user: PublicUser = makeUser()) => ({ 'GET /api/auth/user': { status: 200, body: { user } } });
