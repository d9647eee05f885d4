/**
 * Cross-origin rules (issue 16) over real HTTP: the public trainer reads answer any origin without
 * credentials; everything else stays same-origin and a cross-origin request to it changes nothing;
 * the partner beacon counts impressions and clicks, validates, rate-limits and holds under concurrency.
 */
import sharp from 'sharp';
import { startTestApi, signUpAndLogin, type Agent, type TestApi } from './helpers';
import { makeTrainer } from './trainers/support';
import { addPartner, removePartner } from '../src/partners/service';
import { PartnerCount } from '../src/partners/model';
import { TrainerReview } from '../src/trainers/model';
import { CROSS_ORIGIN_REFUSED } from '../src/http/cors';

jest.setTimeout(120000);
let api: TestApi;
const PARTNER_SITE = 'https://gym.partner.example';

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

type Req = { method?: string; headers?: Record<string, string>; body?: string };
async function call(path: string, { method = 'GET', headers = {}, body }: Req = {}) {
  const res = await fetch(api.url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: json };
}
const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** What a browser checks before handing a cross-origin answer to a page: open to all, never with credentials. */
function expectOpenWithoutCredentials(h: Headers) {
  expect(h.get('access-control-allow-origin')).toBe('*');
  expect(h.get('access-control-allow-credentials')).toBeNull();
  expect(h.get('set-cookie')).toBeNull();
}
function expectNoCors(h: Headers) {
  expect(h.get('access-control-allow-origin')).toBeNull();
  expect(h.get('access-control-allow-credentials')).toBeNull();
  expect(h.get('access-control-allow-methods')).toBeNull();
}

describe('public trainer reads from another origin', () => {
  let trainerId: number;
  let photo: string;
  beforeAll(async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds', firstName: 'Corrie' });
    trainerId = trainer.id;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const up = await fetch(`${api.url}/api/trainers/${trainerId}/upload-photo`, { method: 'POST', body: form, headers: { cookie: cookieOf(owner) } });
    expect(up.status).toBe(200);
    photo = ((await up.json()) as { profileImage: string }).profileImage;
  });

  it('answers the list with ACAO *, no credentials, and exposes the paging headers', async () => {
    const r = await call('/api/trainers?location=Leeds', { headers: { Origin: PARTNER_SITE } });
    expect(r.status).toBe(200);
    expectOpenWithoutCredentials(r.headers);
    expect(r.body.map((t: { id: number }) => t.id)).toContain(trainerId);
    const exposed = (r.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['X-Total-Count', 'X-Has-More', 'X-Location-Resolved']));
    expect(r.headers.get('x-location-resolved')).toBe('true');
  });

  it('answers a trainer, its reviews and its photo to any origin', async () => {
    for (const path of [`/api/trainers/${trainerId}`, `/api/trainers/${trainerId}/reviews`, photo]) {
      const r = await call(path, { headers: { Origin: PARTNER_SITE } });
      expect([path, r.status]).toEqual([path, 200]);
      expectOpenWithoutCredentials(r.headers);
    }
    // Errors are readable too (a partner's widget can show "Trainer not found").
    const missing = await call('/api/trainers/999999', { headers: { Origin: PARTNER_SITE } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Trainer not found' });
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers preflights with 204 and GET/HEAD only', async () => {
    for (const path of ['/api/trainers', `/api/trainers/${trainerId}`, `/api/trainers/${trainerId}/reviews`, photo]) {
      const r = await call(path, {
        method: 'OPTIONS',
        headers: { Origin: PARTNER_SITE, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect([path, r.status]).toEqual([path, 204]);
      expectOpenWithoutCredentials(r.headers);
      expect(r.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    }
    // Asking to DELETE or PATCH a trainer from another origin is not open.
    const patch = await call(`/api/trainers/${trainerId}`, { method: 'OPTIONS', headers: { Origin: PARTNER_SITE, 'Access-Control-Request-Method': 'PATCH' } });
    expect(patch.status).toBe(403);
    expectNoCors(patch.headers);
  });

  it('sends a signed-in visitor no credentialed answer: the browser could not use it', async () => {
    const visitor = api.agent();
    await signUpAndLogin(visitor);
    const r = await call('/api/trainers', { headers: { Origin: PARTNER_SITE, cookie: cookieOf(visitor) } });
    expect(r.status).toBe(200);
    expectOpenWithoutCredentials(r.headers);
  });

  it('keeps /api/trainers/me private although it looks like /api/trainers/{id}', async () => {
    const owner = api.agent();
    await makeTrainer(owner, { location: 'York' });
    const r = await call('/api/trainers/me', { headers: { Origin: PARTNER_SITE, cookie: cookieOf(owner) } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: CROSS_ORIGIN_REFUSED });
    expectNoCors(r.headers);
  });
});

describe('every other route refuses cross-origin use', () => {
  it('refuses a cross-origin review POST, even with the cookie, and changes nothing', async () => {
    const trainerAgent = api.agent();
    const { trainer } = await makeTrainer(trainerAgent, { location: 'Bristol' });
    const client = api.agent();
    await signUpAndLogin(client);
    const before = await TrainerReview.countDocuments({ trainerId: trainer.id });

    const preflight = await call('/api/reviews', {
      method: 'OPTIONS',
      headers: { Origin: PARTNER_SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expectNoCors(preflight.headers);
    expect(preflight.status).toBe(403);

    // What a browser would send without a preflight (a "simple" request), and what it would send if it had.
    for (const contentType of ['text/plain', 'application/json']) {
      const r = await call('/api/reviews', {
        method: 'POST',
        headers: { Origin: PARTNER_SITE, cookie: cookieOf(client), 'content-type': contentType },
        body: JSON.stringify({ trainerId: trainer.id, rating: 1, comment: 'csrf' }),
      });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message: CROSS_ORIGIN_REFUSED });
      expectNoCors(r.headers);
    }
    // The router matches paths case-insensitively: /API/reviews is the same route, and refused the same way.
    const upper = await call('/API/reviews', {
      method: 'POST',
      headers: { Origin: PARTNER_SITE, cookie: cookieOf(client), 'content-type': 'application/json' },
      body: JSON.stringify({ trainerId: trainer.id, rating: 1, comment: 'csrf' }),
    });
    expect(upper.status).toBe(403);
    expect(await TrainerReview.countDocuments({ trainerId: trainer.id })).toBe(before);
    expect((await client.get(`/api/trainers/${trainer.id}/reviews`)).body).toEqual([]);
  });

  it('refuses a cross-origin sign-in: no session cookie is set', async () => {
    const a = api.agent();
    const { username, password } = await signUpAndLogin(a);
    const r = await call('/api/auth/login', {
      method: 'POST',
      headers: { Origin: PARTNER_SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(r.status).toBe(403);
    expect(r.headers.get('set-cookie')).toBeNull();
    expectNoCors(r.headers);
  });

  it('refuses private GETs from another origin, with or without the cookie', async () => {
    const a = api.agent();
    const { user } = await signUpAndLogin(a);
    for (const path of ['/api/auth/user', '/api/messages/unread', '/api/user/challenges']) {
      const r = await call(path, { headers: { Origin: PARTNER_SITE, cookie: cookieOf(a) } });
      expect([path, r.status]).toEqual([path, 403]);
      expect(r.text).not.toContain(user.username);
      expectNoCors(r.headers);
    }
    // A sandboxed frame or a file: page says "null": refused too.
    const nullOrigin = await call('/api/auth/user', { headers: { Origin: 'null', cookie: cookieOf(a) } });
    expect(nullOrigin.status).toBe(403);
  });

  it('still serves the site itself: its own origin, the public URL behind the proxy, or no Origin at all', async () => {
    const a = api.agent();
    const { username, password } = await signUpAndLogin(a);
    const login = (headers: Record<string, string>) =>
      call('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username, password }) });
    expect((await login({ Origin: api.url })).status).toBe(200); // Host matches
    expect((await login({ Origin: 'http://localhost:3000' })).status).toBe(200); // PUBLIC_URL (shell proxy)
    expect((await login({})).status).toBe(200); // curl, server-to-server
    const own = await login({ Origin: api.url });
    expectNoCors(own.headers);
    // The look-alike host of another site is not ours.
    expect((await login({ Origin: 'http://localhost:3000.evil.example' })).status).toBe(403);
  });
});

describe('partner beacon POST /api/partners/events', () => {
  const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8', headers: Record<string, string> = {}) =>
    call('/api/partners/events', {
      method: 'POST',
      headers: { Origin: PARTNER_SITE, 'content-type': contentType, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const counts = async (partnerId: string) => {
    const rows = await PartnerCount.find({ partnerId }).lean();
    return Object.fromEntries(rows.map((r) => [r.kind, r.count]));
  };

  beforeAll(async () => {
    await addPartner('leeds-gym', 'Leeds Gym', new Date());
    await addPartner('busy-clinic', 'Busy Clinic', new Date());
  });

  it('counts impressions and clicks of a registered partner from any origin (text/plain or JSON)', async () => {
    const r = await beacon({ partner: 'leeds-gym', kind: 'impression' });
    expect(r.status).toBe(204);
    expectOpenWithoutCredentials(r.headers);
    expect((await beacon({ partner: 'leeds-gym', kind: 'impression' }, 'application/json')).status).toBe(204);
    expect((await beacon({ partner: 'leeds-gym', kind: 'click', trainerId: 7 })).status).toBe(204);
    expect(await counts('leeds-gym')).toEqual({ impression: 2, click: 1 });
  });

  it('answers its preflight (application/json from a partner script)', async () => {
    const r = await call('/api/partners/events', {
      method: 'OPTIONS',
      headers: { Origin: PARTNER_SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(r.status).toBe(204);
    expectOpenWithoutCredentials(r.headers);
    expect(r.headers.get('access-control-allow-methods')).toBe('POST');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('refuses bad bodies with 400 JSON and counts nothing', async () => {
    const before = await counts('leeds-gym');
    const bad: [unknown, string?][] = [
      [{ partner: 'Leeds Gym!', kind: 'impression' }],
      [{ partner: 'leeds-gym', kind: 'view' }],
      [{ partner: 'leeds-gym', kind: 'click', trainerId: -3 }],
      [{ kind: 'impression' }],
      ['{"partner": "leeds-gym", '],
      ['[]'],
    ];
    for (const [body, type] of bad) {
      const r = await beacon(body, type);
      expect([body, r.status]).toEqual([body, 400]);
      expect(typeof r.body.message).toBe('string');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await beacon({ partner: 'leeds-gym', kind: 'impression' }, 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await beacon(JSON.stringify({ partner: 'leeds-gym', kind: 'impression', pad: 'x'.repeat(5000) }))).status).toBe(413);
    // A body that claims gzip but is not: 400, not a 500.
    const broken = await beacon('{"partner":"leeds-gym","kind":"impression"}', 'text/plain', { 'content-encoding': 'gzip' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Could not read the request body');
    expect(await counts('leeds-gym')).toEqual(before);
  });

  it('answers an unknown partner id 204 without storing anything', async () => {
    expect((await beacon({ partner: 'nobody-we-know', kind: 'impression' })).status).toBe(204);
    expect(await PartnerCount.countDocuments({ partnerId: 'nobody-we-know' })).toBe(0);
    await removePartner('leeds-gym');
    expect((await beacon({ partner: 'leeds-gym', kind: 'click' })).status).toBe(204);
    expect(await counts('leeds-gym')).toEqual({ impression: 2, click: 1 });
    await addPartner('leeds-gym', 'Leeds Gym', new Date());
  });

  it('counts 50 simultaneous impressions as 50', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => beacon({ partner: 'busy-clinic', kind: 'impression' })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(204));
    expect(await counts('busy-clinic')).toEqual({ impression: 50 });
    expect(await PartnerCount.countDocuments({ partnerId: 'busy-clinic' })).toBe(1);
  });
});

describe('partner beacon rate limits', () => {
  // A fixed clock (one rate-limit window, one day) and the real limits (RATE_LIMIT=1).
  const at = new Date('2031-03-04T10:00:10Z');
  const beaconFrom = (ip: string, partner: string) =>
    fetch(`${api.url}/api/partners/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', Origin: PARTNER_SITE, 'X-Forwarded-For': ip },
      body: JSON.stringify({ partner, kind: 'impression' }),
    });
  afterAll(async () => {
    await api.restart({});
  });

  it('allows 120 a minute from one address, then 429 with Retry-After (refused beacons are not counted)', async () => {
    await api.restart({ config: { rateLimit: 1 }, clock: { now: () => at } });
    await addPartner('ip-limited', 'IP limited', at);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => beaconFrom('203.0.113.9', 'ip-limited')));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).toEqual(Array(120).fill(204));
    const over = await beaconFrom('203.0.113.9', 'ip-limited');
    expect(over.status).toBe(429);
    expect(over.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { message: string }).message).toMatch(/Too many/);
    const rows = await PartnerCount.find({ partnerId: 'ip-limited' }).lean();
    expect(rows).toEqual([expect.objectContaining({ day: '2031-03-04', kind: 'impression', count: 120 })]);
  });

  it('caps one partner id across addresses', async () => {
    // Client addresses from X-Forwarded-For (TRUST_PROXY), and limits scaled down (RATE_LIMIT=0.01: 60 a minute per partner).
    await api.restart({ config: { rateLimit: 0.01, trustProxy: true, proxyHops: 1 }, clock: { now: () => at } });
    await addPartner('partner-limited', 'Partner limited', at);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await beaconFrom(`198.51.100.${i + 1}`, 'partner-limited')).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(204));
    expect(statuses[60]).toBe(429);
    // Another partner from a fresh address is not affected.
    await addPartner('other-partner', 'Other', at);
    expect((await beaconFrom('198.51.100.200', 'other-partner')).status).toBe(204);
  });
});
