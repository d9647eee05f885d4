import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import { MarkReadBody, PartnerParams, SendMessageBody, StreamQuery, ThreadQuery, parseStreamCursor } from '@fitconnect/contracts';
import type { AppDeps } from '../context';
import { currentUser, requireUser } from '../http/auth';
import { unauthorized } from '../http/errors';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { MessageFeed } from './live';
import { presentMessage, presentSummary, presentThread } from './presenter';
import { findConversation, listConversations, markRead, partnerOrRefuse, sendMessage, threadMessages, unreadTotal } from './service';
import { StreamConnection, type StartPoint } from './stream';

declare module '../context' {
  interface AppDeps {
    /** The live feed of this app (one change stream per API instance); made on first use. */
    messageFeed?: MessageFeed;
  }
}

const feeds = new WeakMap<AppDeps, MessageFeed>();
/** One feed per app: two apps in one process (the two-instance test) each watch the database themselves. */
export function feedFor(deps: AppDeps): MessageFeed {
  if (deps.messageFeed) return deps.messageFeed;
  let f = feeds.get(deps);
  if (!f) feeds.set(deps, (f = new MessageFeed(deps.logger)));
  return f;
}

/** Sending: 30 messages a minute per user (scaled by RATE_LIMIT), against spam. */
export const SEND_LIMIT = { limit: 30, windowMs: 60_000 };

export const messagesRouter = new Router();

// The conversation list: partner, latest message and unread count, newest first.
messagesRouter.get('/api/messages', requireUser(), async (ctx) => {
  const me = currentUser(ctx);
  ctx.body = (await listConversations(me.id)).map((v) => presentSummary(v, me.id));
});

// The unread total, for the nav badge.
messagesRouter.get('/api/messages/unread', requireUser(), async (ctx) => {
  ctx.body = { total: await unreadTotal(currentUser(ctx).id) };
});

// Live events (Server-Sent Events): message, read, unread, ready, end. Subscribes first, then replays.
// The stream ends with the session it was opened with, on whichever instance that session ends (live.ts).
messagesRouter.get('/api/messages/stream', requireUser(), validateQuery(StreamQuery), async (ctx) => {
  const me = currentUser(ctx);
  const sessionId = ctx.session?.id;
  if (!sessionId) throw unauthorized('Unauthorized');
  const { since, lastEventId: lastEventIdParam } = queryOf(ctx, StreamQuery);
  const lastEventId = ctx.get('Last-Event-ID') || lastEventIdParam;
  let from: StartPoint = { kind: 'now' };
  if (lastEventId && /^(\d+:\d+(,\d+:\d+)*)?$/.test(lastEventId)) from = { kind: 'lastEventId', cursor: parseStreamCursor(lastEventId) };
  else if (since !== undefined) from = { kind: 'since', cursor: parseStreamCursor(since) };

  const out = new PassThrough();
  const conn = new StreamConnection(me.id, sessionId, out, ctx.deps.logger, () => cleanup());
  const feed = feedFor(ctx.deps);
  let unsubscribe: (() => void) | null = null;
  const cleanup = () => {
    conn.close();
    unsubscribe?.();
    unsubscribe = null;
    out.end();
  };
  ctx.req.on('close', cleanup);
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Connection', 'keep-alive');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = out;
  try {
    unsubscribe = await feed.subscribe(conn);
    if (ctx.req.destroyed || conn.isClosed) return cleanup();
    await conn.start(from);
  } catch (err) {
    ctx.deps.logger.error('Messages: could not start a live stream', err);
    cleanup();
  }
});

// Send a message (idempotent with clientKey): 201 the new message, 200 the same message again on a retry.
messagesRouter.post(
  '/api/messages',
  requireUser(),
  rateLimit({ name: 'messages', ...SEND_LIMIT, key: (ctx) => `user:${ctx.state.user?.id}`, message: 'You are sending messages too quickly. Please wait a moment and try again.' }),
  validateBody(SendMessageBody),
  async (ctx) => {
    const me = currentUser(ctx);
    const body = bodyOf(ctx, SendMessageBody);
    const { message, replayed } = await sendMessage({ senderId: me.id, receiverId: body.receiverId, content: body.content, clientKey: body.clientKey, now: ctx.deps.clock.now() });
    ctx.status = replayed ? 200 : 201;
    ctx.body = presentMessage(message, me.id);
  },
);

// The thread with one partner (oldest first) and who they are. ?afterSeq=N: only newer. A read changes
// nothing (marking read is the POST below: a GET can be triggered by any site's link).
messagesRouter.get('/api/messages/:partnerId', requireUser(), validateParams(PartnerParams), validateQuery(ThreadQuery), async (ctx) => {
  const me = currentUser(ctx);
  const { partnerId } = paramsOf(ctx, PartnerParams);
  const { afterSeq } = queryOf(ctx, ThreadQuery);
  const partner = await partnerOrRefuse(me.id, partnerId);
  const conversation = await findConversation(me.id, partnerId);
  const messages = conversation ? await threadMessages(conversation.id, afterSeq) : [];
  ctx.body = presentThread(conversation, partner, messages, me.id, afterSeq ?? 0);
});

// The signed-in user has seen their thread with the partner up to `upToSeq`: the messages to them up to
// it become read (the sender sees the read time). Only the caller's own pair is reachable. JSON body
// required: with cors.ts refusing foreign Origins, another site cannot make this request.
messagesRouter.post('/api/messages/:partnerId/read', requireUser(), validateParams(PartnerParams), validateBody(MarkReadBody), async (ctx) => {
  const me = currentUser(ctx);
  const { partnerId } = paramsOf(ctx, PartnerParams);
  const { upToSeq } = bodyOf(ctx, MarkReadBody);
  await partnerOrRefuse(me.id, partnerId);
  const conversation = await findConversation(me.id, partnerId);
  if (!conversation) {
    ctx.body = { conversationId: null, readUpTo: 0, marked: 0 };
    return;
  }
  // Never past what exists: the read mark only ever covers numbered messages.
  const upTo = Math.min(upToSeq, conversation.lastSeq);
  const marked = await markRead(conversation, me.id, upTo, ctx.deps.clock.now());
  ctx.body = { conversationId: conversation.id, readUpTo: upTo, marked };
});
