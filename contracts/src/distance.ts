// Plain helpers with no zod: the partner widget (mfe-trainers/embed) imports them without pulling the
// schemas (and zod) into its bundle.

/** "about 3 miles" (distances come from postcode-district centroids: roughly a mile in towns). */
export function formatDistanceMiles(miles: number): string {
  if (miles < 1) return 'less than a mile';
  const n = Math.round(miles);
  return `about ${n} ${n === 1 ? 'mile' : 'miles'}`;
}
