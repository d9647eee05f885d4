import type { Message, ReadStreamEvent, Thread } from '@fitconnect/contracts';

/** Adds messages to a thread: one per id (a later copy wins: it may carry a read time), ordered by number. */
export function mergeMessages(thread: Thread, incoming: Message[]): Thread {
  if (incoming.length === 0) return thread;
  const byId = new Map(thread.messages.map((m) => [m.id, m]));
  for (const m of incoming) {
    const had = byId.get(m.id);
    byId.set(m.id, had && had.readAt && !m.readAt ? { ...m, readAt: had.readAt } : m);
  }
  const messages = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const conversationId = thread.conversationId ?? incoming[0].conversationId;
  return { ...thread, conversationId, messages, lastSeq: Math.max(thread.lastSeq, ...incoming.map((m) => m.seq)) };
}

/** The receiver read up to `seq`: the sender's messages up to it get the read time. */
export function applyRead(thread: Thread, r: ReadStreamEvent): Thread {
  if (thread.conversationId !== r.conversationId) return thread;
  let changed = false;
  const messages = thread.messages.map((m) => {
    if (m.receiverId === r.readerId && m.seq <= r.seq && !m.readAt) {
      changed = true;
      return { ...m, readAt: r.readAt };
    }
    return m;
  });
  return changed ? { ...thread, messages } : thread;
}

/** Is this message part of the thread between `me` and `partnerId`? */
export function belongsTo(m: Message, me: number, partnerId: number): boolean {
  return (m.senderId === me && m.receiverId === partnerId) || (m.senderId === partnerId && m.receiverId === me);
}

/** The highest number of a message to `me` in this thread not marked read yet (0: none). */
export function unreadUpTo(thread: Thread, me: number): number {
  let upTo = 0;
  for (const m of thread.messages) if (m.receiverId === me && !m.readAt && m.seq > upTo) upTo = m.seq;
  return upTo;
}

/** The messages to `me` up to `upTo` are read (after the mark-read POST succeeded). */
export function markedRead(thread: Thread, me: number, upTo: number, readAt: string): Thread {
  let changed = false;
  const messages = thread.messages.map((m) => {
    if (m.receiverId === me && !m.readAt && m.seq <= upTo) {
      changed = true;
      return { ...m, readAt };
    }
    return m;
  });
  return changed ? { ...thread, messages } : thread;
}
