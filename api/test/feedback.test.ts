/**
 * POST /api/feedback over real HTTP: validation with SPEC's messages, who sent it comes from the session
 * only (never from the body), and the per-address rate limit.
 */
import { FEEDBACK_REQUIRED_MESSAGE, FeedbackResponse } from '@fitconnect/contracts';
import { z } from 'zod';
import { startTestApi, signUpAndLogin, type TestApi } from './helpers';
import { Feedback } from '../src/feedback/model';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const valid = { type: 'feature', content: 'Please add rowing workouts.', email: '', joinCommunity: false, interests: [] };

test('signed out: stored with userId null and isTrainer false, whatever the body claims', async () => {
  const victim = api.agent();
  const { user } = await signUpAndLogin(victim, { isTrainer: true });
  const res = await api.agent().post('/api/feedback', { ...valid, userId: user.id, isTrainer: true });
  expect(res.status).toBe(201);
  const body = z.strictObject(FeedbackResponse.shape).parse(res.body);
  expect(body.userId).toBeNull();
  expect(body.isTrainer).toBe(false);
  const stored = await Feedback.findOne({ id: body.id }).lean();
  expect(stored).toMatchObject({ userId: null, isTrainer: false, type: 'feature', content: 'Please add rowing workouts.', email: null });
});

test('signed in: attributed to the session user and their account type, never to the user named in the body', async () => {
  const other = api.agent();
  const { user: otherUser } = await signUpAndLogin(other, { isTrainer: true });
  const me = api.agent();
  const { user } = await signUpAndLogin(me);
  const res = await me.post('/api/feedback', { ...valid, type: 'bug', userId: otherUser.id, isTrainer: true });
  expect(res.status).toBe(201);
  expect(res.body.userId).toBe(user.id);
  expect(res.body.isTrainer).toBe(false);
  const stored = await Feedback.findOne({ id: res.body.id }).lean();
  expect(stored?.userId).toBe(user.id);
  expect(stored?.isTrainer).toBe(false);
  expect(await Feedback.countDocuments({ userId: otherUser.id })).toBe(0);

  // A trainer's feedback is marked as a trainer's from the account.
  const trainer = await other.post('/api/feedback', { ...valid, type: 'community', userId: user.id, isTrainer: false, joinCommunity: true, interests: ['nutrition', 'local-events'] });
  expect(trainer.status).toBe(201);
  expect(trainer.body).toMatchObject({ userId: otherUser.id, isTrainer: true, joinCommunity: true, interests: ['nutrition', 'local-events'] });
});

test('validation: content required with SPEC message, email optional but valid, type and interests from their lists', async () => {
  const a = api.agent();
  const before = await Feedback.countDocuments({});
  const cases: [Record<string, unknown>, string, string?][] = [
    [{ content: '' }, 'content', FEEDBACK_REQUIRED_MESSAGE],
    [{ content: '   ' }, 'content', FEEDBACK_REQUIRED_MESSAGE],
    [{ content: undefined }, 'content', FEEDBACK_REQUIRED_MESSAGE],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ type: 'praise' }, 'type'],
    [{ type: undefined }, 'type'],
    [{ interests: ['knitting'] }, 'interests'],
    [{ joinCommunity: 'yes' }, 'joinCommunity'],
  ];
  for (const [over, field, message] of cases) {
    const res = await a.post('/api/feedback', { ...valid, ...over });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string[] }) => i.path[0])).toContain(field);
    if (message) expect(res.body.message).toBe(message);
  }
  expect(await Feedback.countDocuments({})).toBe(before);

  const withEmail = await a.post('/api/feedback', { ...valid, email: ' Someone@Example.com ' });
  expect(withEmail.status).toBe(201);
  expect(withEmail.text).not.toContain('someone@example.com'); // the answer never echoes the address
  expect((await Feedback.findOne({ id: withEmail.body.id }).lean())?.email).toBe('someone@example.com');
  const noEmail = await a.post('/api/feedback', { type: 'improvement', content: 'Fine' });
  expect(noEmail.status).toBe(201);
  expect((await Feedback.findOne({ id: noEmail.body.id }).lean())?.email).toBeNull();
});

test('rate limited per address: the 11th feedback in 10 minutes is refused with 429 and not stored', async () => {
  // A fresh window (a clock in the future) so the requests of the tests above do not count.
  const later = new Date('2096-05-01T10:00:00Z');
  await api.restart({ config: { rateLimit: 1 }, clock: { now: () => later } });
  try {
    const a = api.agent();
    const before = await Feedback.countDocuments({});
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => a.post('/api/feedback', { ...valid, content: `Feedback number ${i}` })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(results.find((r) => r.status === 429)!.headers.get('retry-after')).toBeTruthy();
    expect(await Feedback.countDocuments({})).toBe(before + 10);
  } finally {
    await api.restart({ config: {} });
  }
});
