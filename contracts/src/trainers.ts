import { preprocess, z } from './zod';

// SPEC §5: trainer profile edit / sign-up profile tab, trainer reviews; and the trainers client/server
// contract (list query, response shapes, headers). The API validates with these schemas and the forms
// use the same ones, so both sides show the same messages.

const optionalText = (max: number) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max))), '');
const wholeNumber = (msg: string) =>
  z.coerce.number({ message: msg }).check(z.int('Please enter a whole number'), z.gte(0, 'Must be 0 or more'), z.lte(100000));
/** A comma-separated string or a list -> trimmed, non-empty entries. */
const commaList = z.pipe(
  z.union([z.array(z.string()), z.pipe(z.string(), z.transform((s: string) => s.split(',')))]),
  z.transform((list: string[]) => list.map((s) => s.trim()).filter(Boolean)),
);

/** Instagram: letters, digits, '.' and '_' (max 30); an optional leading '@' is dropped. Empty = none. */
export const InstagramHandle = z.pipe(
  z.pipe(z.string().check(z.trim()), z.transform((s: string) => s.replace(/^@/, ''))),
  z.string().check(z.regex(/^[A-Za-z0-9._]{0,30}$/, 'Please enter a valid Instagram handle')),
);
/** X/Twitter: letters, digits and '_' (max 15); an optional leading '@' is dropped. Empty = none. */
export const TwitterHandle = z.pipe(
  z.pipe(z.string().check(z.trim()), z.transform((s: string) => s.replace(/^@/, ''))),
  z.string().check(z.regex(/^[A-Za-z0-9_]{0,15}$/, 'Please enter a valid Twitter handle')),
);
/** A website must be an http(s) URL. Empty = none. */
export const WebsiteUrl = z.string().check(
  z.trim(),
  z.maxLength(300),
  z.refine((s) => {
    if (s === '') return true;
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Please enter a website starting with http:// or https://'),
);

const specialtiesField = z.pipe(
  commaList,
  z.array(z.string().check(z.maxLength(60))).check(z.minLength(1, 'Please enter at least one specialty'), z.maxLength(20)),
);
/** Pounds per hour, whole; '' or null = not given. */
const sessionPriceField = preprocess((v) => (v === '' ? null : v), z.nullable(wholeNumber('Please enter a whole number')));

export const TrainerProfileBody = z.object({
  specialization: z.string().check(z.trim(), z.minLength(1, 'Specialization is required'), z.maxLength(100)),
  description: z
    .string()
    .check(z.trim(), z.minLength(20, 'Please provide a more detailed description of your services'), z.maxLength(2000)),
  yearsOfExperience: wholeNumber('Years of experience is required'),
  specialties: specialtiesField,
  certifications: z.pipe(z.optional(commaList), z.transform((list: string[] | undefined) => list ?? [])),
  education: optionalText(300),
  sessionPrice: z.pipe(z.optional(sessionPriceField), z.transform((v: number | null | undefined) => v ?? null)),
  availableOnline: z._default(z.optional(z.boolean()), false),
  availableInPerson: z._default(z.optional(z.boolean()), false),
  /** Ignored by the API: the photo is set only through POST /api/trainers/{id}/upload-photo. */
  profileImage: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  instagramHandle: z._default(z.optional(InstagramHandle), ''),
  twitterHandle: z._default(z.optional(TwitterHandle), ''),
  websiteUrl: z._default(z.optional(WebsiteUrl), ''),
  /** Where the trainer works (postcode, outcode or town). Default: the account's location. */
  location: z.optional(z.string().check(z.trim(), z.maxLength(120))),
});
export type TrainerProfileBody = z.infer<typeof TrainerProfileBody>;

/**
 * PATCH /api/trainers/{id}: any subset of the profile fields; a field not sent is left as it is
 * (no defaults here). Same rules and messages as TrainerProfileBody.
 */
export const TrainerProfilePatch = z.object({
  specialization: z.optional(TrainerProfileBody.shape.specialization),
  description: z.optional(TrainerProfileBody.shape.description),
  yearsOfExperience: z.optional(TrainerProfileBody.shape.yearsOfExperience),
  specialties: z.optional(specialtiesField),
  certifications: z.optional(commaList),
  education: z.optional(z.string().check(z.trim(), z.maxLength(300))),
  sessionPrice: z.optional(sessionPriceField),
  availableOnline: z.optional(z.boolean()),
  availableInPerson: z.optional(z.boolean()),
  profileImage: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  instagramHandle: z.optional(InstagramHandle),
  twitterHandle: z.optional(TwitterHandle),
  websiteUrl: z.optional(WebsiteUrl),
  location: z.optional(z.string().check(z.trim(), z.minLength(1, 'Location is required for trainers'), z.maxLength(120))),
});
export type TrainerProfilePatch = z.infer<typeof TrainerProfilePatch>;

/** POST /api/trainers/{id}/specialties: a list or a comma-separated string. */
export const TrainerSpecialtiesBody = z.object({ specialties: specialtiesField });
export type TrainerSpecialtiesBody = z.infer<typeof TrainerSpecialtiesBody>;

export const TrainerReviewBody = z.object({
  trainerId: z.coerce.number().check(z.int(), z.positive()),
  rating: z.coerce
    .number()
    .check(z.int('Please select a rating'), z.gte(1, 'Please select a rating'), z.lte(5, 'Rating must be between 1 and 5')),
  comment: z._default(z.optional(z.string().check(z.trim(), z.maxLength(1000))), ''),
});
export type TrainerReviewBody = z.infer<typeof TrainerReviewBody>;

// ---- GET /api/trainers: query ------------------------------------------------------------------

export const TRAINER_SORTS = ['distance', 'rating', 'price'] as const;
export type TrainerSort = (typeof TRAINER_SORTS)[number];
export const TRAINER_PAGE_SIZE = 12;
export const TRAINER_MAX_PAGE_SIZE = 48;

/** '' (an empty form field or `?maxPrice=`) means "not given". */
const blank = <S extends z.core.SomeType>(s: S) => preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(s));
const flag = z.pipe(
  blank(z.enum(['true', 'false'], { message: 'Use true or false' })),
  z.transform((v: 'true' | 'false' | undefined) => v === 'true'),
);

export const TrainerListQuery = z.object({
  /** Postcode ("LS6 2AB"), outcode ("LS6") or town ("Leeds"). */
  location: z.pipe(blank(z.string().check(z.trim(), z.maxLength(100))), z.transform((v: string | undefined) => (v ? v : undefined))),
  online: flag,
  inPerson: flag,
  maxPrice: blank(
    z.coerce
      .number({ message: 'Maximum price must be a number' })
      .check(z.int('Maximum price must be a whole number'), z.gte(0), z.lte(100000)),
  ),
  /** Case-insensitive match against one of a trainer's specialties (whole specialty or a part of it). */
  specialty: z.pipe(blank(z.string().check(z.trim(), z.maxLength(60))), z.transform((v: string | undefined) => (v ? v : undefined))),
  minRating: blank(
    z.coerce.number({ message: 'Minimum rating must be a number' }).check(z.gte(1, 'Minimum rating is 1'), z.lte(5, 'Maximum rating is 5')),
  ),
  /** Default: distance when the location resolves, otherwise rating. */
  sort: blank(z.enum(TRAINER_SORTS, { message: 'Sort by distance, rating or price' })),
  page: z.pipe(
    blank(z.coerce.number({ message: 'Page must be a number' }).check(z.int(), z.gte(1), z.lte(10000))),
    z.transform((v: number | undefined) => v ?? 1),
  ),
  limit: z.pipe(
    blank(z.coerce.number({ message: 'Limit must be a number' }).check(z.int(), z.gte(1), z.lte(TRAINER_MAX_PAGE_SIZE))),
    z.transform((v: number | undefined) => v ?? TRAINER_PAGE_SIZE),
  ),
});
export type TrainerListQuery = z.output<typeof TrainerListQuery>;
/** What a caller (or the page URL) may carry: everything optional. */
export type TrainerListQueryInput = {
  location?: string;
  online?: boolean;
  inPerson?: boolean;
  maxPrice?: number;
  specialty?: string;
  minRating?: number;
  sort?: TrainerSort;
  page?: number;
  limit?: number;
};

/** The query string for GET /api/trainers (and the /trainers page URL): only the parameters that are set. */
export function trainerListSearchParams(q: TrainerListQueryInput): URLSearchParams {
  const p = new URLSearchParams();
  if (q.location?.trim()) p.set('location', q.location.trim());
  if (q.online) p.set('online', 'true');
  if (q.inPerson) p.set('inPerson', 'true');
  if (q.maxPrice != null) p.set('maxPrice', String(q.maxPrice));
  if (q.specialty?.trim()) p.set('specialty', q.specialty.trim());
  if (q.minRating != null) p.set('minRating', String(q.minRating));
  if (q.sort) p.set('sort', q.sort);
  if (q.page != null && q.page !== 1) p.set('page', String(q.page));
  if (q.limit != null && q.limit !== TRAINER_PAGE_SIZE) p.set('limit', String(q.limit));
  return p;
}

/** Response headers of GET /api/trainers (listed in Access-Control-Expose-Headers). */
export const TRAINER_LIST_HEADERS = {
  /** Matches in all pages. */
  totalCount: 'X-Total-Count',
  /** 'true' | 'false': another page exists. */
  hasMore: 'X-Has-More',
  /** Only when `location` was given: 'true' = distances are real; 'false' = literal text match, no distances. */
  locationResolved: 'X-Location-Resolved',
} as const;

// ---- Responses ---------------------------------------------------------------------------------

/** A trainer as everyone sees it (no email or other private field). */
export interface Trainer {
  id: number;
  userId: number;
  user: { id: number; firstName: string; lastName: string; location: string };
  specialization: string;
  description: string;
  yearsOfExperience: number;
  specialties: string[];
  certifications: string[];
  education: string;
  /** Pounds per hour; null when not given. */
  sessionPrice: number | null;
  availableOnline: boolean;
  availableInPerson: boolean;
  /** Absolute-path URL (/api/trainer-photos/<fileId>) that changes when the photo changes; null = none. */
  profileImage: string | null;
  profileImageThumb: string | null;
  /** 0..5, one decimal; 0 with no reviews. */
  rating: number;
  reviewCount: number;
  instagramHandle: string;
  twitterHandle: string;
  websiteUrl: string;
}

/** An entry of GET /api/trainers: miles (one decimal) from the searched place; null without a resolved search. */
export interface TrainerListItem extends Trainer {
  distanceMiles: number | null;
}

/** GET /api/trainers/{id}/reviews entries (newest first) and the POST /api/reviews answer. */
export interface TrainerReview {
  id: number;
  trainerId: number;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
  user: { id: number; firstName: string; lastName: string };
  /** The reviewer has exchanged messages with the trainer and the trainer replied at least once. */
  verifiedClient: boolean;
}

/** POST /api/trainers/{id}/upload-photo. */
export interface TrainerPhotoResponse {
  profileImage: string;
  profileImageThumb: string;
}

// ---- Photo upload rules (SPEC §5), shared by the form's client-side check and the API ----------

export const TRAINER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const TRAINER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const TRAINER_PHOTO_TOO_LARGE = 'Please select an image smaller than 5MB';
export const TRAINER_PHOTO_BAD_TYPE = 'Please select a JPEG, PNG, or WebP image';

export const TRAINER_MESSAGES = {
  notFound: 'Trainer not found',
  profileNotFound: 'Profile not found',
  profileExists: 'Trainer profile already exists',
  ownReview: 'You cannot review your own trainer profile',
  notOwner: 'You can only edit your own trainer profile',
  trainersOnly: 'Only trainer accounts can create a trainer profile',
} as const;

// In its own module (no zod) so the partner widget can use it without the schemas.
export { formatDistanceMiles } from './distance';
