/**
 * A review's date as '3 November 2026' (en-GB, the product's UK audience); '' when unreadable. The UTC calendar
 * day, the same wherever it is rendered: the profile is rendered on the server too (issue 32), and a date that
 * depended on the zone of the machine rendering it would differ between the server's HTML and the browser's.
 */
export function formatReviewDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  // Made once, on first use: toLocaleDateString with options makes a formatter each call (about 70 µs, four times
  // that at 4x CPU), once per review on the profile.
  reviewDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return reviewDateFormat.format(d);
}
let reviewDateFormat: Intl.DateTimeFormat | undefined;
