import { startTestApi, signUpAndLogin, type TestApi } from './helpers';
import { PasswordResetToken, hashToken } from '../src/auth/resetToken';
import { afterAnswerSettled } from '../src/mail/afterAnswer';
import type { Mailer, MailMessage } from '../src/mail/mailer';

jest.setTimeout(60000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: { publicUrl: 'https://fit.example' } });
});
afterAll(async () => {
  await api?.stop();
});

const NEUTRAL = 'If an account with that email exists, a reset link has been sent.';

async function requestLink(email: string): Promise<string> {
  const before = (await api.outbox()).length;
  const r = await api.agent().post('/api/auth/forgot-password', { email });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ message: NEUTRAL });
  const mails = await api.outbox();
  expect(mails.length).toBe(before + 1);
  const mail = mails[mails.length - 1];
  expect(mail.to).toBe(email.toLowerCase());
  const m = mail.text.match(/https:\/\/fit\.example\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]);
}

it('answers the same for an unknown email and sends nothing', async () => {
  const before = (await api.outbox()).length;
  const r = await api.agent().post('/api/auth/forgot-password', { email: 'nobody@example.com' });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ message: NEUTRAL });
  expect((await api.outbox()).length).toBe(before);
});

it('validates the email', async () => {
  const r = await api.agent().post('/api/auth/forgot-password', { email: 'not-an-email' });
  expect(r.status).toBe(400);
  expect(r.body.message).toBe('Please enter a valid email address');
});

it('resets the password with the mailed link, once', async () => {
  const owner = api.agent();
  const { username, email, password } = await signUpAndLogin(owner);
  const token = await requestLink(email.toUpperCase());
  expect(api.logLines.some((l) => l.includes('/reset-password?token='))).toBe(true);

  // Only the hash is stored.
  const stored = await PasswordResetToken.findOne({}).sort({ createdAt: -1 }).lean();
  expect(stored?.tokenHash).toBe(hashToken(token));
  expect(JSON.stringify(stored)).not.toContain(token);
  expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

  const r = await api.agent().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
  expect(r.status).toBe(200);

  expect((await api.agent().post('/api/auth/login', { username, password })).status).toBe(401);
  expect((await api.agent().post('/api/auth/login', { username, password: 'brand-new-pass' })).status).toBe(200);

  // Single use.
  const again = await api.agent().post('/api/auth/reset-password', { token, newPassword: 'another-pass' });
  expect(again.status).toBe(400);
  expect(again.body.message).toMatch(/invalid or expired/i);

  // Existing sessions of that account ended.
  expect((await owner.get('/api/auth/user')).body).toEqual({ user: null });
});

it('refuses an expired token', async () => {
  const { email, username } = await signUpAndLogin(api.agent());
  const token = await requestLink(email);
  await PasswordResetToken.updateOne({ tokenHash: hashToken(token) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  const r = await api.agent().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
  expect(r.status).toBe(400);
  expect((await api.agent().post('/api/auth/login', { username, password: 'brand-new-pass' })).status).toBe(401);
});

it('a newer link replaces an older one', async () => {
  const { email } = await signUpAndLogin(api.agent());
  const first = await requestLink(email);
  const second = await requestLink(email);
  expect((await api.agent().post('/api/auth/reset-password', { token: first, newPassword: 'abcdef1' })).status).toBe(400);
  expect((await api.agent().post('/api/auth/reset-password', { token: second, newPassword: 'abcdef1' })).status).toBe(200);
});

it('refuses made-up tokens and short passwords', async () => {
  const bogus = await api.agent().post('/api/auth/reset-password', { token: 'made-up', newPassword: 'abcdef1' });
  expect(bogus.status).toBe(400);
  const short = await api.agent().post('/api/auth/reset-password', { token: 'made-up', newPassword: '123' });
  expect(short.status).toBe(400);
  expect(short.body.message).toBe('Password must be at least 6 characters long');
});

describe('the answer does not depend on the account or the mail server', () => {
  afterEach(async () => {
    await api.restart();
  });
  const answerOf = (r: { status: number; text: string; headers: Headers }) => ({
    status: r.status,
    text: r.text,
    type: r.headers.get('content-type'),
    length: r.headers.get('content-length'),
  });

  it('answers a known email before the reset mail is sent, exactly as it answers an unknown one', async () => {
    const { email } = await signUpAndLogin(api.agent());
    // A mail server that takes no mail until the test lets it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const mailerReached = new Promise<void>((resolve) => (reached = resolve));
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      async send(m) {
        sent.push(m);
        reached();
        await held;
      },
    };
    await api.restart({ mailer });

    const known = await api.agent().post('/api/auth/forgot-password', { email });
    const unknown = await api.agent().post('/api/auth/forgot-password', { email: 'nobody.at.all@example.com' });
    expect(answerOf(known)).toEqual(answerOf(unknown));
    expect(known.body).toEqual({ message: NEUTRAL });

    // The mail still goes out, after the answer.
    await mailerReached;
    expect(sent.map((m) => m.to)).toEqual([email]);
    expect(sent[0].text).toMatch(/https:\/\/fit\.example\/reset-password\?token=/);
    release();
    await afterAnswerSettled();
  });

  it('a failing mail server shows in the log, not in the answer', async () => {
    const { email } = await signUpAndLogin(api.agent());
    await api.restart({ mailer: { send: async () => Promise.reject(new Error('SMTP 451 try later')) } });
    const known = await api.agent().post('/api/auth/forgot-password', { email });
    const unknown = await api.agent().post('/api/auth/forgot-password', { email: 'nobody.else@example.com' });
    expect(answerOf(known)).toEqual(answerOf(unknown));
    await afterAnswerSettled();
    expect(api.logLines.some((l) => /Could not send the password reset mail/.test(l) && /SMTP 451/.test(l))).toBe(true);
  });
});
