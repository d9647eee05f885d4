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
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, location: u.location ?? '', isTrainer: Boolean(u.isTrainer) };
}
