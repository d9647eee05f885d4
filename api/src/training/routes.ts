import Router from '@koa/router';
import type { Context } from 'koa';
import {
  LogTrainingSessionBody,
  TRAINING_PAGE_SIZE,
  TRAINING_SUMMARY_WEEKS,
  TrainingSessionsQuery,
  TrainingSummaryQuery,
  trainingDateProblem,
} from '@fitconnect/contracts';
import { currentUser, requireUser } from '../http/auth';
import { badRequest } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, queryOf, validateBody, validateQuery } from '../http/validate';
import { presentSession } from './presenter';
import { logSession, sessionsOf, summaryOf } from './service';

const perUser = (ctx: Context) => `user:${ctx.state.user?.id ?? 'anonymous'}`;

/**
 * The session log and My training (issue 31.4-5). Every route is the signed-in user's own: there is no way to
 * name another user's sessions (no user id in any path or query), so nobody ever reads or writes someone else's.
 */
export const trainingRouter = new Router();

// Log a finished (or stopped) guided session: 201 stored, 200 the same session again on a retry (same clientKey).
trainingRouter.post(
  '/api/training/sessions',
  requireUser(),
  // An offline queue sends what piled up at once; a person does not finish 60 sessions an hour.
  rateLimit({ name: 'training-log', limit: 60, windowMs: 60 * 60 * 1000, key: perUser }),
  validateBody(LogTrainingSessionBody),
  async (ctx) => {
    const user = currentUser(ctx);
    const body = bodyOf(ctx, LogTrainingSessionBody);
    const now = ctx.deps.clock.now();
    const problem = trainingDateProblem(body.finishedAt, now);
    if (problem) throw badRequest(problem, [{ path: ['finishedAt'], message: problem }]);
    const { session, replayed } = await logSession(user.id, body, now);
    ctx.status = replayed ? 200 : 201;
    ctx.body = presentSession(session);
  },
);

trainingRouter.get('/api/training/sessions', requireUser(), validateQuery(TrainingSessionsQuery), async (ctx) => {
  const user = currentUser(ctx);
  const q = queryOf(ctx, TrainingSessionsQuery);
  const page = await sessionsOf(user.id, q.cursor, q.limit ?? TRAINING_PAGE_SIZE);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = { sessions: page.sessions.map(presentSession), nextCursor: page.nextCursor };
});

// Weeks, totals and streaks, in the caller's time zone (?tz=Europe/London; the browser's own by default in the UI).
trainingRouter.get('/api/training/summary', requireUser(), validateQuery(TrainingSummaryQuery), async (ctx) => {
  const user = currentUser(ctx);
  const q = queryOf(ctx, TrainingSummaryQuery);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = await summaryOf(user.id, q.tz, ctx.deps.clock.now(), q.weeks ?? TRAINING_SUMMARY_WEEKS);
});
