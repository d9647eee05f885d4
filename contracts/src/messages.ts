import { z } from 'zod';
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
  .trim()
  .min(8, 'clientKey must be 8 to 64 characters')
  .max(64, 'clientKey must be 8 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'clientKey may contain only letters, digits, - and _');

/** The message text as the composer and the server both read it: trimmed, not blank, at most 5,000 characters. */
export const MessageContent = z
  .string({ message: MESSAGE_BLANK })
  .trim()
  .min(1, MESSAGE_BLANK)
  .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG);

/** POST /api/messages. */
export const SendMessageBody = z.object({
  receiverId: z.coerce
    .number({ message: 'receiverId must be a number' })
    .int('receiverId must be a whole number')
    .positive('receiverId must be a positive number')
    .max(Number.MAX_SAFE_INTEGER),
  content: MessageContent,
  clientKey: ClientKey.optional(),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** GET /api/messages/:partnerId. */
export const PartnerParams = z.object({ partnerId: IdParam });

/** Sequence number query values: a whole number >= 0. */
const SeqValue = z.coerce.number({ message: 'afterSeq must be a number' }).int('afterSeq must be a whole number').min(0, 'afterSeq must be 0 or more').max(Number.MAX_SAFE_INTEGER);

/** GET /api/messages/:partnerId?afterSeq=N: only messages after N (catch-up). */
export const ThreadQuery = z.object({ afterSeq: SeqValue.optional() });

/**
 * GET /api/messages/stream?since=<conversationId>:<seq>,... : what the client already has, per conversation.
 * `Last-Event-ID` carries the same form (the id of the last event the browser saw).
 */
export const StreamCursor = z
  .string()
  .max(20_000, 'since is too long')
  .regex(/^(\d+:\d+(,\d+:\d+)*)?$/, 'since must look like 12:5,13:0');
export const StreamQuery = z.object({
  since: StreamCursor.optional(),
  /** The same as the Last-Event-ID header, for a client that reopens the stream itself. */
  lastEventId: StreamCursor.optional(),
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
  id: z.number().int().positive(),
  conversationId: z.number().int().positive(),
  seq: z.number().int().positive(),
  senderId: z.number().int().positive(),
  receiverId: z.number().int().positive(),
  content: z.string(),
  sentAt: z.string(),
  /** When the receiver opened the thread after this message arrived; null while unread. */
  readAt: z.string().nullable(),
  /** Echoed to its sender only (so the sender's optimistic copy can be matched). */
  clientKey: z.string().optional(),
});
export type Message = z.infer<typeof Message>;

/** A conversation partner as the outside sees them. */
export const MessagePartner = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  isTrainer: z.boolean(),
});
export type MessagePartner = z.infer<typeof MessagePartner>;

/** SPEC §3 Conversation summary: GET /api/messages, newest first. */
export const ConversationSummary = z.object({
  conversationId: z.number().int().positive(),
  partner: MessagePartner,
  latestMessage: Message.nullable(),
  unreadCount: z.number().int().min(0),
  lastSeq: z.number().int().min(0),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;
export const ConversationList = z.array(ConversationSummary);

/** SPEC §3 Thread: GET /api/messages/:partnerId, messages oldest first. */
export const Thread = z.object({
  /** null until the first message between the two is sent. */
  conversationId: z.number().int().positive().nullable(),
  otherUser: MessagePartner,
  messages: z.array(Message),
  lastSeq: z.number().int().min(0),
});
export type Thread = z.infer<typeof Thread>;

/** GET /api/messages/unread. */
export const UnreadTotal = z.object({ total: z.number().int().min(0) });
export type UnreadTotal = z.infer<typeof UnreadTotal>;

/** Server-Sent Events on GET /api/messages/stream (event name -> data). */
export const StreamEvents = {
  /** A new message in one of the user's conversations (either direction). */
  message: Message,
  /** The receiver read messages up to `seq`: the sender sees the read time. */
  read: z.object({ conversationId: z.number().int().positive(), readerId: z.number().int().positive(), seq: z.number().int().min(0), readAt: z.string() }),
  /** The signed-in user's unread total changed. */
  unread: UnreadTotal,
} as const;
export type MessageStreamEvent = z.infer<(typeof StreamEvents)['message']>;
export type ReadStreamEvent = z.infer<(typeof StreamEvents)['read']>;
