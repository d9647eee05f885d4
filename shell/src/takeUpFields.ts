/**
 * The form fields of the server's HTML that the visitor changed before the page was hydrated (typed into a search
 * box, chose in a select), with the values they had when it was: React 19 keeps the DOM's value when it hydrates
 * but replays no event for it, so the component's state still holds the server's value and the next render or a
 * submit drops what was typed (the directory's search, typed then Enter: it searched for nothing). Each field
 * gets the event React listens to: a select its `change`; a text field, whose value React tracks, first its
 * default value through React's own setter (the value React rendered it with: the server's, or the state's once
 * React has rendered it again, since React writes a controlled field's value as its default too), the typed value
 * through the DOM's, then `input`, so React sees the change and calls onChange. A field whose component already
 * took the value up (the tutorial filters read theirs in an effect) sees no change.
 *
 * Its own chunk, loaded by markHydrated (./ssrPage) only when the page's head script saw the visitor change a
 * field (shell/boot/boot.js): most visits type nothing before hydration, and the landing page's
 * JavaScript has no room for it (e2e/test/budget.test.ts).
 */
export function takeUpEditedFields(edited: [Element, string][]): void {
  // The last value of each field (the head script lists a field once per input event). Values come from this
  // list, not from the DOM: each event's render puts every other controlled field back to its state's value.
  const last = new Map(edited);
  for (const [el, value] of last) {
    if (!el.isConnected) continue;
    if (el instanceof HTMLSelectElement) {
      if (el.multiple) continue;
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && el.type !== 'file')) {
      // A checkbox or radio is changed by a click: held by the head script and made again after this.
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) continue;
      el.value = el.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
