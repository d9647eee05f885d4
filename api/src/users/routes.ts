import Router from '@koa/router';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, UpdateProfileBody, emailChanges } from '@fitconnect/contracts';
import { requireUser, currentUser } from '../http/auth';
import { validateBody, bodyOf } from '../http/validate';
import { badRequest, conflict, unauthorized } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { verifyPassword } from './password';
import { User } from './model';
import { presentUser } from './presenter';
import { afterAnswer } from '../mail/afterAnswer';
import { queueSecurityNotice } from '../notifications/service';
import { deliverNow } from '../notifications/worker';

export const usersRouter = new Router({ prefix: '/api/users' });

/**
 * Wrong current passwords count per account: a stolen session cannot guess its way to an email change.
 * Used as a guard only on the requests that change the email.
 */
const emailChangeLimit = rateLimit({
  name: 'email-change',
  limit: 10,
  windowMs: 60 * 60 * 1000,
  key: (ctx) => `user:${currentUser(ctx).id}`,
  message: 'Too many attempts to change the email address. Please try again later.',
});

/** "jo.bloggs@example.com" -> "jo***@example.com": enough for the owner to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

usersRouter.patch('/profile', requireUser(), validateBody(UpdateProfileBody), async (ctx) => {
  // The request's user is a cached read-only copy without the password hash: edit the stored document.
  const user = await User.findOne({ id: currentUser(ctx).id });
  if (!user) throw unauthorized('Unauthorized');
  const body = bodyOf(ctx, UpdateProfileBody);
  const email = body.email.toLowerCase();
  const oldEmail = user.email;
  const changesEmail = emailChanges(oldEmail, email);
  if (changesEmail) {
    // Whoever holds the session must also know the password before the account's mail address moves.
    if (!body.currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED, [{ path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED }]);
    await emailChangeLimit(ctx, async () => undefined);
    if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
      throw badRequest(CURRENT_PASSWORD_WRONG, [{ path: ['currentPassword'], message: CURRENT_PASSWORD_WRONG }]);
    }
    if (await User.exists({ email, id: { $ne: user.id } })) throw conflict('Email already exists');
  }
  user.set({ firstName: body.firstName, lastName: body.lastName, email, location: body.location ?? '' });
  try {
    await user.save();
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw conflict('Email already exists');
    throw err;
  }
  // This instance shows the change at once; others read the user again within the cache TTL.
  ctx.authCache.dropUser(user.id);
  if (changesEmail) {
    // Tell the old address, so an owner who did not do this can act (reset the password, contact us). A security
    // notice (issue 30): written to the notification outbox now, delivered right after the answer; if that
    // fails, the notification worker retries it.
    const data = { firstName: user.firstName, username: user.username, newEmailMasked: maskEmail(email) };
    const rowId = await queueSecurityNotice(user.id, 'email-changed', oldEmail, data, ctx.deps.clock.now());
    const { deps } = ctx;
    afterAnswer(ctx, async () => void (await deliverNow(deps, rowId)), (err) => deps.logger.error('Could not send the email-change notice to the old address', err));
  }
  ctx.body = { user: presentUser(user) };
});
