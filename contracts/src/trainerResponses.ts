import { z } from './zod';
import type { Trainer, TrainerListItem, TrainerPhotoResponse, TrainerReview } from './trainers';

// The public trainer reads' response shapes as zod schemas, for the OpenAPI document (GET /api/openapi.json)
// and for checking real responses against it. They mirror the interfaces in ./trainers.ts; the type checks
// at the bottom fail to compile if the two ever disagree.

const ProfileImageUrl = z
  .string()
  .check(
    z.regex(/^\/api\/trainer-photos\/[a-f0-9]{24}$/),
    z.describe('Site-relative URL of the WebP photo; it changes whenever the photo changes.'),
  );

export const TrainerResponse = z
  .strictObject({
    id: z.number().check(z.int(), z.positive()),
    userId: z.number().check(z.int(), z.positive()),
    user: z.strictObject({
      id: z.number().check(z.int(), z.positive()),
      firstName: z.string(),
      lastName: z.string(),
      location: z.string().check(z.describe('Where the trainer works (postcode, outcode or town).')),
    }),
    specialization: z.string(),
    description: z.string(),
    yearsOfExperience: z.number().check(z.int(), z.gte(0)),
    specialties: z.array(z.string()),
    certifications: z.array(z.string()),
    education: z.string(),
    sessionPrice: z.nullable(z.number().check(z.int(), z.gte(0))).check(z.describe('Pounds per hour; null when not given.')),
    availableOnline: z.boolean(),
    availableInPerson: z.boolean(),
    profileImage: z.nullable(ProfileImageUrl),
    profileImageThumb: z.nullable(ProfileImageUrl),
    rating: z.number().check(z.gte(0), z.lte(5), z.describe('Average rating, one decimal; 0 with no reviews.')),
    reviewCount: z.number().check(z.int(), z.gte(0)),
    instagramHandle: z.string(),
    twitterHandle: z.string(),
    websiteUrl: z.string(),
  })
  .check(z.meta({ title: 'Trainer', description: 'A trainer as everyone sees it (no email or other private field).' }));

export const TrainerListItemResponse = z
  .extend(TrainerResponse, {
    distanceMiles: z
      .nullable(z.number().check(z.gte(0)))
      .check(z.describe('Miles (one decimal) from the searched place; null when no location was given or it did not resolve.')),
  })
  .check(z.meta({ title: 'TrainerListItem', description: 'An entry of GET /api/trainers.' }));

export const TrainerReviewResponse = z
  .strictObject({
    id: z.number().check(z.int(), z.positive()),
    trainerId: z.number().check(z.int(), z.positive()),
    rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
    comment: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    user: z.strictObject({ id: z.number().check(z.int(), z.positive()), firstName: z.string(), lastName: z.string() }),
    verifiedClient: z
      .boolean()
      .check(z.describe('The reviewer has exchanged messages with the trainer and the trainer replied at least once.')),
  })
  .check(z.meta({ title: 'TrainerReview', description: 'A review of a trainer (newest first in lists).' }));

export const TrainerPhotoResponseSchema = z
  .strictObject({ profileImage: ProfileImageUrl, profileImageThumb: ProfileImageUrl })
  .check(z.meta({ title: 'TrainerPhotoResponse' }));

// Compile-time: the schemas describe exactly the interfaces the presenters return.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(_: T) => undefined;
check<Same<z.output<typeof TrainerResponse>, Trainer>>(true);
check<Same<z.output<typeof TrainerListItemResponse>, TrainerListItem>>(true);
check<Same<z.output<typeof TrainerReviewResponse>, TrainerReview>>(true);
check<Same<z.output<typeof TrainerPhotoResponseSchema>, TrainerPhotoResponse>>(true);
