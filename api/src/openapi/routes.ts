import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import {
  ApiErrorBody,
  ChallengeDetail,
  ChallengeLeaderboard,
  ChallengeSummary,
  CommunityReview,
  ConversationList,
  CurrentUserResponse,
  FeedbackResponse,
  HelpfulResponse,
  JoinResult,
  LeaderboardEntry,
  MarkReadResult,
  Message,
  NEXT_CURSOR_HEADER,
  PublicUser,
  ProgressResult,
  TOTAL_COUNT_HEADER,
  TRAINER_LIST_HEADERS,
  Thread,
  TrainingSession,
  TrainingSessionPage,
  TrainingSummary,
  TrainerListItemResponse,
  TrainerPhotoResponseSchema,
  TrainerResponse,
  TrainerReviewResponse,
  UnreadTotal,
  UserChallenge,
} from '@fitconnect/contracts/src/server';
import { NotificationPreferences, PushKeyResponse } from '@fitconnect/contracts';
import { ActivityPage } from '@fitconnect/contracts/src/activity';

/**
 * What the routes' guards cannot say about themselves: a summary, a tag and the answers, per
 * `METHOD /openapi/{path}`. The request side (path parameters, query, body, sign-in, rate limits) is read
 * off the registered routes' guards (see ./document.ts). api/test/openapi.test.ts fails when a registered
 * route has no entry here, or an entry names no registered route.
 *
 * Response schemas come from the contracts where they exist; the public trainer reads have full schemas
 * (their real answers are checked against them in the test). Other answers are described in words.
 */
export interface ResponseDoc {
  description: string;
  /** JSON body; omitted for bodiless answers (204) and non-JSON ones (set `content`). Contract (zod/mini) or classic zod schema. */
  schema?: $ZodType;
  /** Raw OpenAPI content map (e.g. an image). */
  content?: Record<string, unknown>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

export interface OperationDoc {
  summary: string;
  tag: string;
  description?: string;
  /** Success (and route-specific error) answers; 400/401/429 come from the guards. */
  responses: Record<number, ResponseDoc>;
  /** Request body when it is not a validated JSON body (uploads, beacons). */
  requestBody?: Record<string, unknown>;
}

const msg = (description: string): ResponseDoc => ({ description, schema: z.object({ message: z.string() }) });
const obj = (description: string): ResponseDoc => ({ description, schema: z.object({}).passthrough() });
const notFound = (what: string): ResponseDoc => ({ description: `${what} not found`, schema: ApiErrorBody });
const forbidden = (why: string): ResponseDoc => ({ description: why, schema: ApiErrorBody });
const conflictDoc = (why: string): ResponseDoc => ({ description: why, schema: ApiErrorBody });
const UserEnvelope = z.object({ user: PublicUser });

const countHeader = (description: string) => ({ description, schema: { type: 'string', pattern: '^[0-9]+$' } });

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': {
    summary: 'Health check',
    tag: 'System',
    responses: {
      200: { description: 'The database connection is up', schema: z.object({ ok: z.literal(true) }) },
      503: { description: 'The database is not reachable', schema: z.object({ ok: z.literal(false), message: z.string() }) },
    },
  },
  'GET /api/openapi.json': {
    summary: 'This OpenAPI 3.1 document',
    tag: 'System',
    responses: { 200: { description: 'The OpenAPI document, generated from the zod contracts', schema: z.object({ openapi: z.string() }).passthrough() } },
  },

  // ---- Auth and account ------------------------------------------------------------------------
  'GET /api/auth/user': { summary: 'The signed-in user, or null', tag: 'Auth', responses: { 200: { description: 'Current user', schema: CurrentUserResponse } } },
  'POST /api/auth/login': {
    summary: 'Sign in',
    tag: 'Auth',
    responses: { 200: { description: 'Signed in; sets the session cookie', schema: UserEnvelope }, 401: msg('Invalid username or password') },
  },
  'POST /api/auth/logout': { summary: 'Sign out', tag: 'Auth', responses: { 200: msg('Signed out') } },
  'POST /api/auth/signup': {
    summary: 'Create an account (signs in)',
    tag: 'Auth',
    responses: { 201: { description: 'Account created; sets the session cookie', schema: UserEnvelope }, 409: conflictDoc('Username or email already exists') },
  },
  'POST /api/auth/forgot-password': { summary: 'Ask for a password-reset link', tag: 'Auth', responses: { 200: msg('Always the same answer, whether or not the account exists') } },
  'POST /api/auth/reset-password': { summary: 'Set a new password with a reset token', tag: 'Auth', responses: { 200: msg('Password reset') } },
  'PATCH /api/users/profile': {
    summary: 'Edit the own account',
    tag: 'Auth',
    responses: { 200: { description: 'Updated account', schema: UserEnvelope }, 409: conflictDoc('Email already exists') },
  },

  // ---- Workouts --------------------------------------------------------------------------------
  'POST /api/generate-workout': {
    summary: "Generate the day's AI workout",
    tag: 'Workouts',
    responses: { 201: obj('The generated workout'), 429: { description: "The day's workout was already generated", schema: z.object({ message: z.string(), description: z.string().optional() }) } },
  },
  'GET /api/ai-workouts/today': { summary: "The day's generated workout (0 or 1 entries)", tag: 'Workouts', responses: { 200: { description: 'A list of workouts', schema: z.array(z.object({}).passthrough()) } } },
  'GET /api/ai-workouts/saved': { summary: 'The newest saved workouts (at most 5)', tag: 'Workouts', responses: { 200: { description: 'A list of workouts', schema: z.array(z.object({}).passthrough()) } } },
  'DELETE /api/ai-workouts/saved/{id}': { summary: 'Delete an own workout', tag: 'Workouts', responses: { 200: { description: 'Deleted', schema: z.object({ message: z.string(), id: z.number().int() }) }, 403: forbidden('Not yours'), 404: notFound('Workout') } },
  'GET /api/workouts/{id}': { summary: 'A workout plan', tag: 'Workouts', responses: { 200: obj('The workout plan'), 404: notFound('Workout') } },
  'DELETE /api/workouts/{id}': { summary: 'Delete an own workout', tag: 'Workouts', responses: { 200: { description: 'Deleted', schema: z.object({ message: z.string(), id: z.number().int() }) }, 403: forbidden('Not yours'), 404: notFound('Workout') } },

  // ---- Trainers (public reads are open to partner sites, see CORS in the info) -------------------
  'GET /api/trainers': {
    summary: 'Search the trainer directory',
    tag: 'Trainers',
    description:
      'Public, anonymous, CORS-enabled for any origin (no credentials). Filters, sort and page in the query; totals in headers. ' +
      'Default sort: distance when `location` resolves, else rating; 12 per page (at most 48).',
    responses: {
      200: {
        description: 'One page of trainers',
        schema: z.array(TrainerListItemResponse),
        headers: {
          [TRAINER_LIST_HEADERS.totalCount]: countHeader('Matches in all pages'),
          [TRAINER_LIST_HEADERS.hasMore]: { description: 'Another page exists', schema: { type: 'string', enum: ['true', 'false'] } },
          [TRAINER_LIST_HEADERS.locationResolved]: {
            description: 'Only when `location` was given: true = distances are real; false = the place was not recognised, literal text match without distances',
            schema: { type: 'string', enum: ['true', 'false'] },
          },
        },
      },
    },
  },
  'GET /api/trainers/me': { summary: 'The own trainer profile', tag: 'Trainers', responses: { 200: { description: 'Own profile', schema: TrainerResponse }, 404: notFound('Profile') } },
  'POST /api/trainers/profile': {
    summary: 'Create the own trainer profile (trainer accounts)',
    tag: 'Trainers',
    responses: { 201: { description: 'Created', schema: TrainerResponse }, 403: forbidden('Only trainer accounts can create a trainer profile'), 409: conflictDoc('Trainer profile already exists') },
  },
  'GET /api/trainers/{id}': {
    summary: 'A trainer',
    tag: 'Trainers',
    description: 'Public, anonymous, CORS-enabled for any origin (no credentials).',
    responses: { 200: { description: 'The trainer', schema: TrainerResponse }, 404: notFound('Trainer') },
  },
  'GET /api/trainers/{id}/reviews': {
    summary: "A trainer's reviews, newest first",
    tag: 'Trainers',
    description: 'Public, anonymous, CORS-enabled for any origin (no credentials).',
    responses: { 200: { description: 'Reviews', schema: z.array(TrainerReviewResponse) }, 404: notFound('Trainer') },
  },
  'POST /api/reviews': {
    summary: 'Review a trainer (one review per client per trainer; a second one updates it)',
    tag: 'Trainers',
    responses: { 200: { description: 'Updated', schema: TrainerReviewResponse }, 201: { description: 'Created', schema: TrainerReviewResponse }, 403: forbidden('You cannot review your own trainer profile'), 404: notFound('Trainer') },
  },
  'PATCH /api/trainers/{id}': {
    summary: 'Edit the own trainer profile',
    tag: 'Trainers',
    responses: { 200: { description: 'Updated', schema: TrainerResponse }, 403: forbidden('Not your profile'), 404: notFound('Trainer') },
  },
  'POST /api/trainers/{id}/specialties': {
    summary: 'Replace the own specialties',
    tag: 'Trainers',
    responses: { 200: { description: 'Updated', schema: TrainerResponse }, 403: forbidden('Not your profile'), 404: notFound('Trainer') },
  },
  'POST /api/trainers/{id}/upload-photo': {
    summary: 'Upload the own profile photo (JPEG, PNG or WebP, at most 5 MB)',
    tag: 'Trainers',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['profileImage'], properties: { profileImage: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        },
      },
    },
    responses: {
      200: { description: 'The new photo URLs', schema: TrainerPhotoResponseSchema },
      403: forbidden('Not your profile'),
      413: { description: 'Over 5 MB', schema: ApiErrorBody },
      415: { description: 'Not a JPEG, PNG or WebP image', schema: ApiErrorBody },
    },
  },
  'GET /api/trainer-photos/{fileId}': {
    summary: 'A trainer photo (WebP)',
    tag: 'Trainers',
    description: 'Public, CORS-enabled for any origin. Long-cacheable: the URL changes with every new photo; ETag / 304.',
    responses: {
      200: { description: 'The image', content: { 'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } } } },
      304: { description: 'Not modified (If-None-Match)' },
      404: notFound('Photo'),
    },
  },

  // ---- Training log (issue 31; contracts/src/training.ts) --------------------------------------------
  'POST /api/training/sessions': {
    summary: 'Log a finished or stopped guided session (idempotent by clientKey)',
    tag: 'Training',
    description: 'A retry with the same clientKey answers 200 with the stored session (simultaneous duplicates store once); the key reused for another session is a 409.',
    responses: { 201: { description: 'Stored', schema: TrainingSession }, 200: { description: 'Already stored (a retry)', schema: TrainingSession }, 409: conflictDoc('The clientKey was used for a different session') },
  },
  'GET /api/training/sessions': {
    summary: 'My logged sessions, newest first (paged by cursor)',
    tag: 'Training',
    responses: { 200: { description: 'A page of sessions', schema: TrainingSessionPage } },
  },
  'GET /api/training/summary': {
    summary: 'My training: sessions and minutes per week, totals, current and longest streak in a time zone',
    tag: 'Training',
    responses: { 200: { description: 'The summary', schema: TrainingSummary } },
  },

  // ---- Bookings (issue 29; contracts/src/bookings.ts) ---------------------------------------------
  'GET /api/trainers/{id}/availability': {
    summary: "A trainer's weekly availability (public)",
    tag: 'Bookings',
    description: 'Windows per weekday in the trainer\'s time zone, session length, buffer, notice, how far ahead, days off. `configured: false` = never set.',
    responses: { 200: obj('TrainerAvailability'), 404: notFound('Trainer') },
  },
  'PUT /api/trainers/{id}/availability': {
    summary: 'Set the own availability (that trainer only)',
    tag: 'Bookings',
    responses: { 200: obj('TrainerAvailability'), 403: forbidden('Not your profile'), 404: notFound('Trainer') },
  },
  'GET /api/trainers/{id}/slots': {
    summary: "A trainer's free slots (public)",
    tag: 'Bookings',
    description: 'Dates `from`..`to` (inclusive, trainer\'s time zone, at most 31 days; default today + 13 days). Only bookable slots.',
    responses: { 200: obj('SlotsResponse'), 404: notFound('Trainer') },
  },
  'POST /api/bookings': {
    summary: 'Book a slot (a request, or confirmed at once when the trainer says so)',
    tag: 'Bookings',
    description: 'Refused with 400 and a message when the slot is past, too soon, too far ahead, on a day off or outside availability; nothing is stored.',
    responses: { 201: obj('Booking'), 403: forbidden('Your own trainer profile'), 404: notFound('Trainer'), 409: conflictDoc('That time was just taken, or 5 requests are already waiting') },
  },
  'GET /api/bookings': { summary: 'My bookings, as client and as trainer', tag: 'Bookings', responses: { 200: { description: 'Booking[]', schema: z.array(z.object({}).passthrough()) } } },
  'GET /api/bookings/{id}.ics': {
    summary: 'One booking as an iCalendar file (its client or trainer)',
    tag: 'Bookings',
    responses: { 200: { description: 'text/calendar', content: { 'text/calendar': { schema: { type: 'string' } } } }, 404: notFound('Booking') },
  },
  'GET /api/bookings/{id}': { summary: 'One booking (its client or trainer)', tag: 'Bookings', responses: { 200: obj('Booking'), 404: notFound('Booking') } },
  'POST /api/bookings/{id}/confirm': {
    summary: 'Confirm a request (the trainer)',
    tag: 'Bookings',
    responses: { 200: obj('Booking'), 403: forbidden('Only the trainer answers'), 404: notFound('Booking'), 409: conflictDoc('Already answered or expired') },
  },
  'POST /api/bookings/{id}/decline': {
    summary: 'Decline a request, with an optional reason (the trainer)',
    tag: 'Bookings',
    responses: { 200: obj('Booking'), 403: forbidden('Only the trainer answers'), 404: notFound('Booking'), 409: conflictDoc('Already answered or expired') },
  },
  'POST /api/bookings/{id}/cancel': {
    summary: 'Cancel a request or a confirmed session before it starts (client or trainer)',
    tag: 'Bookings',
    description: 'A client cancelling a confirmed session less than 24 hours before the start is marked late.',
    responses: { 200: obj('Booking'), 404: notFound('Booking'), 409: conflictDoc('Can no longer be cancelled') },
  },
  'GET /api/calendar/token': { summary: 'My private calendar feed URL', tag: 'Bookings', responses: { 200: obj('CalendarFeed: url, webcalUrl, createdAt') } },
  'POST /api/calendar/token': { summary: 'Rotate my calendar feed URL (the old one stops working)', tag: 'Bookings', responses: { 200: obj('CalendarFeed') } },
  'GET /api/calendar/{token}.ics': {
    summary: 'A calendar feed (no cookie: the secret URL is the key)',
    tag: 'Bookings',
    responses: { 200: { description: 'text/calendar', content: { 'text/calendar': { schema: { type: 'string' } } } }, 404: notFound('Calendar') },
  },

  // ---- Messages --------------------------------------------------------------------------------
  'GET /api/messages': { summary: 'The own conversations', tag: 'Messages', responses: { 200: { description: 'Conversations, newest first', schema: ConversationList } } },
  'GET /api/messages/unread': { summary: 'Unread messages in total', tag: 'Messages', responses: { 200: { description: 'Unread total', schema: UnreadTotal } } },
  'GET /api/messages/stream': {
    summary: 'Live messages (Server-Sent Events)',
    tag: 'Messages',
    description:
      'Events: message, read, unread, ready, end. The stream ends (an end event, then the response closes) when the session it was opened with ends (sign-out, password reset, expiry), or when the user opens more than 5 streams on one instance (the oldest ends).',
    responses: { 200: { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
  },
  'POST /api/messages': {
    summary: 'Send a message',
    tag: 'Messages',
    responses: { 200: { description: 'Already sent (same client key)', schema: Message }, 201: { description: 'Sent', schema: Message } },
  },
  'GET /api/messages/{partnerId}': {
    summary: 'A conversation',
    tag: 'Messages',
    description: 'Reading a thread changes nothing; marking it read is POST /api/messages/{partnerId}/read.',
    responses: { 200: { description: 'The thread', schema: Thread }, 404: notFound('Person') },
  },
  'POST /api/messages/{partnerId}/read': {
    summary: 'Mark a conversation read',
    tag: 'Messages',
    description: 'The messages to the caller in their thread with the partner, up to upToSeq, become read (the sender sees the read time).',
    responses: { 200: { description: 'Marked read', schema: MarkReadResult }, 404: notFound('Person') },
  },

  // ---- Challenges ------------------------------------------------------------------------------
  'GET /api/challenges': { summary: 'Challenges', tag: 'Challenges', responses: { 200: { description: 'Challenges', schema: z.array(ChallengeSummary) } } },
  'POST /api/challenges': { summary: 'Create a challenge', tag: 'Challenges', responses: { 201: { description: 'Created', schema: ChallengeSummary } } },
  'GET /api/challenges/{id}': { summary: 'A challenge', tag: 'Challenges', responses: { 200: { description: 'The challenge', schema: ChallengeDetail }, 404: notFound('Challenge') } },
  'GET /api/challenges/{id}/participants': {
    summary: 'Leaderboard',
    tag: 'Challenges',
    description: 'Participants in the board order (most progress, then who reached it first, then who joined first), each with its rank; the top 500, or `limit`.',
    responses: { 200: { description: 'Participants, best first', schema: z.array(LeaderboardEntry) }, 404: notFound('Challenge') },
  },
  'GET /api/challenges/{id}/leaderboard': {
    summary: 'Top rows and your rank',
    tag: 'Challenges',
    description:
      "The top rows (10, or `limit`) and, for a signed-in participant, their own row with their rank in the whole board (`me`; null when signed out or not taking part). The rank is counted over the board's index, not read from the board. Counts are the challenge's.",
    responses: { 200: { description: 'The board', schema: ChallengeLeaderboard }, 404: notFound('Challenge') },
  },
  'POST /api/challenges/{id}/join': {
    summary: 'Join a challenge',
    tag: 'Challenges',
    responses: { 200: { description: 'Already joined', schema: JoinResult }, 201: { description: 'Joined', schema: JoinResult }, 404: notFound('Challenge'), 409: conflictDoc('Full or ended') },
  },
  'POST /api/challenges/{id}/progress': { summary: 'Log progress', tag: 'Challenges', responses: { 201: { description: 'Recorded', schema: ProgressResult }, 404: notFound('Challenge') } },
  'GET /api/challenges/community': {
    summary: 'New community challenges',
    tag: 'Challenges',
    description: 'Challenges people created (not the curated ones), not ended and not hidden by reports, newest first; `nextCursor` continues.',
    responses: { 200: { description: 'One page', schema: z.object({ challenges: z.array(ChallengeSummary), nextCursor: z.string().nullable() }) } },
  },
  'POST /api/challenges/{id}/report': {
    summary: 'Report a challenge',
    tag: 'Challenges',
    description: 'Once per person; a challenge reported by three people is hidden until a moderator restores it (`npm run moderate -- challenges`).',
    responses: { 201: { description: 'Reported', schema: z.object({ id: z.number().int(), message: z.string() }) }, 403: forbidden('Own challenge'), 404: notFound('Challenge'), 409: conflictDoc('Already reported') },
  },
  'GET /api/user/challenges': { summary: 'The own challenges', tag: 'Challenges', responses: { 200: { description: 'Joined challenges', schema: z.array(UserChallenge) } } },

  // ---- Community -------------------------------------------------------------------------------
  'GET /api/community-reviews': {
    summary: 'Community reviews',
    tag: 'Community',
    responses: {
      200: {
        description: 'One page of reviews',
        schema: z.array(CommunityReview),
        headers: {
          [TOTAL_COUNT_HEADER]: countHeader('Visible reviews in the filter'),
          [NEXT_CURSOR_HEADER]: { description: 'Cursor of the next page; absent on the last page', schema: { type: 'string' } },
        },
      },
    },
  },
  'POST /api/community-reviews': { summary: 'Post a community review', tag: 'Community', responses: { 201: { description: 'Created', schema: CommunityReview } } },
  'PATCH /api/community-reviews/{id}/helpful': {
    summary: 'Mark a review helpful (once per person)',
    tag: 'Community',
    responses: { 200: { description: 'The count', schema: HelpfulResponse }, 403: forbidden('Own review'), 404: notFound('Review') },
  },
  'POST /api/community-reviews/{id}/report': {
    summary: 'Report a review',
    tag: 'Community',
    responses: { 201: { description: 'Reported', schema: z.object({ id: z.number().int(), message: z.string() }) }, 403: forbidden('Own review'), 404: notFound('Review'), 409: conflictDoc('Already reported') },
  },
  'GET /api/activity': {
    summary: 'Recent activity',
    tag: 'Community',
    description:
      'Public events, newest first: new trainers (near a signed-in viewer with a known location), challenges completed or with several participants, well-rated and helpful community reviews (an anonymous review names nobody). `nextCursor` continues.',
    responses: { 200: { description: 'One page', schema: ActivityPage } },
  },
  'POST /api/feedback': { summary: 'Send feedback', tag: 'Community', responses: { 201: { description: 'Saved', schema: FeedbackResponse } } },

  // ---- Exercises -------------------------------------------------------------------------------
  'GET /api/exercises': {
    summary: 'The exercise library',
    tag: 'Exercises',
    description: 'Public, anonymous, CORS-enabled for any origin (no credentials).',
    responses: { 200: obj('Exercises and the filters that apply') },
  },
  'GET /api/exercises/{slug}': {
    summary: 'An exercise tutorial',
    tag: 'Exercises',
    description: 'Public, anonymous, CORS-enabled for any origin (no credentials).',
    responses: { 200: obj('The exercise'), 404: notFound('Exercise') },
  },

  // ---- Partners --------------------------------------------------------------------------------
  'POST /api/partners/events': {
    summary: 'Count an impression, a search or a click of the embedded trainer finder',
    tag: 'Partners',
    description:
      'Anonymous, from any origin. Send it as a CORS-simple request: Content-Type `text/plain;charset=UTF-8` carrying the JSON ' +
      '(no preflight), or `application/json`. Only partner ids registered with FitConnect are counted; an unknown id is answered 204 and not counted.',
    responses: {
      204: { description: 'Received (counted when the partner id is registered)' },
      413: { description: 'Body over 1 KB', schema: ApiErrorBody },
      415: { description: 'Neither text/plain nor application/json', schema: ApiErrorBody },
    },
  },
  'GET /api/partners/go': {
    summary: "A link from a partner's trainer finder: records the partner's first touch, then redirects",
    tag: 'Partners',
    description:
      'Top-level navigation from the embedded finder. For a registered partner id, a signed-out visitor gets a signed first-party ' +
      'cookie `fc_partner` (30 days, first touch kept) and a signed-in user is attributed at once; a sign-up or first message within ' +
      '30 days then counts for the partner. Redirects (302) to `to` with `?partner=` kept; an unknown id only redirects.',
    responses: { 302: { description: 'To the page on FitConnect' } },
  },
  'GET /api/ops/partners/{partnerId}/report': {
    summary: "One partner's counts per UTC day (operators)",
    tag: 'Partners',
    description:
      'Needs the operator token (`Authorization: Bearer ...`). Impressions, searches, clicks, sign-ups and contacts per day over ' +
      '`days` (1-366, default 30), newest first, zeros included. Counts only, no personal data. Same as `npm run partners -- report <id>`.',
    responses: { 200: obj('The totals and one row per day'), 401: msg('Operator token missing or wrong'), 404: msg('No such partner') },
  },
  // ---- Staged rollouts (operators and the shell; not for partners) ------------------------------
  'GET /api/rollout/remotes': {
    summary: "This visitor's remotes manifest (the shell's /remotes.json)",
    tag: 'Rollouts',
    description:
      'Sets the long-lived first-party visitor cookie `fc_vid` (an id the API signs) when it is missing, or not one the API signed ' +
      '(then a new id is issued). Each area gets its stable entry, or its candidate (with the stable as `fallback`) when the visitor ' +
      'falls in the candidate\'s share and the candidate has room for more recorded visitors. Private, never cached by shared caches. ' +
      'A 429 (new ids are limited per client) makes the static server answer the default manifest. ' +
      'A killed area gives everyone its stable version. A valid preview token (`fc_preview` query parameter, passed on by the static server ' +
      'from the page URL, or the `fc_preview` cookie this answer then sets until the token expires) gives its holder the previewed version ' +
      'of that area, unrecorded; a forged, edited or expired token is ignored.',
    responses: { 200: obj('The remotes: area, container name, entry, version and, for a candidate, the fallback') },
  },
  'POST /api/rollout/events': {
    summary: 'Report a load or a load failure of a remote version (beacon)',
    tag: 'Rollouts',
    description:
      'Same-origin beacon from the shell; JSON or text/plain carrying JSON. A candidate\'s report counts only from a visitor the API ' +
      'signed and gave that candidate, once per visitor and outcome, and up to a share per client network; failures count towards ' +
      'its automatic rollback, which also needs failures from several client networks. Anything else is answered 204 and not counted. ' +
      'With `kind` (issue 34): a health signal of the visitor\'s version, `{ kind: "error", area, version }` (an uncaught error of the ' +
      'area\'s code) or `{ kind: "vitals", area, version, lcp?, inp? }` (ms, 0-60000; else 400), counted under the same rules (signed ' +
      'visitor assigned that version, once per visitor, signal and run, a share per client network).',
    responses: { 204: { description: 'Recorded' }, 413: { description: 'Body too large', schema: ApiErrorBody }, 415: { description: 'Neither text/plain nor application/json', schema: ApiErrorBody } },
  },
  'GET /api/ops/rollout': {
    summary: 'Rollout status of every area (operators)',
    tag: 'Rollouts',
    description: 'Needs the operator token (`Authorization: Bearer ...`); used by `npm run rollout -- status`.',
    responses: { 200: obj('Each area: stable, candidate, percentage, visitors and loads per version, automatic rollback'), 401: msg('Operator token missing or wrong') },
  },
  'POST /api/ops/rollout/{area}/set': {
    summary: "Set an area's candidate and its percentage (operators)",
    tag: 'Rollouts',
    description: 'Needs the operator token. The candidate manifest must be reachable and share the stable version\'s singleton versions.',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong') },
  },
  'POST /api/ops/rollout/{area}/promote': {
    summary: "Make an area's candidate its stable version (operators)",
    tag: 'Rollouts',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong') },
  },
  'POST /api/ops/rollout/{area}/rollback': {
    summary: "Set an area's candidate percentage to 0, keeping the candidate (operators)",
    tag: 'Rollouts',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong') },
  },
  // Issue 34: scheduled plans, kill switch, preview links, audit log. Every change needs a reason (400 without).
  'POST /api/ops/rollout/{area}/plan': {
    summary: "Start a scheduled plan for an area's candidate (operators)",
    tag: 'Rollouts',
    description:
      'Needs an operator token and a reason. Starts the candidate at the first step; every `every` a worker (one instance, claimed atomically) ' +
      'advances it while its health gate holds, holds it while data is insufficient, rolls it back when the gate fails, and promotes it on reaching 100 %.',
    responses: { 200: obj("The area's new rollout, with its plan"), 401: msg('Operator token missing or wrong'), 409: conflictDoc('The area is killed, or changed meanwhile') },
  },
  'POST /api/ops/rollout/{area}/kill': {
    summary: 'Kill switch: every visitor gets the stable version, no plan advances (operators)',
    tag: 'Rollouts',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong'), 409: conflictDoc('Already killed') },
  },
  'POST /api/ops/rollout/{area}/release': {
    summary: 'Release the kill switch (operators)',
    tag: 'Rollouts',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong'), 409: conflictDoc('Not killed') },
  },
  'POST /api/ops/rollout/{area}/preview': {
    summary: 'A signed, expiring preview link for one version of an area (operators)',
    tag: 'Rollouts',
    description: 'Whoever opens the link (`/?fc_preview=<token>`) gets that version of the area; nobody else\'s versions change. Forged, edited or expired tokens are ignored.',
    responses: {
      200: { description: 'The link and its expiry', schema: z.object({ area: z.string(), version: z.string(), entry: z.string(), expiresAt: z.string(), token: z.string(), link: z.string(), warnings: z.array(z.string()) }) },
      401: msg('Operator token missing or wrong'),
    },
  },
  'GET /api/ops/rollout/log': {
    summary: 'The rollout audit log, newest first (operators)',
    tag: 'Rollouts',
    responses: { 200: obj('`entries`: id, time, area, action, actor, reason, state before and after, plan decision with its numbers'), 401: msg('Operator token missing or wrong') },
  },
  'POST /api/ops/rollout/{area}/pause': {
    summary: "Pause an area's running plan: no decision until resumed, the share stays (operators)",
    tag: 'Rollouts',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong'), 409: conflictDoc('No running plan') },
  },
  'POST /api/ops/rollout/{area}/resume': {
    summary: "Resume an area's paused plan; it decides one interval from now (operators)",
    tag: 'Rollouts',
    responses: { 200: obj("The area's new rollout"), 401: msg('Operator token missing or wrong'), 409: conflictDoc('No paused plan') },
  },
  // Issue 34 item 5: the /ops page (operator ACCOUNTS: a signed-in user with the operator role).
  'GET /api/ops/rollouts': {
    summary: 'Every area\'s rollout with its health signals over time (the /ops page)',
    tag: 'Rollouts',
    description:
      'Session cookie of a user with the operator role (`npm run rollout -- operator grant <email>`). Status as `GET /api/ops/rollout`, ' +
      'plus `series`: per area with a candidate, the run\'s signals per 5-minute bucket and version (visitors, visitors with uncaught errors, ' +
      'with API requests and with 5xx answers, LCP and INP p75).',
    responses: { 200: obj('The operator, the status and the series'), 401: msg('Signed out'), 403: msg('Not an operator') },
  },
  'GET /api/ops/rollouts/log': {
    summary: 'The rollout audit log, newest first (the /ops page)',
    tag: 'Rollouts',
    responses: { 200: obj('The entries'), 401: msg('Signed out'), 403: msg('Not an operator') },
  },
  'POST /api/ops/rollouts/{area}/{action}': {
    summary: 'Pause, resume, promote, roll back, kill or release an area\'s rollout (the /ops page)',
    tag: 'Rollouts',
    description: 'Session cookie of an operator; JSON body `{ reason }` (required; the audit log records it with the operator\'s email). Same-origin only.',
    responses: {
      200: obj("The area's new rollout"),
      400: msg('No reason, or an unknown area or action'),
      401: msg('Signed out'),
      403: msg('Not an operator'),
      409: conflictDoc('Not possible in the area\'s state (no running plan to pause, already killed, ...)'),
    },
  },
  'POST /api/ops/rollout/operators': {
    summary: 'Grant or revoke the operator role of an account (operator token)',
    tag: 'Rollouts',
    description: 'Needs the operator token; used by `npm run rollout -- operator grant|revoke <email>`.',
    responses: { 200: obj('The email and whether it is an operator now'), 401: msg('Operator token missing or wrong'), 404: notFound('Account') },
  },
  'POST /api/ops/rollout/log/{entry}/revert': {
    summary: 'Restore the state before an audit log entry (operators)',
    tag: 'Rollouts',
    responses: { 200: obj("The area's restored rollout"), 401: msg('Operator token missing or wrong'), 404: notFound('Log entry'), 409: conflictDoc('Nothing to revert, or the area changed meanwhile') },
  },

  // ---- Notifications (issue 30; contracts/src/notifications.ts) -------------------------------------
  'GET /api/notifications/preferences': {
    summary: 'The own notification switches (email and push, per kind)',
    tag: 'Notifications',
    description: 'Defaults: email on, push off. Security notices (password and email changed) always go out and are not listed.',
    responses: { 200: { description: 'The switches', schema: NotificationPreferences } },
  },
  'PUT /api/notifications/preferences': {
    summary: 'Replace the own notification switches',
    tag: 'Notifications',
    responses: { 200: { description: 'The saved switches', schema: NotificationPreferences } },
  },
  'GET /api/notifications/push/key': {
    summary: "The VAPID public key (the browser's applicationServerKey)",
    tag: 'Notifications',
    responses: { 200: { description: 'The key (base64url)', schema: PushKeyResponse } },
  },
  'POST /api/notifications/push/subscriptions': {
    summary: "Store this browser's Web Push subscription (PushSubscription.toJSON())",
    tag: 'Notifications',
    description:
      'The endpoint must be an https URL whose host is (or resolves only to) public addresses: loopback, private, link-local, unique-local, CGNAT, multicast and unspecified addresses, in any spelling, are refused with 400 (unless the server runs with PUSH_ALLOW_PRIVATE_ENDPOINTS=1, tests and development only). The worker checks again when it sends.',
    responses: {
      201: { description: 'Stored', schema: z.object({ endpoint: z.string() }) },
      403: forbidden('The endpoint belongs to another account'),
      503: msg('DNS could not answer for the endpoint\'s host right now; try again'),
    },
  },
  'DELETE /api/notifications/push/subscriptions': {
    summary: 'Remove one of the own push subscriptions',
    tag: 'Notifications',
    responses: { 200: { description: 'Whether an own subscription was removed (another account\'s is left alone)', schema: z.object({ removed: z.boolean() }) } },
  },
  'GET /api/notifications/unsubscribe': {
    summary: 'What a one-click unsubscribe link would do (no sign-in; changes nothing)',
    tag: 'Notifications',
    description: 'The token is signed (HMAC) for one user and kind. Accept: text/html gives a page with a confirm button; otherwise JSON.',
    responses: {
      200: { description: 'The kind and its current email switch (or an HTML page)', schema: z.object({ kind: z.enum(['messages', 'sessions']), email: z.boolean() }) },
      400: msg('Invalid (forged, altered or malformed) token'),
    },
  },
  'POST /api/notifications/unsubscribe': {
    summary: "One-click unsubscribe (RFC 8058): turn this kind's email off (no sign-in)",
    tag: 'Notifications',
    description: 'The target of List-Unsubscribe; mail clients POST `List-Unsubscribe=One-Click` (form-encoded; the body is not needed).',
    requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } } } } },
    responses: {
      200: { description: 'Unsubscribed (or an HTML page)', schema: z.object({ kind: z.enum(['messages', 'sessions']), email: z.literal(false) }) },
      400: msg('Invalid (forged, altered or malformed) token'),
    },
  },
};

