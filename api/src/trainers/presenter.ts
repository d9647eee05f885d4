import type { Trainer, TrainerListItem, TrainerReview } from '@fitconnect/contracts';
import type { TrainerFields, TrainerReviewFields } from './model';
import { publicLocation } from '../users/presenter';

/** The part of a User that appears next to a trainer or a review. Never the email. */
export interface PublicPerson {
  id: number;
  firstName: string;
  lastName: string;
  location: string;
}

type StoredTrainer = Pick<
  TrainerFields,
  | 'id'
  | 'userId'
  | 'specialization'
  | 'description'
  | 'yearsOfExperience'
  | 'specialties'
  | 'certifications'
  | 'education'
  | 'sessionPrice'
  | 'availableOnline'
  | 'availableInPerson'
  | 'profileImage'
  | 'profileImageThumb'
  | 'rating'
  | 'reviewCount'
  | 'instagramHandle'
  | 'twitterHandle'
  | 'websiteUrl'
  | 'location'
>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Every trainer response (contract): an explicit list of public fields, so nothing stored privately
 * (_id, point, photo file ids, sort keys, the account's email) can leak. The location shown is where
 * the trainer works (the one their distances are measured from), else the account's; to anyone but the
 * trainer (`own`) without a full postcode's inward part.
 */
export function presentTrainer(t: StoredTrainer, user: PublicPerson | null | undefined, opts: { own?: boolean } = {}): Trainer {
  const location = t.location || user?.location || '';
  return {
    id: t.id,
    userId: t.userId,
    user: {
      id: t.userId,
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      // Others see the town / postcode district, never a full postcode; the trainer sees what they typed (issue 26).
      location: opts.own ? location : publicLocation(location),
    },
    specialization: t.specialization,
    description: t.description ?? '',
    yearsOfExperience: t.yearsOfExperience ?? 0,
    specialties: [...(t.specialties ?? [])],
    certifications: [...(t.certifications ?? [])],
    education: t.education ?? '',
    sessionPrice: t.sessionPrice ?? null,
    availableOnline: Boolean(t.availableOnline),
    availableInPerson: Boolean(t.availableInPerson),
    profileImage: t.profileImage ?? null,
    profileImageThumb: t.profileImageThumb ?? null,
    rating: round1(t.rating ?? 0),
    reviewCount: t.reviewCount ?? 0,
    instagramHandle: t.instagramHandle ?? '',
    twitterHandle: t.twitterHandle ?? '',
    websiteUrl: t.websiteUrl ?? '',
  };
}

export function presentTrainerListItem(t: StoredTrainer, user: PublicPerson | null | undefined, distanceMiles: number | null): TrainerListItem {
  return { ...presentTrainer(t, user), distanceMiles: distanceMiles == null ? null : round1(distanceMiles) };
}

export function presentReview(
  r: Pick<TrainerReviewFields, 'id' | 'trainerId' | 'userId' | 'rating' | 'comment' | 'createdAt' | 'updatedAt'>,
  user: Pick<PublicPerson, 'firstName' | 'lastName'> | null | undefined,
  verifiedClient: boolean,
): TrainerReview {
  return {
    id: r.id,
    trainerId: r.trainerId,
    rating: r.rating,
    comment: r.comment ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt ?? r.createdAt).toISOString(),
    user: { id: r.userId, firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
    verifiedClient,
  };
}
