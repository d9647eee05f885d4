import { z } from './zod';

/**
 * The Community feed's "Recent activity" (issue 28.9): public events only, built from what happens on the
 * site. An item names a person only where the site already shows that person publicly (a trainer's profile,
 * a challenge leaderboard row, a review that is not anonymous), never an email, never a full postcode.
 */
export const ACTIVITY_KINDS = ['trainer_joined', 'challenge_completed', 'challenge_popular', 'review_posted', 'review_helpful'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A challenge that reaches this many participants gets a 'challenge_popular' item (once). */
export const ACTIVITY_POPULAR_PARTICIPANTS = 3;
/** A review marked helpful by this many people gets a 'review_helpful' item (once). */
export const ACTIVITY_HELPFUL_VOTES = 3;
/** Items per page of GET /api/activity. */
export const ACTIVITY_PAGE_SIZE = 10;

const Id = z.number().check(z.int(), z.positive());
/** A person as the item shows them: first name and last initial. */
const Person = z.object({ firstName: z.string(), lastInitial: z.string() });
const ChallengeRef = z.object({ id: Id, title: z.string() });

const base = { id: Id, at: z.string() };

export const ActivityItem = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('trainer_joined'),
    trainer: z.object({
      id: Id,
      name: z.string(),
      specialization: z.string(),
      /** The public location (town / postcode district). */
      location: z.string(),
      /** Distance from the signed-in viewer's location, when both are known. */
      distanceMiles: z.nullable(z.number()),
    }),
  }),
  z.object({ ...base, kind: z.literal('challenge_completed'), challenge: ChallengeRef, person: Person }),
  z.object({ ...base, kind: z.literal('challenge_popular'), challenge: ChallengeRef, participants: z.number().check(z.int(), z.nonnegative()) }),
  z.object({
    ...base,
    kind: z.enum(['review_posted', 'review_helpful']),
    review: z.object({ id: Id, title: z.string(), rating: z.number(), helpful: z.number() }),
    /** null for an anonymous review: its author is never named. */
    person: z.nullable(Person),
  }),
]);
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityPage = z.object({ items: z.array(ActivityItem), nextCursor: z.nullable(z.string()) });
export type ActivityPage = z.infer<typeof ActivityPage>;

export const ActivityQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200, 'Invalid cursor'))),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;
