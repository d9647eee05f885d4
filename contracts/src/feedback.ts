import { z } from './zod';

// SPEC §3 / §5: the feedback form.
export const FEEDBACK_TYPES = ['feature', 'improvement', 'bug', 'community'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  feature: 'Feature Request',
  improvement: 'Improvement',
  bug: 'Bug Report',
  community: 'Community',
};

export const FEEDBACK_INTERESTS = ['workout-tips', 'nutrition', 'challenges', 'local-events'] as const;
export type FeedbackInterest = (typeof FEEDBACK_INTERESTS)[number];
export const FEEDBACK_INTEREST_LABELS: Record<FeedbackInterest, string> = {
  'workout-tips': 'Workout Tips',
  nutrition: 'Nutrition',
  challenges: 'Challenges',
  'local-events': 'Local Events',
};

export const FEEDBACK_REQUIRED_MESSAGE = 'Please provide some feedback before submitting';
export const FEEDBACK_FAILED_MESSAGE = 'There was an error submitting your feedback. Please try again.';
/** SPEC §9: the thank-you view goes back to the form after this long. */
export const FEEDBACK_THANK_YOU_MS = 2000;

/**
 * POST /api/feedback. The body may carry userId and isTrainer (SPEC §7 sends them); they are dropped:
 * the server takes both from the session.
 */
export const FeedbackBody = z.object({
  type: z.enum(FEEDBACK_TYPES, { message: 'Please choose a feedback type' }),
  content: z
    .string({ message: FEEDBACK_REQUIRED_MESSAGE })
    .check(z.trim(), z.minLength(1, FEEDBACK_REQUIRED_MESSAGE), z.maxLength(5000, 'Feedback must be at most 5000 characters')),
  email: z.pipe(
    z.pipe(
      z.optional(z.union([z.null(), z.string().check(z.trim())])),
      z.transform((v: string | null | undefined) => (v ? v.toLowerCase() : null)),
    ),
    z.union([z.null(), z.email('Please enter a valid email address').check(z.maxLength(254))]),
  ),
  joinCommunity: z._default(z.optional(z.boolean()), false),
  interests: z.pipe(
    z._default(z.optional(z.array(z.enum(FEEDBACK_INTERESTS, { message: 'Unknown interest' })).check(z.maxLength(FEEDBACK_INTERESTS.length))), []),
    z.transform((list: FeedbackInterest[]) => FEEDBACK_INTERESTS.filter((i) => list.includes(i))),
  ),
});
export type FeedbackBody = z.infer<typeof FeedbackBody>;
export type FeedbackInput = z.input<typeof FeedbackBody>;

/** What the submitter gets back (no email, no content echo needed). */
export const FeedbackResponse = z.object({
  id: z.number().check(z.int(), z.positive()),
  type: z.enum(FEEDBACK_TYPES),
  joinCommunity: z.boolean(),
  interests: z.array(z.enum(FEEDBACK_INTERESTS)),
  userId: z.nullable(z.number().check(z.int(), z.positive())),
  isTrainer: z.boolean(),
  createdAt: z.string(),
});
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;
