/**
 * Issue 30, notifications, over real HTTP with a driven clock, a real SMTP server (smtp-server; what it
 * receives is parsed with mailparser) and a fake push service over HTTP. The workers are the module's own
 * (tickNotifications) on deps of their own against the same database, as another API instance's would be.
 */
import { startTestApi, signUpAndLogin, type Agent, type TestApi } from '../helpers';
import { resolveDeps } from '../../src/app';
import { memoryLogger } from '../../src/log';
import { afterAnswerSettled } from '../../src/mail/afterAnswer';
import type { AppDeps } from '../../src/context';
import { tickNotifications } from '../../src/notifications/worker';
import { NotificationOutbox, PushSubscription } from '../../src/notifications/model';
import { formatStatus, outboxStatus } from '../../src/notifications/status';
import { unsubscribeToken } from '../../src/notifications/tokens';
import { WEEK, trainerWith } from '../bookings/support';
import { browserKeys, drivenClock, startPushService, startSmtp, toAddresses } from './support';

jest.setTimeout(120_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 1 March 2027, 08:00 London (GMT).
const clock = drivenClock('2027-03-01T08:00:00Z');
let api: TestApi;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
/** A notification worker as another API instance runs it (its own deps, the same database and clock). */
let worker: AppDeps;

beforeAll(async () => {
  smtp = await startSmtp();
  pushService = await startPushService();
  api = await startTestApi({ clock, config: { smtpUrl: smtp.url, publicUrl: 'https://fit.example' }, notifications: { allowPrivateEndpoints: true } });
  worker = newWorker();
});
afterAll(async () => {
  await api?.stop();
  await smtp?.stop();
  await pushService?.stop();
});

function newWorker(): AppDeps {
  return resolveDeps({ config: api.config, clock, logger: memoryLogger(), notifications: { allowPrivateEndpoints: true } });
}

async function user(firstName: string) {
  const agent = api.agent();
  const acc = await signUpAndLogin(agent, { firstName, lastName: 'Test' });
  return { agent, ...acc, id: acc.user.id };
}

async function send(from: Agent, to: number, content: string) {
  const r = await from.post('/api/messages', { receiverId: to, content });
  expect(r.status).toBe(201);
  return r.body as { id: number; seq: number };
}

/** A header exactly as it arrived (mailparser folds List-* headers into a 'list' object). */
function rawHeader(m: { headerLines: ReadonlyArray<{ key: string; line: string }> }, name: string): string | undefined {
  const line = m.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}
const unsubscribeUrlOf = (m: { headerLines: ReadonlyArray<{ key: string; line: string }> }) => rawHeader(m, 'List-Unsubscribe')!.replace(/^<|>$/g, '');

const sentCount = (results: { outcome: string }[]) => results.filter((r) => r.outcome === 'sent').length;

describe('the unread-message summary', () => {
  it('waits 10 minutes, then sends one email with both parts and the one-click unsubscribe headers', async () => {
    const a = await user('Ann');
    const b = await user('Bob');
    await send(a.agent, b.id, 'Hello Bob, are we <training> tomorrow?');
    clock.advance(10 * MINUTE - 1);
    expect(sentCount(await tickNotifications(worker))).toBe(0);
    expect(smtp.to(b.email)).toHaveLength(0);

    clock.advance(1);
    expect(sentCount(await tickNotifications(worker))).toBe(1);
    const mails = smtp.to(b.email);
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(m.subject).toBe('Ann Test sent you a message on FitConnect');
    expect(m.text).toContain('Hello Bob, are we <training> tomorrow?');
    expect(m.text).toContain(`https://fit.example/messages/${a.id}`);
    // The HTML part escapes what the user wrote and links to the thread.
    expect(m.html).toContain('Hello Bob, are we &lt;training&gt; tomorrow?');
    expect(m.html).toContain(`href="https://fit.example/messages/${a.id}"`);
    // RFC 8058: a one-click unsubscribe URL and the POST marker.
    expect(rawHeader(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(m, 'List-Unsubscribe')).toMatch(/^<https:\/\/[^>]+>$/);
    const unsubscribeUrl = unsubscribeUrlOf(m);
    expect(unsubscribeUrl).toMatch(/^https:\/\/fit\.example\/api\/notifications\/unsubscribe\?token=/);
    expect(m.text).toContain(unsubscribeUrl);
    // Nothing more on later ticks.
    clock.advance(HOUR);
    expect(sentCount(await tickNotifications(worker))).toBe(0);
    expect(smtp.to(b.email)).toHaveLength(1);
  });

  it('sends at most one email per conversation an hour, summarising what is still unread', async () => {
    const a = await user('Amy');
    const b = await user('Ben');
    await send(a.agent, b.id, 'first');
    await send(a.agent, b.id, 'second'); // joins the same waiting summary
    clock.advance(10 * MINUTE);
    expect(sentCount(await tickNotifications(worker))).toBe(1);
    expect(smtp.to(b.email)[0].subject).toBe('2 unread messages from Amy Test on FitConnect');

    // More messages 5 and 30 minutes later: due 10 minutes after each, but held until an hour after the first email.
    clock.advance(5 * MINUTE);
    await send(a.agent, b.id, 'third');
    clock.advance(25 * MINUTE);
    await send(a.agent, b.id, 'fourth');
    clock.advance(20 * MINUTE); // 50 minutes after the first email
    await tickNotifications(worker);
    expect(smtp.to(b.email)).toHaveLength(1);
    clock.advance(10 * MINUTE - 1);
    await tickNotifications(worker);
    expect(smtp.to(b.email)).toHaveLength(1);
    clock.advance(1); // an hour after the first email
    expect(sentCount(await tickNotifications(worker))).toBe(1);
    const second = smtp.to(b.email);
    expect(second).toHaveLength(2);
    expect(second[1].subject).toBe('4 unread messages from Amy Test on FitConnect');
    expect(second[1].text).toContain('fourth');
    // Other conversations are not held by this one's hour.
    const c = await user('Cat');
    await send(c.agent, b.id, 'from Cat');
    clock.advance(10 * MINUTE);
    expect(sentCount(await tickNotifications(worker))).toBe(1);
    expect(smtp.to(b.email).map((m) => m.subject)).toContain('Cat Test sent you a message on FitConnect');
  });

  it('sends nothing when the message was read meanwhile', async () => {
    const a = await user('Ada');
    const b = await user('Bea');
    const msg = await send(a.agent, b.id, 'read me');
    clock.advance(5 * MINUTE);
    const read = await b.agent.post(`/api/messages/${a.id}/read`, { upToSeq: msg.seq });
    expect(read.body.marked).toBe(1);
    clock.advance(5 * MINUTE);
    const results = (await tickNotifications(worker)).filter((r) => r.row.userId === b.id);
    expect(results.map((r) => r.outcome)).toEqual(['skipped']);
    clock.advance(2 * HOUR);
    await tickNotifications(worker);
    expect(smtp.to(b.email)).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it('works without signing in, from the List-Unsubscribe URL, and stops that kind of email only', async () => {
    const a = await user('Abe');
    const b = await user('Bill');
    await send(a.agent, b.id, 'hello');
    clock.advance(10 * MINUTE);
    await tickNotifications(worker);
    const link = new URL(unsubscribeUrlOf(smtp.to(b.email)[0]));
    const path = link.pathname + link.search;
    const anonymous = api.agent();

    // GET changes nothing (mail scanners open links): JSON, or a page with a confirm button.
    const look = await anonymous.get(path);
    expect(look.status).toBe(200);
    expect(look.body).toEqual({ kind: 'messages', email: true });
    const page = await anonymous.request('GET', path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('<form method="post"');
    expect((await b.agent.get('/api/notifications/preferences')).body.messages.email).toBe(true);

    // What a mail client sends for one click (RFC 8058): a form-encoded POST, no cookies.
    const click = await anonymous.request('POST', path, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(click.status).toBe(200);
    expect(click.body).toEqual({ kind: 'messages', email: false });
    expect((await b.agent.get('/api/notifications/preferences')).body).toEqual({ messages: { email: false, push: false }, sessions: { email: true, push: false } });

    // The next unread message sends no email.
    await send(a.agent, b.id, 'are you there?');
    clock.advance(10 * MINUTE);
    await tickNotifications(worker);
    expect(smtp.to(b.email)).toHaveLength(1);
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const victim = await user('Vic');
    const attacker = await user('Mal');
    const own = unsubscribeToken(api.config.sessionSecret!, attacker.id, 'messages');
    const [, , mac] = own.split('.');
    const forged = [
      `${victim.id}.messages.${mac}`, // someone else's id with my signature
      `${attacker.id}.sessions.${mac}`, // another kind with my signature
      `${victim.id}.messages.${'A'.repeat(43)}`,
      `${victim.id}.messages`,
      'garbage',
    ];
    const anonymous = api.agent();
    for (const token of forged) {
      const r = await anonymous.post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/not valid/);
      expect((await anonymous.get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    }
    expect((await anonymous.post('/api/notifications/unsubscribe')).status).toBe(400);
    expect((await victim.agent.get('/api/notifications/preferences')).body).toEqual({ messages: { email: true, push: false }, sessions: { email: true, push: false } });
    expect((await attacker.agent.get('/api/notifications/preferences')).body.sessions.email).toBe(true);
  });
});

describe('delivery', () => {
  it('sends each notification exactly once with two workers racing', async () => {
    const b = await user('Busy');
    const senders = await Promise.all(Array.from({ length: 8 }, (_, i) => user(`S${i}`)));
    await Promise.all(senders.map((s, i) => send(s.agent, b.id, `message ${i}`)));
    clock.advance(10 * MINUTE);
    const one = newWorker();
    const two = newWorker();
    const [r1, r2] = await Promise.all([tickNotifications(one), tickNotifications(two)]);
    expect(sentCount(r1) + sentCount(r2)).toBe(8);
    const ids = [...r1, ...r2].map((r) => String(r.row._id));
    expect(new Set(ids).size).toBe(ids.length); // no row handled twice
    const mails = smtp.to(b.email);
    expect(mails).toHaveLength(8);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(8);
    // Nothing left for either.
    const [again1, again2] = await Promise.all([tickNotifications(one), tickNotifications(two)]);
    expect(again1.length + again2.length).toBe(0);
  });

  it('retries after the SMTP server refuses once, with backoff, and sends once', async () => {
    const a = await user('Ray');
    const b = await user('Rob');
    await send(a.agent, b.id, 'retry me');
    clock.advance(10 * MINUTE);
    smtp.rejectNext(451);
    const first = await tickNotifications(worker);
    expect(first.map((r) => r.outcome)).toEqual(['retry']);
    expect(smtp.to(b.email)).toHaveLength(0);
    const row = await NotificationOutbox.findById(first[0].row._id).lean();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.dueAt.getTime()).toBe(clock.now().getTime() + MINUTE);
    // Not before the backoff.
    expect(await tickNotifications(worker)).toEqual([]);
    clock.advance(MINUTE);
    expect((await tickNotifications(worker)).map((r) => r.outcome)).toEqual(['sent']);
    expect(smtp.to(b.email)).toHaveLength(1);
  });

  it('marks a permanent refusal failed and shows it to the operator', async () => {
    const a = await user('Pam');
    const b = await user('Pat');
    await send(a.agent, b.id, 'bounce');
    clock.advance(10 * MINUTE);
    smtp.rejectNext(550);
    expect((await tickNotifications(worker)).map((r) => r.outcome)).toEqual(['failed']);
    const report = await outboxStatus();
    expect(report.counts.failed).toBeGreaterThanOrEqual(1);
    const failed = report.failed.find((f) => f.userId === b.id)!;
    expect(failed).toMatchObject({ kind: 'unread', attempts: 1 });
    expect(failed.lastError).toMatch(/550/);
    const text = formatStatus(report);
    expect(text).toMatch(/\d+ pending, \d+ being sent, \d+ sent, \d+ skipped, \d+ failed permanently/);
    expect(text).toContain(failed.id);
    clock.advance(HOUR);
    await tickNotifications(worker);
    expect(smtp.to(b.email)).toHaveLength(0);
  });

  it('a worker that died holding a claim loses it when the lease ends, and another sends', async () => {
    const a = await user('Dee');
    const b = await user('Dan');
    await send(a.agent, b.id, 'lease');
    clock.advance(10 * MINUTE);
    // Claim as a worker would, then "die".
    await NotificationOutbox.updateOne({ userId: b.id, status: 'pending' }, { $set: { status: 'claimed', claimId: 'dead', claimedUntil: new Date(clock.now().getTime() + 2 * MINUTE) } });
    expect(await tickNotifications(worker)).toEqual([]);
    clock.advance(2 * MINUTE);
    expect((await tickNotifications(worker)).map((r) => r.outcome)).toEqual(['sent']);
    expect(smtp.to(b.email)).toHaveLength(1);
  });
});

describe('session bookings', () => {
  it('emails the request, the answer and the 24-hour reminder, each with the .ics attached', async () => {
    clock.set('2027-03-01T08:00:00Z');
    const { agent: trainerAgent, trainer, user: trainerUser } = await trainerWith(api, WEEK, 'Tina');
    const c = await user('Cleo');
    const trainerEmail = (await trainerAgent.get('/api/auth/user')).body.user.email as string;
    const r = await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-03T09:00:00.000Z', mode: 'online' });
    expect(r.status).toBe(201);
    await tickNotifications(worker);
    const requested = smtp.to(trainerEmail);
    expect(requested).toHaveLength(1);
    expect(requested[0].subject).toBe('Cleo Test requested a session');
    expect(requested[0].text).toContain('Wednesday 3 March 2027, 09:00');
    expect(requested[0].text).toContain('https://fit.example/trainers/me/schedule');
    expect(rawHeader(requested[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(requested[0])).toMatch(/^https:\/\/fit\.example\/api\/notifications\/unsubscribe\?token=\d+\.sessions\./);
    const ics = requested[0].attachments.find((x) => x.filename?.endsWith('.ics'))!;
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.content.toString('utf8')).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:20270303T090000Z[\s\S]*STATUS:TENTATIVE/);
    expect(smtp.to(c.email)).toHaveLength(0); // the one who acted is not told

    expect((await trainerAgent.post(`/api/bookings/${r.body.id}/confirm`)).status).toBe(200);
    await tickNotifications(worker);
    const confirmed = smtp.to(c.email);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].subject).toBe('Your session with Tina User is confirmed');
    expect(confirmed[0].attachments[0].content.toString('utf8')).toContain('STATUS:CONFIRMED');

    // 24 hours before the start, both sides are reminded (once).
    clock.set('2027-03-02T08:59:59Z');
    await tickNotifications(worker);
    expect(smtp.to(c.email)).toHaveLength(1);
    clock.set('2027-03-02T09:00:00Z');
    expect(sentCount(await tickNotifications(worker))).toBe(2);
    expect(smtp.to(c.email).map((m) => m.subject)).toContain('Reminder: your session with Tina User is tomorrow');
    expect(smtp.to(trainerEmail).map((m) => m.subject)).toContain('Reminder: your session with Cleo Test is tomorrow');
    void trainerUser;
  });

  it('tells the client about a decline and the trainer about a cancellation; no reminder for a cancelled session', async () => {
    clock.set('2027-03-01T08:00:00Z');
    const { agent: trainerAgent, trainer } = await trainerWith(api, WEEK, 'Tom');
    const trainerEmail = (await trainerAgent.get('/api/auth/user')).body.user.email as string;
    const c = await user('Cody');
    const one = await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-04T10:15:00.000Z', mode: 'online' });
    const two = await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-05T10:15:00.000Z', mode: 'online' });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await trainerAgent.post(`/api/bookings/${one.body.id}/decline`, { reason: 'Away that day' })).status).toBe(200);
    expect((await trainerAgent.post(`/api/bookings/${two.body.id}/confirm`)).status).toBe(200);
    expect((await c.agent.post(`/api/bookings/${two.body.id}/cancel`, { reason: 'Ill' })).status).toBe(200);
    await tickNotifications(worker);
    const toClient = smtp.to(c.email).map((m) => m.subject);
    expect(toClient).toEqual(expect.arrayContaining(['Tom User declined your session request', 'Your session with Tom User is confirmed']));
    const cancelled = smtp.to(trainerEmail).find((m) => m.subject === 'Your session with Cody Test was cancelled')!;
    expect(cancelled.text).toContain('Reason: Ill');
    expect(cancelled.attachments[0].content.toString('utf8')).toContain('STATUS:CANCELLED');
    clock.set('2027-03-04T10:15:00Z');
    const results = await tickNotifications(worker);
    expect(results.filter((x) => x.row.bookingId === two.body.id).map((x) => x.outcome)).toEqual(['skipped', 'skipped']);
  });
});

describe('security notices', () => {
  it('tells the old address about an email change and the owner about a password change, even with every email switched off', async () => {
    const u = await user('Sue');
    const off = { messages: { email: false, push: false }, sessions: { email: false, push: false } };
    expect((await u.agent.put('/api/notifications/preferences', off)).status).toBe(200);
    const newEmail = `new.${u.username}@example.org`;
    const r = await u.agent.patch('/api/users/profile', { firstName: 'Sue', lastName: 'Test', email: newEmail, currentPassword: u.password });
    expect(r.status).toBe(200);
    await afterAnswerSettled();
    const notice = smtp.to(u.email);
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe('Your FitConnect email address was changed');
    expect(notice[0].text).toContain('ne***@example.org');
    expect(notice[0].text).not.toContain(newEmail);
    // Not switchable: no unsubscribe link or header.
    expect(rawHeader(notice[0], 'List-Unsubscribe')).toBeUndefined();
    expect(notice[0].text).toContain('cannot be switched off');
    expect(smtp.to(newEmail)).toHaveLength(0);
    expect(toAddresses(notice[0])).toEqual([u.email]);
  });
});

describe('push', () => {
  it('pushes the unread summary to each subscription; a 410 removes that subscription', async () => {
    const a = await user('Pia');
    const b = await user('Pete');
    const live = browserKeys();
    const gone = browserKeys();
    const key = await b.agent.get('/api/notifications/push/key');
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await b.agent.post('/api/notifications/push/subscriptions', { endpoint: `${pushService.base}/live/${b.id}`, keys: live.keys })).status).toBe(201);
    expect((await b.agent.post('/api/notifications/push/subscriptions', { endpoint: `${pushService.base}/gone/${b.id}`, keys: gone.keys })).status).toBe(201);
    expect((await b.agent.put('/api/notifications/preferences', { messages: { email: false, push: true }, sessions: { email: true, push: false } })).status).toBe(200);

    await send(a.agent, b.id, 'Push me');
    clock.advance(10 * MINUTE);
    expect(sentCount(await tickNotifications(worker))).toBe(1);
    const got = pushService.requests.filter((q) => q.path.endsWith(`/${b.id}`));
    expect(got.map((q) => q.path).sort()).toEqual([`/gone/${b.id}`, `/live/${b.id}`]);
    const delivered = got.find((q) => q.path.startsWith('/live'))!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(delivered.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(live.decrypt(delivered.body)).toEqual({ title: 'New message from Pia Test', body: 'Push me', url: `/messages/${a.id}`, tag: expect.stringMatching(/^conversation-\d+$/) });
    expect((await PushSubscription.find({ userId: b.id }).lean()).map((s) => s.endpoint)).toEqual([`${pushService.base}/live/${b.id}`]);
    expect(smtp.to(b.email)).toHaveLength(0); // email was off
  });

  it('refuses a non-https endpoint outside tests', async () => {
    const u = await user('Hal');
    await api.restart({ clock, config: { smtpUrl: smtp.url, publicUrl: 'https://fit.example' } });
    const r = await u.agent.post('/api/notifications/push/subscriptions', { endpoint: `${pushService.base}/x`, keys: browserKeys().keys });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('endpoint must be an https URL');
    await api.restart({ clock, config: { smtpUrl: smtp.url, publicUrl: 'https://fit.example' }, notifications: { allowPrivateEndpoints: true } });
  });
});

describe('auth on every route', () => {
  it('answers 401 signed out', async () => {
    const anon = api.agent();
    const sub = { endpoint: 'https://push.example/x', keys: browserKeys().keys };
    const calls = [
      anon.get('/api/notifications/preferences'),
      anon.put('/api/notifications/preferences', { messages: { email: false, push: false }, sessions: { email: false, push: false } }),
      anon.get('/api/notifications/push/key'),
      anon.post('/api/notifications/push/subscriptions', sub),
      anon.delete('/api/notifications/push/subscriptions', { endpoint: sub.endpoint }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it("a user cannot take over or remove another's subscription", async () => {
    const owner = await user('Owen');
    const other = await user('Otto');
    const endpoint = `https://push.example/${owner.id}-${Date.now()}`;
    expect((await owner.agent.post('/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys })).status).toBe(201);
    const steal = await other.agent.post('/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys });
    expect(steal.status).toBe(403);
    const del = await other.agent.delete('/api/notifications/push/subscriptions', { endpoint });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ removed: false });
    const kept = await PushSubscription.find({ endpoint }).lean();
    expect(kept.map((s) => s.userId)).toEqual([owner.id]);
    // The owner can remove it.
    expect((await owner.agent.delete('/api/notifications/push/subscriptions', { endpoint })).body).toEqual({ removed: true });
  });

  it('validates preferences and subscriptions (400, nothing changed)', async () => {
    const u = await user('Val');
    for (const body of [{}, { messages: { email: 'yes', push: false }, sessions: { email: true, push: false } }, { messages: { email: true, push: false }, sessions: { email: true, push: false }, extra: 1 }]) {
      const r = await u.agent.put('/api/notifications/preferences', body);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await u.agent.get('/api/notifications/preferences')).body).toEqual({ messages: { email: true, push: false }, sessions: { email: true, push: false } });
    for (const body of [{ endpoint: 'javascript:alert(1)', keys: browserKeys().keys }, { endpoint: 'https://push.example/a', keys: { p256dh: 'not base64!', auth: 'x' } }, { endpoint: 'https://push.example/a' }]) {
      expect((await u.agent.post('/api/notifications/push/subscriptions', body)).status).toBe(400);
    }
    expect(await PushSubscription.countDocuments({ userId: u.id })).toBe(0);
  });
});
