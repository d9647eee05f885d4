import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * A non-2xx API answer (SPEC §8): `message` is `${status}: ${body text || status text}`.
 * `body` is the raw response text (the API sends JSON `{ message }`), kept for `apiErrorMessage`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string, statusText = '') {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The parsed JSON body, or null when the body is not JSON. */
  get json(): unknown {
    try {
      return this.body ? JSON.parse(this.body) : null;
    } catch {
      return null;
    }
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  throw new ApiError(res.status, text, res.statusText);
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  const text = await res.text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as unknown as T;
  }
}

/**
 * SPEC §7: every call sends cookies and no-cache headers; a JSON body with its content type when
 * a body is given (FormData is sent as multipart). Non-2xx throws ApiError; 204/empty gives null.
 */
export async function apiRequest<T = unknown>(method: HttpMethod | string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      payload = body;
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
  await throwIfNotOk(res);
  return parseBody<T>(res);
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** SPEC §7 generic read: GET queryKey[0] as the path and parse JSON; 401 throws, or gives null with on401 'returnNull'. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), {
      credentials: 'include',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return parseBody<T>(res);
  };
}

/** SPEC §4 defaults: no refetch on focus, no interval, fresh forever, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The error as an ApiError, or null. Also recognises an ApiError from another copy of this module
 * (a remote that failed to share the singleton) by its shape.
 */
function asApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (
    err instanceof Error &&
    err.name === 'ApiError' &&
    typeof (err as Partial<ApiError>).status === 'number' &&
    typeof (err as Partial<ApiError>).body === 'string'
  ) {
    return err as ApiError;
  }
  return null;
}

/**
 * A message fit for a toast: the server's JSON `{ message }` when the error is an ApiError
 * carrying one, else `fallback`.
 */
export function apiErrorMessage(err: unknown, fallback: string): string {
  const e = asApiError(err);
  if (e && e.body) {
    try {
      const j: unknown = JSON.parse(e.body);
      if (j && typeof j === 'object' && typeof (j as { message?: unknown }).message === 'string') {
        const m = (j as { message: string }).message.trim();
        if (m) return m;
      }
    } catch {
      /* not JSON: fall through */
    }
  }
  return fallback;
}

/** True when the error is an ApiError (optionally with this status). */
export function isApiError(err: unknown, status?: number): err is ApiError {
  const e = asApiError(err);
  return !!e && (status === undefined || e.status === status);
}
