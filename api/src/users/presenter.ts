import type { PublicUser } from '@fitconnect/contracts';
import type { UserFields } from './model';

/** The only shape of a user that leaves the server (SPEC §3). Never _id, __v or the password hash. */
export function presentUser(u: Pick<UserFields, keyof PublicUser>): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    location: u.location ?? '',
    isTrainer: Boolean(u.isTrainer),
    promoTrainer: Boolean(u.promoTrainer),
    trainerNumber: u.trainerNumber ?? null,
  };
}

/** What other people see of a user next to their content (reviews, leaderboards, messages). */
export function presentUserSummary(u: Pick<UserFields, 'id' | 'firstName' | 'lastName' | 'location' | 'isTrainer'>) {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, location: publicLocation(u.location), isTrainer: Boolean(u.isTrainer) };
}

/**
 * A full UK postcode: outward code (area, district: 'G12', 'SW1A', 'M20') then the inward code ('8QQ'),
 * with or without a space (or a hyphen). The inward code narrows it to a street or a few houses.
 */
const FULL_POSTCODE = /\b([A-Z]{1,2}[0-9][A-Z0-9]?)[\s-]*([0-9][A-Z]{2})\b/gi;

/**
 * A location as other people may see it (issue 26): free text often ends in a full postcode
 * ('Glasgow, G12 8QQ'); shown publicly it is cut to the outward code ('Glasgow, G12'), the district
 * the leaderboard's location column and a trainer's area need. Only the owner sees the full text.
 */
export function publicLocation(location: string | null | undefined): string {
  return (location ?? '').replace(FULL_POSTCODE, '$1').replace(/\s{2,}/g, ' ').trim();
}
