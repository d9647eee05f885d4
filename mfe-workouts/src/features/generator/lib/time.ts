function parse(iso: string | undefined | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Time of day for the daily-limit banner, e.g. '9:05 AM' (user's locale). */
export function formatTimeOfDay(iso: string | undefined | null): string {
  const d = parse(iso);
  return d ? d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : '';
}

/** A saved workout's date, e.g. 'Nov 23, 2026'. */
export function formatSavedDate(iso: string | undefined | null): string {
  const d = parse(iso);
  return d ? d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }) : '';
}

/** The daily allowance renews at 00:00 UTC (the server's day: one workout per user per UTC day). */
export function nextAllowanceAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * When the next plan can be generated, in the user's local time with the UTC note and the time left,
 * e.g. 'Your next plan can be generated tomorrow from 1:00 AM your time (00:00 UTC), in 6 h 55 min.'
 */
export function nextPlanText(now: Date): string {
  const at = nextAllowanceAt(now);
  const localDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((localDay(at) - localDay(now)) / 86_400_000);
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : at.toLocaleDateString(undefined, { weekday: 'long' });
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const left = h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
  // Where local time is UTC, one time is enough.
  const from = at.getTimezoneOffset() === 0 ? '00:00 UTC' : `${time} your time (00:00 UTC)`;
  return `Your next plan can be generated ${day} from ${from}, in ${left}.`;
}
