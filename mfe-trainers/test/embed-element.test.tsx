import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrainerListItem } from '@fitconnect/contracts';
import { createFinderElement } from '../embed/element';
import { makeTrainer } from './helpers';

/**
 * The custom element in jsdom: shadow root, attributes, beacons and a clean unmount. (The browser test
 * e2e/test/embed.test.ts checks the same element on a real cross-origin partner page.)
 */

const ORIGIN = 'https://fit.example';

interface Call {
  url: string;
  init: RequestInit;
}

/** fetch answering the list with `pages` (page N -> pages[N-1]) and 204 to beacons; `hold` keeps list calls pending. */
function installFetch(pages: TrainerListItem[][], opts: { hold?: boolean; status?: number } = {}) {
  const calls: Call[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.endsWith('/api/partners/events')) return Promise.resolve({ ok: true, status: 204 } as Response);
    if (opts.hold) {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const page = Number(new URL(url).searchParams.get('page'));
    const list = pages[page - 1] ?? [];
    const headers = new Map([
      ['x-has-more', String(page < pages.length)],
      ['x-location-resolved', 'true'],
    ]);
    return Promise.resolve({
      ok: (opts.status ?? 200) < 300,
      status: opts.status ?? 200,
      headers: { get: (n: string) => headers.get(n.toLowerCase()) ?? null },
      json: async () => list,
    } as unknown as Response);
  }) as unknown as typeof fetch;
  return calls;
}

let tagCount = 0;
/** Each test defines its own tag (a custom element name cannot be defined twice). */
function defineTag(): string {
  tagCount += 1;
  const tag = `test-finder-${tagCount}`;
  customElements.define(tag, createFinderElement(ORIGIN));
  return tag;
}

function mountFinder(attrs: Record<string, string>) {
  const el = document.createElement(defineTag());
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  act(() => {
    document.body.append(el);
  });
  const shadow = el.shadowRoot!;
  return { el, shadow, view: within(shadow as unknown as HTMLElement) };
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('/api/trainers'));
const beacons = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/api/partners/events')).map((c) => JSON.parse(String(c.init.body)));

afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
});

describe('<fitconnect-trainer-finder>', () => {
  it('renders the cards for its location inside an open shadow root, styles included, nothing in the page', async () => {
    const calls = installFetch([[makeTrainer({ id: 3, distanceMiles: 1.2 }), makeTrainer({ id: 4, user: { id: 40, firstName: 'Tom', lastName: 'Hughes', location: 'Leeds' } })]]);
    const headStyles = document.head.querySelectorAll('style').length;
    const { shadow, view } = mountFinder({ location: 'Leeds', limit: '2', partner: 'demo-gym' });
    expect(shadow).not.toBeNull();
    const link = await view.findByRole('link', { name: 'Hannah Walsh' });
    expect(link).toHaveAttribute('href', `${ORIGIN}/api/partners/go?partner=demo-gym&to=%2Ftrainers%2F3`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(view.getByTestId('trainer-distance')).toHaveTextContent('about 1 mile');
    // Distances shown: the postcode data's attribution with them, as on /trainers.
    expect(view.getByTestId('postcode-attribution')).toHaveTextContent('Office for National Statistics');
    expect(view.getAllByTestId('trainer-card')).toHaveLength(2);
    // Anonymous public read on our origin: no cookies.
    const [list] = listCalls(calls);
    expect(list.url).toBe(`${ORIGIN}/api/trainers?location=Leeds&page=1&limit=2`);
    expect(list.init.credentials).toBe('omit');
    expect(list.init.headers).toBeUndefined();
    // styled-components wrote into the shadow root, not the document.
    expect(shadow.querySelector('style[data-styled]')).not.toBeNull();
    expect(document.head.querySelectorAll('style').length).toBe(headStyles);
    // One impression for the page of results, as a simple text/plain request.
    await waitFor(() => expect(beacons(calls)).toEqual([{ partner: 'demo-gym', kind: 'impression' }]));
    const beacon = calls.find((c) => c.url.endsWith('/api/partners/events'))!;
    expect(beacon.init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
  });

  it('counts a click with the trainer id; without a partner there are no beacons and no ?partner=', async () => {
    const calls = installFetch([[makeTrainer({ id: 3 })]]);
    const { view } = mountFinder({ location: 'Leeds', partner: 'demo-gym' });
    const link = await view.findByRole('link', { name: 'Hannah Walsh' });
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    await waitFor(() => expect(beacons(calls)).toContainEqual({ partner: 'demo-gym', kind: 'click', trainerId: 3 }));

    const calls2 = installFetch([[makeTrainer({ id: 3 })]]);
    const second = mountFinder({ location: 'Leeds', partner: 'not a valid id' });
    const link2 = await second.view.findByRole('link', { name: 'Hannah Walsh' });
    expect(link2).toHaveAttribute('href', `${ORIGIN}/trainers/3`);
    link2.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link2);
    expect(beacons(calls2)).toEqual([]);
  });

  it('View More Trainers appends the next page; a search starts again from page 1', async () => {
    const calls = installFetch([[makeTrainer({ id: 1 })], [makeTrainer({ id: 2, user: { id: 20, firstName: 'Tom', lastName: 'Hughes', location: 'Leeds' } })]]);
    const { view } = mountFinder({ location: 'Leeds', limit: '1' });
    await view.findByRole('link', { name: 'Hannah Walsh' });
    await userEvent.click(view.getByRole('button', { name: 'View More Trainers' }));
    await view.findByRole('link', { name: 'Tom Hughes' });
    expect(view.getAllByTestId('trainer-card')).toHaveLength(2);
    expect(view.queryByRole('button', { name: 'View More Trainers' })).not.toBeInTheDocument();
    expect(listCalls(calls).map((c) => new URL(c.url).searchParams.get('page'))).toEqual(['1', '2']);

    const box = view.getByRole('searchbox', { name: 'Postcode or city' });
    // (user-event cannot focus inside a shadow root in jsdom: change + submit directly)
    fireEvent.change(box, { target: { value: '  M1 ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toBe(`${ORIGIN}/api/trainers?location=M1&page=1&limit=1`));
  });

  it('shows the empty state and the error state with a working retry', async () => {
    installFetch([[]]);
    const empty = mountFinder({ location: 'Nowhere' });
    expect(await empty.view.findByRole('heading', { name: 'No trainers found' })).toBeInTheDocument();

    installFetch([[]], { status: 500 });
    const failing = mountFinder({ location: 'Leeds' });
    expect(await failing.view.findByRole('heading', { name: 'Failed to fetch trainers' })).toBeInTheDocument();
    installFetch([[makeTrainer()]]);
    await userEvent.click(failing.view.getByRole('button', { name: 'Try again' }));
    expect(await failing.view.findByRole('link', { name: 'Hannah Walsh' })).toBeInTheDocument();
  });

  it('re-renders when an attribute changes: a new location and limit fetch again, theme switches', async () => {
    const calls = installFetch([[makeTrainer()]]);
    const { el, view } = mountFinder({ location: 'Leeds', theme: 'light' });
    await view.findByRole('link', { name: 'Hannah Walsh' });
    expect(view.getByTestId('finder-root')).toHaveAttribute('data-theme', 'light');
    act(() => el.setAttribute('theme', 'dark'));
    expect(view.getByTestId('finder-root')).toHaveAttribute('data-theme', 'dark');
    act(() => {
      el.setAttribute('location', 'Bristol');
      el.setAttribute('limit', '4');
    });
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toBe(`${ORIGIN}/api/trainers?location=Bristol&page=1&limit=4`));
    expect(view.getByRole('searchbox', { name: 'Postcode or city' })).toHaveValue('Bristol');
  });

  it("theme=auto follows the system preference and removing the element unmounts: listener removed, request aborted", async () => {
    const listeners = new Set<(e: MediaQueryListEvent) => void>();
    const mql = {
      matches: false,
      addEventListener: jest.fn((_t: string, fn: (e: MediaQueryListEvent) => void) => listeners.add(fn)),
      removeEventListener: jest.fn((_t: string, fn: (e: MediaQueryListEvent) => void) => listeners.delete(fn)),
    };
    window.matchMedia = jest.fn(() => mql as unknown as MediaQueryList);
    const calls = installFetch([], { hold: true });
    const { el, shadow, view } = mountFinder({ location: 'Leeds', theme: 'auto' });
    expect(view.getByTestId('finder-root')).toHaveAttribute('data-theme', 'light');
    expect(listeners.size).toBe(1);
    act(() => {
      mql.matches = true;
      for (const fn of listeners) fn({ matches: true } as MediaQueryListEvent);
    });
    expect(view.getByTestId('finder-root')).toHaveAttribute('data-theme', 'dark');
    const [pending] = listCalls(calls);
    expect(pending.init.signal!.aborted).toBe(false);

    act(() => el.remove());
    expect(listeners.size).toBe(0);
    expect(pending.init.signal!.aborted).toBe(true);
    expect(shadow.querySelector('[data-testid="finder-root"]')).toBeNull();

    // Put back: renders again.
    installFetch([[makeTrainer()]]);
    act(() => {
      document.body.append(el);
    });
    expect(await view.findByRole('link', { name: 'Hannah Walsh' })).toBeInTheDocument();
  });

  it('several finders on one page are independent', async () => {
    const calls = installFetch([[makeTrainer()]]);
    const a = mountFinder({ location: 'Leeds', theme: 'light' });
    const b = mountFinder({ location: 'Cardiff', theme: 'dark' });
    await a.view.findByRole('link', { name: 'Hannah Walsh' });
    await b.view.findByRole('link', { name: 'Hannah Walsh' });
    expect(a.view.getByTestId('finder-root')).toHaveAttribute('data-theme', 'light');
    expect(b.view.getByTestId('finder-root')).toHaveAttribute('data-theme', 'dark');
    act(() => b.el.remove());
    expect(a.view.getAllByTestId('trainer-card')).toHaveLength(1);
    expect(listCalls(calls).map((c) => new URL(c.url).searchParams.get('location')).sort()).toEqual(['Cardiff', 'Leeds']);
  });
});
