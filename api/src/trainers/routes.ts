import Router from '@koa/router';
import { z } from 'zod';
import {
  IdParam,
  TRAINER_LIST_HEADERS,
  TRAINER_MESSAGES,
  TrainerListQuery,
  TrainerProfileBody,
  TrainerProfilePatch,
  TrainerReviewBody,
  TrainerSpecialtiesBody,
} from '@fitconnect/contracts';
import { currentUser, requireUser } from '../http/auth';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { authorizeCreateProfile, authorizeEdit, authorizeReview } from './policy';
import { readUploadedFile, replaceTrainerPhoto, servePhoto } from './photos';
import { forgetTrainerCounts } from './countCache';
import { presentReview, presentTrainer, presentTrainerListItem } from './presenter';
import {
  createProfile,
  listTrainers,
  peopleById,
  reviewsOf,
  setSpecialties,
  trainerById,
  trainerOfUser,
  updateProfile,
  upsertReview,
  verifiedClients,
  type StoredTrainer,
} from './service';

const IdParams = z.object({ id: IdParam });
const PhotoParams = z.object({ fileId: z.string().regex(/^[a-f0-9]{24}$/, 'Photo not found') });
const perUser = (ctx: { state: { user?: { id: number } } }) => `user:${ctx.state.user?.id ?? 'anonymous'}`;

/** `own`: the trainer's own view (their full location as typed); anyone else sees it without a full postcode. */
async function present(t: StoredTrainer, own = false) {
  const people = await peopleById([t.userId]);
  return presentTrainer(t, people.get(t.userId), { own });
}

export const trainersRouter = new Router();

// The directory: filters, sort and page in the query; the totals and whether the place resolved in headers.
trainersRouter.get('/api/trainers', validateQuery(TrainerListQuery), async (ctx) => {
  const q = queryOf(ctx, TrainerListQuery);
  const page = await listTrainers(q, ctx.deps);
  const people = await peopleById(page.items.map((i) => i.trainer.userId));
  ctx.set(TRAINER_LIST_HEADERS.totalCount, String(page.total));
  ctx.set(TRAINER_LIST_HEADERS.hasMore, String(q.page * q.limit < page.total));
  const exposed: string[] = [TRAINER_LIST_HEADERS.totalCount, TRAINER_LIST_HEADERS.hasMore];
  if (page.locationResolved !== undefined) {
    ctx.set(TRAINER_LIST_HEADERS.locationResolved, String(page.locationResolved));
    exposed.push(TRAINER_LIST_HEADERS.locationResolved);
  }
  ctx.set('Access-Control-Expose-Headers', exposed.join(', '));
  ctx.body = page.items.map((i) => presentTrainerListItem(i.trainer, people.get(i.trainer.userId), i.distanceMiles));
});

// The caller's own profile (registered before /:id).
trainersRouter.get('/api/trainers/me', requireUser(), async (ctx) => {
  ctx.body = await present(await trainerOfUser(currentUser(ctx).id), true);
});

trainersRouter.post(
  '/api/trainers/profile',
  requireUser(),
  rateLimit({ name: 'trainer-profile', limit: 20, windowMs: 10 * 60 * 1000, key: perUser }),
  validateBody(TrainerProfileBody),
  async (ctx) => {
    const user = currentUser(ctx);
    authorizeCreateProfile(user);
    const trainer = await createProfile(user, bodyOf(ctx, TrainerProfileBody));
    forgetTrainerCounts(ctx.deps);
    ctx.status = 201;
    ctx.body = await present(trainer, true);
  },
);

trainersRouter.get('/api/trainers/:id', validateParams(IdParams), async (ctx) => {
  const trainer = await trainerById(paramsOf(ctx, IdParams).id);
  // The owner's edit form loads this: it gets the location as typed, so saving does not shorten it.
  ctx.body = await present(trainer, ctx.state.user?.id === trainer.userId);
});

trainersRouter.get('/api/trainers/:id/reviews', validateParams(IdParams), async (ctx) => {
  const trainer = await trainerById(paramsOf(ctx, IdParams).id);
  const reviews = await reviewsOf(trainer.id);
  const reviewerIds = reviews.map((r) => r.userId);
  const [people, verified] = await Promise.all([peopleById(reviewerIds), verifiedClients(trainer.userId, reviewerIds, ctx.deps.clock.now())]);
  ctx.body = reviews.map((r) => presentReview(r, people.get(r.userId), verified.has(r.userId)));
});

// The reviewer is always the session user: a `userId` in the body is dropped by the schema.
trainersRouter.post(
  '/api/reviews',
  requireUser(),
  rateLimit({ name: 'trainer-review', limit: 30, windowMs: 10 * 60 * 1000, key: perUser }),
  validateBody(TrainerReviewBody),
  async (ctx) => {
    const user = currentUser(ctx);
    const body = bodyOf(ctx, TrainerReviewBody);
    const trainer = await trainerById(body.trainerId);
    authorizeReview(user, trainer);
    const { review, created } = await upsertReview(user.id, trainer.id, body);
    forgetTrainerCounts(ctx.deps);
    const verified = await verifiedClients(trainer.userId, [user.id], ctx.deps.clock.now());
    ctx.status = created ? 201 : 200;
    ctx.body = presentReview(review, user, verified.has(user.id));
  },
);

trainersRouter.patch('/api/trainers/:id', requireUser(), validateParams(IdParams), validateBody(TrainerProfilePatch), async (ctx) => {
  const trainer = await trainerById(paramsOf(ctx, IdParams).id);
  authorizeEdit(currentUser(ctx), trainer);
  const updated = await updateProfile(trainer.id, bodyOf(ctx, TrainerProfilePatch));
  forgetTrainerCounts(ctx.deps);
  ctx.body = await present(updated, true);
});

trainersRouter.post('/api/trainers/:id/specialties', requireUser(), validateParams(IdParams), validateBody(TrainerSpecialtiesBody), async (ctx) => {
  const trainer = await trainerById(paramsOf(ctx, IdParams).id);
  authorizeEdit(currentUser(ctx), trainer);
  const updated = await setSpecialties(trainer.id, bodyOf(ctx, TrainerSpecialtiesBody).specialties);
  forgetTrainerCounts(ctx.deps);
  ctx.body = await present(updated, true);
});

// Owner checks happen before a byte of the upload is read.
trainersRouter.post(
  '/api/trainers/:id/upload-photo',
  requireUser(),
  rateLimit({ name: 'trainer-photo', limit: 20, windowMs: 10 * 60 * 1000, key: perUser }),
  validateParams(IdParams),
  async (ctx) => {
    const trainer = await trainerById(paramsOf(ctx, IdParams).id);
    authorizeEdit(currentUser(ctx), trainer);
    const file = await readUploadedFile(ctx, 'profileImage');
    ctx.body = await replaceTrainerPhoto(trainer.id, file);
  },
);

trainersRouter.get('/api/trainer-photos/:fileId', validateParams(PhotoParams), async (ctx) => {
  await servePhoto(ctx, paramsOf(ctx, PhotoParams).fileId);
});
