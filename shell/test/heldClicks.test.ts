/**
 * Clicks a server-rendered page held before it was hydrated (scripts/ssr/react.mjs HEAD_SCRIPT) are made again
 * once it is (src/ssrPage.ts markHydrated), whatever element was hit: a button's text, or the <svg> icon inside an
 * icon button (the theme toggle), which is not an HTMLElement and has no click().
 */
import { markHydrated } from '../src/ssrPage';

type Held = { __fcHeldClicks?: Element[] };

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as Held).__fcHeldClicks;
});

test('held clicks are made again on the same elements once hydrated, an icon inside a button too', () => {
  document.body.innerHTML =
    '<div id="root" data-ssr="shell"><button id="text">View More</button><button id="icon" aria-label="Switch to dark theme"><svg><path d="M0 0"/></svg></button></div>';
  const clicked: string[] = [];
  for (const id of ['text', 'icon']) document.getElementById(id)!.addEventListener('click', () => clicked.push(id));
  (window as Held).__fcHeldClicks = [document.getElementById('text')!, document.querySelector('path')!];
  markHydrated();
  expect(clicked).toEqual(['text', 'icon']);
  expect(document.getElementById('root')!.hasAttribute('data-ssr')).toBe(false);
  expect((window as Held).__fcHeldClicks).toEqual([]);
});

test('a held click on an element no longer in the page is dropped', () => {
  document.body.innerHTML = '<div id="root" data-ssr="shell"><button id="gone">Go</button></div>';
  const gone = document.getElementById('gone')!;
  let clicks = 0;
  gone.addEventListener('click', () => clicks++);
  gone.remove();
  (window as Held).__fcHeldClicks = [gone];
  markHydrated();
  expect(clicks).toBe(0);
});
