/**
 * Partner attribution and the partner report (issue 33), over real HTTP with a clock the tests move:
 * a link from a partner's finder (GET /api/partners/go) is the partner's first touch; a sign-up and the
 * first message within 30 days count for that partner; the operator route and the CLI's `report` show
 * counts per day and nothing about any person. Attacks: a forged partner id, a forged cookie, a flood of
 * beacons, the operator route without its token, an open redirect.
 */
import { resolveOperatorToken } from '../src/rollout/options';
import { addPartner } from '../src/partners/service';
import { formatDailyReport, parseArgs } from '../src/partners/cli';
import { PartnerAttribution, PartnerCount } from '../src/partners/model';
import { createAgent, signUpAndLogin, startTestApi, type Agent, type TestApi } from './helpers';

jest.setTimeout(120_000);

const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2030-03-01T10:00:00Z');
const clock = { now: () => new Date(now) };
let api: TestApi;
let token: string;
let trainerId: number;

beforeAll(async () => {
  api = await startTestApi({ clock });
  token = resolveOperatorToken(api.config.dataDir, {});
  await addPartner('city-gym', 'City Gym', new Date(now));
  await addPartner('river-club', 'River Club', new Date(now));
  trainerId = (await signUpAndLogin(api.agent(), { isTrainer: true })).user.id;
});
afterAll(async () => {
  await api?.stop();
});

const ops = (path: string, auth: string | null = `Bearer ${token}`) =>
  api.agent().request('GET', path, { headers: auth ? { authorization: auth } : {} });
const report = async (partner: string, days = 30) => {
  const r = await ops(`/api/ops/partners/${partner}/report?days=${days}`);
  expect(r.status).toBe(200);
  return r.body;
};
const dayOf = (body: { days: ({ day: string } & Record<string, number>)[] }, at: number) => body.days.find((d) => d.day === new Date(at).toISOString().slice(0, 10));
const follow = (agent: Agent, partner: string, to = `/trainers/${trainerId}`) =>
  agent.get(`/api/partners/go?partner=${encodeURIComponent(partner)}&to=${encodeURIComponent(to)}`);
const message = (agent: Agent, content = 'Hello, are you free on Mondays?') => agent.post('/api/messages', { receiverId: trainerId, content });

describe('attribution', () => {
  test('a finder link, then a sign-up and a first message within 30 days count once for that partner, on their days', async () => {
    const before = await report('city-gym');
    const visitor = createAgent(() => api.url);
    const go = await follow(visitor, 'city-gym');
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toBe(`/trainers/${trainerId}?partner=city-gym`);
    expect(visitor.cookies.has('fc_partner')).toBe(true);

    const touchedAt = now;
    now += 12 * DAY; // signs up twelve days later ...
    await signUpAndLogin(visitor);
    const signupDay = now;
    now += 10 * DAY; // ... and writes to a trainer ten days after that (22 days after the touch)
    expect((await message(visitor)).status).toBe(201);
    expect((await message(visitor, 'And on Tuesdays?')).status).toBe(201); // a second message is not a second contact
    const contactDay = now;

    const after = await report('city-gym');
    expect(after.signups - before.signups).toBe(1);
    expect(after.contacts - before.contacts).toBe(1);
    expect(dayOf(after, signupDay)).toMatchObject({ signups: 1 });
    expect(dayOf(after, contactDay)).toMatchObject({ contacts: 1 });
    expect(dayOf(after, touchedAt)).toMatchObject({ signups: 0, contacts: 0 });
  });

  test('first touch wins: a second partner followed later gets nothing', async () => {
    const [cityBefore, riverBefore] = [await report('city-gym'), await report('river-club')];
    const visitor = createAgent(() => api.url);
    await follow(visitor, 'city-gym');
    now += DAY;
    expect((await follow(visitor, 'river-club')).status).toBe(302);
    await signUpAndLogin(visitor);
    const [city, river] = [await report('city-gym'), await report('river-club')];
    expect(city.signups - cityBefore.signups).toBe(1);
    expect(river.signups - riverBefore.signups).toBe(0);
  });

  test('a signed-in member who follows a link is attributed at once; their first message counts', async () => {
    const member = createAgent(() => api.url);
    const { user } = await signUpAndLogin(member);
    const before = await report('river-club');
    await follow(member, 'river-club', '/messages/' + trainerId);
    expect(await PartnerAttribution.findOne({ userId: user.id }).lean()).toMatchObject({ partnerId: 'river-club', signedUpAt: null });
    now += DAY;
    expect((await message(member)).status).toBe(201);
    const after = await report('river-club');
    expect(after.signups - before.signups).toBe(0); // they already had an account
    expect(after.contacts - before.contacts).toBe(1);
  });

  test('after 30 days nothing is attributed any more (sign-up, and a first message)', async () => {
    const before = await report('city-gym', 90);
    const late = createAgent(() => api.url);
    await follow(late, 'city-gym');
    now += 30 * DAY + 60_000;
    await signUpAndLogin(late);

    const member = createAgent(() => api.url);
    const { username, password } = await signUpAndLogin(member);
    await follow(member, 'city-gym');
    now += 31 * DAY;
    // Sessions last 14 days: the member signs in again on the moved clock, then writes for the first time.
    const memberAgain = createAgent(() => api.url);
    expect((await memberAgain.post('/api/auth/login', { username, password })).status).toBe(200);
    expect((await message(memberAgain)).status).toBe(201);

    const after = await report('city-gym', 90);
    expect(after.signups - before.signups).toBe(0);
    expect(after.contacts - before.contacts).toBe(0);
  });

  test('the report holds counts per day only: no user, trainer or address', async () => {
    const body = await report('city-gym', 7);
    expect(Object.keys(body).sort()).toEqual(['clicks', 'contacts', 'days', 'from', 'impressions', 'name', 'partnerId', 'registered', 'searches', 'signups', 'to'].sort());
    expect(body.days).toHaveLength(7);
    for (const d of body.days) expect(Object.keys(d).sort()).toEqual(['clicks', 'contacts', 'day', 'impressions', 'searches', 'signups']);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@|user_|userId|trainerId|127\.0\.0\.1/);
    expect(formatDailyReport(body)).toMatch(/^city-gym \(City Gym\), \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(UTC\):/);
    expect(parseArgs(['report', 'city-gym', '14', '--json'])).toEqual({ kind: 'report', id: 'city-gym', days: 14, json: true });
    expect(parseArgs(['report', 'City Gym'])).toMatch(/partner id/);
  });

  test('beacons count impressions, searches and clicks per day; a beacon cannot claim a sign-up or contact', async () => {
    const before = await report('river-club');
    const beacon = (body: unknown) =>
      fetch(`${api.url}/api/partners/events`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });
    expect((await beacon({ partner: 'river-club', kind: 'impression' })).status).toBe(204);
    expect((await beacon({ partner: 'river-club', kind: 'search' })).status).toBe(204);
    expect((await beacon({ partner: 'river-club', kind: 'click', trainerId })).status).toBe(204);
    expect((await beacon({ partner: 'river-club', kind: 'signup' })).status).toBe(400);
    expect((await beacon({ partner: 'river-club', kind: 'contact' })).status).toBe(400);
    const after = await report('river-club');
    expect(dayOf(after, now)).toMatchObject({
      impressions: dayOf(before, now)!.impressions + 1,
      searches: dayOf(before, now)!.searches + 1,
      clicks: dayOf(before, now)!.clicks + 1,
      signups: dayOf(before, now)!.signups,
      contacts: dayOf(before, now)!.contacts,
    });
  });
});

describe('attacks', () => {
  test('a forged partner id: the link still leads on, but no cookie, no attribution, no count, no report', async () => {
    const visitor = createAgent(() => api.url);
    const go = await follow(visitor, 'not-a-partner');
    expect(go.status).toBe(302);
    expect(visitor.cookies.has('fc_partner')).toBe(false);
    await signUpAndLogin(visitor);
    const beacon = await fetch(`${api.url}/api/partners/events`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ partner: 'not-a-partner', kind: 'impression' }) });
    expect(beacon.status).toBe(204);
    expect(await PartnerCount.countDocuments({ partnerId: 'not-a-partner' })).toBe(0);
    expect(await PartnerAttribution.countDocuments({ partnerId: 'not-a-partner' })).toBe(0);
    expect((await ops('/api/ops/partners/not-a-partner/report')).status).toBe(404);
  });

  test('a forged or edited attribution cookie counts nothing', async () => {
    const before = await report('city-gym');
    const forger = createAgent(() => api.url);
    forger.cookies.set('fc_partner', `city-gym.${now}`); // unsigned
    await signUpAndLogin(forger);

    const editor = createAgent(() => api.url);
    await follow(editor, 'river-club');
    editor.cookies.set('fc_partner', `city-gym.${now}`); // the value edited, the old signature kept
    await signUpAndLogin(editor);
    expect((await report('city-gym')).signups).toBe(before.signups);
  });

  test('the redirect goes only to the finder pages of this site (no open redirect)', async () => {
    for (const to of ['https://evil.example/', '//evil.example/trainers', '/trainers/1/../../api/users', '/trainers/1?x=1', 'javascript:alert(1)']) {
      const r = await follow(createAgent(() => api.url), 'city-gym', to);
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
      expect(r.body.message).toEqual(expect.any(String));
    }
    expect((await api.agent().get('/api/partners/go?partner=Not%20An%20Id&to=/trainers')).status).toBe(400);
  });

  test('the operator report refuses without the token, with a wrong one, and on bad input', async () => {
    for (const auth of [null, 'Bearer wrong-token', `Basic ${token}`]) {
      const r = await ops('/api/ops/partners/city-gym/report', auth);
      expect(r.status).toBe(401);
      expect(r.body.message).toMatch(/Operator token required/);
      expect(r.text).not.toMatch(/impressions/);
    }
    expect((await ops('/api/ops/partners/City%20Gym/report')).status).toBe(400);
    expect((await ops('/api/ops/partners/city-gym/report?days=0')).status).toBe(400);
    expect((await ops('/api/ops/partners/city-gym/report?days=abc')).status).toBe(400);
  });

  test('a flood of beacons from one address is rate limited (120 a minute) and only the admitted ones count', async () => {
    await api.restart({ clock, config: { rateLimit: 1 } });
    now += DAY; // a fresh day and a fresh window
    const beacon = () =>
      fetch(`${api.url}/api/partners/events`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ partner: 'city-gym', kind: 'impression' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await beacon()).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(120);
    expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
    expect(dayOf(await report('city-gym', 2), now)).toMatchObject({ impressions: 120 });
    now += 61_000; // the window has passed: admitted again
    expect((await beacon()).status).toBe(204);
  });
});
