import { z } from './zod';
import { IdParam } from './ids';

// SPEC §3 (Message, Conversation summary, Thread), §5 (Message), §7 (/api/messages), §8.

/** Longest message a user may send (characters, after trimming). */
export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_BLANK = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message is too long (at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters)`;
/** SPEC §8: what the composer says when a send finally fails. */
export const SEND_MESSAGE_FAILED = 'There was a problem sending your message. Please try again.';

/** Idempotency key the client generates per message (crypto.randomUUID()); a retry sends the same one. */
export const ClientKey = z
  .string()
  .check(
    z.trim(),
    z.minLength(8, 'clientKey must be 8 to 64 characters'),
    z.maxLength(64, 'clientKey must be 8 to 64 characters'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'clientKey may contain only letters, digits, - and _'),
  );

/** The message text as the composer and the server both read it: trimmed, not blank, at most 5,000 characters. */
export const MessageContent = z
  .string({ message: MESSAGE_BLANK })
  .check(z.trim(), z.minLength(1, MESSAGE_BLANK), z.maxLength(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG));

/** POST /api/messages. */
export const SendMessageBody = z.object({
  receiverId: z.coerce
    .number({ message: 'receiverId must be a number' })
    .check(z.int('receiverId must be a whole number'), z.positive('receiverId must be a positive number'), z.lte(Number.MAX_SAFE_INTEGER)),
  content: MessageContent,
  clientKey: z.optional(ClientKey),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** GET /api/messages/:partnerId, POST /api/messages/:partnerId/read. */
export const PartnerParams = z.object({ partnerId: IdParam });

/**
 * POST /api/messages/:partnerId/read: the reader has seen the thread up to `upToSeq` (the highest number
 * the client shows). A POST with a JSON body, never a side effect of a GET: a link or form on another
 * site cannot mark anything read (the API reads JSON bodies only and refuses foreign Origins).
 */
export const MarkReadBody = z.object({
  upToSeq: z
    .number({ message: 'upToSeq must be a number' })
    .check(z.int('upToSeq must be a whole number'), z.gte(0, 'upToSeq must be 0 or more'), z.lte(Number.MAX_SAFE_INTEGER)),
});
export type MarkReadBody = z.input<typeof MarkReadBody>;

/** The answer to a mark-read: the conversation (null: none yet), the number read up to, how many became read. */
export const MarkReadResult = z.object({
  conversationId: z.nullable(z.number().check(z.int(), z.positive())),
  readUpTo: z.number().check(z.int(), z.gte(0)),
  marked: z.number().check(z.int(), z.gte(0)),
});
export type MarkReadResult = z.infer<typeof MarkReadResult>;

/** Sequence number query values: a whole number >= 0. */
const SeqValue = z.coerce
  .number({ message: 'afterSeq must be a number' })
  .check(z.int('afterSeq must be a whole number'), z.gte(0, 'afterSeq must be 0 or more'), z.lte(Number.MAX_SAFE_INTEGER));

/** GET /api/messages/:partnerId?afterSeq=N: only messages after N (catch-up). */
export const ThreadQuery = z.object({ afterSeq: z.optional(SeqValue) });

/**
 * GET /api/messages/stream?since=<conversationId>:<seq>,... : what the client already has, per conversation.
 * `Last-Event-ID` carries the same form (the id of the last event the browser saw).
 */
export const StreamCursor = z
  .string()
  .check(z.maxLength(20_000, 'since is too long'), z.regex(/^(\d+:\d+(,\d+:\d+)*)?$/, 'since must look like 12:5,13:0'));
export const StreamQuery = z.object({
  since: z.optional(StreamCursor),
  /** The same as the Last-Event-ID header, for a client that reopens the stream itself. */
  lastEventId: z.optional(StreamCursor),
});

/** Parses '12:5,13:0' into conversationId -> last seq seen. */
export function parseStreamCursor(raw: string | undefined | null): Map<number, number> {
  const out = new Map<number, number>();
  if (!raw) return out;
  for (const part of raw.split(',')) {
    const [c, s] = part.split(':').map(Number);
    if (Number.isSafeInteger(c) && c > 0 && Number.isSafeInteger(s) && s >= 0) out.set(c, Math.max(out.get(c) ?? 0, s));
  }
  return out;
}

export function formatStreamCursor(seen: Map<number, number>): string {
  return [...seen].map(([c, s]) => `${c}:${s}`).join(',');
}

/** SPEC §3 Message (plus its conversation, sequence number and read time). */
export const Message = z.object({
  id: z.number().check(z.int(), z.positive()),
  conversationId: z.number().check(z.int(), z.positive()),
  seq: z.number().check(z.int(), z.positive()),
  senderId: z.number().check(z.int(), z.positive()),
  receiverId: z.number().check(z.int(), z.positive()),
  content: z.string(),
  sentAt: z.string(),
  /** When the receiver marked the thread read after this message arrived; null while unread. */
  readAt: z.nullable(z.string()),
  /** Echoed to its sender only (so the sender's optimistic copy can be matched). */
  clientKey: z.optional(z.string()),
  /** 'system': a line the app wrote (a booking requested, confirmed, declined or cancelled), shown as such; absent: typed by the sender. */
  kind: z.optional(z.enum(['system'])),
});
export type Message = z.infer<typeof Message>;

/** A conversation partner as the outside sees them. */
export const MessagePartner = z.object({
  id: z.number().check(z.int(), z.positive()),
  firstName: z.string(),
  lastName: z.string(),
  isTrainer: z.boolean(),
});
export type MessagePartner = z.infer<typeof MessagePartner>;

/** SPEC §3 Conversation summary: GET /api/messages, newest first. */
export const ConversationSummary = z.object({
  conversationId: z.number().check(z.int(), z.positive()),
  partner: MessagePartner,
  latestMessage: z.nullable(Message),
  unreadCount: z.number().check(z.int(), z.gte(0)),
  lastSeq: z.number().check(z.int(), z.gte(0)),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;
export const ConversationList = z.array(ConversationSummary);

/** SPEC §3 Thread: GET /api/messages/:partnerId, messages oldest first. */
export const Thread = z.object({
  /** null until the first message between the two is sent. */
  conversationId: z.nullable(z.number().check(z.int(), z.positive())),
  otherUser: MessagePartner,
  messages: z.array(Message),
  lastSeq: z.number().check(z.int(), z.gte(0)),
});
export type Thread = z.infer<typeof Thread>;

/** GET /api/messages/unread. */
export const UnreadTotal = z.object({ total: z.number().check(z.int(), z.gte(0)) });
export type UnreadTotal = z.infer<typeof UnreadTotal>;

/** Server-Sent Events on GET /api/messages/stream (event name -> data). */
export const StreamEvents = {
  /** A new message in one of the user's conversations (either direction). */
  message: Message,
  /** The receiver read messages up to `seq`: the sender sees the read time. */
  read: z.object({
    conversationId: z.number().check(z.int(), z.positive()),
    readerId: z.number().check(z.int(), z.positive()),
    seq: z.number().check(z.int(), z.gte(0)),
    readAt: z.string(),
  }),
  /** The signed-in user's unread total changed. */
  unread: UnreadTotal,
  /**
   * The server ends the stream (then closes it): `signed-out` when the session it was opened with ended
   * (sign-out, password reset, expiry); `replaced` when the user opened more streams than the cap and this
   * was the oldest. A client should not reconnect at once.
   */
  end: z.object({ reason: z.enum(['signed-out', 'replaced']) }),
} as const;
export type MessageStreamEvent = z.infer<(typeof StreamEvents)['message']>;
export type ReadStreamEvent = z.infer<(typeof StreamEvents)['read']>;
export type EndStreamEvent = z.infer<(typeof StreamEvents)['end']>;
