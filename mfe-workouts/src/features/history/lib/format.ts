/** Display helpers of My Training (dates are shown in the browser's locale and zone). */

/** '2027-04-05' -> '5 Apr' (a calendar date: read as UTC so no zone shifts it). */
export function weekLabel(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

/** 1800 -> '30 min'; 4500 -> '1 h 15 min'. */
export function durationText(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

/** When a session ended, e.g. 'Wed 7 Apr 2027, 17:45'. */
export function whenText(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
