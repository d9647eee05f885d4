/**
 * Messages without change streams (a standalone MongoDB): live delivery falls back to polling by sequence
 * number and says so in the log once. And the per-user send rate limit.
 */
import { startTestApi, signUpAndLogin, type TestApi } from './helpers';
import { openStream, type SseStream } from './messages-helpers';
import { MessageFeed } from '../src/messages/live';
import { SEND_LIMIT } from '../src/messages/routes';
import { Message } from '../src/messages/model';
import { memoryLogger } from '../src/log';

jest.setTimeout(60_000);

let api: TestApi;
const feedLog = memoryLogger();
const streams: SseStream[] = [];

beforeAll(async () => {
  api = await startTestApi({ messageFeed: new MessageFeed(feedLog, { changeStreams: false }) });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await api?.stop();
});

test('without change streams, messages still reach an open stream (polling by sequence number), logged once', async () => {
  const a = api.agent();
  const b = api.agent();
  await signUpAndLogin(a);
  const { user: bUser } = await signUpAndLogin(b);
  const s1 = await openStream(api.url, b);
  const s2 = await openStream(api.url, b);
  streams.push(s1, s2);
  await s1.waitFor((e) => e.event === 'ready');
  await s2.waitFor((e) => e.event === 'ready');
  for (const text of ['one', 'two', 'three']) {
    const r = await a.post('/api/messages', { receiverId: bUser.id, content: text });
    expect(r.status).toBe(201);
  }
  for (const s of [s1, s2]) {
    await s.waitFor((e) => e.event === 'message' && e.data.content === 'three', undefined, 'polled message');
    expect(s.events.filter((e) => e.event === 'message').map((e) => e.data.content)).toEqual(['one', 'two', 'three']);
    await s.waitFor((e) => e.event === 'unread' && e.data.total === 3, undefined, 'polled unread total');
  }
  const notes = feedLog.lines.filter((l) => /change streams are unavailable/.test(l));
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatch(/polling by sequence number/);
});

test(`sending is limited to ${SEND_LIMIT.limit} messages a minute per user; refused sends store nothing`, async () => {
  await api.restart({ config: { rateLimit: 1 }, messageFeed: new MessageFeed(feedLog, { changeStreams: false }) });
  const a = api.agent();
  const b = api.agent();
  await signUpAndLogin(a);
  const { user: bUser } = await signUpAndLogin(b);
  const { user: aUser } = (await a.get('/api/auth/user')).body;
  const answers = [];
  for (let i = 0; i < SEND_LIMIT.limit + 2; i++) answers.push(await a.post('/api/messages', { receiverId: bUser.id, content: `spam ${i}` }));
  expect(answers.slice(0, SEND_LIMIT.limit).every((r) => r.status === 201)).toBe(true);
  const refused = answers.slice(SEND_LIMIT.limit);
  expect(refused.map((r) => r.status)).toEqual([429, 429]);
  expect(refused[0].body.message).toMatch(/too quickly/);
  expect(refused[0].headers.get('retry-after')).toBeTruthy();
  expect(await Message.countDocuments({ senderId: aUser.id })).toBe(SEND_LIMIT.limit);
  // Another user is not limited by a's sending.
  expect((await b.post('/api/messages', { receiverId: aUser.id, content: 'hi' })).status).toBe(201);
});
