import { nextId } from '../db/counter';
import { badRequest, conflict, notFound } from '../http/errors';
import { User, type UserFields } from '../users/model';
import { Conversation, Message, type ConversationFields, type MessageFields } from './model';
import { attributeFirstMessage, quietly } from '../partners/attribution';
import { queueUnreadSummary } from '../notifications/service';

export type StoredMessage = MessageFields & { seq: number };
export type StoredConversation = ConversationFields;

/** Newest messages a thread answers at once (older ones: not paged yet). */
export const THREAD_LIMIT = 1000;
/** A stamp claim older than this belongs to a request that died: another may finish the message. */
const CLAIM_TIMEOUT_MS = 10_000;

/** The two user ids in canonical order. */
export function pairOf(x: number, y: number): { a: number; b: number } {
  return x < y ? { a: x, b: y } : { a: y, b: x };
}

/** The user on the other side, or a 400/404 refusal (a thread is between two different, existing users). */
export async function partnerOrRefuse(meId: number, partnerId: number): Promise<UserFields> {
  if (partnerId === meId) throw badRequest('You cannot message yourself', [{ path: ['receiverId'], message: 'You cannot message yourself' }]);
  const partner = await User.findOne({ id: partnerId }).lean();
  if (!partner) throw notFound('User not found');
  return partner;
}

export async function findConversation(meId: number, partnerId: number): Promise<StoredConversation | null> {
  return Conversation.findOne(pairOf(meId, partnerId)).lean();
}

/**
 * The pair's conversation, created on its first message (none was found): one upsert on the pair both creates it and reads
 * it back (a concurrent first message of the same pair finds the one already made; on MongoDB two upserts
 * at once can also lose the unique (a, b) race with E11000, and the loser reads the winner's).
 */
async function createConversation(pair: { a: number; b: number }, now: Date): Promise<StoredConversation> {
  const id = await nextId('conversations');
  try {
    const made = await Conversation.collection.findOneAndUpdate(
      pair,
      { $setOnInsert: { id, members: [pair.a, pair.b], lastSeq: 0, readSeqA: 0, readSeqB: 0, lastMessageAt: null, createdAt: now } },
      { upsert: true, returnDocument: 'after' },
    );
    if (made) return made as unknown as StoredConversation;
  } catch (err) {
    if (!isDuplicate(err)) throw err;
  }
  const made = await Conversation.findOne(pair).lean();
  if (!made) throw new Error('conversation vanished after creation');
  return made;
}

function isDuplicate(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SendInput {
  senderId: number;
  receiverId: number;
  content: string;
  clientKey?: string;
  now: Date;
  /** A system line (bookings): stored and delivered like any message, marked as not typed by the sender. */
  kind?: 'system';
}

/**
 * Stores one message and gives it the next number of its conversation.
 *   1. Insert it unnumbered (claims `(senderId, clientKey)`: a retry or a concurrent duplicate gets E11000
 *      and answers the first one instead: `replayed: true`).
 *   2. `$inc` the conversation's lastSeq (atomic: numbers are gap-free and unique under concurrency).
 *   3. Stamp the message with that number: the moment it becomes visible, and the change-stream event
 *      live delivery listens for.
 */
export async function sendMessage(input: SendInput): Promise<{ message: StoredMessage; replayed: boolean }> {
  const { senderId, receiverId, content, clientKey, now, kind } = input;
  // Three reads that change nothing, at once (one round trip's wait instead of three), then decided in the
  // order they always were: a retry of an earlier send answers it; then yourself (400) or an unknown
  // receiver (404) is refused; the pair's conversation is created only after that. The driver's own calls
  // (no mongoose query building: these run on every send); ids and keys are numbers and strings the route
  // validated.
  const self = receiverId === senderId;
  const pair = pairOf(senderId, receiverId);
  const [earlier, receiver, existing] = await Promise.all([
    clientKey ? Message.collection.findOne<MessageFields>({ senderId, clientKey }) : null,
    self ? null : User.collection.findOne({ id: receiverId }, { projection: { _id: 1 } }),
    self ? null : Conversation.collection.findOne<StoredConversation>(pair),
  ]);
  if (earlier) return { message: await settled(earlier, { receiverId, content }), replayed: true };
  if (self) throw badRequest('You cannot message yourself', [{ path: ['receiverId'], message: 'You cannot message yourself' }]);
  if (!receiver) throw notFound('User not found');
  const conversation = existing ?? (await createConversation(pair, now));
  const id = await nextId('messages');
  const doc: Omit<MessageFields, 'clientKey'> & { clientKey?: string } = {
    id,
    conversationId: conversation.id,
    seq: null,
    senderId,
    receiverId,
    content,
    sentAt: now,
    readAt: null,
    claimedAt: now,
    ...(clientKey ? { clientKey } : {}),
    ...(kind ? { kind } : {}),
  };
  try {
    await Message.collection.insertOne({ ...doc });
  } catch (err) {
    if (!clientKey || !isDuplicate(err)) throw err;
    const first = await Message.findOne({ senderId, clientKey }).lean();
    if (!first) throw err;
    return { message: await settled(first, { receiverId, content }), replayed: true };
  }
  // Notifications (issue 30): the unread-summary row is written before the message is numbered (visible), so no
  // message can exist without it; if this request dies in between, the row finds nothing unread and is skipped.
  if (!kind) await queueUnreadSummary(receiverId, conversation.id, now);
  const message = await stamp(id, conversation.id, now);
  // A user's first message after following a partner's finder counts as that partner's contact (issue 33);
  // a booking's system line is not a message the user wrote.
  if (!kind) await quietly('contact attribution', () => attributeFirstMessage(senderId, now));
  return { message, replayed: false };
}

/** Numbers an unnumbered message we hold the claim of. */
async function stamp(messageId: number, conversationId: number, now: Date): Promise<StoredMessage> {
  const conv = await Conversation.collection.findOneAndUpdate(
    { id: conversationId },
    { $inc: { lastSeq: 1 }, $max: { lastMessageAt: now } },
    { returnDocument: 'after', projection: { lastSeq: 1 } },
  );
  if (!conv) throw new Error(`conversation ${conversationId} is missing`);
  const stamped = await Message.collection.findOneAndUpdate({ id: messageId, seq: null }, { $set: { seq: conv.lastSeq as number } }, { returnDocument: 'after' });
  if (!stamped || stamped.seq == null) throw new Error(`message ${messageId} could not be numbered`);
  return stamped as unknown as StoredMessage;
}

/**
 * The first message of a retried send, once numbered. A retry with the same key but another receiver or
 * text is refused (409: the key was reused). If the first request is still numbering it, wait; if it died
 * holding the claim, take the claim over (a conditional update: only one request can) and finish it.
 */
async function settled(first: MessageFields, sent: { receiverId: number; content: string }): Promise<StoredMessage> {
  if (first.receiverId !== sent.receiverId || first.content !== sent.content) {
    throw conflict('This clientKey was already used for a different message');
  }
  const deadline = Date.now() + CLAIM_TIMEOUT_MS + 5_000;
  let current: MessageFields | null = first;
  while (current && current.seq == null) {
    if (Date.now() - new Date(current.claimedAt).getTime() > CLAIM_TIMEOUT_MS) {
      const now = new Date();
      const taken = await Message.findOneAndUpdate(
        { id: current.id, seq: null, claimedAt: current.claimedAt },
        { $set: { claimedAt: now } },
        { returnDocument: 'after', lean: true },
      );
      if (taken) return stamp(taken.id, taken.conversationId, now);
    }
    if (Date.now() > deadline) throw new Error(`message ${first.id} is still being numbered`);
    await sleep(15);
    current = await Message.findOne({ id: first.id }).lean();
  }
  if (!current) throw new Error(`message ${first.id} vanished`);
  return current as StoredMessage;
}

/** Numbered messages of a conversation after `afterSeq` (oldest first); without it, the newest THREAD_LIMIT. */
export async function threadMessages(conversationId: number, afterSeq?: number): Promise<StoredMessage[]> {
  if (afterSeq !== undefined) {
    return (await Message.find({ conversationId, seq: { $gt: afterSeq } })
      .sort({ seq: 1 })
      .limit(THREAD_LIMIT)
      .lean()) as StoredMessage[];
  }
  const newest = (await Message.find({ conversationId, seq: { $gt: 0 } })
    .sort({ seq: -1 })
    .limit(THREAD_LIMIT)
    .lean()) as StoredMessage[];
  return newest.reverse();
}

/**
 * The reader has seen the conversation up to `upToSeq`: every message to them up to it gets its read
 * time (the sender sees it), and their read mark moves forward (never back).
 */
export async function markRead(conversation: StoredConversation, readerId: number, upToSeq: number, now: Date): Promise<number> {
  if (upToSeq <= 0) return 0;
  const field = conversation.a === readerId ? 'readSeqA' : 'readSeqB';
  const res = await Message.updateMany(
    { receiverId: readerId, readAt: null, conversationId: conversation.id, seq: { $gt: 0, $lte: upToSeq } },
    { $set: { readAt: now } },
  );
  await Conversation.updateOne({ id: conversation.id }, { $max: { [field]: upToSeq } });
  return res.modifiedCount;
}

/** Unread messages to `userId`, per conversation. */
export async function unreadCounts(userId: number): Promise<Map<number, number>> {
  const unread = await Message.find({ receiverId: userId, readAt: null, seq: { $gt: 0 } }, { conversationId: 1, _id: 0 }).lean();
  const out = new Map<number, number>();
  for (const m of unread) out.set(m.conversationId, (out.get(m.conversationId) ?? 0) + 1);
  return out;
}

/**
 * The `count` command, not countDocuments (an aggregate): every open stream of a receiver asks this after each
 * message to them, and the embedded database hands an aggregate's matches to its pipeline as copies (see
 * countParticipants in challenges/service.ts for the one caveat, which a replica set does not have).
 */
export async function unreadTotal(userId: number): Promise<number> {
  return Message.collection.count({ receiverId: userId, readAt: null, seq: { $gt: 0 } });
}

export interface ConversationView {
  conversation: StoredConversation;
  partner: UserFields;
  latest: StoredMessage | null;
  unread: number;
}

/** The user's conversations with at least one message, newest activity first. */
export async function listConversations(userId: number): Promise<ConversationView[]> {
  const convs = await Conversation.find({ members: userId, lastSeq: { $gt: 0 } }).lean();
  if (convs.length === 0) return [];
  const partnerIds = convs.map((c) => (c.a === userId ? c.b : c.a));
  const [partners, unread, latest] = await Promise.all([
    User.find({ id: { $in: partnerIds } }).lean(),
    unreadCounts(userId),
    Promise.all(convs.map((c) => Message.findOne({ conversationId: c.id, seq: { $gt: 0 } }).sort({ seq: -1 }).lean())),
  ]);
  const byId = new Map(partners.map((p) => [p.id, p]));
  const views: ConversationView[] = [];
  convs.forEach((c, i) => {
    const partner = byId.get(partnerIds[i]);
    if (!partner) return; // a deleted account: nothing to show
    views.push({ conversation: c, partner, latest: (latest[i] as StoredMessage | null) ?? null, unread: unread.get(c.id) ?? 0 });
  });
  const at = (v: ConversationView) => (v.latest ? new Date(v.latest.sentAt).getTime() : 0);
  views.sort((x, y) => at(y) - at(x) || (y.latest?.id ?? 0) - (x.latest?.id ?? 0));
  return views;
}

/** The user's conversations (id -> partner id), for the live stream's catch-up. */
export async function conversationsOf(userId: number): Promise<StoredConversation[]> {
  return Conversation.find({ members: userId }).lean();
}
