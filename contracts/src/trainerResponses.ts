import { z } from 'zod';
import type { Trainer, TrainerListItem, TrainerPhotoResponse, TrainerReview } from './trainers';

// The public trainer reads' response shapes as zod schemas, for the OpenAPI document (GET /api/openapi.json)
// and for checking real responses against it. They mirror the interfaces in ./trainers.ts; the type checks
// at the bottom fail to compile if the two ever disagree.

const ProfileImageUrl = z
  .string()
  .regex(/^\/api\/trainer-photos\/[a-f0-9]{24}$/)
  .describe('Site-relative URL of the WebP photo; it changes whenever the photo changes.');

export const TrainerResponse = z
  .object({
    id: z.number().int().positive(),
    userId: z.number().int().positive(),
    user: z
      .object({
        id: z.number().int().positive(),
        firstName: z.string(),
        lastName: z.string(),
        location: z.string().describe('Where the trainer works (postcode, outcode or town).'),
      })
      .strict(),
    specialization: z.string(),
    description: z.string(),
    yearsOfExperience: z.number().int().min(0),
    specialties: z.array(z.string()),
    certifications: z.array(z.string()),
    education: z.string(),
    sessionPrice: z.number().int().min(0).nullable().describe('Pounds per hour; null when not given.'),
    availableOnline: z.boolean(),
    availableInPerson: z.boolean(),
    profileImage: ProfileImageUrl.nullable(),
    profileImageThumb: ProfileImageUrl.nullable(),
    rating: z.number().min(0).max(5).describe('Average rating, one decimal; 0 with no reviews.'),
    reviewCount: z.number().int().min(0),
    instagramHandle: z.string(),
    twitterHandle: z.string(),
    websiteUrl: z.string(),
  })
  .strict()
  .meta({ title: 'Trainer', description: 'A trainer as everyone sees it (no email or other private field).' });

export const TrainerListItemResponse = TrainerResponse.extend({
  distanceMiles: z
    .number()
    .min(0)
    .nullable()
    .describe('Miles (one decimal) from the searched place; null when no location was given or it did not resolve.'),
})
  .strict()
  .meta({ title: 'TrainerListItem', description: 'An entry of GET /api/trainers.' });

export const TrainerReviewResponse = z
  .object({
    id: z.number().int().positive(),
    trainerId: z.number().int().positive(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    user: z.object({ id: z.number().int().positive(), firstName: z.string(), lastName: z.string() }).strict(),
    verifiedClient: z
      .boolean()
      .describe('The reviewer has exchanged messages with the trainer and the trainer replied at least once.'),
  })
  .strict()
  .meta({ title: 'TrainerReview', description: 'A review of a trainer (newest first in lists).' });

export const TrainerPhotoResponseSchema = z
  .object({ profileImage: ProfileImageUrl, profileImageThumb: ProfileImageUrl })
  .strict()
  .meta({ title: 'TrainerPhotoResponse' });

// Compile-time: the schemas describe exactly the interfaces the presenters return.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(_: T) => undefined;
check<Same<z.output<typeof TrainerResponse>, Trainer>>(true);
check<Same<z.output<typeof TrainerListItemResponse>, TrainerListItem>>(true);
check<Same<z.output<typeof TrainerReviewResponse>, TrainerReview>>(true);
check<Same<z.output<typeof TrainerPhotoResponseSchema>, TrainerPhotoResponse>>(true);
