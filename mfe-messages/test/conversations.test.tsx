import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ConversationSummary } from '@fitconnect/contracts';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { ConversationsPage } from '../src/features/messages/components/ConversationsPage';
import { CONVERSATIONS_KEY } from '../src/features/messages/api/get-conversations';
import { FakeEventSource, makeMessage, mockFetch, signedIn } from './helpers';

beforeEach(() => FakeEventSource.install());

function renderList() {
  return renderWithProviders(
    <Routes>
      <Route path="/messages" element={<ConversationsPage />} />
    </Routes>,
    { initialEntries: ['/messages'] },
  );
}

const summary = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  conversationId: 5,
  partner: { id: 2, firstName: 'Tom', lastName: 'Trainer', isTrainer: true },
  latestMessage: makeMessage({ content: 'See you Monday at 10am.\nBring water.', senderId: 2, receiverId: 1, seq: 4 }),
  unreadCount: 2,
  lastSeq: 4,
  ...over,
});

test('lists each conversation: partner name, trainer badge, preview, time and unread count, linking to the thread', async () => {
  mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages': {
      status: 200,
      body: [
        summary(),
        summary({
          conversationId: 6,
          partner: { id: 3, firstName: 'Bea', lastName: 'Client', isTrainer: false },
          latestMessage: makeMessage({ content: 'Thanks!', senderId: 1, receiverId: 3, sentAt: '2025-01-02T10:00:00.000Z' }),
          unreadCount: 0,
        }),
      ],
    },
  });
  renderList();
  expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('conversation');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveAttribute('href', '/messages/2');
  expect(within(rows[0]).getByText('Tom Trainer')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Trainer')).toBeInTheDocument();
  expect(rows[0]).toHaveTextContent('See you Monday at 10am. Bring water.');
  expect(within(rows[0]).getByText('2 unread messages')).toBeInTheDocument();
  expect(rows[0].querySelector('time')).toHaveTextContent(/^\d\d:\d\d$/);
  // Own latest message, no unread, an older date.
  expect(rows[1]).toHaveTextContent('You: Thanks!');
  expect(within(rows[1]).queryByText(/unread/)).not.toBeInTheDocument();
  expect(within(rows[1]).queryByText('Trainer')).not.toBeInTheDocument();
  expect(rows[1].querySelector('time')).toHaveTextContent('2 Jan 2025');
});

test('empty: says so and points to /trainers', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages': { status: 200, body: [] } });
  renderList();
  expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Find a Trainer' })).toHaveAttribute('href', '/trainers');
});

test('shows a spinner while loading, then an error with a retry that loads again', async () => {
  let fail = true;
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/messages': () => (fail ? { status: 500, body: { message: 'Internal server error' } } : { status: 200, body: [summary()] }),
  });
  renderList();
  expect(screen.getByText('Loading conversations')).toBeInTheDocument();
  expect(await screen.findByText('Your messages could not be loaded')).toBeInTheDocument();
  fail = false;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Tom Trainer')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/api/messages')).toHaveLength(2);
});

test('the conversations shown stay when a later refetch fails for the connection (no offline notice, no error)', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages': answerThen({ status: 200, body: [summary()] }, 'network') });
  const { queryClient } = renderList();
  expect(await screen.findAllByTestId('conversation')).toHaveLength(1);
  await refetchFails(queryClient, CONVERSATIONS_KEY);
  expect(screen.getAllByTestId('conversation')).toHaveLength(1);
  expect(screen.queryByRole('heading', { name: "You're offline" })).not.toBeInTheDocument();
  expect(screen.queryByText('Your messages could not be loaded')).not.toBeInTheDocument();
});

test('a new message on the live stream refreshes the list without a reload', async () => {
  let list = [summary({ unreadCount: 0 })];
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages': () => ({ status: 200, body: list }) });
  renderList();
  await screen.findByText('Tom Trainer');
  list = [summary({ unreadCount: 1, latestMessage: makeMessage({ content: 'New plan is ready', seq: 5 }) })];
  FakeEventSource.latest().emit('message', list[0].latestMessage, '5:5');
  await waitFor(() => expect(screen.getByTestId('conversation')).toHaveTextContent('New plan is ready'));
  expect(screen.getByText('1 unread message')).toBeInTheDocument();
});
