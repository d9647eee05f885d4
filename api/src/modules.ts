import type Router from '@koa/router';
import { authRouter } from './auth/routes';
import { usersRouter } from './users/routes';
// Feature modules: one import and one entry per module (each router carries its own /api/... prefix).
import { workoutsRouter } from './workouts/routes';
import { exercisesRouter } from './exercises/routes';

/** Every router the app mounts, in order. */
export const moduleRouters: Router[] = [
  authRouter,
  usersRouter,
  workoutsRouter,
  exercisesRouter,
];
