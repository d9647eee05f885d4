import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGE_TOO_LONG, SEND_MESSAGE_FAILED, type Message, type Thread } from '@fitconnect/contracts';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { ThreadPage } from '../src/features/messages/components/ThreadPage';
import { threadKey } from '../src/features/messages/api/get-thread';
import { UnreadNavBadge } from '../src/features/messages/components/UnreadNavBadge';
import { FakeEventSource, makeMessage, mockFetch, signedIn, type RecordedCall } from './helpers';

beforeEach(() => FakeEventSource.install());

const TOM = { id: 2, firstName: 'Tom', lastName: 'Trainer', isTrainer: true };

function thread(messages: Message[], over: Partial<Thread> = {}): Thread {
  return { conversationId: 5, otherUser: TOM, messages, lastSeq: messages.reduce((m, x) => Math.max(m, x.seq), 0), ...over };
}

function renderThread(path = '/messages/2') {
  return renderWithProviders(
    <Routes>
      <Route path="/messages/:id" element={<ThreadPage />} />
    </Routes>,
    { initialEntries: [path] },
  );
}

const yesterday = new Date(Date.now() - 86_400_000).toISOString();

/** A POST /api/messages handler that stores like the server: numbered, echoing the key. */
function server(startSeq = 1) {
  let seq = startSeq - 1;
  const byKey = new Map<string, Message>();
  return (call: RecordedCall) => {
    const had = byKey.get(call.body.clientKey);
    if (had) return { status: 200, body: had };
    const m = makeMessage({ seq: ++seq, senderId: 1, receiverId: call.body.receiverId, content: call.body.content, clientKey: call.body.clientKey });
    byKey.set(call.body.clientKey, m);
    return { status: 201, body: m };
  };
}

test('shows the partner with a trainer badge and the messages grouped by day in a polite log, own ones marked', async () => {
  mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': {
      status: 200,
      body: thread([
        makeMessage({ seq: 1, senderId: 1, receiverId: 2, content: 'Hi Tom!', sentAt: yesterday, readAt: yesterday }),
        makeMessage({ seq: 2, senderId: 2, receiverId: 1, content: 'Hello Cara', sentAt: yesterday }),
        makeMessage({ seq: 3, senderId: 2, receiverId: 1, content: 'Free on Monday?' }),
      ]),
    },
  });
  renderThread();
  expect(await screen.findByRole('heading', { level: 1, name: 'Tom Trainer' })).toBeInTheDocument();
  expect(screen.getByText('Trainer')).toBeInTheDocument();
  const log = screen.getByRole('log', { name: 'Messages with Tom Trainer' });
  expect(log).toHaveAttribute('aria-live', 'polite');
  expect(within(log).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Yesterday', 'Today']);
  const items = within(log).getAllByTestId('message');
  expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('You: Hi Tom!'), expect.stringContaining('Tom: Hello Cara'), expect.stringContaining('Free on Monday?')]);
  expect(items[0]).toHaveAttribute('data-own', 'true');
  expect(items[1]).not.toHaveAttribute('data-own');
  expect(items[0]).toHaveTextContent(/Read \d\d:\d\d/);
  expect(document.title).toBe('Tom Trainer | Messages | FitConnect');
  // Labelled composer.
  expect(screen.getByRole('textbox', { name: 'Message to Tom' })).toBeInTheDocument();
});

test('a partner never messaged (Contact Trainer): their name from otherUser and an empty thread', async () => {
  mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': { status: 200, body: thread([], { conversationId: null, lastSeq: 0 }) },
  });
  renderThread();
  expect(await screen.findByRole('heading', { level: 1, name: 'Tom Trainer' })).toBeInTheDocument();
  expect(screen.getByText('No messages yet. Say hello to Tom!')).toBeInTheDocument();
});

test('Enter sends at once (optimistic) with a UUID key; Shift+Enter makes a new line; blank is not sent', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const store = server();
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': { status: 200, body: thread([]) },
    'POST /api/messages': async (c) => {
      await gate;
      return store(c);
    },
  });
  const user = userEvent.setup();
  renderThread();
  const box = await screen.findByRole('textbox', { name: 'Message to Tom' });
  // Blank: nothing.
  await user.type(box, '   {Enter}');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await user.clear(box);
  // Shift+Enter: a newline, not a send.
  await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
  expect(box).toHaveValue('Line one\nLine two');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await user.type(box, '{Enter}');
  // Shown at once, before the server answered, and the box is cleared.
  const log = screen.getByRole('log');
  expect(within(log).getByText(/Line one\s+Line two/)).toBeInTheDocument();
  expect(within(log).getByText('Sending…')).toBeInTheDocument();
  expect(box).toHaveValue('');
  // The request goes out right after the frame that shows the message (issue 35.1).
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.body).toEqual({ receiverId: 2, content: 'Line one\nLine two', clientKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/) });
  await act(async () => release());
  await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
  expect(within(log).getAllByTestId('message')).toHaveLength(1);
  expect(within(log).getByText('· Sent')).toBeInTheDocument();
});

test('after a send the message box has the focus: a click on Send leaves it there, Send by keyboard brings it back', async () => {
  const store = server();
  mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': { status: 200, body: thread([]) },
    'POST /api/messages': (c) => store(c),
  });
  const user = userEvent.setup();
  renderThread();
  const box = await screen.findByRole('textbox', { name: 'Message to Tom' });
  await user.type(box, 'By pointer');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(within(screen.getByRole('log')).getByText('By pointer')).toBeInTheDocument();
  expect(box).toHaveFocus();
  expect(box).toHaveValue('');
  await user.type(box, 'By keyboard');
  await user.tab();
  expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(within(screen.getByRole('log')).getByText('By keyboard')).toBeInTheDocument();
  expect(box).toHaveFocus();
  await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
});

test('a failed send is retried with the same key and shown once', async () => {
  const store = server();
  let attempts = 0;
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': { status: 200, body: thread([]) },
    'POST /api/messages': (c) => {
      attempts += 1;
      if (attempts === 1) {
        store(c); // stored, but the answer is lost
        throw new Error('network');
      }
      return store(c);
    },
  });
  const user = userEvent.setup();
  renderThread();
  await user.type(await screen.findByRole('textbox', { name: 'Message to Tom' }), 'Are you there?{Enter}');
  await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument(), { timeout: 20_000 });
  const posts = calls.filter((c) => c.method === 'POST');
  expect(posts).toHaveLength(2);
  expect(posts[1].body.clientKey).toBe(posts[0].body.clientKey);
  expect(within(screen.getByRole('log')).getAllByTestId('message')).toHaveLength(1);
  expect(screen.queryByText(SEND_MESSAGE_FAILED)).not.toBeInTheDocument();
}, 30_000);

test('when every attempt fails: the SPEC message, and Retry sends again with the same key', async () => {
  let down = true;
  const store = server();
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': { status: 200, body: thread([]) },
    'POST /api/messages': (c) => (down ? { status: 503, body: { message: 'Service unavailable' } } : store(c)),
  });
  const user = userEvent.setup();
  renderThread();
  await user.type(await screen.findByRole('textbox', { name: 'Message to Tom' }), 'Hello?{Enter}');
  expect(await screen.findByText(SEND_MESSAGE_FAILED, {}, { timeout: 20_000 })).toHaveAttribute('role', 'alert');
  expect(screen.getByText('Not sent')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  down = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.queryByText('Not sent')).not.toBeInTheDocument());
  expect(screen.queryByText(SEND_MESSAGE_FAILED)).not.toBeInTheDocument();
  const keys = new Set(calls.filter((c) => c.method === 'POST').map((c) => c.body.clientKey));
  expect(keys.size).toBe(1);
}, 30_000);

test('over 5,000 characters: a clear message and nothing sent', async () => {
  const calls = mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/2': { status: 200, body: thread([]) } });
  renderThread();
  const box = await screen.findByRole('textbox', { name: 'Message to Tom' });
  const user = userEvent.setup();
  await user.click(box);
  await user.paste('x'.repeat(5001));
  await user.keyboard('{Enter}');
  expect(screen.getByText(MESSAGE_TOO_LONG)).toBeInTheDocument();
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('live: a message from the partner appears without a reload and is marked read (catch-up by number); a read receipt shows on own messages', async () => {
  const mine = makeMessage({ seq: 1, senderId: 1, receiverId: 2, content: 'Ping' });
  const incoming = makeMessage({ seq: 2, senderId: 2, receiverId: 1, content: 'Pong from Tom' });
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2': { status: 200, body: thread([mine]) },
    'GET /api/messages/2?afterSeq=2': { status: 200, body: thread([], { lastSeq: 2 }) },
    'GET /api/messages/2?afterSeq=1': { status: 200, body: thread([incoming]) },
    'POST /api/messages/2/read': { status: 200, body: { conversationId: 5, readUpTo: 2, marked: 1 } },
  });
  renderThread();
  await screen.findByText('Ping');
  const es = FakeEventSource.latest();
  expect(es.url).toBe('/api/messages/stream');
  es.emit('message', incoming, '5:2');
  expect(await within(screen.getByRole('log')).findByText('Pong from Tom')).toBeInTheDocument();
  await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/messages/2?afterSeq='))).toBe(true));
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/messages/2/read', body: { upToSeq: 2 } }]));
  // A message of another conversation is not shown here.
  es.emit('message', makeMessage({ conversationId: 9, seq: 1, senderId: 3, receiverId: 1, content: 'From someone else' }), '5:2,9:1');
  expect(screen.queryByText('From someone else')).not.toBeInTheDocument();
  es.emit('read', { conversationId: 5, readerId: 2, seq: 1, readAt: '2026-11-23T14:05:00.000Z' });
  expect(await screen.findByText(/Read \d\d:\d\d/)).toBeInTheDocument();
});

test('an unknown member and a bad id get a not-found page', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/99': { status: 404, body: { message: 'User not found' } } });
  renderThread('/messages/99');
  expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute('href', '/messages');
});

test('a load failure shows an error with Try again', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/2': { status: 500, body: { message: 'Internal server error' } } });
  renderThread();
  expect(await screen.findByText('This conversation could not be loaded')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

describe('a refetch that fails after the thread was shown', () => {
  const shown = thread([makeMessage({ seq: 1, senderId: 2, receiverId: 1, content: 'Free on Monday?', readAt: yesterday })]);

  test('for the connection: the thread and what was typed stay on screen', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/2': answerThen({ status: 200, body: shown }, 'network') });
    const { queryClient } = renderThread();
    const box = await screen.findByRole('textbox', { name: 'Message to Tom' });
    await userEvent.setup().type(box, 'Monday works');
    await refetchFails(queryClient, threadKey(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Tom Trainer' })).toBeInTheDocument();
    expect(screen.getByText('Free on Monday?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to Tom' })).toHaveValue('Monday works');
    expect(screen.queryByText('This conversation could not be loaded')).not.toBeInTheDocument();
  });

  test('because the member is gone (404): User not found', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/2': answerThen({ status: 200, body: shown }, { status: 404, body: { message: 'User not found' } }) });
    const { queryClient } = renderThread();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tom Trainer' })).toBeInTheDocument();
    await refetchFails(queryClient, threadKey(2));
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  });
});

test('back on a thread loaded earlier (cached): fetches what came since by number, then marks it read', async () => {
  const { createTestQueryClient } = await import('@fitconnect/shared-ui/src/testing');
  const qc = createTestQueryClient();
  const first = makeMessage({ seq: 1, senderId: 1, receiverId: 2, content: 'Earlier' });
  qc.setQueryData(['/api/messages/2'], thread([first]));
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages/2?afterSeq=1': { status: 200, body: thread([makeMessage({ seq: 2, senderId: 2, receiverId: 1, content: 'While you were away' })]) },
    'POST /api/messages/2/read': { status: 200, body: { conversationId: 5, readUpTo: 2, marked: 1 } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/messages/:id" element={<ThreadPage />} />
    </Routes>,
    { initialEntries: ['/messages/2'], queryClient: qc },
  );
  expect(await screen.findByText('While you were away')).toBeInTheDocument();
  await waitFor(() =>
    expect(calls.filter((c) => c.path.startsWith('/api/messages/2'))).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/messages/2?afterSeq=1' }),
      { method: 'POST', path: '/api/messages/2/read', body: { upToSeq: 2 } },
    ]),
  );
});

describe('marking read (a POST once the thread shows; the GET marks nothing)', () => {
  test('showing unread messages marks them read up to the highest shown; the nav badge clears', async () => {
    let unread = 2;
    // The POST is answered once the badge shows its first count (a fetch in flight is not repeated on invalidation).
    let release!: () => void;
    const badgeShown = new Promise<void>((r) => (release = r));
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/messages/unread': () => ({ status: 200, body: { total: unread } }),
      'GET /api/messages/2': {
        status: 200,
        body: thread([
          makeMessage({ seq: 1, senderId: 1, receiverId: 2, content: 'Hi Tom' }),
          makeMessage({ seq: 2, senderId: 2, receiverId: 1, content: 'Hello' }),
          makeMessage({ seq: 3, senderId: 2, receiverId: 1, content: 'Free on Monday?' }),
        ]),
      },
      'POST /api/messages/2/read': async () => {
        await badgeShown;
        unread = 0;
        return { status: 200, body: { conversationId: 5, readUpTo: 3, marked: 2 } };
      },
    });
    renderWithProviders(
      <>
        <UnreadNavBadge />
        <Routes>
          <Route path="/messages/:id" element={<ThreadPage />} />
        </Routes>
      </>,
      { initialEntries: ['/messages/2'] },
    );
    await screen.findByText('Free on Monday?');
    await screen.findByRole('status', { name: '2 unread messages' });
    await act(async () => release());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/messages/2/read', body: { upToSeq: 3 } }]));
    // The badge asks again after the POST and goes.
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/messages/unread').length).toBeGreaterThanOrEqual(2);
  });

  test('nothing to me unread (only my own messages): no POST', async () => {
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/messages/2': { status: 200, body: thread([makeMessage({ seq: 1, senderId: 1, receiverId: 2, content: 'Only mine' })]) },
    });
    renderThread();
    await screen.findByText('Only mine');
    // A later sentinel: the live stream's ready triggers a catch-up GET, which comes after any POST the first render made.
    FakeEventSource.latest().emit('ready', { cursor: '' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/messages/2?afterSeq=1')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test('a message arriving while the thread is open is marked read too; a failed mark is tried again with the next one', async () => {
    let fail = true;
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(),
      'GET /api/messages/2': { status: 200, body: thread([makeMessage({ seq: 1, senderId: 1, receiverId: 2, content: 'Ping' })]) },
      'GET /api/messages/2?afterSeq=2': { status: 200, body: thread([], { lastSeq: 2 }) },
      'GET /api/messages/2?afterSeq=3': { status: 200, body: thread([], { lastSeq: 3 }) },
      'POST /api/messages/2/read': (c) => (fail ? { status: 503, body: { message: 'Service unavailable' } } : { status: 200, body: { conversationId: 5, readUpTo: c.body.upToSeq, marked: 1 } }),
    });
    renderThread();
    await screen.findByText('Ping');
    const es = FakeEventSource.latest();
    es.emit('message', makeMessage({ conversationId: 5, seq: 2, senderId: 2, receiverId: 1, content: 'Pong' }), '5:2');
    await screen.findByText('Pong');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ upToSeq: 2 }]));
    fail = false;
    es.emit('message', makeMessage({ conversationId: 5, seq: 3, senderId: 2, receiverId: 1, content: 'Still there?' }), '5:3');
    await screen.findByText('Still there?');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ upToSeq: 2 }, { upToSeq: 3 }]));
    // No GET of the thread ever asked the server to mark anything.
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/messages/2')).every((c) => c.body === undefined)).toBe(true);
  });
});
