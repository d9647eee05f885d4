import { startTestApi, signUpAndLogin, type Agent, type TestApi } from './helpers';

// Two account-safety rules: an email change needs the current password and tells the old address;
// password-reset requests are limited per email address as well as per client address.
// Real limits here (rateLimit 1), and a trusted proxy so each request can come from its own client.

jest.setTimeout(60000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: { rateLimit: 1, trustProxy: true, proxyHops: 1 } });
});
afterAll(async () => {
  await api?.stop();
});

let client = 0;
/** A request from a client address of its own (the rate limits per client never trigger). */
function fromNewClient(a: Agent, method: string, path: string, json: unknown) {
  client += 1;
  return a.request(method, path, { json, headers: { 'x-forwarded-for': `10.1.${Math.floor(client / 250)}.${(client % 250) + 1}` } });
}

describe('changing the email address', () => {
  async function account() {
    const a = api.agent();
    const acc = await signUpAndLogin(a, { firstName: 'Jo', lastName: 'Bloggs' });
    return { a, ...acc };
  }
  const mailsTo = async (to: string) => (await api.outbox()).filter((m) => m.to === to);

  it('asks for the current password and changes nothing without it', async () => {
    const { a, email, user } = await account();
    const r = await a.patch('/api/users/profile', { firstName: 'Jo', lastName: 'Bloggs', email: 'taken.over@example.com' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Enter your current password to change your email address');
    expect(r.body.issues).toEqual([{ path: ['currentPassword'], message: 'Enter your current password to change your email address' }]);
    expect((await a.get('/api/auth/user')).body.user).toEqual(user);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { a, email, user } = await account();
    const r = await a.patch('/api/users/profile', { firstName: 'Changed', lastName: 'Bloggs', email: 'taken.over@example.com', currentPassword: 'wrong-one' });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([{ path: ['currentPassword'], message: 'Your current password is incorrect' }]);
    expect((await a.get('/api/auth/user')).body.user).toEqual(user);
    expect(await mailsTo(email)).toEqual([]);
    // The account's password reset still goes to the owner's address.
    await fromNewClient(api.agent(), 'POST', '/api/auth/forgot-password', { email: 'taken.over@example.com' });
    expect(await mailsTo('taken.over@example.com')).toEqual([]);
  });

  it('changes it with the right password and tells the old address', async () => {
    const { a, email, password, user } = await account();
    const newEmail = `new.${user.username}@example.org`;
    const r = await a.patch('/api/users/profile', { firstName: 'Jo', lastName: 'Bloggs', email: newEmail.toUpperCase(), location: 'York', currentPassword: password });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ ...user, email: newEmail, location: 'York' });
    const notices = await mailsTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe('Your FitConnect email address was changed');
    expect(notices[0].text).toContain(user.username);
    // The old address learns that it changed, and where to roughly, not the full new address.
    expect(notices[0].text).toContain('ne***@example.org');
    expect(notices[0].text).not.toContain(newEmail);
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it('needs no password when the email stays (also in other letter case)', async () => {
    const { a, email, user } = await account();
    const r = await a.patch('/api/users/profile', { firstName: 'Joanne', lastName: 'Bloggs', email: email.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ ...user, firstName: 'Joanne' });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('blank required fields get the SPEC message', async () => {
    const { a } = await account();
    const r = await a.patch('/api/users/profile', { firstName: '  ', lastName: 'Bloggs', email: '' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('First name, last name and email are required');
  });

  it('stops guessing the current password after 10 wrong tries per hour', async () => {
    const { a, password, user } = await account();
    const attempt = (currentPassword: string) =>
      a.patch('/api/users/profile', { firstName: 'Jo', lastName: 'Bloggs', email: 'guess@example.com', currentPassword });
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`guess-${i}`)));
    expect(wrong.map((r) => r.status)).toEqual(Array(10).fill(400));
    const blocked = await attempt(password);
    expect(blocked.status).toBe(429);
    expect((await a.get('/api/auth/user')).body.user.email).toBe(user.email);
  });
});

describe('password reset requests per email address', () => {
  const NEUTRAL = 'If an account with that email exists, a reset link has been sent.';

  it('allows 5 an hour per address from any number of clients, sending at most 5 mails', async () => {
    const { email } = await signUpAndLogin(api.agent());
    const before = (await api.outbox()).filter((m) => m.to === email).length;
    // Twelve clients at once, each well under its own per-client limit.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fromNewClient(api.agent(), 'POST', '/api/auth/forgot-password', { email: i % 2 ? email.toUpperCase() : email })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    for (const r of answers.filter((x) => x.status === 200)) expect(r.body).toEqual({ message: NEUTRAL });
    for (const r of answers.filter((x) => x.status === 429)) {
      expect(r.body.message).toBe('Too many reset requests for this email address. Please try again later.');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await api.outbox()).filter((m) => m.to === email).length - before).toBe(5);

    // Another address is not affected.
    const other = await signUpAndLogin(api.agent());
    const r = await fromNewClient(api.agent(), 'POST', '/api/auth/forgot-password', { email: other.email });
    expect(r.status).toBe(200);
  });

  it('limits an address with no account the same way (the limit reveals nothing)', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fromNewClient(api.agent(), 'POST', '/api/auth/forgot-password', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('still limits one client to 5 requests per 15 minutes across addresses', async () => {
    const a = api.agent();
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await a.request('POST', '/api/auth/forgot-password', { json: { email: `someone${i}@example.com` }, headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
