import { handleNotificationClick, parsePush, sameOriginPath } from '../../src/sw/push';

const ORIGIN = 'https://fitconnect.example';
const data = (value: unknown) => ({ json: () => value });

describe('push messages (contract: { title, body, url, tag? })', () => {
  test('a message becomes a notification with its path', () => {
    expect(parsePush(data({ title: 'New message', body: 'Hi', url: '/messages/3', tag: 'conv-3' }), ORIGIN)).toEqual({
      title: 'New message',
      body: 'Hi',
      url: '/messages/3',
      tag: 'conv-3',
    });
  });

  test('no data, not JSON, or no title: nothing is shown', () => {
    expect(parsePush(null, ORIGIN)).toBeNull();
    expect(parsePush({ json: () => JSON.parse('nope') }, ORIGIN)).toBeNull();
    expect(parsePush(data({ body: 'x', url: '/' }), ORIGIN)).toBeNull();
    expect(parsePush(data('text'), ORIGIN)).toBeNull();
  });

  test('only same-origin paths are opened', () => {
    expect(sameOriginPath('/challenges/5?tab=board#top', ORIGIN)).toBe('/challenges/5?tab=board#top');
    expect(sameOriginPath(`${ORIGIN}/messages`, ORIGIN)).toBe('/messages');
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 42, undefined, '']) expect(sameOriginPath(bad, ORIGIN)).toBe('/');
  });
});

describe('notificationclick', () => {
  function scope(windows: Array<{ url: string }>) {
    const navigated: string[] = [];
    const opened: string[] = [];
    const clients = windows.map((w) => ({
      url: w.url,
      focus: jest.fn(async function (this: unknown) {
        return this;
      }),
      navigate: jest.fn(async (u: string) => {
        navigated.push(u);
        return null;
      }),
    }));
    for (const c of clients) c.focus.mockImplementation(async () => c as never);
    return {
      navigated,
      opened,
      clients,
      scope: {
        location: { origin: ORIGIN },
        clients: {
          matchAll: jest.fn(async () => clients),
          openWindow: jest.fn(async (u: string) => {
            opened.push(u);
            return null;
          }),
        } as unknown as Clients,
      },
    };
  }

  test('focuses an open window of the site and takes it to the path', async () => {
    const s = scope([{ url: 'https://other.example/' }, { url: `${ORIGIN}/profile` }]);
    await handleNotificationClick(s.scope, { url: '/messages/3' });
    expect(s.clients[1].focus).toHaveBeenCalled();
    expect(s.navigated).toEqual([`${ORIGIN}/messages/3`]);
    expect(s.opened).toEqual([]);
  });

  test('opens a window when none is open; a foreign url opens the home page', async () => {
    const s = scope([]);
    await handleNotificationClick(s.scope, { url: 'https://evil.example/phish' });
    expect(s.opened).toEqual([`${ORIGIN}/`]);
  });
});
