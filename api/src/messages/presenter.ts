import type { ConversationSummary, Message as MessageOut, MessagePartner, Thread } from '@fitconnect/contracts';
import type { UserFields } from '../users/model';
import type { ConversationView, StoredConversation, StoredMessage } from './service';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * A message as its two parties see it. The idempotency key is shown to its sender only (their client
 * matches its optimistic copy with it); nothing else (no _id, no claim time) leaves the server.
 */
export function presentMessage(m: StoredMessage, viewerId: number): MessageOut {
  return {
    id: m.id,
    conversationId: m.conversationId,
    seq: m.seq,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    sentAt: iso(m.sentAt) as string,
    readAt: iso(m.readAt),
    ...(m.clientKey && viewerId === m.senderId ? { clientKey: m.clientKey } : {}),
    ...(m.kind ? { kind: m.kind } : {}),
  };
}

/** Name and trainer flag only: no username, email or location. */
export function presentPartner(u: Pick<UserFields, 'id' | 'firstName' | 'lastName' | 'isTrainer'>): MessagePartner {
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, isTrainer: !!u.isTrainer };
}

export function presentSummary(v: ConversationView, viewerId: number): ConversationSummary {
  return {
    conversationId: v.conversation.id,
    partner: presentPartner(v.partner),
    latestMessage: v.latest ? presentMessage(v.latest, viewerId) : null,
    unreadCount: v.unread,
    lastSeq: v.latest?.seq ?? 0,
  };
}

export function presentThread(
  conversation: StoredConversation | null,
  partner: UserFields,
  messages: StoredMessage[],
  viewerId: number,
  /** What the client already had (?afterSeq): the answer's lastSeq when nothing newer came. */
  afterSeq = 0,
): Thread {
  return {
    conversationId: conversation?.id ?? null,
    otherUser: presentPartner(partner),
    messages: messages.map((m) => presentMessage(m, viewerId)),
    // The highest number the client now holds (not the conversation's counter: a number can be allocated
    // a moment before its message is stamped, and a cursor past it would skip that message).
    lastSeq: messages.reduce((max, m) => Math.max(max, m.seq), afterSeq),
  };
}
