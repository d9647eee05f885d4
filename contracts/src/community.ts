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

/** The list filter: every category, or 'all' (a filter only, never a stored category). */
export const COMMUNITY_REVIEW_FILTERS = ['all', ...COMMUNITY_REVIEW_CATEGORIES] as const;
export type CommunityReviewFilter = (typeof COMMUNITY_REVIEW_FILTERS)[number];
export const COMMUNITY_REVIEW_FILTER_LABELS: Record<CommunityReviewFilter, string> = {
  all: 'All Categories',
  ...COMMUNITY_REVIEW_CATEGORY_LABELS,
};

export const COMMUNITY_REVIEW_SORTS = ['newest', 'helpful'] as const;
export type CommunityReviewSort = (typeof COMMUNITY_REVIEW_SORTS)[number];
export const COMMUNITY_REVIEW_SORT_LABELS: Record<CommunityReviewSort, string> = {
  newest: 'Newest first',
  helpful: 'Most helpful',
};

/** Reviews per page of GET /api/community-reviews (the 'Load more' step). */
export const COMMUNITY_REVIEWS_PAGE_SIZE = 20;
/** A review reported by this many different people is hidden until a moderator restores it. */
export const COMMUNITY_REPORT_HIDE_THRESHOLD = 3;

/** Response headers of the list: the body stays an array (SPEC §7). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** GET /api/community-reviews?category=&sort=&cursor=&limit= */
export const CommunityReviewsQuery = z.object({
  category: z.enum(COMMUNITY_REVIEW_FILTERS, { message: 'Unknown category' }).optional().default('all'),
  sort: z.enum(COMMUNITY_REVIEW_SORTS, { message: 'Unknown sort' }).optional().default('newest'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(COMMUNITY_REVIEWS_PAGE_SIZE),
});
export type CommunityReviewsQuery = z.infer<typeof CommunityReviewsQuery>;

/**
 * One review as everyone sees it (SPEC §3). `user` is null when the review is anonymous (or has no
 * account): nothing in it names the author. `isMine` / `votedHelpful` speak only to the person asking.
 */
export const CommunityReview = z.object({
  id: z.number().int().positive(),
  category: z.enum(COMMUNITY_REVIEW_CATEGORIES),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  comment: z.string(),
  helpful: z.number().int().min(0),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string(), username: z.string() }).nullable(),
  isMine: z.boolean(),
  votedHelpful: z.boolean(),
});
export type CommunityReview = z.infer<typeof CommunityReview>;

/** PATCH /api/community-reviews/{id}/helpful: the new count and whether the caller has voted. */
export const HelpfulResponse = z.object({ id: z.number().int().positive(), helpful: z.number().int().min(0), votedHelpful: z.boolean() });
export type HelpfulResponse = z.infer<typeof HelpfulResponse>;

/** POST /api/community-reviews/{id}/report */
export const ReportCommunityReviewBody = z.object({
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional().default(''),
});
export type ReportCommunityReviewBody = z.infer<typeof ReportCommunityReviewBody>;
