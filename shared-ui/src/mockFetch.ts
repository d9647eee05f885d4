// Test utility (import from '@fitconnect/shared-ui/src/testing'): the one fake `fetch` the shell's and the
// remotes' tests share. Not exported from index, so it never lands in a bundle.

/** One request the code under test made. */
export interface RecordedCall {
  method: string;
  /** Path and query string, e.g. '/api/trainers?page=2'. */
  path: string;
  /** The JSON body parsed, a non-JSON body (FormData, a plain string) as sent, or undefined. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the fields they sent
  body: any;
}

export interface Reply {
  /** Default 200. */
  status?: number;
  /** JSON-encoded unless a string (sent as is); no body when undefined. */
  body?: unknown;
  headers?: Record<string, string>;
  statusText?: string;
}

/** Answers one call; throwing makes the request fail as a network error does (TypeError 'Failed to fetch'). */
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;
export type Route = Reply | Handler;

/**
 * A route that answers `first` once and every later call as `later` says: 'network' fails it as a network error
 * does (offline, or a browser that says it is online while its network fails), a reply answers it (a 500, a 404).
 * For a page that shows an answer and then refetches it.
 */
export function answerThen(first: Reply, later: 'network' | Reply): Handler {
  let answered = false;
  return () => {
    if (!answered) {
      answered = true;
      return first;
    }
    if (later === 'network') throw new Error('offline');
    return later;
  };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replace global fetch with a router of `'METHOD /path?query'` or `'METHOD /path'` (the exact path and query
 * first, then the path alone) -> fixed reply or handler. Unknown calls answer 404 `{ message: 'Not found' }`.
 * Returns the calls made, in order. jsdom has no Response: the reply carries what the API client reads.
 */
export function mockFetch(routes: Record<string, Route>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = { method, path: url.pathname + url.search, body: parseBody(init?.body) };
    calls.push(call);
    const route = routes[`${method} ${call.path}`] ?? routes[`${method} ${url.pathname}`];
    let reply: Reply;
    if (route === undefined) reply = { status: 404, body: { message: 'Not found' } };
    else if (typeof route === 'function') {
      try {
        reply = await route(call);
      } catch {
        throw new TypeError('Failed to fetch');
      }
    } else reply = route;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: reply.statusText ?? String(status),
      headers: { get: (n: string) => headers.get(n.toLowerCase()) ?? null, has: (n: string) => headers.has(n.toLowerCase()) },
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return calls;
}
