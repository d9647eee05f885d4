import { startTestApi, signUpAndLogin, type Agent, type TestApi } from '../helpers';

// Security headers on every API answer and the session cookie's `__Host-` name over HTTPS (issue 26), over
// real HTTP. The API behind a trusted proxy (TRUST_PROXY=1, as under npm start and docker compose): this test
// plays that proxy and says X-Forwarded-Proto: https when the visitor's connection was HTTPS.

jest.setTimeout(60000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: { trustProxy: true } });
});
afterAll(async () => {
  await api?.stop();
});

const HTTPS = { 'x-forwarded-proto': 'https' };

/** A Content-Security-Policy header as directive -> sources. */
function directives(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

function expectSecurityHeaders(h: Headers) {
  // Nothing may load, run or frame an API answer (one opened in a tab, or sniffed as a page).
  expect(directives(h.get('content-security-policy'))).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('no-referrer');
  expect(h.get('x-frame-options')).toBe('DENY');
}

/** A fresh account signed up over "HTTPS" (through the trusted proxy). */
async function signUpOverHttps(a: Agent) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const password = 'secret123';
  const r = await a.request('POST', '/api/auth/signup', {
    headers: HTTPS,
    json: { username: `tls_${tag}`, email: `tls_${tag}@example.com`, firstName: 'T', lastName: 'L', location: '', isTrainer: false, password, confirmPassword: password },
  });
  expect(r.status).toBe(201);
  return r;
}

describe('security headers on API answers', () => {
  test('a JSON answer, an error, a cross-origin refusal and a preflight all carry the strict CSP and the rest', async () => {
    const a = api.agent();
    const ok = await a.get('/api/auth/user');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers);
    // The signed-in user's data may only be read by this site.
    expect(ok.headers.get('cross-origin-resource-policy')).toBe('same-origin');

    const missing = await a.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);

    const invalid = await a.post('/api/auth/login', {});
    expect(invalid.status).toBe(400);
    expectSecurityHeaders(invalid.headers);

    const foreign = await a.request('POST', '/api/auth/logout', { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expectSecurityHeaders(foreign.headers);

    const preflight = await a.request('OPTIONS', '/api/trainers', { headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expectSecurityHeaders(preflight.headers);
  });

  test("the partner widget's public reads stay readable cross-origin (CORS and CORP), under the same strict CSP", async () => {
    const r = await api.agent().request('GET', '/api/trainers', { headers: { origin: 'https://partner.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expectSecurityHeaders(r.headers);
  });

  test('HSTS only on answers that came over HTTPS', async () => {
    const plain = await api.agent().get('/api/auth/user');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const tls = await api.agent().request('GET', '/api/auth/user', { headers: HTTPS });
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expectSecurityHeaders(tls.headers);
  });
});

describe('session cookie name by protocol', () => {
  test('over HTTPS the session is __Host-fitconnect.sid: Secure, Path=/, no Domain; it signs the user in over HTTPS', async () => {
    const a = api.agent();
    const r = await signUpOverHttps(a);
    const cookies = r.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('__Host-fitconnect.sid='));
    const sig = cookies.find((c) => c.startsWith('__Host-fitconnect.sid.sig='));
    for (const c of [sid, sig]) {
      expect(c).toBeDefined();
      expect(c).toMatch(/;\s*secure/i);
      expect(c).toMatch(/;\s*path=\/(;|$)/i);
      expect(c).not.toMatch(/;\s*domain=/i);
      expect(c).toMatch(/httponly/i);
    }
    // Nothing under the plain-HTTP name.
    expect(cookies.some((c) => c.startsWith('fitconnect.sid'))).toBe(false);

    const me = await a.request('GET', '/api/auth/user', { headers: HTTPS });
    expect(me.body.user?.username).toBe(r.body.user.username);
  });

  test('over HTTPS a cookie under the unprefixed name (one a subdomain or a plain-HTTP answer could plant) signs nobody in', async () => {
    // A valid session issued over plain HTTP (the only way to get one under the old name).
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    expect([...a.cookies.keys()]).toContain('fitconnect.sid');
    expect((await a.get('/api/auth/user')).body.user?.id).toBe(user.id);
    // Sent on an HTTPS request: refused, nothing is written under either name.
    const over = await a.request('GET', '/api/auth/user', { headers: HTTPS });
    expect(over.body).toEqual({ user: null });
    expect(over.headers.getSetCookie()).toEqual([]);
  });

  test('an HTTPS session does not sign anyone in over plain HTTP, and sign-out over HTTPS clears the __Host- cookie', async () => {
    const a = api.agent();
    await signUpOverHttps(a);
    // The same cookies on a plain-HTTP request: that request reads fitconnect.sid only.
    expect((await a.get('/api/auth/user')).body).toEqual({ user: null });

    const out = await a.request('POST', '/api/auth/logout', { headers: HTTPS });
    expect(out.status).toBeLessThan(300);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('__Host-fitconnect.sid='));
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect(cleared).toMatch(/;\s*secure/i);
    expect(cleared).toMatch(/;\s*path=\/(;|$)/i);
    expect((await a.request('GET', '/api/auth/user', { headers: HTTPS })).body).toEqual({ user: null });
  });

  test('over plain HTTP the cookie keeps its name and is not Secure', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    expect(a.cookies.has('fitconnect.sid')).toBe(true);
    expect(a.cookies.has('__Host-fitconnect.sid')).toBe(false);
    expect((await a.get('/api/auth/user')).body.user?.id).toBe(user.id);
  });
});

describe('without a trusted proxy', () => {
  beforeAll(async () => {
    await api.restart({ config: { trustProxy: false } });
  });

  test('a client writing X-Forwarded-Proto: https itself gets neither HSTS nor the __Host- cookie', async () => {
    const a = api.agent();
    const r = await signUpOverHttps(a);
    expect(r.headers.get('strict-transport-security')).toBeNull();
    const names = r.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names).toContain('fitconnect.sid');
    expect(names).not.toContain('__Host-fitconnect.sid');
    expect(r.headers.getSetCookie().find((c) => c.startsWith('fitconnect.sid='))).not.toMatch(/;\s*secure/i);
    expectSecurityHeaders(r.headers);
  });
});
