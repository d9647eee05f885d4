// Times of sessions: an instant (ISO, UTC) shown in a time zone. Clients see their own zone's time; the
// trainer's schedule is wall-clock time in the trainer's zone. en-GB, 24-hour (the product's UK audience).
import { useSyncExternalStore } from 'react';

/** The browser's time zone (IANA), e.g. 'Europe/London'. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const noSubscription = () => () => {};

/**
 * The viewer's time zone for rendering, or null where it is not known: on the server and while a
 * server-rendered page hydrates (issue 32: the server's zone is not the visitor's, and the first render in the
 * browser must be the server's). The browser's own zone right after.
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, viewerTimeZone, () => null);
}

/**
 * One formatter per (options, zone), made on first use: an Intl.DateTimeFormat is costly to make (a slot list's
 * dozens of labels made one each: the largest part of a profile's render on the server, issue 32 item 4).
 */
function formatter(o: Intl.DateTimeFormatOptions): (tz: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (tz) => {
    let f = byZone.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, ...o });
      byZone.set(tz, f);
    }
    return f;
  };
}

const timeFmt = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const shortDayFmt = formatter({ weekday: 'short', day: 'numeric', month: 'short' });
const longDayFmt = formatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const ymdFmt = formatter({ year: 'numeric', month: '2-digit', day: '2-digit' });
const longDayNoYearFmt = formatter({ weekday: 'long', day: 'numeric', month: 'long' });
const clockFmt = formatter({ hour: '2-digit', minute: '2-digit', day: '2-digit', hourCycle: 'h23' });

/** '09:30' */
export function formatTime(iso: string, tz: string): string {
  return timeFmt(tz).format(new Date(iso));
}

/** 'Tue 1 Dec' */
export function formatShortDay(iso: string, tz: string): string {
  return shortDayFmt(tz).format(new Date(iso));
}

/** 'Tuesday 1 December 2026' */
export function formatLongDay(iso: string, tz: string): string {
  return longDayFmt(tz).format(new Date(iso));
}

/** 'Tuesday 1 December 2026, 09:30' */
export function formatWhen(iso: string, tz: string): string {
  return `${formatLongDay(iso, tz)}, ${formatTime(iso, tz)}`;
}

/** The date of an instant in a zone, 'YYYY-MM-DD' (for grouping slots by the viewer's days). */
export function dateKey(iso: string, tz: string): string {
  const parts = ymdFmt(tz).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A calendar date's label: 'Tue 1 Dec' (from 'YYYY-MM-DD'; no zone involved). */
export function formatDateKey(ymd: string, style: 'short' | 'long' = 'short'): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return style === 'short'
    ? shortDayFmt('UTC').format(d)
    : longDayNoYearFmt('UTC').format(d);
}

/** True when the two zones show different clock times at this instant (e.g. London and Paris). */
export function zonesDiffer(a: string, b: string, at: Date = new Date()): boolean {
  if (a === b) return false;
  return clockFmt(a).format(at) !== clockFmt(b).format(at);
}

/** 'Europe/London' -> 'London'; 'America/New_York' -> 'New York'. */
export function zoneCity(tz: string): string {
  const last = tz.split('/').pop() ?? tz;
  return last.replace(/_/g, ' ');
}

/** Every IANA zone the browser knows (falls back to a short list on old runtimes). */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.length) zones = ['Europe/London', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'America/New_York', 'UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}
