/**
 * The messages API over real HTTP: who sees a thread, idempotent sends (also concurrent retries), gap-free
 * numbering under concurrent sends from both sides, unread counts and read times (marked read by a POST,
 * never by reading), every refusal with nothing stored, and live delivery: catch-up after a disconnect,
 * and two API instances on one database.
 *
 * No test decides by the clock: a "nothing else arrives" check waits for a later sentinel event on the
 * same stream (the feed delivers in commit order), and waits for events are bounded only against a hung
 * test (messages-helpers.ts WAIT_MS).
 */
import { MESSAGE_TOO_LONG, MarkReadResult, Message as MessageSchema, Thread, ConversationList } from '@fitconnect/contracts';
import { startTestApi, signUpAndLogin, type Agent, type TestApi } from './helpers';
import { openStream, startSecondInstance, type SseStream } from './messages-helpers';
import { Conversation, Message } from '../src/messages/model';

jest.setTimeout(60_000);

let api: TestApi;
const streams: SseStream[] = [];

beforeAll(async () => {
  api = await startTestApi();
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await api?.stop();
});

interface Person {
  agent: Agent;
  id: number;
}

async function person(partial: Parameters<typeof signUpAndLogin>[1] = {}): Promise<Person> {
  const agent = api.agent();
  const { user } = await signUpAndLogin(agent, partial);
  return { agent, id: user.id };
}

async function stream(who: Person, opts: Parameters<typeof openStream>[2] = {}, baseUrl = api.url): Promise<SseStream> {
  const s = await openStream(baseUrl, who.agent, opts);
  streams.push(s);
  expect(s.status).toBe(200);
  await s.waitFor((e) => e.event === 'ready', undefined, 'ready');
  return s;
}

let keyN = 0;
const newKey = () => `k${Date.now().toString(36)}x${++keyN}x${Math.random().toString(36).slice(2, 8)}`;

async function send(from: Person, to: Person, content: string, clientKey: string | undefined = newKey()) {
  return from.agent.post('/api/messages', { receiverId: to.id, content, ...(clientKey ? { clientKey } : {}) });
}

const storedCount = () => Message.countDocuments({});

/** POST /api/messages/:partnerId/read up to `upToSeq`. */
const markRead = (who: Person, partnerId: number | string, upToSeq: number) => who.agent.post(`/api/messages/${partnerId}/read`, { upToSeq });

describe('signed out', () => {
  test('every messages call answers 401 and stores nothing', async () => {
    const anon = api.agent();
    const before = await storedCount();
    for (const path of ['/api/messages', '/api/messages/1', '/api/messages/unread', '/api/messages/stream']) {
      const r = await anon.get(path);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Unauthorized' });
    }
    const r = await anon.post('/api/messages', { receiverId: 1, content: 'hello' });
    expect(r.status).toBe(401);
    const read = await anon.post('/api/messages/1/read', { upToSeq: 1 });
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ message: 'Unauthorized' });
    expect(await storedCount()).toBe(before);
  });
});

describe('threads', () => {
  test('both parties see the thread oldest first with the other user; a third user sees none of it', async () => {
    const client = await person({ firstName: 'Cara', lastName: 'Client' });
    const trainer = await person({ firstName: 'Tom', lastName: 'Trainer', isTrainer: true });
    const third = await person();
    const r1 = await send(client, trainer, '  Hi Tom, are you free on Monday?  ');
    expect(r1.status).toBe(201);
    MessageSchema.parse(r1.body);
    expect(r1.body).toMatchObject({ senderId: client.id, receiverId: trainer.id, content: 'Hi Tom, are you free on Monday?', seq: 1, readAt: null });
    expect(r1.body).not.toHaveProperty('_id');
    const r2 = await send(trainer, client, 'Yes, 10am works.');
    expect(r2.body.seq).toBe(2);

    const mine = await client.agent.get(`/api/messages/${trainer.id}`);
    expect(mine.status).toBe(200);
    const thread = Thread.parse(mine.body);
    expect(thread.otherUser).toEqual({ id: trainer.id, firstName: 'Tom', lastName: 'Trainer', isTrainer: true });
    expect(thread.messages.map((m) => m.content)).toEqual(['Hi Tom, are you free on Monday?', 'Yes, 10am works.']);
    expect(JSON.stringify(mine.body)).not.toMatch(/email|username|_id|claimedAt/);

    const theirs = await trainer.agent.get(`/api/messages/${client.id}`);
    expect(theirs.body.otherUser).toEqual({ id: client.id, firstName: 'Cara', lastName: 'Client', isTrainer: false });
    expect(theirs.body.messages.map((m: { id: number }) => m.id)).toEqual(thread.messages.map((m) => m.id));

    // The third user: their own (empty) thread with either party, and an empty list.
    for (const other of [client, trainer]) {
      const t = await third.agent.get(`/api/messages/${other.id}`);
      expect(t.status).toBe(200);
      expect(t.body.messages).toEqual([]);
      expect(t.body.conversationId).toBeNull();
    }
    expect((await third.agent.get('/api/messages')).body).toEqual([]);
  });

  test('a thread with someone never messaged works (Contact Trainer): their name, no messages', async () => {
    const client = await person();
    const trainer = await person({ firstName: 'Nina', lastName: 'Coach', isTrainer: true });
    const r = await client.agent.get(`/api/messages/${trainer.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ conversationId: null, otherUser: { id: trainer.id, firstName: 'Nina', lastName: 'Coach', isTrainer: true }, messages: [], lastSeq: 0 });
    expect((await client.agent.get('/api/messages/999999')).status).toBe(404);
    expect((await client.agent.get(`/api/messages/${client.id}`)).status).toBe(400);
    const bad = await client.agent.get('/api/messages/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  test('the list shows each partner, the latest message and unread count, newest conversation first', async () => {
    const me = await person();
    const ann = await person({ firstName: 'Ann', lastName: 'A', isTrainer: true });
    const bob = await person({ firstName: 'Bob', lastName: 'B' });
    // Sent one after another: each later send has a later (or equal) time and a higher id, which breaks ties.
    await send(me, ann, 'to ann');
    await send(bob, me, 'from bob 1');
    await send(bob, me, 'from bob 2');
    const r = await me.agent.get('/api/messages');
    expect(r.status).toBe(200);
    const list = ConversationList.parse(r.body);
    expect(list.map((c) => c.partner.firstName)).toEqual(['Bob', 'Ann']);
    expect(list[0]).toMatchObject({ partner: { id: bob.id, firstName: 'Bob', lastName: 'B', isTrainer: false }, unreadCount: 2, latestMessage: { content: 'from bob 2', seq: 2 } });
    expect(list[1]).toMatchObject({ partner: { isTrainer: true }, unreadCount: 0, latestMessage: { content: 'to ann' } });
    await send(me, ann, 'again');
    expect((await me.agent.get('/api/messages')).body.map((c: { partner: { firstName: string } }) => c.partner.firstName)).toEqual(['Ann', 'Bob']);
  });

  test('?afterSeq returns exactly the messages after that number', async () => {
    const a = await person();
    const b = await person();
    for (let i = 1; i <= 5; i++) await send(i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
    const r = await a.agent.get(`/api/messages/${b.id}?afterSeq=2`);
    expect(r.body.messages.map((m: { seq: number; content: string }) => [m.seq, m.content])).toEqual([
      [3, 'm3'],
      [4, 'm4'],
      [5, 'm5'],
    ]);
    expect(r.body.lastSeq).toBe(5);
    const none = await a.agent.get(`/api/messages/${b.id}?afterSeq=5`);
    expect(none.body.messages).toEqual([]);
    expect(none.body.lastSeq).toBe(5);
    expect((await a.agent.get(`/api/messages/${b.id}?afterSeq=-1`)).status).toBe(400);
  });
});

describe('never doubled', () => {
  test('a retried send with the same key stores one message and answers the same message again', async () => {
    const a = await person();
    const b = await person();
    const key = newKey();
    const first = await send(a, b, 'Only once please', key);
    expect(first.status).toBe(201);
    expect(first.body.clientKey).toBe(key);
    const again = await send(a, b, 'Only once please', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await Message.countDocuments({ senderId: a.id })).toBe(1);
    // The receiver never sees the sender's key.
    const theirs = await b.agent.get(`/api/messages/${a.id}`);
    expect(theirs.body.messages[0]).not.toHaveProperty('clientKey');
  });

  test('ten simultaneous retries of one send store one message, all answered with it', async () => {
    const a = await person();
    const b = await person();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(a, b, 'double click', key)));
    expect(answers.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(await Message.countDocuments({ senderId: a.id })).toBe(1);
    // And the number it took is 1: no number was spent on the duplicates.
    const next = await send(a, b, 'next one');
    expect(next.body.seq).toBe(2);
  });

  test('a key reused for a different message is refused (409) and stores nothing', async () => {
    const a = await person();
    const b = await person();
    const key = newKey();
    await send(a, b, 'first', key);
    const r = await send(a, b, 'something else', key);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/clientKey/);
    expect(await Message.countDocuments({ senderId: a.id })).toBe(1);
  });
});

describe('never lost, in order', () => {
  test('concurrent sends from both sides get gap-free numbers 1..N, each once', async () => {
    const a = await person();
    const b = await person();
    const N = 15;
    const sends = [
      ...Array.from({ length: N }, (_, i) => send(a, b, `a${i}`)),
      ...Array.from({ length: N }, (_, i) => send(b, a, `b${i}`)),
    ];
    const answers = await Promise.all(sends);
    expect(answers.map((r) => r.status).every((s) => s === 201)).toBe(true);
    const seqs = answers.map((r) => r.body.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 2 * N }, (_, i) => i + 1));
    const thread = await a.agent.get(`/api/messages/${b.id}`);
    expect(thread.body.messages.map((m: { seq: number }) => m.seq)).toEqual(seqs);
    expect(new Set(thread.body.messages.map((m: { content: string }) => m.content)).size).toBe(2 * N);
    // The first sends of a new pair raced to create its conversation: one was made.
    expect(await Conversation.countDocuments({ members: a.id })).toBe(1);
  });
});

describe('unread and read', () => {
  test('unread counts per conversation and in total; marking the thread read clears them and the sender sees the read time live', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const aLive = await stream(a);
    await send(a, b, 'one');
    await send(a, b, 'two');
    await send(c, b, 'from c');
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 3 });
    const list = (await b.agent.get('/api/messages')).body as Array<{ partner: { id: number }; unreadCount: number }>;
    expect(Object.fromEntries(list.map((x) => [x.partner.id, x.unreadCount]))).toEqual({ [a.id]: 2, [c.id]: 1 });
    // The sender's own messages are not unread for them.
    expect((await a.agent.get('/api/messages/unread')).body).toEqual({ total: 0 });

    // Reading the thread changes nothing...
    const opened = await b.agent.get(`/api/messages/${a.id}`);
    expect(opened.body.messages.map((m: { readAt: string | null }) => m.readAt)).toEqual([null, null]);
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 3 });
    // ...marking it read (what the thread view does once it shows the messages) does.
    const marked = await markRead(b, a.id, opened.body.lastSeq);
    expect(marked.status).toBe(200);
    expect(MarkReadResult.parse(marked.body)).toEqual({ conversationId: opened.body.conversationId, readUpTo: 2, marked: 2 });
    const reread = await b.agent.get(`/api/messages/${a.id}`);
    expect(reread.body.messages.every((m: { readAt: string | null }) => typeof m.readAt === 'string')).toBe(true);
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 1 });
    const after = (await b.agent.get('/api/messages')).body as Array<{ partner: { id: number }; unreadCount: number }>;
    expect(after.find((x) => x.partner.id === a.id)?.unreadCount).toBe(0);

    const seen = await a.agent.get(`/api/messages/${b.id}`);
    expect(seen.body.messages.map((m: { readAt: string | null }) => m.readAt)).toEqual([expect.any(String), expect.any(String)]);
    const receipt = await aLive.waitFor((e) => e.event === 'read' && e.data.seq === 2, undefined, 'read receipt');
    expect(receipt.data).toMatchObject({ readerId: b.id, seq: 2, readAt: expect.any(String) });
  });

  test('the unread total is pushed live to the receiver', async () => {
    const a = await person();
    const b = await person();
    const bLive = await stream(b);
    expect(bLive.events.find((e) => e.event === 'unread')?.data).toEqual({ total: 0 });
    const ping = await send(a, b, 'ping');
    await bLive.waitFor((e) => e.event === 'unread' && e.data.total === 1, undefined, 'unread 1');
    expect((await markRead(b, a.id, ping.body.seq)).status).toBe(200);
    await bLive.waitFor((e) => e.event === 'unread' && e.data.total === 0 && bLive.events.indexOf(e) > 1, undefined, 'unread 0');
  });
});

describe('marking read is a POST, never a side effect of a GET (issue 26)', () => {
  test('GET of a thread, also with ?afterSeq, marks nothing read: a link from another site changes nothing', async () => {
    const a = await person();
    const b = await person();
    const aLive = await stream(a);
    await send(a, b, 'one');
    await send(a, b, 'two');
    // What a cross-site top-level link would do: a plain GET carrying the cookie.
    const viaLink = await b.agent.request('GET', `/api/messages/${a.id}`, { headers: { accept: 'text/html' } });
    expect(viaLink.status).toBe(200);
    await b.agent.get(`/api/messages/${a.id}?afterSeq=0`);
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 2 });
    expect((await a.agent.get(`/api/messages/${b.id}`)).body.messages.map((m: { readAt: unknown }) => m.readAt)).toEqual([null, null]);
    expect(await Message.countDocuments({ receiverId: b.id, readAt: { $ne: null } })).toBe(0);
    // No read receipt went out: the sentinel (a later message) arrives with no 'read' event before it.
    const sentinel = await send(b, a, 'sentinel');
    await aLive.waitFor((e) => e.event === 'message' && e.data.id === sentinel.body.id, undefined, 'sentinel');
    expect(aLive.events.filter((e) => e.event === 'read')).toEqual([]);
  });

  test('POST marks exactly up to upToSeq; the rest stays unread; a later POST reads the rest; repeating it marks nothing', async () => {
    const a = await person();
    const b = await person();
    for (const t of ['1', '2', '3']) await send(a, b, t);
    const first = await markRead(b, a.id, 2);
    expect(first.body).toMatchObject({ readUpTo: 2, marked: 2 });
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 1 });
    const seen = (await a.agent.get(`/api/messages/${b.id}`)).body.messages.map((m: { seq: number; readAt: unknown }) => [m.seq, typeof m.readAt]);
    expect(seen).toEqual([
      [1, 'string'],
      [2, 'string'],
      [3, 'object'],
    ]);
    // Past the last number: capped at it.
    expect((await markRead(b, a.id, 99)).body).toMatchObject({ readUpTo: 3, marked: 1 });
    expect((await markRead(b, a.id, 3)).body).toMatchObject({ readUpTo: 3, marked: 0 });
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 0 });
  });

  test("the sender's own POST does not read what they sent; a third user's POST reads nothing of another pair's thread", async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await send(a, b, 'for b only');
    await send(a, b, 'also for b');
    // a marks their own thread with b: a's own messages are not a's to read.
    expect((await markRead(a, b.id, 2)).body).toMatchObject({ marked: 0 });
    // c names a (and b): c's own pair with each, which has no messages.
    expect((await markRead(c, a.id, 2)).body).toEqual({ conversationId: null, readUpTo: 0, marked: 0 });
    expect((await markRead(c, b.id, 2)).body).toEqual({ conversationId: null, readUpTo: 0, marked: 0 });
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 2 });
    expect(await Message.countDocuments({ senderId: a.id, readAt: { $ne: null } })).toBe(0);
  });

  test.each([
    ['a partner id that is not a number', 'abc', { upToSeq: 1 }, 400, /Id must be/],
    ['a partner id of 0', '0', { upToSeq: 1 }, 400, /Id must be/],
    ['no body', 'PARTNER', undefined, 400, /upToSeq/],
    ['upToSeq as a string', 'PARTNER', { upToSeq: '2' }, 400, /upToSeq/],
    ['a negative upToSeq', 'PARTNER', { upToSeq: -1 }, 400, /upToSeq/],
    ['a fractional upToSeq', 'PARTNER', { upToSeq: 1.5 }, 400, /upToSeq/],
    ['an unknown partner', '987654', { upToSeq: 1 }, 404, /not found/i],
    ['yourself', 'SELF', { upToSeq: 1 }, 400, /yourself/],
  ])('refused: %s, and nothing becomes read', async (_label, partner, body, status, message) => {
    const a = await person();
    const b = await person();
    await send(a, b, 'unread');
    const target = partner === 'PARTNER' ? String(a.id) : partner === 'SELF' ? String(b.id) : partner;
    const r = body === undefined ? await b.agent.request('POST', `/api/messages/${target}/read`) : await b.agent.post(`/api/messages/${target}/read`, body);
    expect(r.status).toBe(status);
    expect(r.body.message).toMatch(message);
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 1 });
  });

  test('a form post from another site is refused and marks nothing', async () => {
    const a = await person();
    const b = await person();
    await send(a, b, 'unread');
    const r = await b.agent.request('POST', `/api/messages/${a.id}/read`, {
      raw: 'upToSeq=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(r.status).toBe(403);
    const sameSiteForm = await b.agent.request('POST', `/api/messages/${a.id}/read`, { raw: 'upToSeq=1', headers: { 'content-type': 'text/plain' } });
    expect(sameSiteForm.status).toBe(400);
    expect((await b.agent.get('/api/messages/unread')).body).toEqual({ total: 1 });
  });
});

describe('refusals store nothing', () => {
  test.each([
    ['blank content', { content: '' }, 400, /empty/],
    ['whitespace only', { content: '   \n\t ' }, 400, /empty/],
    ['5,001 characters', { content: 'x'.repeat(5001) }, 400, new RegExp(MESSAGE_TOO_LONG.replace(/[()]/g, '\\$&'))],
    ['no receiver', { receiverId: undefined }, 400, /receiverId/],
    ['a receiver that is not a number', { receiverId: 'abc' }, 400, /receiverId/],
    ['a receiver that does not exist', { receiverId: 987654 }, 404, /not found/i],
    ['a malformed clientKey', { clientKey: 'no spaces allowed' }, 400, /clientKey/],
  ])('%s', async (_label, override, status, message) => {
    const a = await person();
    const b = await person();
    const before = await storedCount();
    const body: Record<string, unknown> = { receiverId: b.id, content: 'hello', ...override };
    const r = await a.agent.post('/api/messages', body);
    expect(r.status).toBe(status);
    expect(r.body.message).toMatch(message);
    expect(await storedCount()).toBe(before);
    expect((await a.agent.get('/api/messages')).body).toEqual([]);
  });

  test('messaging yourself', async () => {
    const a = await person();
    const before = await storedCount();
    const r = await a.agent.post('/api/messages', { receiverId: a.id, content: 'me' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('You cannot message yourself');
    expect(await storedCount()).toBe(before);
  });

  test('5,000 characters are accepted', async () => {
    const a = await person();
    const b = await person();
    const r = await send(a, b, 'y'.repeat(5000));
    expect(r.status).toBe(201);
    expect(r.body.content).toHaveLength(5000);
  });
});

describe('live delivery', () => {
  test('an open stream gets a new message, both the receiver and the sender', async () => {
    const a = await person();
    const b = await person();
    const bLive = await stream(b);
    const aLive = await stream(a);
    const sent = await send(a, b, 'live one');
    const got = await bLive.waitFor((e) => e.event === 'message' && e.data.id === sent.body.id, undefined, 'message');
    expect(got.data).toMatchObject({ content: 'live one', seq: 1, senderId: a.id });
    expect(got.data).not.toHaveProperty('clientKey');
    const own = await aLive.waitFor((e) => e.event === 'message' && e.data.id === sent.body.id, undefined, 'own message');
    expect(own.data.clientKey).toBe(sent.body.clientKey);
  });

  test('a stream of a third user gets nothing of a thread that is not theirs', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const cLive = await stream(c);
    const bLive = await stream(b);
    const sent = await send(a, b, 'private');
    await bLive.waitFor((e) => e.event === 'message' && e.data.id === sent.body.id);
    // A sentinel to c, sent after: the feed delivers in commit order, so once it is here, so would be the leak.
    const sentinel = await send(a, c, 'sentinel for c');
    await cLive.waitFor((e) => e.event === 'message' && e.data.id === sentinel.body.id, undefined, 'sentinel');
    expect(cLive.events.filter((e) => e.event === 'message').map((e) => e.data.content)).toEqual(['sentinel for c']);
  });

  test('after a disconnect, reconnecting with Last-Event-ID replays exactly the missed messages, then streams', async () => {
    const a = await person();
    const b = await person();
    const first = await stream(b);
    for (const t of ['1', '2', '3']) await send(a, b, t);
    await first.waitFor((e) => e.event === 'message' && e.data.seq === 3);
    const resumeFrom = first.lastEventId;
    expect(resumeFrom).toMatch(/^\d+:3$/);
    first.close();
    // Missed while disconnected.
    for (const t of ['4', '5', '6']) await send(a, b, t);
    // The replay is written before 'ready' (which stream() waits for).
    const second = await stream(b, { lastEventId: resumeFrom });
    const replayed = second.events.filter((e) => e.event === 'message').map((e) => e.data.content);
    expect(replayed).toEqual(['4', '5', '6']);
    await send(b, a, '7');
    await second.waitFor((e) => e.event === 'message' && e.data.content === '7');
    expect(second.events.filter((e) => e.event === 'message').map((e) => e.data.seq)).toEqual([4, 5, 6, 7]);
  });

  test('?since= replays the given conversation after that number; others start from now', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    for (const t of ['1', '2', '3']) await send(a, b, t);
    await send(c, b, 'old from c');
    const conv = (await b.agent.get(`/api/messages/${a.id}`)).body.conversationId;
    // The replay is written before 'ready' (which stream() waits for): what is here now is all of it.
    const s = await stream(b, { query: `since=${conv}:1` });
    expect(s.events.filter((e) => e.event === 'message').map((e) => e.data.content)).toEqual(['2', '3']);
  });

  test('numbers stamped out of order (concurrent sends) in a conversation that began during the stream all arrive', async () => {
    const a = await person();
    const b = await person();
    const live = await stream(b);
    // What two concurrent sends can do: numbers 1 and 2 are allocated, and 2 is stamped before 1.
    const now = new Date();
    const pair = a.id < b.id ? { a: a.id, b: b.id } : { a: b.id, b: a.id };
    await Conversation.create({ id: 900_000 + a.id, ...pair, members: [pair.a, pair.b], lastSeq: 2, createdAt: now, lastMessageAt: now });
    const base = { conversationId: 900_000 + a.id, senderId: a.id, receiverId: b.id, sentAt: now, readAt: null, claimedAt: now, seq: null };
    await Message.collection.insertMany([
      { ...base, id: 800_000 + a.id * 2, content: 'first' },
      { ...base, id: 800_001 + a.id * 2, content: 'second' },
    ]);
    await Message.updateOne({ id: 800_001 + a.id * 2 }, { $set: { seq: 2 } });
    await Message.updateOne({ id: 800_000 + a.id * 2 }, { $set: { seq: 1 } });
    await live.waitFor((e) => e.event === 'message' && e.data.content === 'first', undefined, 'the late-stamped first message');
    expect(live.events.filter((e) => e.event === 'message').map((e) => e.data.seq)).toEqual([2, 1]);
    expect(live.lastEventId).toContain(`${900_000 + a.id}:2`);
  });

  test('a message sent through instance A reaches a stream open on instance B', async () => {
    const second = await startSecondInstance(api);
    try {
      const a = await person();
      const b = await person();
      const onB = await stream(b, {}, second.url);
      const sent = await send(a, b, 'across instances'); // through the first instance
      const got = await onB.waitFor((e) => e.event === 'message' && e.data.id === sent.body.id, undefined, 'cross-instance message');
      expect(got.data.content).toBe('across instances');
      // And the other way: sent through B (the cookie is valid on both: sessions live in the database),
      // read on a stream open on A.
      const onA = await stream(a);
      const viaB = await fetch(`${second.url}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: [...b.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: JSON.stringify({ receiverId: a.id, content: 'sent via B' }),
      });
      expect(viaB.status).toBe(201);
      await onA.waitFor((e) => e.event === 'message' && e.data.content === 'sent via B', undefined, 'message sent via B, on A');
    } finally {
      for (const s of streams.splice(0)) s.close();
      await second.stop();
    }
  });
});
