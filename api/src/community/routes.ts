import Router from '@koa/router';
import { z } from 'zod';
import {
  CommunityReviewsQuery,
  CreateCommunityReviewBody,
  IdParam,
  NEXT_CURSOR_HEADER,
  ReportCommunityReviewBody,
  TOTAL_COUNT_HEADER,
} from '@fitconnect/contracts';
import { currentUser, requireUser } from '../http/auth';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { createReview, listReviews, markHelpful, reportReview } from './service';

const IdParams = z.object({ id: IdParam });
const perUser = (ctx: { state: { user?: { id: number } } }) => `user:${ctx.state.user?.id ?? 'anon'}`;

export const communityRouter = new Router();

// The list: body is the array of reviews (SPEC §7); paging and the total travel in headers.
communityRouter.get('/api/community-reviews', validateQuery(CommunityReviewsQuery), async (ctx) => {
  const q = queryOf(ctx, CommunityReviewsQuery);
  const page = await listReviews(q, ctx.state.user?.id ?? null);
  ctx.set(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) ctx.set(NEXT_CURSOR_HEADER, page.nextCursor);
  ctx.set('Access-Control-Expose-Headers', `${NEXT_CURSOR_HEADER}, ${TOTAL_COUNT_HEADER}`);
  ctx.body = page.reviews;
});

communityRouter.post(
  '/api/community-reviews',
  requireUser(),
  rateLimit({ name: 'community-review', limit: 20, windowMs: 60 * 60 * 1000, key: perUser, message: 'You have posted a lot of reviews. Please try again later.' }),
  validateBody(CreateCommunityReviewBody),
  async (ctx) => {
    const user = currentUser(ctx);
    ctx.status = 201;
    ctx.body = await createReview(user.id, bodyOf(ctx, CreateCommunityReviewBody), ctx.deps.clock.now());
  },
);

communityRouter.patch('/api/community-reviews/:id/helpful', requireUser(), validateParams(IdParams), async (ctx) => {
  const user = currentUser(ctx);
  ctx.body = await markHelpful(paramsOf(ctx, IdParams).id, user.id, ctx.deps.clock.now());
});

communityRouter.post(
  '/api/community-reviews/:id/report',
  requireUser(),
  rateLimit({ name: 'community-report', limit: 30, windowMs: 60 * 60 * 1000, key: perUser }),
  validateParams(IdParams),
  validateBody(ReportCommunityReviewBody),
  async (ctx) => {
    const user = currentUser(ctx);
    const { id } = paramsOf(ctx, IdParams);
    await reportReview(id, user.id, bodyOf(ctx, ReportCommunityReviewBody), ctx.deps.clock.now());
    ctx.status = 201;
    ctx.body = { id, message: 'Thank you. A moderator will take a look at this review.' };
  },
);
