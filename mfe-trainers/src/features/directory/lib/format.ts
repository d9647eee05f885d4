import { formatDistanceMiles } from '@fitconnect/contracts/trainers';

/** SPEC §9: session prices are pounds per hour, whole numbers. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return 'Price on request';
  return `£${Math.round(price)}/hour`;
}

/**
 * A distance from a postcode-district centroid is good to about a mile: "about N miles" (the contract's
 * wording), never a false precision. Null when there is no distance to show.
 */
export function formatDistance(miles: number | null | undefined): string | null {
  if (typeof miles !== 'number' || !Number.isFinite(miles) || miles < 0) return null;
  return formatDistanceMiles(miles);
}

export function formatReviewCount(count: number): string {
  if (!count) return 'No reviews yet';
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** One decimal, as the API gives it ("4.5", "4"). */
export function formatRating(rating: number): string {
  return (Math.round((Number.isFinite(rating) ? rating : 0) * 10) / 10).toFixed(1);
}

export function initials(firstName: string, lastName: string): string {
  const a = firstName.trim().charAt(0);
  const b = lastName.trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
