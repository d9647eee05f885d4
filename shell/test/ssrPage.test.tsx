/**
 * A server-rendered page's form used before it is hydrated (src/ssrPage.ts, issue 32 stage 2): what the visitor
 * typed or chose is in the DOM when React hydrates, but React's state still holds the server's value. markHydrated
 * hands the changed fields to React (src/takeUpFields.ts, loaded when the page's head script saw a field change)
 * and then makes the held clicks again, so a search typed and submitted before hydration searches for what was
 * typed.
 */
import { act, type FormEvent } from 'react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { markHydrated } from '../src/ssrPage';
import { takeUpEditedFields } from '../src/takeUpFields';

type Submitted = { location: string; sort: string; note: string };

function SearchForm({ onSubmit, onChanged, round = 0 }: { onSubmit: (v: Submitted) => void; onChanged: (name: string) => void; round?: number }) {
  const [location, setLocation] = useState('');
  const [sort, setSort] = useState('rating');
  const [note, setNote] = useState('hello');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ location, sort, note });
  };
  return (
    <form onSubmit={submit} data-round={round}>
      <input aria-label="Location" type="search" value={location} onChange={(e) => (onChanged('location'), setLocation(e.target.value))} />
      <select aria-label="Sort" value={sort} onChange={(e) => (onChanged('sort'), setSort(e.target.value))}>
        <option value="rating">Rating</option>
        <option value="price">Price</option>
      </select>
      <input aria-label="Note" value={note} onChange={(e) => (onChanged('note'), setNote(e.target.value))} />
      <button type="submit">Search</button>
    </form>
  );
}

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  delete (window as { __fcHeldClicks?: Element[] }).__fcHeldClicks;
  delete (window as { __fcEdited?: Element[] }).__fcEdited;
});

/** The server's HTML in #root[data-ssr], then what the visitor did to it before any script ran. */
function serverPage(tree: React.ReactElement) {
  const el = document.createElement('div');
  el.id = 'root';
  el.setAttribute('data-ssr', 'trainers');
  el.innerHTML = renderToString(tree);
  document.body.appendChild(el);
  (el.querySelector('input[aria-label="Location"]') as HTMLInputElement).value = 'London';
  (el.querySelector('select') as HTMLSelectElement).value = 'price';
  return el;
}

test('a search typed and submitted before hydration submits what was typed, once hydrated', async () => {
  const submitted: Submitted[] = [];
  const changed: string[] = [];
  const tree = <SearchForm onSubmit={(v) => submitted.push(v)} onChanged={(n) => changed.push(n)} />;
  const el = serverPage(tree);
  // The page's head script held the Enter's click on the submit button and saw the fields change
  // (shell/boot/boot.js).
  (window as { __fcHeldClicks?: Element[] }).__fcHeldClicks = [el.querySelector('button')!];
  (window as { __fcEdited?: Element[] }).__fcEdited = [el.querySelector('input[aria-label="Location"]')!, el.querySelector('select')!];
  await act(async () => {
    root = hydrateRoot(el, tree);
  });
  await act(async () => {
    markHydrated();
  });
  expect(el.hasAttribute('data-ssr')).toBe(false);
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(submitted).toEqual([{ location: 'London', sort: 'price', note: 'hello' }]);
  // The untouched field was left alone.
  expect(changed.sort()).toEqual(['location', 'sort']);
  expect((el.querySelector('input[aria-label="Location"]') as HTMLInputElement).value).toBe('London');
});

test('a field React renders again before the take-up is loaded still gets what was typed', async () => {
  const submitted: Submitted[] = [];
  const form = (round: number) => <SearchForm onSubmit={(v) => submitted.push(v)} onChanged={() => {}} round={round} />;
  const el = serverPage(form(0));
  const location = el.querySelector('input[aria-label="Location"]') as HTMLInputElement;
  (window as { __fcHeldClicks?: Element[] }).__fcHeldClicks = [el.querySelector('button')!];
  (window as { __fcEdited?: Element[] }).__fcEdited = [location, el.querySelector('select')!];
  await act(async () => {
    root = hydrateRoot(el, form(0));
  });
  // Hydrated; the page renders the form again (data arrived, say) before the take-up's chunk is here.
  act(() => {
    markHydrated();
    root!.render(form(1));
  });
  expect(location.value).toBe('');
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(submitted[0]).toEqual({ location: 'London', sort: 'price', note: 'hello' });
  expect(location.value).toBe('London');
});

test('without taking the fields up, React would submit the server values (what this fixes)', async () => {
  const submitted: Submitted[] = [];
  const tree = <SearchForm onSubmit={(v) => submitted.push(v)} onChanged={() => {}} />;
  const el = serverPage(tree);
  await act(async () => {
    root = hydrateRoot(el, tree);
  });
  await act(async () => {
    el.querySelector('button')!.click();
  });
  expect(submitted).toEqual([{ location: '', sort: 'rating', note: 'hello' }]);
  // Taken up afterwards, the next submit has them.
  await act(async () => {
    takeUpEditedFields([
      [el.querySelector('input[aria-label="Location"]')!, 'London'],
      [el.querySelector('select')!, 'price'],
    ]);
  });
  await act(async () => {
    el.querySelector('button')!.click();
  });
  expect(submitted[1]).toEqual({ location: 'London', sort: 'price', note: 'hello' });
});
