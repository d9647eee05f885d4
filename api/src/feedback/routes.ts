import Router from '@koa/router';
import { FeedbackBody } from '@fitconnect/contracts';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, validateBody } from '../http/validate';
import { Feedback } from './model';
import { presentFeedback } from './presenter';

export const feedbackRouter = new Router();

/**
 * POST /api/feedback. Anyone may send feedback; who sent it is the session's business only: userId is the
 * signed-in user (null when signed out) and isTrainer comes from that account, whatever the body says.
 * Limited per client address (10 in 10 minutes).
 */
feedbackRouter.post(
  '/api/feedback',
  rateLimit({ name: 'feedback', limit: 10, windowMs: 10 * 60 * 1000, message: 'Too much feedback from this address. Please try again in a few minutes.' }),
  validateBody(FeedbackBody),
  async (ctx) => {
    const body = bodyOf(ctx, FeedbackBody);
    const user = ctx.state.user;
    const saved = await Feedback.create({
      type: body.type,
      content: body.content,
      email: body.email,
      joinCommunity: body.joinCommunity,
      interests: body.interests,
      userId: user?.id ?? null,
      isTrainer: Boolean(user?.isTrainer),
      createdAt: ctx.deps.clock.now(),
    });
    ctx.status = 201;
    ctx.body = presentFeedback(saved);
  },
);
