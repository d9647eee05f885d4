import { z } from './zod';

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
  rating: z.coerce
    .number()
    .check(z.int('Please select a rating'), z.gte(1, 'Please select a rating'), z.lte(5, 'Rating must be between 1 and 5')),
  title: z
    .string()
    .check(z.trim(), z.minLength(5, 'Title must be at least 5 characters'), z.maxLength(100, 'Title must be at most 100 characters')),
  comment: z
    .string()
    .check(z.trim(), z.minLength(10, 'Comment must be at least 10 characters'), z.maxLength(1000, 'Comment must be at most 1000 characters')),
  category: z.enum(COMMUNITY_REVIEW_CATEGORIES, { message: 'Please choose a category' }),
  isAnonymous: z._default(z.optional(z.boolean()), false),
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
  category: z._default(z.optional(z.enum(COMMUNITY_REVIEW_FILTERS, { message: 'Unknown category' })), 'all'),
  sort: z._default(z.optional(z.enum(COMMUNITY_REVIEW_SORTS, { message: 'Unknown sort' })), 'newest'),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))), COMMUNITY_REVIEWS_PAGE_SIZE),
});
export type CommunityReviewsQuery = z.infer<typeof CommunityReviewsQuery>;

/**
 * One review as everyone sees it (SPEC §3). `user` is null when the review is anonymous (or has no
 * account): nothing in it names the author. `isMine` / `votedHelpful` speak only to the person asking.
 */
export const CommunityReview = z.object({
  id: z.number().check(z.int(), z.positive()),
  category: z.enum(COMMUNITY_REVIEW_CATEGORIES),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  title: z.string(),
  comment: z.string(),
  helpful: z.number().check(z.int(), z.gte(0)),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  user: z.nullable(z.object({ firstName: z.string(), lastName: z.string(), username: z.string() })),
  isMine: z.boolean(),
  votedHelpful: z.boolean(),
});
export type CommunityReview = z.infer<typeof CommunityReview>;

/** PATCH /api/community-reviews/{id}/helpful: the new count and whether the caller has voted. */
export const HelpfulResponse = z.object({
  id: z.number().check(z.int(), z.positive()),
  helpful: z.number().check(z.int(), z.gte(0)),
  votedHelpful: z.boolean(),
});
export type HelpfulResponse = z.infer<typeof HelpfulResponse>;

/** POST /api/community-reviews/{id}/report */
export const ReportCommunityReviewBody = z.object({
  reason: z._default(z.optional(z.string().check(z.trim(), z.maxLength(500, 'Reason must be at most 500 characters'))), ''),
});
export type ReportCommunityReviewBody = z.infer<typeof ReportCommunityReviewBody>;
