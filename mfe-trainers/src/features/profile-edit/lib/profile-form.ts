import { TrainerProfileBody } from '@fitconnect/contracts/trainers';
import type { Trainer } from '@fitconnect/contracts';
import { check, type Checked } from '../../../lib/zodErrors';

/** What the profile form holds: text as typed (lists comma-separated), flags as booleans. */
export interface ProfileFormValues {
  specialization: string;
  description: string;
  yearsOfExperience: string;
  specialties: string;
  certifications: string;
  education: string;
  sessionPrice: string;
  availableOnline: boolean;
  availableInPerson: boolean;
  instagramHandle: string;
  twitterHandle: string;
  websiteUrl: string;
  /** Where the trainer works; '' = the account's location (sign-up asks for it on the account tab). */
  location: string;
}

export type ProfileField = keyof ProfileFormValues;

/** Field order, for focusing the first invalid one. */
export const PROFILE_FIELDS: ProfileField[] = [
  'specialization',
  'description',
  'yearsOfExperience',
  'specialties',
  'certifications',
  'education',
  'sessionPrice',
  'availableOnline',
  'availableInPerson',
  'instagramHandle',
  'twitterHandle',
  'websiteUrl',
  'location',
];

export const EMPTY_PROFILE: ProfileFormValues = {
  specialization: '',
  description: '',
  yearsOfExperience: '',
  specialties: '',
  certifications: '',
  education: '',
  sessionPrice: '',
  availableOnline: false,
  availableInPerson: true,
  instagramHandle: '',
  twitterHandle: '',
  websiteUrl: '',
  location: '',
};

export function profileValuesFrom(t: Trainer): ProfileFormValues {
  return {
    specialization: t.specialization ?? '',
    description: t.description ?? '',
    yearsOfExperience: String(t.yearsOfExperience ?? ''),
    specialties: (t.specialties ?? []).join(', '),
    certifications: (t.certifications ?? []).join(', '),
    education: t.education ?? '',
    sessionPrice: t.sessionPrice === null || t.sessionPrice === undefined ? '' : String(t.sessionPrice),
    availableOnline: !!t.availableOnline,
    availableInPerson: !!t.availableInPerson,
    instagramHandle: t.instagramHandle ?? '',
    twitterHandle: t.twitterHandle ?? '',
    websiteUrl: t.websiteUrl ?? '',
    location: t.user?.location ?? '',
  };
}

/**
 * SPEC §5 through the shared schema: specialization required, description at least 20 characters,
 * whole years, at least one comma-separated specialty, whole price or empty (null).
 */
export function checkProfile(v: ProfileFormValues, opts: { requireLocation?: boolean } = {}): Checked<TrainerProfileBody> {
  const r = check(TrainerProfileBody, {
    ...v,
    location: v.location.trim() || undefined,
    // An empty number field is "not given": the schema's message, not a coerced 0.
    yearsOfExperience: v.yearsOfExperience.trim() === '' ? undefined : v.yearsOfExperience.trim(),
    sessionPrice: v.sessionPrice.trim(),
  });
  // The price's union gives zod's generic 'Invalid input' for text like "abc".
  if (!r.ok && r.errors.sessionPrice === 'Invalid input') r.errors.sessionPrice = 'Please enter a whole number';
  if (opts.requireLocation && !v.location.trim()) {
    const errors = r.ok ? {} : r.errors;
    errors.location = 'Location is required for trainers';
    return { ok: false, errors };
  }
  return r;
}
