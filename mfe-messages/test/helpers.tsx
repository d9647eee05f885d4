import { act } from '@testing-library/react';
import type { Message, PublicUser } from '@fitconnect/contracts';

export { mockFetch, type RecordedCall } from '@fitconnect/shared-ui/src/testing';

export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return { id: 1, username: 'cara', email: 'cara@example.com', firstName: 'Cara', lastName: 'Client', location: 'Leeds', isTrainer: false, promoTrainer: false, trainerNumber: null, ...over };
}
export const signedIn = (user: PublicUser = makeUser()) => ({ status: 200, body: { user } });

let nextId = 100;
export function makeMessage(over: Partial<Message> = {}): Message {
  nextId += 1;
  return { id: nextId, conversationId: 5, seq: 1, senderId: 2, receiverId: 1, content: 'Hello', sentAt: new Date().toISOString(), readAt: null, ...over };
}

/** A stand-in for the browser's EventSource: tests push server events into it. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(fn);
  }
  removeEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.get(name)?.delete(fn);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** Delivers one server event (inside act). */
  emit(name: string, data: unknown, id = '') {
    act(() => {
      for (const fn of this.listeners.get(name) ?? []) fn({ data: JSON.stringify(data), lastEventId: id } as MessageEvent);
    });
  }
  static latest(): FakeEventSource {
    const open = FakeEventSource.instances.filter((e) => !e.closed);
    if (!open.length) throw new Error('no open EventSource');
    return open[open.length - 1];
  }
  static install() {
    FakeEventSource.instances = [];
    (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  }
}
