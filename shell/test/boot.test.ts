/**
 * The first script of a server-rendered page (boot/boot.js, built as boot.<hash>.js and loaded `async` from the
 * page's <head>: scripts/ssr/react.mjs, injectRendered), run here as the browser runs it: a script element with
 * data-main. Once per file, as on a page (its listeners are the document's).
 */
import { mainScripts, runBootScript } from './bootScript';
import { markHydrated } from '../src/ssrPage';

type Held = { __fcHeldClicks?: unknown[] };

beforeAll(() => {
  jest.useFakeTimers();
  // A visitor whose stored choice the server did not know (no cookie yet): the server's HTML said light.
  localStorage.setItem('fitconnect-theme', 'dark');
  document.documentElement.setAttribute('data-theme', 'light');
  document.body.innerHTML =
    '<div id="root" data-ssr="trainers"><a id="link" href="#x">All trainers</a>' +
    '<div role="tablist"><button role="tab" id="tab">Posts</button></div>' +
    '<form id="search"><input id="q" name="q" value=""><button id="go" type="button">Search</button></form></div>' +
    '<button id="outside">Outside</button>';
  runBootScript();
});

afterAll(() => {
  jest.useRealTimers();
  localStorage.clear();
});

test('the stored palette wins over a server palette that differs', () => {
  expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
});

test('input on the server HTML is held: clicks and keys in a tab list, not links or what is outside the render', () => {
  const button = document.getElementById('go')!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  button.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  const key = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
  document.getElementById('tab')!.dispatchEvent(key);
  expect(key.defaultPrevented).toBe(true);
  const typed = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
  document.getElementById('tab')!.dispatchEvent(typed);
  expect(typed.defaultPrevented).toBe(false);
  const link = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('link')!.addEventListener('click', (e) => e.preventDefault()); // jsdom would navigate
  document.getElementById('link')!.dispatchEvent(link);
  const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('outside')!.dispatchEvent(outside);
  expect(outside.defaultPrevented).toBe(false);
  expect((window as Held).__fcHeldClicks).toHaveLength(2);
});

test("the main script is added after the next frame, not before; once hydrated, the held input is made again", () => {
  expect(mainScripts()).toEqual([]);
  jest.advanceTimersByTime(100); // a frame, then a task
  expect(mainScripts()).toEqual(['/main.0123456789.js']);
  // A visibility change later adds nothing more.
  document.dispatchEvent(new Event('visibilitychange'));
  expect(mainScripts()).toEqual(['/main.0123456789.js']);

  const clicked: string[] = [];
  document.getElementById('go')!.addEventListener('click', () => clicked.push('go'));
  document.getElementById('tab')!.addEventListener('keydown', (e) => clicked.push(`key ${e.key}`));
  markHydrated();
  expect(clicked).toEqual(['go', 'key ArrowRight']);
  // Hydrated: input is the page's own again.
  const after = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('go')!.dispatchEvent(after);
  expect(clicked).toEqual(['go', 'key ArrowRight', 'go']);
});
