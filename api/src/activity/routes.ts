import Router from '@koa/router';
import { ActivityQuery } from '@fitconnect/contracts';
import { queryOf, validateQuery } from '../http/validate';
import { listActivity } from './service';

export const activityRouter = new Router();

// The Community feed's "Recent activity" (issue 28.9): public, newest first, paged by cursor. A signed-in
// viewer with a known location sees new trainers near them only.
activityRouter.get('/api/activity', validateQuery(ActivityQuery), async (ctx) => {
  const { cursor } = queryOf(ctx, ActivityQuery);
  ctx.body = await listActivity(cursor, ctx.state.user?.id ?? null);
});
