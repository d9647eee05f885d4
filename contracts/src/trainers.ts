import { z } from 'zod';

// SPEC §5: trainer profile edit / sign-up profile tab, trainer reviews.
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
const wholeNumber = (msg: string) =>
  z.coerce.number({ message: msg }).int('Please enter a whole number').min(0, 'Must be 0 or more').max(100000);

export const TrainerProfileBody = z.object({
  specialization: z.string().trim().min(1, 'Specialization is required').max(100),
  description: z.string().trim().min(20, 'Please provide a more detailed description of your services').max(2000),
  yearsOfExperience: wholeNumber('Years of experience is required'),
  specialties: z
    .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
    .transform((list) => list.map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(60)).min(1, 'Please enter at least one specialty').max(20)),
  certifications: z
    .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
    .optional()
    .transform((list) => (list ?? []).map((s) => s.trim()).filter(Boolean)),
  education: optionalText(300),
  sessionPrice: z.union([z.literal('').transform(() => null), z.null(), wholeNumber('Please enter a whole number')]).optional().transform((v) => v ?? null),
  availableOnline: z.boolean().optional().default(false),
  availableInPerson: z.boolean().optional().default(false),
  profileImage: z.string().trim().max(500).nullable().optional(),
  instagramHandle: optionalText(60),
  twitterHandle: optionalText(60),
  websiteUrl: optionalText(300),
});
export type TrainerProfileBody = z.infer<typeof TrainerProfileBody>;

export const TrainerReviewBody = z.object({
  trainerId: z.coerce.number().int().positive(),
  rating: z.coerce.number().int('Please select a rating').min(1, 'Please select a rating').max(5, 'Rating must be between 1 and 5'),
  comment: z.string().trim().max(1000).optional().default(''),
});
export type TrainerReviewBody = z.infer<typeof TrainerReviewBody>;
