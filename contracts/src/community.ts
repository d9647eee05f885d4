import { z } from 'zod';

// SPEC §3 / §5: community reviews.
export const COMMUNITY_REVIEW_CATEGORIES = ['platform', 'community', 'features', 'trainers', 'workouts'] as const;
export type CommunityReviewCategory = (typeof COMMUNITY_REVIEW_CATEGORIES)[number];
export const COMMUNITY_REVIEW_CATEGORY_LABELS: Record<CommunityReviewCategory, string> = {
  platform: 'Platform Experience',
  community: 'Community',
  features: 'Features',
  trainers: 'Trainers',
  workouts: 'Workouts',
};

export const CreateCommunityReviewBody = z.object({
  rating: z.coerce.number().int('Please select a rating').min(1, 'Please select a rating').max(5, 'Rating must be between 1 and 5'),
  title: z.string().trim().min(5, 'Title must be at least 5 characters').max(100, 'Title must be at most 100 characters'),
  comment: z.string().trim().min(10, 'Comment must be at least 10 characters').max(1000, 'Comment must be at most 1000 characters'),
  category: z.enum(COMMUNITY_REVIEW_CATEGORIES, { message: 'Please choose a category' }),
  isAnonymous: z.boolean().optional().default(false),
});
export type CreateCommunityReviewBody = z.infer<typeof CreateCommunityReviewBody>;
