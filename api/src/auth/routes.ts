import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { LoginBody, SignupBody, ForgotPasswordBody, ResetPasswordBody } from '@fitconnect/contracts';
import { validateBody, bodyOf } from '../http/validate';
import { rateLimit } from '../http/rateLimit';
import { badRequest, conflict, unauthorized, toHttpError } from '../http/errors';
import { destroyUserSessions } from '../http/session';
import { User, EARLY_ACCESS_TRAINERS, type UserDoc } from '../users/model';
import { presentUser } from '../users/presenter';
import { hashPassword, verifyPassword, needsRehash, timingDummyHash } from '../users/password';
import { nextId } from '../db/counter';
import { issueResetToken, consumeResetToken, RESET_TOKEN_TTL_MS } from './resetToken';
import { signInBackoff, clearAttempts } from './signInBackoff';
import { afterAnswer } from '../mail/afterAnswer';
import { queueSecurityNotice } from '../notifications/service';
import { deliverNow } from '../notifications/worker';
import type { Context } from 'koa';
import { attributeSignup, quietly } from '../partners/attribution';

/** Rate-limit key of an email address: hashed, so the counters never store addresses. */
function emailKey(email: string): string {
  return 'email:' + createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export const FORGOT_PASSWORD_MESSAGE = 'If an account with that email exists, a reset link has been sent.';
const MINUTE = 60 * 1000;

export const authRouter = new Router({ prefix: '/api/auth' });

/** Sign a user in on this request: a fresh session key (no fixation) holding the userId. */
async function signIn(ctx: Context, user: UserDoc) {
  const s = ctx.session;
  if (!s) throw new Error('session middleware missing');
  s.userId = user.id;
  await s.regenerate();
  ctx.state.user = user;
}

// The answer for a signed-in user, serialized once per cached user object (authCache.ts: frozen, replaced on
// any change), so the most frequent signed-in call does not present and stringify the same user each time.
const userBodies = new WeakMap<object, string>();
const SIGNED_OUT_BODY = JSON.stringify({ user: null });

authRouter.get('/user', async (ctx) => {
  const user = ctx.state.user;
  let body = SIGNED_OUT_BODY;
  if (user) {
    body = userBodies.get(user) ?? JSON.stringify({ user: presentUser(user) });
    if (Object.isFrozen(user)) userBodies.set(user, body);
  }
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'json';
  ctx.body = body;
});

authRouter.post(
  '/login',
  // Per client address (IPv6 per /64), then per account name from any address (auth/signInBackoff.ts).
  rateLimit({ name: 'login', limit: 20, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts. Please wait a few minutes and try again.' }),
  validateBody(LoginBody),
  signInBackoff((ctx) => bodyOf(ctx, LoginBody).username),
  async (ctx) => {
    const { username, password } = bodyOf(ctx, LoginBody);
    const cost = ctx.deps.config.scrypt;
    const user = await User.findOne({ usernameLower: username.toLowerCase() });
    // An unknown name costs the same scrypt work as a wrong password (no telling names apart by time).
    const ok = user ? await verifyPassword(password, user.passwordHash) : (await verifyPassword(password, timingDummyHash(cost)), false);
    if (!user || !ok) throw unauthorized('Invalid username or password');
    await clearAttempts(username);
    // A hash made with older (cheaper) parameters is replaced now that the password is at hand.
    if (needsRehash(user.passwordHash, cost)) {
      const passwordHash = await hashPassword(password, cost);
      await User.updateOne({ id: user.id, passwordHash: user.passwordHash }, { $set: { passwordHash } });
      user.passwordHash = passwordHash;
    }
    await signIn(ctx, user);
    ctx.body = { user: presentUser(user) };
  },
);

authRouter.post('/logout', async (ctx) => {
  ctx.session = null;
  ctx.state.user = undefined;
  ctx.body = { message: 'Logged out successfully' };
});

authRouter.post(
  '/signup',
  rateLimit({ name: 'signup', limit: 10, windowMs: 60 * MINUTE, message: 'Too many accounts created from here. Please try again later.' }),
  validateBody(SignupBody),
  async (ctx) => {
    const body = bodyOf(ctx, SignupBody);
    const email = body.email.toLowerCase();
    if (await User.exists({ usernameLower: body.username.toLowerCase() })) throw conflict('Username already exists');
    if (await User.exists({ email })) throw conflict('Email already exists');
    const trainerNumber = body.isTrainer ? await nextId('trainerNumber') : null;
    let user: UserDoc;
    try {
      user = await User.create({
        username: body.username,
        email,
        firstName: body.firstName,
        lastName: body.lastName,
        location: body.location ?? '',
        isTrainer: body.isTrainer,
        trainerNumber,
        promoTrainer: trainerNumber !== null && trainerNumber <= EARLY_ACCESS_TRAINERS,
        passwordHash: await hashPassword(body.password, ctx.deps.config.scrypt),
      });
    } catch (err) {
      // Lost a race with a concurrent signup: say which field, like the checks above.
      const e = err as { code?: number; keyPattern?: Record<string, unknown> };
      if (e.code === 11000) throw conflict(e.keyPattern && 'email' in e.keyPattern ? 'Email already exists' : 'Username already exists');
      throw toHttpError(err) ?? err;
    }
    await signIn(ctx, user);
    // A visitor who came from a partner's finder within 30 days counts as that partner's sign-up (issue 33).
    await quietly('sign-up attribution', () => attributeSignup(ctx, user.id, ctx.deps.clock.now()), ctx.deps.logger);
    ctx.status = 201;
    ctx.body = { user: presentUser(user) };
  },
);

authRouter.post(
  '/forgot-password',
  rateLimit({ name: 'forgot', limit: 5, windowMs: 15 * MINUTE, message: 'Too many reset requests. Please wait a few minutes and try again.' }),
  validateBody(ForgotPasswordBody),
  // Per address too, whatever the client: nobody can flood one mailbox from many clients. Counted for
  // every address alike (an account or not), so the limit tells nothing about which addresses exist.
  rateLimit({
    name: 'forgot-email',
    limit: 5,
    windowMs: 60 * MINUTE,
    key: (ctx) => emailKey(bodyOf(ctx, ForgotPasswordBody).email),
    message: 'Too many reset requests for this email address. Please try again later.',
  }),
  async (ctx) => {
    const { email } = bodyOf(ctx, ForgotPasswordBody);
    const { config, mailer, logger, clock } = ctx.deps;
    // The same answer at once for every address: the lookup, the token and the mail happen after it
    // (mail/afterAnswer.ts), so neither the answer nor its timing says whether an account exists, and a
    // slow or failing mail server shows in the log only.
    ctx.body = { message: FORGOT_PASSWORD_MESSAGE };
    const requestedAt = clock.now();
    afterAnswer(
      ctx,
      async () => {
        const user = await User.findOne({ email: email.toLowerCase() });
        if (!user) return;
        const token = await issueResetToken(user.id, requestedAt);
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const minutes = Math.round(RESET_TOKEN_TTL_MS / MINUTE);
        await mailer.send({
          to: user.email,
          subject: 'Reset your FitConnect password',
          text:
            `Hi ${user.firstName},\n\nSomeone (hopefully you) asked to reset the password of your FitConnect account "${user.username}".\n` +
            `Open this link within ${minutes} minutes to choose a new password:\n\n${link}\n\n` +
            `The link works once. If you did not ask for this, ignore this email; your password stays the same.\n\nThe FitConnect team`,
        });
      },
      (err) => logger.error('Could not send the password reset mail', err),
    );
  },
);

authRouter.post(
  '/reset-password',
  rateLimit({ name: 'reset', limit: 20, windowMs: 15 * MINUTE }),
  validateBody(ResetPasswordBody),
  async (ctx) => {
    const { token, newPassword } = bodyOf(ctx, ResetPasswordBody);
    const userId = await consumeResetToken(token, ctx.deps.clock.now());
    if (userId === null) throw badRequest('Invalid or expired reset token. Please request a new password reset.');
    const passwordHash = await hashPassword(newPassword, ctx.deps.config.scrypt);
    const res = await User.updateOne({ id: userId }, { $set: { passwordHash } });
    if (res.matchedCount === 0) throw badRequest('Invalid or expired reset token. Please request a new password reset.');
    // Security notice (issue 30): written to the notification outbox now, delivered right after the answer (the worker retries).
    const owner = await User.findOne({ id: userId }, { email: 1, firstName: 1, username: 1 }).lean();
    if (owner) {
      const rowId = await queueSecurityNotice(userId, 'password-changed', owner.email, { firstName: owner.firstName, username: owner.username }, ctx.deps.clock.now());
      const { deps } = ctx;
      afterAnswer(ctx, async () => void (await deliverNow(deps, rowId)), (err) => deps.logger.error('Could not send the password-changed notice', err));
    }
    // Every existing session of that account ends (a stolen session does not outlive a reset).
    await destroyUserSessions(ctx.authCache, userId);
    if (ctx.session?.userId === userId) ctx.session = null;
    ctx.body = { message: 'Your password has been reset. You can now sign in with your new password.' };
  },
);
