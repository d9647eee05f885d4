/**
 * 'just now', '5 minutes ago', '2 hours ago', 'yesterday', '3 days ago', 'last week', '2 months ago'...
 * Built on Intl.RelativeTimeFormat (numeric: 'auto' gives 'yesterday' / 'last week').
 */
import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function formatRelativeTime(date: Date | string | number, now: Date | number = Date.now()): string {
  const then = new Date(date).getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(then)) return '';
  const diff = at - then;
  // A clock slightly ahead of ours still reads as just now.
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return rtf.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return rtf.format(-Math.floor(diff / HOUR), 'hour');
  if (diff < WEEK) return rtf.format(-Math.floor(diff / DAY), 'day');
  if (diff < MONTH) return rtf.format(-Math.floor(diff / WEEK), 'week');
  if (diff < YEAR) return rtf.format(-Math.floor(diff / MONTH), 'month');
  return rtf.format(-Math.floor(diff / YEAR), 'year');
}

/** The full date for a tooltip / datetime: '23 November 2026' (the UTC calendar day: the same on the server and in every browser). */
export function formatFullDate(date: Date | string | number): string {
  // Made once, on first use (a formatter costs about 70 µs to make, four times that at 4x CPU; a feed has dozens of dates).
  fullDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return fullDateFormat.format(new Date(date));
}
let fullDateFormat: Intl.DateTimeFormat | undefined;

/**
 * When a server-rendered page was rendered (issue 32 stage 2, src/server.tsx sets it with the page's answers):
 * its relative times ('2 hours ago') are computed from it on the server and again while the browser hydrates,
 * so both render the same text and `datetime`.
 */
export const RENDERED_AT_KEY = ['community', 'rendered-at'] as const;

const noSubscription = () => () => {};

/**
 * "Now" for relative times. On the server and while a server-rendered page hydrates: the instant it was
 * rendered (RENDERED_AT_KEY in the query cache); right after, and on every page rendered in the browser, the
 * time this component mounted (a render must not read the clock: the first browser render must be the server's).
 */
export function useNow(): number {
  const renderedAt = useQueryClient().getQueryData<number>(RENDERED_AT_KEY);
  // true on the server and during hydration (the server snapshot), false in the browser after it.
  const hydrating = useSyncExternalStore(noSubscription, () => false, () => true);
  const [mountedAt] = useState(() => Date.now());
  return hydrating && typeof renderedAt === 'number' ? renderedAt : mountedAt;
}
