import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import coBody from 'co-body';
import type { Context, Middleware } from 'koa';
import { NotificationPreferences, PushSubscriptionBody, PushUnsubscribeBody, UnsubscribeQuery, type NotificationKind } from '@fitconnect/contracts';
import { currentUser, requireUser } from '../http/auth';
import { badRequest, HttpError, toHttpError } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, queryOf, validateBody, validateQuery } from '../http/validate';
import { RefusedEndpoint, checkEndpoint } from './endpoint';
import { endpointPolicy, notificationRuntime } from './runtime';
import { preferencesOf, removeSubscription, savePreferences, saveSubscription, unsubscribeEmail } from './service';
import { readUnsubscribeToken } from './tokens';

export const notificationsRouter = new Router({ prefix: '/api/notifications' });

// The signed-in user's switches (security notices are not among them: they always go out).
notificationsRouter.get('/preferences', requireUser(), async (ctx) => {
  ctx.body = await preferencesOf(currentUser(ctx).id);
});

notificationsRouter.put('/preferences', requireUser(), validateBody(NotificationPreferences), async (ctx) => {
  ctx.body = await savePreferences(currentUser(ctx).id, bodyOf(ctx, NotificationPreferences), ctx.deps.clock.now());
});

// The VAPID public key the browser subscribes with (applicationServerKey).
notificationsRouter.get('/push/key', requireUser(), async (ctx) => {
  ctx.body = { publicKey: notificationRuntime(ctx.deps).vapid.publicKey };
});

const subscribeLimit = rateLimit({ name: 'push-subscribe', limit: 30, windowMs: 60 * 60 * 1000, key: (ctx) => `user:${ctx.state.user?.id}` });

/**
 * 400 for an endpoint the worker would not post to (endpoint.ts: https, public addresses only, unless
 * PUSH_ALLOW_PRIVATE_ENDPOINTS); 503 when DNS could not answer now. The worker checks again at send time.
 */
async function refuseUnsafeEndpoint(ctx: Context, endpoint: string): Promise<void> {
  try {
    await checkEndpoint(endpoint, endpointPolicy(ctx.deps));
  } catch (err) {
    if (err instanceof RefusedEndpoint) {
      ctx.deps.logger.warn(`Notifications: push subscription of user ${currentUser(ctx).id} refused (${err.reason})`);
      throw badRequest(err.publicMessage, [{ path: ['endpoint'], message: err.publicMessage }]);
    }
    ctx.deps.logger.warn(`Notifications: could not check a push endpoint's host: ${(err as Error).message}`);
    throw new HttpError(503, 'Could not check the push endpoint right now. Please try again.');
  }
}

// This browser's push subscription (PushSubscription.toJSON()); only the caller's own.
notificationsRouter.post('/push/subscriptions', requireUser(), subscribeLimit, validateBody(PushSubscriptionBody), async (ctx) => {
  const body = bodyOf(ctx, PushSubscriptionBody);
  await refuseUnsafeEndpoint(ctx, body.endpoint);
  await saveSubscription(currentUser(ctx).id, body, ctx.deps.clock.now());
  ctx.status = 201;
  ctx.body = { endpoint: body.endpoint };
});

/**
 * The app's body parser reads POST/PUT/PATCH bodies only; DELETE /push/subscriptions carries `{ endpoint }` as JSON
 * (the contract the settings page uses), so this route reads its JSON body itself (same size limit).
 */
const jsonBodyOfDelete: Middleware = async (ctx, next) => {
  const req = ctx.request as { body?: unknown };
  if (req.body === undefined && ctx.is('application/json')) {
    try {
      req.body = await coBody.json(ctx, { limit: ctx.deps.config.bodyLimit, strict: true });
    } catch (err) {
      throw toHttpError(err) ?? badRequest('Malformed JSON in request body');
    }
  }
  await next();
};

notificationsRouter.delete('/push/subscriptions', requireUser(), jsonBodyOfDelete, validateBody(PushUnsubscribeBody), async (ctx) => {
  const { endpoint } = bodyOf(ctx, PushUnsubscribeBody);
  const removed = await removeSubscription(currentUser(ctx).id, endpoint);
  ctx.body = { removed };
});

// ---- One-click unsubscribe (RFC 8058): no sign-in, the signed token says who and what -----------------

const unsubscribeLimit = rateLimit({ name: 'unsubscribe', limit: 60, windowMs: 15 * 60 * 1000 });

function tokenOrRefuse(ctx: Context): { userId: number; kind: NotificationKind } {
  const { token } = queryOf(ctx, UnsubscribeQuery);
  const who = readUnsubscribeToken(ctx.deps.sessionSecret, token);
  if (!who) throw badRequest('This unsubscribe link is not valid. Change your notifications in your profile instead.');
  return who;
}

const WHAT: Record<NotificationKind, string> = { messages: 'unread-message emails', sessions: 'session emails' };

const wantsHtml = (ctx: Context) => ctx.accepts('json', 'html') === 'html';

/** A tiny page (the API's CSP allows nothing; this answer allows its own style, by nonce, and nothing else). */
function page(ctx: Context, title: string, body: string) {
  const nonce = randomBytes(16).toString('base64');
  ctx.set('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
  ctx.type = 'html';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - FitConnect</title>
<style nonce="${nonce}">body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f4f6;color:#111827}main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e5e7eb;border-radius:8px}h1{margin-top:0;font-size:1.5rem}button{font:inherit;padding:.6rem 1.1rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font-weight:600;cursor:pointer}button:focus-visible{outline:3px solid #111827;outline-offset:2px}a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{background:#0b1220;color:#f3f4f6}main{background:#111827;border-color:#374151}button{background:#60a5fa;color:#0b1220}a{color:#93c5fd}button:focus-visible{outline-color:#f3f4f6}}</style>
</head><body><main>${body}</main></body></html>`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// GET: what the link would do (a page to confirm, or JSON); changes nothing (mail scanners open links).
notificationsRouter.get('/unsubscribe', unsubscribeLimit, validateQuery(UnsubscribeQuery), async (ctx) => {
  let who: { userId: number; kind: NotificationKind };
  try {
    who = tokenOrRefuse(ctx);
  } catch (err) {
    if (!wantsHtml(ctx) || !(err instanceof HttpError)) throw err;
    ctx.status = 400;
    page(ctx, 'Invalid link', `<h1>This link is not valid</h1><p>${esc(err.message)}</p><p><a href="${esc(ctx.deps.config.publicUrl)}/profile/notifications">Notification settings</a></p>`);
    return;
  }
  const prefs = await preferencesOf(who.userId);
  if (!wantsHtml(ctx)) {
    ctx.body = { kind: who.kind, email: prefs[who.kind].email };
    return;
  }
  const action = `?token=${encodeURIComponent(queryOf(ctx, UnsubscribeQuery).token)}`;
  page(
    ctx,
    'Unsubscribe',
    `<h1>Unsubscribe from ${WHAT[who.kind]}?</h1><p>You will no longer get ${WHAT[who.kind]} from FitConnect. Security notices about your account still go out.</p>` +
      `<form method="post" action="${esc(action)}"><button type="submit">Unsubscribe</button></form>` +
      `<p><a href="${esc(ctx.deps.config.publicUrl)}/profile/notifications">Notification settings</a></p>`,
  );
});

// POST: unsubscribe (the mail client's one-click request, body `List-Unsubscribe=One-Click`, or the page's button).
notificationsRouter.post('/unsubscribe', unsubscribeLimit, validateQuery(UnsubscribeQuery), async (ctx) => {
  const who = tokenOrRefuse(ctx);
  await unsubscribeEmail(who.userId, who.kind, ctx.deps.clock.now());
  if (wantsHtml(ctx)) {
    page(ctx, 'Unsubscribed', `<h1>You are unsubscribed</h1><p>You will no longer get ${WHAT[who.kind]}. You can turn them back on in your <a href="${esc(ctx.deps.config.publicUrl)}/profile/notifications">notification settings</a>.</p>`);
    return;
  }
  ctx.body = { kind: who.kind, email: false };
});
