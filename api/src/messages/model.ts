import mongoose, { Schema } from 'mongoose';

/**
 * One conversation per pair of users. `a` < `b` (canonical order), unique together, so two first
 * messages sent at once still make one conversation. `lastSeq` is the per-conversation sequence:
 * a message's number is allocated with an atomic `$inc` on it, so numbers are gap-free and ordered.
 * `readSeqA`/`readSeqB`: the highest seq each side has read. `lastMessageAt` orders the list.
 */
export interface ConversationFields {
  id: number;
  a: number;
  b: number;
  /** [a, b]: one multikey index finds a user's conversations by equality. */
  members: number[];
  lastSeq: number;
  readSeqA: number;
  readSeqB: number;
  lastMessageAt: Date | null;
  createdAt: Date;
}

const conversationSchema = new Schema<ConversationFields>(
  {
    id: { type: Number, required: true },
    a: { type: Number, required: true },
    b: { type: Number, required: true },
    members: { type: [Number], required: true },
    lastSeq: { type: Number, default: 0 },
    readSeqA: { type: Number, default: 0 },
    readSeqB: { type: Number, default: 0 },
    lastMessageAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'conversations', minimize: false },
);
conversationSchema.set('id', false);
conversationSchema.index({ id: 1 }, { unique: true });
conversationSchema.index({ a: 1, b: 1 }, { unique: true });
conversationSchema.index({ members: 1 });
export const Conversation = mongoose.model<ConversationFields>('Conversation', conversationSchema);

/**
 * A message. It is stored first without a `seq` (claiming its idempotency key), then stamped with the
 * next number of its conversation: the stamp is the moment it becomes visible (and the change-stream
 * event live delivery listens for). `(senderId, clientKey)` is unique: a retried send finds the first.
 * `senderId`/`receiverId` keep these names (the trainers module reads them for its verified-client mark).
 */
export interface MessageFields {
  id: number;
  conversationId: number;
  /** null until stamped. */
  seq: number | null;
  senderId: number;
  receiverId: number;
  content: string;
  sentAt: Date;
  readAt: Date | null;
  /** The sender's idempotency key; absent when the client sent none. */
  clientKey?: string;
  /** When the sending request claimed the stamp (a stuck claim can be taken over). */
  claimedAt: Date;
  /** 'system': a line the app wrote for `senderId` (a booking event), not typed by them. Absent: a typed message. */
  kind?: 'system';
}

const messageSchema = new Schema<MessageFields>(
  {
    id: { type: Number, required: true },
    conversationId: { type: Number, required: true },
    seq: { type: Number, default: null },
    senderId: { type: Number, required: true },
    receiverId: { type: Number, required: true },
    content: { type: String, required: true },
    sentAt: { type: Date, required: true },
    readAt: { type: Date, default: null },
    clientKey: { type: String },
    claimedAt: { type: Date, required: true },
    kind: { type: String, enum: ['system'] },
  },
  { versionKey: false, collection: 'messages', minimize: false },
);
messageSchema.set('id', false);
messageSchema.index({ id: 1 }, { unique: true });
// Gap-free, one message per number in a conversation.
messageSchema.index({ conversationId: 1, seq: 1 }, { unique: true, partialFilterExpression: { seq: { $gt: 0 } } });
// Idempotent sends: one message per (sender, key).
messageSchema.index({ senderId: 1, clientKey: 1 }, { unique: true, partialFilterExpression: { clientKey: { $type: 'string' } } });
// Unread counts: a user's unread messages by equality (readAt null).
messageSchema.index({ receiverId: 1, readAt: 1 });
// The trainers module's verified-client check.
messageSchema.index({ senderId: 1, receiverId: 1 });
export const Message = mongoose.model<MessageFields>('Message', messageSchema);
