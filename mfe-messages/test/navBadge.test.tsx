import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { UnreadNavBadge } from '../src/features/messages/components/UnreadNavBadge';
import { FakeEventSource, mockFetch, signedIn } from './helpers';

beforeEach(() => FakeEventSource.install());

test('shows the unread total with a spoken label and follows the live stream', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/unread': { status: 200, body: { total: 3 } } });
  renderWithProviders(<UnreadNavBadge />);
  const badge = await screen.findByRole('status', { name: '3 unread messages' });
  expect(badge).toHaveTextContent('3');
  FakeEventSource.latest().emit('unread', { total: 1 });
  expect(await screen.findByRole('status', { name: '1 unread message' })).toHaveTextContent('1');
  FakeEventSource.latest().emit('unread', { total: 0 });
  await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
  FakeEventSource.latest().emit('unread', { total: 120 });
  expect(await screen.findByRole('status', { name: '120 unread messages' })).toHaveTextContent('99+');
});

test('nothing when signed out, and no stream is opened', async () => {
  const calls = mockFetch({ 'GET /api/auth/user': { status: 200, body: { user: null } } });
  renderWithProviders(<UnreadNavBadge />);
  await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
  expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  expect(calls.some((c) => c.path === '/api/messages/unread')).toBe(false);
  expect(FakeEventSource.instances).toHaveLength(0);
});

test('one stream per page, shared by every listener, closed when the last one leaves', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/unread': { status: 200, body: { total: 2 } } });
  const view = renderWithProviders(
    <>
      <UnreadNavBadge />
      <UnreadNavBadge />
    </>,
  );
  await waitFor(() => expect(screen.getAllByTestId('unread-badge')).toHaveLength(2));
  expect(FakeEventSource.instances).toHaveLength(1);
  expect(FakeEventSource.instances[0].init).toEqual({ withCredentials: true });
  view.unmount();
  expect(FakeEventSource.instances[0].closed).toBe(true);
});

describe('the server ends the stream (issue 26)', () => {
  test("'signed-out': the stream is closed (no reconnect by the browser) and who is signed in is asked again; signed out, the badge goes", async () => {
    let user: ReturnType<typeof signedIn> | { status: number; body: { user: null } } = signedIn();
    const calls = mockFetch({ 'GET /api/auth/user': () => user, 'GET /api/messages/unread': { status: 200, body: { total: 2 } } });
    renderWithProviders(<UnreadNavBadge />);
    await screen.findByRole('status', { name: '2 unread messages' });
    const es = FakeEventSource.latest();
    const asked = calls.filter((c) => c.path === '/api/auth/user').length;
    user = { status: 200, body: { user: null } };
    es.emit('end', { reason: 'signed-out' });
    expect(es.closed).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/auth/user').length).toBeGreaterThan(asked);
    // Nobody listens any more: nothing is reopened.
    expect(FakeEventSource.instances.filter((e) => !e.closed)).toHaveLength(0);
  });

  test("'replaced': closed, and reopened only when the user comes back to the page", async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/messages/unread': { status: 200, body: { total: 1 } } });
    renderWithProviders(<UnreadNavBadge />);
    await screen.findByRole('status', { name: '1 unread message' });
    const first = FakeEventSource.latest();
    first.emit('end', { reason: 'replaced' });
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest()).not.toBe(first);
    // And it works as before.
    FakeEventSource.latest().emit('unread', { total: 4 });
    expect(await screen.findByRole('status', { name: '4 unread messages' })).toBeInTheDocument();
  });
});
