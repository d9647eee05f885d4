/** Dates and times as the messages pages show them (the viewer's locale and time zone). */

// Formatters made once, on first use: toLocaleDateString / toLocaleTimeString with options make a new Intl
// formatter on every call (about 70 µs each, four times that at 4x CPU), and a thread formats every message's time.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(d: Date, options: Intl.DateTimeFormatOptions): string {
  // As toLocaleDateString answers an unreadable date (a formatter's format() throws instead).
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', options);
    formats.set(key, f);
  }
  return f.format(d);
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** 'Today', 'Yesterday', or e.g. 'Monday 23 November 2026': the heading of a day's messages. */
export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (sameDay(d, now)) return 'Today';
  const y = new Date(now);
  y.setDate(now.getDate() - 1);
  if (sameDay(d, y)) return 'Yesterday';
  return format(d, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** A key that is the same for every time on one local calendar day. */
export const dayKey = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
};

/** '14:05' */
export function timeOfDay(iso: string): string {
  return format(new Date(iso), { hour: '2-digit', minute: '2-digit' });
}

/** The list's time: '14:05' today, 'Yesterday', a weekday within a week, else '3 Nov' or '3 Nov 2025'. */
export function listTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (sameDay(d, now)) return timeOfDay(iso);
  const label = dayLabel(iso, now);
  if (label === 'Yesterday') return label;
  const days = (now.getTime() - d.getTime()) / 86_400_000;
  if (days < 7 && days > 0) return format(d, { weekday: 'long' });
  return format(d, d.getFullYear() === now.getFullYear() ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' });
}

/** One line of preview: whitespace collapsed, cut at `max` characters. */
export function preview(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export const initials = (u: { firstName: string; lastName: string }) =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase() || '?';
