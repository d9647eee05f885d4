import { useEffect } from 'react';
import { whenIdleAfterLoad } from './whenIdle';

/**
 * The first Intl date formatter a page makes costs far more than any after it: the engine loads its locale and
 * time zone data then (in headless Chromium on this project's machines about 12 ms, 44-50 ms at 4x CPU; a number
 * formatter's first use 5-7 ms at 4x; later ones about 1 ms, whatever their options). Without this, that cost fell
 * on the first page to show a date: a trainer's profile opened from the directory (its booking strip and reviews),
 * the challenge cards, a message thread. Made once here, when the browser is idle after the page's load, it is
 * paid while nobody waits. The formatters the areas keep (their own `format.ts` files) are made on first use as
 * before; these two are thrown away.
 */
export function warmIntl(): void {
  try {
    // The visitor's own time zone (the bookings' and training history's `resolvedOptions().timeZone`), and the
    // areas' locale for dates, times and numbers.
    Intl.DateTimeFormat().resolvedOptions();
    new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(0);
    new Intl.NumberFormat('en-GB').format(0);
  } catch {
    // An engine without Intl (or without this locale's data): the areas' formatters fall back on their own.
  }
}

/** warmIntl once, when the browser is idle after the page's load (never on the server: an effect). */
export function useWarmIntlWhenIdle(warm: () => void = warmIntl) {
  useEffect(() => whenIdleAfterLoad(warm), [warm]);
}
