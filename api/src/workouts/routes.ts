import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { IdParam, WorkoutRequest } from '@fitconnect/contracts';
import type { Config } from '../config';
import { currentUser, requireUser } from '../http/auth';
import { notFound } from '../http/errors';
import { bodyOf, paramsOf, validateBody, validateParams } from '../http/validate';
import { createGenerator, type WorkoutGenerator } from './generators';
import { Workout } from './model';
import { authorizeDelete } from './policy';
import { forgetPlan, forgetPlansOf, readPlanBody } from './planCache';
import { presentDeletedTodaysWorkout, presentGeneratedWorkout } from './presenter';
import { DailyLimitError, generateWorkout, savedWorkouts, spentClaimWithoutWorkout, todaysWorkouts } from './service';

declare module '../context' {
  interface AppDeps {
    /** Overrides the generator chosen from the config (OPENAI_API_KEY -> OpenAI, else the built-in planner). */
    workoutGenerator?: WorkoutGenerator;
  }
}

const defaultGenerators = new WeakMap<Config, WorkoutGenerator>();
function generatorFor(deps: { config: Config; workoutGenerator?: WorkoutGenerator }): WorkoutGenerator {
  if (deps.workoutGenerator) return deps.workoutGenerator;
  let g = defaultGenerators.get(deps.config);
  if (!g) {
    g = createGenerator({ openaiApiKey: deps.config.openaiApiKey });
    defaultGenerators.set(deps.config, g);
  }
  return g;
}

const IdParams = z.object({ id: IdParam });

export const workoutsRouter = new Router();

// Generate today's workout (one per user per UTC day), auto-saved.
workoutsRouter.post('/api/generate-workout', requireUser(), validateBody(WorkoutRequest), async (ctx) => {
  const user = currentUser(ctx);
  try {
    const workout = await generateWorkout(user.id, bodyOf(ctx, WorkoutRequest), generatorFor(ctx.deps), ctx.deps.clock.now());
    // Generating may have dropped the user's oldest saved workout (trimSaved).
    forgetPlansOf(ctx.deps, user.id);
    ctx.status = 201;
    ctx.body = presentGeneratedWorkout(workout);
  } catch (err) {
    if (!(err instanceof DailyLimitError)) throw err;
    ctx.status = 429;
    ctx.body = { message: err.message, description: err.description };
  }
});

workoutsRouter.get('/api/ai-workouts/today', requireUser(), async (ctx) => {
  const user = currentUser(ctx);
  const now = ctx.deps.clock.now();
  const workouts = await todaysWorkouts(user.id, now);
  if (workouts.length > 0) {
    ctx.body = workouts.map(presentGeneratedWorkout);
    return;
  }
  const spent = await spentClaimWithoutWorkout(user.id, now);
  ctx.body = spent ? [presentDeletedTodaysWorkout(spent)] : [];
});

workoutsRouter.get('/api/ai-workouts/saved', requireUser(), async (ctx) => {
  const user = currentUser(ctx);
  ctx.body = (await savedWorkouts(user.id)).map(presentGeneratedWorkout);
});

async function deleteOwned(ctx: ParameterizedContext) {
  const user = currentUser(ctx);
  const { id } = paramsOf(ctx, IdParams);
  const workout = await Workout.findOne({ id }).lean();
  if (!workout) throw notFound('Workout not found');
  authorizeDelete(user, workout);
  await Workout.deleteOne({ id, userId: user.id });
  // After the delete: a plan read before it is dropped, and a read in flight across it is not kept (readCache's epoch).
  forgetPlan(ctx.deps, id);
  ctx.body = { message: 'Workout deleted', id };
}

workoutsRouter.delete('/api/ai-workouts/saved/:id', requireUser(), validateParams(IdParams), deleteOwned);

// The detail view: readable by anyone with the link; others than the owner get no personal details beyond
// level, goal and equipment (the description and tips name the owner's injuries). Read through the plan
// cache (planCache.ts): a deleted plan is gone at once here, within 1 s on other instances.
workoutsRouter.get('/api/workouts/:id', validateParams(IdParams), async (ctx) => {
  const { id } = paramsOf(ctx, IdParams);
  const body = await readPlanBody(ctx.deps, id, ctx.state.user?.id);
  if (body === null) throw notFound('Workout not found');
  // The plan as presentWorkoutPlan gives it, already serialized (planCache.ts).
  ctx.type = 'json';
  ctx.body = body;
});

workoutsRouter.delete('/api/workouts/:id', requireUser(), validateParams(IdParams), deleteOwned);
