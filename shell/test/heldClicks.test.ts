/**
 * Clicks a server-rendered page held before it was hydrated (shell/boot/boot.js) are made again
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

test('while fields typed before hydration are handed to React, clicks stay held, then are made after them', async () => {
  document.body.innerHTML = '<div id="root" data-ssr="trainers"><input id="box" value=""><button id="go">Search</button></div>';
  const box = document.getElementById('box') as HTMLInputElement;
  const seen: string[] = [];
  document.getElementById('go')!.addEventListener('click', () => seen.push(`search:${box.value}`));
  box.addEventListener('input', () => seen.push(`input:${box.value}`));
  box.value = 'LS6 2AB';
  (window as Held & { __fcEdited?: Element[] }).__fcEdited = [box];
  (window as Held).__fcHeldClicks = [];
  markHydrated();
  // The page is hydrated, but the fields are not yet taken up: the head script must go on holding clicks.
  expect(document.getElementById('root')!.hasAttribute('data-ssr')).toBe(false);
  expect((window as { __fcHold?: boolean }).__fcHold).toBe(true);
  // A click the head script held in that moment.
  (window as Held).__fcHeldClicks!.push(document.getElementById('go')!);
  await new Promise<void>((resolve) => {
    const wait = () => ((window as { __fcHold?: boolean }).__fcHold ? setTimeout(wait, 5) : resolve());
    wait();
  });
  expect(seen).toEqual(['input:LS6 2AB', 'search:LS6 2AB']);
  expect((window as Held).__fcHeldClicks).toEqual([]);
});

test('a held submit (Enter in a form with no button) is submitted again through the form, once hydrated', () => {
  document.body.innerHTML = '<div id="root" data-ssr="workouts"><form id="search"><input name="q" value="lunge"></form></div>';
  const form = document.getElementById('search') as HTMLFormElement;
  const submitted: string[] = [];
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submitted.push((form.elements.namedItem('q') as HTMLInputElement).value);
  });
  (window as Held).__fcHeldClicks = [form];
  markHydrated();
  expect(submitted).toEqual(['lunge']);
});
