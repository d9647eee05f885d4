/**
 * Whether the page being rendered came rendered from the server (issue 32, docs/ssr.md): true on the server
 * itself, and in the browser while the page that the server rendered is being hydrated (its #root carries
 * data-ssr until the shell has hydrated it: ./bootstrap.tsx). A component whose first render differs between a
 * fresh page and a server-rendered one reads it in its first render only.
 */
export function isServerRenderedPage(): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.hasAttribute('data-ssr') === true;
}

/**
 * What the head script holds: elements clicked (or forms submitted), and for a key pressed in a tab list or radio
 * group a stand-in whose dispatchEvent sends that keydown to its element (shell/boot/boot.js).
 */
type Held = Element | Pick<Element, 'isConnected' | 'dispatchEvent'>;
type HeldInput = { __fcHeldClicks?: Held[]; __fcEdited?: Element[]; __fcHold?: boolean };

/**
 * After hydration: later renders (a visit to the page from within the app) are a fresh page's, and the clicks
 * (and submits) the page held while it was not hydrated (shell/boot/boot.js) are made again, on the same
 * elements, now with their handlers. If the visitor also changed form fields meanwhile (the head script lists
 * them), their values are first handed to React (./takeUpFields, its own chunk) and the clicks made a task after
 * that, once React has rendered those values: a search typed and submitted before hydration searches for what
 * was typed. Until then the head script goes on holding clicks (`__fcHold`): a Search clicked while that chunk
 * loads would reach React while its state still has the server's value (a clean-clone run searched for nothing
 * and stayed on /trainers).
 */
export function markHydrated(): void {
  const root = document.getElementById('root');
  root?.removeAttribute('data-ssr');
  const w = window as HeldInput;
  const replay = () => {
    w.__fcHold = false;
    // Read now: clicks held while the fields were taken up are made too, after the ones before hydration.
    const held = w.__fcHeldClicks ?? [];
    w.__fcHeldClicks = [];
    for (const el of held) {
      if (!el.isConnected) continue;
      // The element clicked may be an icon's <svg> or <path> inside a button (the theme toggle): not an
      // HTMLElement, it has no click(); a bubbling click reaches the button's handler all the same. (Skipped
      // before: the click was lost, and a clean-clone run's theme test with it.) A held key's stand-in takes the
      // same path: its dispatchEvent sends the key instead.
      // A held submit (Enter in a form with no button) is made again as one, through the form's handlers.
      if (el instanceof HTMLFormElement) el.requestSubmit();
      else if (el instanceof HTMLElement) el.click();
      else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    }
  };
  const edited = w.__fcEdited ?? [];
  w.__fcEdited = [];
  if (edited.length === 0) return replay();
  w.__fcHold = true;
  // What was typed is read now: a later render of a controlled field (before the chunk is here) puts its state's
  // value back into the DOM.
  const values = edited.map((el): [Element, string] => [el, (el as HTMLInputElement).value]);
  import(/* webpackChunkName: "take-up-fields" */ './takeUpFields').then(
    ({ takeUpEditedFields }) => {
      takeUpEditedFields(values);
      setTimeout(replay, 0);
    },
    replay,
  );
}

/** The page is rendered anew in the browser (the server's could not be hydrated): what was clicked on it is gone. */
export function forgetHeldClicks(): void {
  (window as HeldInput).__fcHeldClicks = [];
}
