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

type HeldClicks = { __fcHeldClicks?: Element[] };

/** Inputs whose value is not text the visitor types (a click changes them: held and made again, below). */
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

/**
 * The form fields of the server's HTML that the visitor changed before the page was hydrated (typed into a search
 * box, chose in a select): React 19 keeps the DOM's value when it hydrates but replays no event for it, so the
 * component's state still holds the server's value and the next render or a submit would drop what was typed
 * (the directory's search, typed then Enter: it searched for nothing). Each such field gets the event React
 * listens to: a select its `change`; a text field, whose value React tracks, first the server's value through
 * React's own setter (React's record of the value is then the server's), its typed value through the DOM's, then
 * `input`, so React sees the change and calls onChange. A field whose component already took it up (the tutorial
 * filters read theirs in an effect) has been re-rendered by now with its value also written as the default: left alone.
 */
export function takeUpEditedFields(root: ParentNode): void {
  // All of them first: the first event's render puts every other controlled field back to its state's value.
  const edited: { el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string }[] = [];
  for (const el of Array.from(root.querySelectorAll('input, textarea, select'))) {
    if (el instanceof HTMLSelectElement) {
      const server = Array.from(el.options).find((o) => o.defaultSelected) ?? el.options[0];
      if (!el.multiple && server && el.value !== server.value) edited.push({ el, value: el.value });
    } else if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !NOT_TYPED.has(el.type))) {
      if (el.value !== el.defaultValue) edited.push({ el, value: el.value });
    }
  }
  for (const { el, value } of edited) {
    if (!el.isConnected) continue;
    if (el instanceof HTMLSelectElement) {
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * After hydration: later renders (a visit to the page from within the app) are a fresh page's; then, a task
 * later (once React has rendered what its first effects started), the fields the visitor changed meanwhile are
 * taken up, and a task after that (once React has rendered those values) the clicks the page held while it was
 * not hydrated (scripts/ssr/react.mjs, HEAD_SCRIPT) are made again, on the same elements, now with their handlers:
 * a search typed and submitted before hydration searches for what was typed.
 */
export function markHydrated(): void {
  const root = document.getElementById('root');
  root?.removeAttribute('data-ssr');
  const held = (window as HeldClicks).__fcHeldClicks ?? [];
  (window as HeldClicks).__fcHeldClicks = [];
  setTimeout(() => {
    if (root) takeUpEditedFields(root);
    setTimeout(() => {
      for (const el of held) if (el.isConnected && el instanceof HTMLElement) el.click();
    }, 0);
  }, 0);
}

/** The page is rendered anew in the browser (the server's could not be hydrated): what was clicked on it is gone. */
export function forgetHeldClicks(): void {
  (window as HeldClicks).__fcHeldClicks = [];
}
