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
