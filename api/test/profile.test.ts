import { startTestApi, signUpAndLogin, type TestApi } from './helpers';

jest.setTimeout(60000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const profile = { firstName: 'Jo', lastName: 'Bloggs', email: 'jo.bloggs@example.com', location: 'Bristol' };

it('requires a signed-in user (401 Unauthorized)', async () => {
  const r = await api.agent().patch('/api/users/profile', profile);
  expect(r.status).toBe(401);
  expect(r.body).toEqual({ message: 'Unauthorized' });
});

it('updates name, email and location, and the current user reflects it', async () => {
  const a = api.agent();
  const { user, password } = await signUpAndLogin(a);
  // A new email address needs the current password (account-safety.test.ts).
  const r = await a.patch('/api/users/profile', { ...profile, email: 'Jo.Bloggs@Example.com', currentPassword: password });
  expect(r.status).toBe(200);
  expect(r.body.user).toEqual({ ...user, ...profile });
  expect(r.text).not.toMatch(/passwordHash|"_id"/);
  expect((await a.get('/api/auth/user')).body.user).toEqual({ ...user, ...profile });
});

it('keeps username and trainer flags out of reach', async () => {
  const a = api.agent();
  const { user } = await signUpAndLogin(a);
  const r = await a.patch('/api/users/profile', { firstName: 'A', lastName: 'B', email: user.email, username: 'hijack', isTrainer: true, id: 1 });
  expect(r.status).toBe(200);
  expect(r.body.user).toMatchObject({ id: user.id, username: user.username, isTrainer: false });
});

it("refuses another account's email with 409", async () => {
  const other = await signUpAndLogin(api.agent());
  const a = api.agent();
  const { password } = await signUpAndLogin(a);
  const r = await a.patch('/api/users/profile', { firstName: 'A', lastName: 'B', email: other.email.toUpperCase(), currentPassword: password });
  expect(r.status).toBe(409);
  expect(r.body.message).toContain('Email already exists');
});

it('keeping your own email is fine', async () => {
  const a = api.agent();
  const { email } = await signUpAndLogin(a);
  const r = await a.patch('/api/users/profile', { firstName: 'New', lastName: 'Name', email });
  expect(r.status).toBe(200);
  expect(r.body.user.firstName).toBe('New');
  expect(r.body.user.location).toBe('');
});

it('validates with the SPEC messages', async () => {
  const a = api.agent();
  await signUpAndLogin(a);
  const missing = await a.patch('/api/users/profile', { location: 'Leeds' });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe('First name, last name and email are required');
  const badEmail = await a.patch('/api/users/profile', { firstName: 'A', lastName: 'B', email: 'nope' });
  expect(badEmail.status).toBe(400);
  expect(badEmail.body.issues).toEqual([{ path: ['email'], message: 'Please enter a valid email address' }]);
});
