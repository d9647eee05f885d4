import Router from '@koa/router';
import { UpdateProfileBody } from '@fitconnect/contracts';
import { requireUser, currentUser } from '../http/auth';
import { validateBody, bodyOf } from '../http/validate';
import { conflict } from '../http/errors';
import { User } from './model';
import { presentUser } from './presenter';

export const usersRouter = new Router({ prefix: '/api/users' });

usersRouter.patch('/profile', requireUser(), validateBody(UpdateProfileBody), async (ctx) => {
  const user = currentUser(ctx);
  const body = bodyOf(ctx, UpdateProfileBody);
  const email = body.email.toLowerCase();
  if (email !== user.email && (await User.exists({ email, id: { $ne: user.id } }))) throw conflict('Email already exists');
  user.set({ firstName: body.firstName, lastName: body.lastName, email, location: body.location ?? '' });
  try {
    await user.save();
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw conflict('Email already exists');
    throw err;
  }
  ctx.body = { user: presentUser(user) };
});
