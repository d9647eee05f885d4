/**
 * 'just now', '5 minutes ago', '2 hours ago', 'yesterday', '3 days ago', 'last week', '2 months ago'...
 * Built on Intl.RelativeTimeFormat (numeric: 'auto' gives 'yesterday' / 'last week').
 */
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

/** The full date for a tooltip / datetime: '23 November 2026'. */
export function formatFullDate(date: Date | string | number): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(date));
}
