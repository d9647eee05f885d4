import { QueryClient } from '@tanstack/react-query';
import { ApiError, apiErrorMessage, apiRequest, createQueryClient, getQueryFn, isApiError } from '../src/api';

type FetchArgs = [string, RequestInit];
const realFetch = global.fetch;
let calls: FetchArgs[];

function mockFetch(status: number, body: string, statusText = '') {
  calls = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    // jsdom has no Response; this is the part of it apiRequest reads.
    return { ok: status >= 200 && status < 300, status, statusText, text: async () => body } as Response;
  }) as unknown as typeof fetch;
}

afterEach(() => {
  global.fetch = realFetch;
});

describe('apiRequest', () => {
  it('sends cookies, no-cache headers and a JSON body with its content type', async () => {
    mockFetch(200, JSON.stringify({ ok: 1 }));
    const out = await apiRequest<{ ok: number }>('POST', '/api/auth/login', { username: 'a', password: 'b' });
    expect(out).toEqual({ ok: 1 });
    const [url, init] = calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    const h = init.headers as Record<string, string>;
    expect(h['Cache-Control']).toBe('no-cache');
    expect(h.Pragma).toBe('no-cache');
    expect(h['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'a', password: 'b' });
  });

  it('sends no body and no content type when no body is given; 204 gives null', async () => {
    mockFetch(204, '');
    const out = await apiRequest('POST', '/api/auth/logout');
    expect(out).toBeNull();
    const [, init] = calls[0];
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init.credentials).toBe('include');
  });

  it('an empty 200 body gives null', async () => {
    mockFetch(200, '');
    await expect(apiRequest('DELETE', '/api/workouts/1')).resolves.toBeNull();
  });

  it('sends FormData as-is (multipart), without a JSON content type', async () => {
    mockFetch(200, '{"profileImage":"/x.png"}');
    const fd = new FormData();
    fd.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'x.png');
    await apiRequest('POST', '/api/trainers/1/upload-photo', fd);
    const [, init] = calls[0];
    expect(init.body).toBe(fd);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiError "status: body" on non-2xx', async () => {
    mockFetch(401, '{"message":"Unauthorized"}', 'Unauthorized');
    const err = await apiRequest('PATCH', '/api/community-reviews/1/helpful', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect((err as ApiError).message).toBe('401: {"message":"Unauthorized"}');
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).body).toBe('{"message":"Unauthorized"}');
    expect(isApiError(err, 401)).toBe(true);
    expect(isApiError(err, 404)).toBe(false);
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiErrorMessage', () => {
  it('extracts the server JSON message, else the fallback', () => {
    expect(apiErrorMessage(new ApiError(409, '{"message":"Username already exists"}'), 'fb')).toBe('Username already exists');
    expect(apiErrorMessage(new ApiError(500, 'plain text'), 'fb')).toBe('fb');
    expect(apiErrorMessage(new ApiError(400, '{"error":"x"}'), 'fb')).toBe('fb');
    expect(apiErrorMessage(new Error('boom'), 'fb')).toBe('fb');
    expect(apiErrorMessage(undefined, 'fb')).toBe('fb');
  });
});

describe('getQueryFn', () => {
  const ctx = (key: string) =>
    ({ queryKey: [key], signal: new AbortController().signal, meta: undefined, client: new QueryClient() }) as never;

  it('GETs queryKey[0] with cookies and no-cache headers and parses JSON', async () => {
    mockFetch(200, '[{"id":1}]');
    const out = await getQueryFn({ on401: 'throw' })(ctx('/api/trainers?location=Leeds'));
    expect(out).toEqual([{ id: 1 }]);
    const [url, init] = calls[0];
    expect(url).toBe('/api/trainers?location=Leeds');
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Cache-Control']).toBe('no-cache');
  });

  it('401 throws by default and returns null with on401 returnNull', async () => {
    mockFetch(401, '{"message":"Not signed in"}');
    await expect(getQueryFn({ on401: 'throw' })(ctx('/api/auth/user'))).rejects.toThrow('401: {"message":"Not signed in"}');
    await expect(getQueryFn({ on401: 'returnNull' })(ctx('/api/auth/user'))).resolves.toBeNull();
  });

  it('other errors still throw with returnNull', async () => {
    mockFetch(500, 'oops');
    await expect(getQueryFn({ on401: 'returnNull' })(ctx('/api/auth/user'))).rejects.toThrow('500: oops');
  });
});

describe('createQueryClient (SPEC §4 defaults)', () => {
  it('no refetch on focus, no interval, fresh forever, no retries', () => {
    const qc = createQueryClient();
    const q = qc.getDefaultOptions().queries!;
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.refetchInterval).toBe(false);
    expect(q.staleTime).toBe(Infinity);
    expect(q.retry).toBe(false);
    expect(qc.getDefaultOptions().mutations!.retry).toBe(false);
  });

  it('uses the generic GET queryFn by default and does not retry a failure', async () => {
    mockFetch(500, 'down');
    const qc = createQueryClient();
    await expect(qc.fetchQuery({ queryKey: ['/api/challenges'] })).rejects.toThrow('500: down');
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe('/api/challenges');
  });

  it('serves cached data without refetching (staleTime Infinity)', async () => {
    mockFetch(200, '[1]');
    const qc = createQueryClient();
    await qc.fetchQuery({ queryKey: ['/api/challenges'] });
    await qc.fetchQuery({ queryKey: ['/api/challenges'] });
    expect(calls).toHaveLength(1);
    expect(qc.getQueryData(['/api/challenges'])).toEqual([1]);
  });
});
