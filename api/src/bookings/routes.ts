import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  AvailabilityBody,
  BOOKING_MESSAGES,
  BookingIdParams,
  BookingListQuery,
  BookingReasonBody,
  CreateBookingBody,
  IdParam,
  SlotsQuery,
  type CalendarFeed,
} from '@fitconnect/contracts';
import { currentUser, requireUser } from '../http/auth';
import { notFound } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { bookingIcs, FEED_TOKEN, feedIcs, feedOwner, feedToken, rotateFeedToken } from './calendar';
import { authorizeAnswer, authorizeBook, authorizeEditAvailability, authorizeParticipant, roleIn } from './policy';
import { presentAvailability, presentBooking, presentSlots } from './presenter';
import {
  DEFAULT_AVAILABILITY,
  availabilityOf,
  bookingById,
  bookingsOf,
  cancelBooking,
  confirmBooking,
  createBooking,
  declineBooking,
  isUpcoming,
  namesOf,
  saveAvailability,
  slotsOf,
  trainerById,
  type StoredBooking,
} from './service';

const TrainerParams = z.object({ id: IdParam });
// A malformed token is as unknown as a wrong one: 404, not a 400 that tells them apart.
const FeedParams = z.object({ token: z.string() });
const perUser = (ctx: Context) => `user:${ctx.state.user?.id ?? 'anonymous'}`;
const TEN_MINUTES = 10 * 60 * 1000;

async function present(ctx: Context, b: StoredBooking) {
  const user = currentUser(ctx);
  const names = await namesOf([b.clientId, b.trainerUserId]);
  return presentBooking(b, roleIn(user, b), names, ctx.deps.clock.now());
}

function feedAnswer(ctx: Context, f: { token: string; createdAt: Date }): CalendarFeed {
  const url = `${ctx.deps.config.publicUrl}/api/calendar/${f.token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: f.createdAt.toISOString() };
}

function sendIcs(ctx: Context, body: string, filename: string) {
  ctx.type = 'text/calendar; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  // Private to the caller (a session or a secret URL): never kept by shared caches.
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = body;
}

export const bookingsRouter = new Router();

// ---- A trainer's schedule and free slots (public reads) -----------------------------------------------

bookingsRouter.get('/api/trainers/:id/availability', validateParams(TrainerParams), async (ctx) => {
  const trainer = await trainerById(paramsOf(ctx, TrainerParams).id);
  ctx.body = presentAvailability(trainer.id, await availabilityOf(trainer.id), DEFAULT_AVAILABILITY);
});

bookingsRouter.put(
  '/api/trainers/:id/availability',
  requireUser(),
  rateLimit({ name: 'availability', limit: 30, windowMs: TEN_MINUTES, key: perUser }),
  validateParams(TrainerParams),
  validateBody(AvailabilityBody),
  async (ctx) => {
    const trainer = await trainerById(paramsOf(ctx, TrainerParams).id);
    authorizeEditAvailability(currentUser(ctx), trainer);
    const saved = await saveAvailability(trainer, bodyOf(ctx, AvailabilityBody), ctx.deps.clock.now());
    ctx.body = presentAvailability(trainer.id, saved, DEFAULT_AVAILABILITY);
  },
);

// Public and computed per call: limited per client address (a scraper walking every trainer and month).
bookingsRouter.get(
  '/api/trainers/:id/slots',
  rateLimit({ name: 'slots', limit: 120, windowMs: 60 * 1000 }),
  validateParams(TrainerParams),
  validateQuery(SlotsQuery),
  async (ctx) => {
    const trainer = await trainerById(paramsOf(ctx, TrainerParams).id);
    ctx.body = presentSlots(trainer.id, await slotsOf(trainer, queryOf(ctx, SlotsQuery), ctx.deps.clock.now()));
  },
);

// ---- Bookings ------------------------------------------------------------------------------------

bookingsRouter.post(
  '/api/bookings',
  requireUser(),
  rateLimit({ name: 'booking-create', limit: 20, windowMs: TEN_MINUTES, key: perUser }),
  validateBody(CreateBookingBody),
  async (ctx) => {
    const user = currentUser(ctx);
    const body = bodyOf(ctx, CreateBookingBody);
    const trainer = await trainerById(body.trainerId);
    authorizeBook(user, trainer);
    const booking = await createBooking(user, trainer, body, ctx.deps.clock.now(), ctx.deps.logger);
    ctx.status = 201;
    ctx.body = await present(ctx, booking);
  },
);

bookingsRouter.get('/api/bookings', requireUser(), validateQuery(BookingListQuery), async (ctx) => {
  const user = currentUser(ctx);
  const q = queryOf(ctx, BookingListQuery);
  const now = ctx.deps.clock.now();
  let list = await bookingsOf(user.id, q.role, now);
  if (q.when === 'upcoming') list = list.filter((b) => isUpcoming(b, now)).sort((a, b) => a.start.getTime() - b.start.getTime());
  else if (q.when === 'past') list = list.filter((b) => !isUpcoming(b, now)).sort((a, b) => b.start.getTime() - a.start.getTime());
  else list = list.sort((a, b) => a.start.getTime() - b.start.getTime());
  const names = await namesOf(list.flatMap((b) => [b.clientId, b.trainerUserId]));
  ctx.body = list.map((b) => presentBooking(b, roleIn(user, b), names, now));
});

// Before '/api/bookings/:id': '5.ics' is not an id.
bookingsRouter.get(
  '/api/bookings/:id.ics',
  requireUser(),
  rateLimit({ name: 'booking-ics', limit: 60, windowMs: TEN_MINUTES, key: perUser }),
  validateParams(BookingIdParams),
  async (ctx) => {
    const b = await bookingById(paramsOf(ctx, BookingIdParams).id);
    const role = authorizeParticipant(currentUser(ctx), b);
    sendIcs(ctx, await bookingIcs(b, role, ctx.deps.clock.now()), `fitconnect-session-${b.id}.ics`);
  },
);

bookingsRouter.get('/api/bookings/:id', requireUser(), validateParams(BookingIdParams), async (ctx) => {
  const b = await bookingById(paramsOf(ctx, BookingIdParams).id);
  authorizeParticipant(currentUser(ctx), b);
  ctx.body = await present(ctx, b);
});

const answerLimit = () => rateLimit({ name: 'booking-answer', limit: 60, windowMs: TEN_MINUTES, key: perUser });

bookingsRouter.post('/api/bookings/:id/confirm', requireUser(), answerLimit(), validateParams(BookingIdParams), async (ctx) => {
  const b = await bookingById(paramsOf(ctx, BookingIdParams).id);
  authorizeAnswer(currentUser(ctx), b);
  ctx.body = await present(ctx, await confirmBooking(b, ctx.deps.clock.now(), ctx.deps.logger));
});

bookingsRouter.post(
  '/api/bookings/:id/decline',
  requireUser(),
  answerLimit(),
  validateParams(BookingIdParams),
  validateBody(BookingReasonBody),
  async (ctx) => {
    const b = await bookingById(paramsOf(ctx, BookingIdParams).id);
    authorizeAnswer(currentUser(ctx), b);
    ctx.body = await present(ctx, await declineBooking(b, bodyOf(ctx, BookingReasonBody).reason, ctx.deps.clock.now(), ctx.deps.logger));
  },
);

bookingsRouter.post(
  '/api/bookings/:id/cancel',
  requireUser(),
  answerLimit(),
  validateParams(BookingIdParams),
  validateBody(BookingReasonBody),
  async (ctx) => {
    const b = await bookingById(paramsOf(ctx, BookingIdParams).id);
    const role = authorizeParticipant(currentUser(ctx), b);
    ctx.body = await present(ctx, await cancelBooking(b, role, bodyOf(ctx, BookingReasonBody).reason, ctx.deps.clock.now(), ctx.deps.logger));
  },
);

// ---- Calendar feed -------------------------------------------------------------------------------

bookingsRouter.get('/api/calendar/token', requireUser(), async (ctx) => {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = feedAnswer(ctx, await feedToken(currentUser(ctx).id, ctx.deps.sessionSecret, ctx.deps.clock.now()));
});

bookingsRouter.post('/api/calendar/token', requireUser(), rateLimit({ name: 'calendar-rotate', limit: 10, windowMs: 60 * 60 * 1000, key: perUser }), async (ctx) => {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = feedAnswer(ctx, await rotateFeedToken(currentUser(ctx).id, ctx.deps.sessionSecret, ctx.deps.clock.now()));
});

// No cookie: calendar apps fetch it with the secret URL alone. Limited per address (token guessing, polling storms).
bookingsRouter.get(
  '/api/calendar/:token.ics',
  rateLimit({ name: 'calendar-feed', limit: 60, windowMs: 60 * 1000 }),
  validateParams(FeedParams),
  async (ctx) => {
    const { token } = paramsOf(ctx, FeedParams);
    const userId = FEED_TOKEN.test(token) ? await feedOwner(token) : null;
    if (userId === null) throw notFound(BOOKING_MESSAGES.calendarNotFound);
    sendIcs(ctx, await feedIcs(userId, ctx.deps.clock.now()), 'fitconnect.ics');
  },
);
