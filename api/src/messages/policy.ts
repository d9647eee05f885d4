import { forbidden } from '../http/errors';

/**
 * Who may see what: a conversation and its messages belong to its two members only. Routes reach a thread
 * through the signed-in user's own pair (so another pair's thread is never looked up); the live stream
 * checks every event it forwards with `canSeeMessage`.
 */
export function isMember(userId: number, conversation: { a: number; b: number }): boolean {
  return conversation.a === userId || conversation.b === userId;
}

export function authorizeConversation(userId: number, conversation: { a: number; b: number }): void {
  if (!isMember(userId, conversation)) throw forbidden('This conversation is not yours');
}

export function canSeeMessage(userId: number, message: { senderId: number; receiverId: number }): boolean {
  return message.senderId === userId || message.receiverId === userId;
}
