import Router from '@koa/router';
import { ExerciseQuery, ExerciseSlugParams } from '@fitconnect/contracts';
import { notFound } from '../http/errors';
import { paramsOf, queryOf, validateParams, validateQuery } from '../http/validate';
import { EXERCISE_BY_SLUG, toDetail } from './catalogue';
import { listExercises } from './service';

export const exercisesRouter = new Router();

// The library: public, static data; cacheable for a few minutes.
exercisesRouter.get('/api/exercises', validateQuery(ExerciseQuery), async (ctx) => {
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.body = listExercises(queryOf(ctx, ExerciseQuery));
});

exercisesRouter.get('/api/exercises/:slug', validateParams(ExerciseSlugParams), async (ctx) => {
  const { slug } = paramsOf(ctx, ExerciseSlugParams);
  const entry = EXERCISE_BY_SLUG.get(slug);
  if (!entry) throw notFound('Exercise not found');
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.body = toDetail(entry);
});
