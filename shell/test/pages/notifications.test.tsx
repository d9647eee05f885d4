import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { NotificationsPage, PREFERENCES_KEY } from '../../src/pages/notifications/NotificationsPage';
import { keyBytes } from '../../src/pages/notifications/push';
import { makeUser, mockFetch, signedIn, type Call } from './fetchMock';

// The Notifications settings page (issue 30): per kind and channel switches, push gated on the browser's
// permission and this browser's subscription, security notices always on. The browser's push APIs are faked.

const DEFAULTS = { messages: { email: true, push: false }, sessions: { email: true, push: false } };
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

interface FakeSub {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: jest.Mock;
}

function fakeBrowser(opts: { permission: NotificationPermission; answer?: NotificationPermission; existing?: boolean }) {
  let permission = opts.permission;
  let sub: FakeSub | null = null;
  const makeSub = (key: ArrayBuffer | null): FakeSub => ({
    endpoint: 'https://push.example/abc',
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p256', auth: 'auth' } }),
    unsubscribe: jest.fn(async () => true),
  });
  if (opts.existing) sub = makeSub(keyBytes(KEY).buffer);
  const subscribe = jest.fn(async (o: { applicationServerKey: Uint8Array }) => (sub = makeSub(o.applicationServerKey.buffer as ArrayBuffer)));
  const registration = { pushManager: { getSubscription: async () => sub, subscribe } };
  const requestPermission = jest.fn(async () => (permission = opts.answer ?? permission));
  Object.defineProperty(window, 'Notification', { configurable: true, value: { get permission() { return permission; }, requestPermission } });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, requestPermission };
}

afterEach(() => {
  delete (window as { Notification?: unknown }).Notification;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

function routes(extra: Record<string, unknown> = {}) {
  return mockFetch({
    ...signedIn(makeUser()),
    'GET /api/notifications/preferences': { body: DEFAULTS },
    'PUT /api/notifications/preferences': (call) => ({ body: call.body }),
    'GET /api/notifications/push/key': { body: { publicKey: KEY } },
    'POST /api/notifications/push/subscriptions': { status: 201, body: { endpoint: 'https://push.example/abc' } },
    'DELETE /api/notifications/push/subscriptions': { body: { removed: true } },
    ...extra,
  } as Parameters<typeof mockFetch>[0]);
}

const render = () => renderWithProviders(<NotificationsPage />, { initialEntries: ['/profile/notifications'] });

describe('NotificationsPage', () => {
  it('shows email on and push off by default; push switches are disabled with the reason until push is enabled', async () => {
    fakeBrowser({ permission: 'default' });
    const calls = routes();
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const messages = await screen.findByRole('group', { name: 'Messages' });
    const sessions = screen.getByRole('group', { name: 'Sessions' });
    expect(within(messages).getByRole('switch', { name: 'Email' })).toBeChecked();
    const push = within(messages).getByRole('switch', { name: 'Push' });
    expect(push).not.toBeChecked();
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription('Push switches turn on once you enable push notifications in this browser.');
    expect(within(sessions).getByRole('switch', { name: 'Push' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enable push notifications' })).toBeEnabled();
    // Security notices are listed as always on, with nothing to switch.
    const security = screen.getByRole('region', { name: 'Security notices' });
    expect(within(security).getByText('Your password was changed')).toBeInTheDocument();
    expect(within(security).getByText(/Your email address was changed/)).toBeInTheDocument();
    expect(within(security).getAllByText('Always on')).toHaveLength(2);
    expect(within(security).queryByRole('switch')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves an email switch at once', async () => {
    fakeBrowser({ permission: 'default' });
    const calls = routes();
    render();
    const sessions = await screen.findByRole('group', { name: 'Sessions' });
    await userEvent.click(within(sessions).getByRole('switch', { name: 'Email' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Saved.'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ messages: { email: true, push: false }, sessions: { email: false, push: false } }]);
    expect(within(sessions).getByRole('switch', { name: 'Email' })).not.toBeChecked();
  });

  it('moves the switch the moment it is clicked, before the save answers (the controlled checkbox must not flick back)', async () => {
    fakeBrowser({ permission: 'default' });
    let answer: () => void = () => undefined;
    const calls = routes({ 'PUT /api/notifications/preferences': (call: Call) => new Promise<{ body: unknown }>((resolve) => (answer = () => resolve({ body: call.body }))) });
    render();
    const sessions = await screen.findByRole('group', { name: 'Sessions' });
    const email = within(sessions).getByRole('switch', { name: 'Email' });
    fireEvent.click(email);
    // Read synchronously after the click event, as a browser automation tool does.
    expect(email).not.toBeChecked();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(email).not.toBeChecked();
    answer();
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Saved.'));
    expect(email).not.toBeChecked();
  });

  it('enables push: asks permission, subscribes with the VAPID key, stores the subscription, then the push switches work', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const calls = routes();
    render();
    await screen.findByRole('group', { name: 'Messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Enable push notifications' }));
    await screen.findByRole('button', { name: 'Turn off push in this browser' });
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/notifications/push/subscriptions', body: { endpoint: 'https://push.example/abc', keys: { p256dh: 'p256', auth: 'auth' } } });
    const push = within(screen.getByRole('group', { name: 'Messages' })).getByRole('switch', { name: 'Push' });
    expect(push).toBeEnabled();
    await userEvent.click(push);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ messages: { email: true, push: true }, sessions: { email: true, push: false } }]));
  });

  it('explains a refusal and keeps push off', async () => {
    fakeBrowser({ permission: 'default', answer: 'denied' });
    const calls = routes();
    render();
    await screen.findByRole('group', { name: 'Messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Enable push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked for this site/);
    expect(screen.queryByRole('button', { name: 'Enable push notifications' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Messages' })).getByRole('switch', { name: 'Push' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says so when the browser has no push support', async () => {
    routes();
    render();
    expect(await screen.findByText('This browser does not support push notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable push notifications' })).not.toBeInTheDocument();
  });

  it('turns push off for this browser', async () => {
    fakeBrowser({ permission: 'granted', existing: true });
    const calls = routes();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off push in this browser' }));
    await screen.findByRole('button', { name: 'Enable push notifications' });
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ body: { endpoint: 'https://push.example/abc' } });
  });

  it('shows a load error with a retry, and puts a switch back when saving fails', async () => {
    fakeBrowser({ permission: 'default' });
    let fail = true;
    routes({ 'GET /api/notifications/preferences': () => (fail ? { status: 500, body: { message: 'Boom' } } : { body: DEFAULTS }) });
    render();
    expect(await screen.findByText('Could not load your notification settings')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const messages = await screen.findByRole('group', { name: 'Messages' });
    routes({ 'PUT /api/notifications/preferences': { status: 500, body: { message: 'Could not save' } } });
    await userEvent.click(within(messages).getByRole('switch', { name: 'Email' }));
    await waitFor(() => expect(within(messages).getByRole('switch', { name: 'Email' })).toBeChecked());
    expect(screen.getByText('Could not save')).toBeInTheDocument();
  });

  it('keeps the settings shown when a later refetch fails for the connection', async () => {
    fakeBrowser({ permission: 'default' });
    routes({ 'GET /api/notifications/preferences': answerThen({ body: DEFAULTS }, 'network') });
    const { queryClient } = render();
    const messages = await screen.findByRole('group', { name: 'Messages' });
    expect(within(messages).getByRole('switch', { name: 'Email' })).toBeChecked();
    await refetchFails(queryClient, PREFERENCES_KEY);
    expect(screen.queryByText('Could not load your notification settings')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Messages' })).getByRole('switch', { name: 'Email' })).toBeChecked();
  });
});
