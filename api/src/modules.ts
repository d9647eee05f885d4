import type Router from '@koa/router';
import { authRouter } from './auth/routes';
import { usersRouter } from './users/routes';
// Feature modules: one import and one entry per module (each router carries its own /api/... prefix).
import { workoutsRouter } from './workouts/routes';
import { trainersRouter } from './trainers/routes';
import { bookingsRouter } from './bookings/routes';
import { messagesRouter } from './messages/routes';
import { challengesRouter } from './challenges/routes';
import { communityRouter } from './community/routes';
import { feedbackRouter } from './feedback/routes';
import { exercisesRouter } from './exercises/routes';
import { partnersRouter } from './partners/routes';
import { rolloutRouter } from './rollout/routes';
import { trainingRouter } from './training/routes';
import { notificationsRouter } from './notifications/routes';
import { activityRouter } from './activity/routes';

/** Every router the app mounts, in order. */
export const moduleRouters: Router[] = [
  authRouter,
  usersRouter,
  workoutsRouter,
  trainersRouter,
  bookingsRouter,
  messagesRouter,
  challengesRouter,
  communityRouter,
  feedbackRouter,
  exercisesRouter,
  partnersRouter,
  rolloutRouter,
  trainingRouter,
  notificationsRouter,
  activityRouter,
];
