/**
 * One Server-Sent Events connection of a signed-in user (GET /api/messages/stream).
 *
 * On (re)connect it FIRST subscribes to the feed (events that arrive meanwhile are held), THEN replays
 * from the database what the client missed, by sequence number, then streams. Where it starts:
 *   - `Last-Event-ID` (the browser's automatic reconnect): the full cursor this server sent as the id of
 *     its last event, `conversationId:seq,...`; a conversation missing from it is new since then, so it is
 *     replayed from the start.
 *   - `?since=conversationId:seq,...` (a page that loaded some threads): those conversations after those
 *     numbers; the others from now on.
 *   - nothing: from now on.
 * Per conversation it keeps the highest number up to which every message was sent (the cursor) and the
 * numbers sent above it, so a message is never sent twice on one connection and the cursor never skips
 * one that was stamped late (numbers are allocated in order but may be stamped out of order).
 *
 * It ends with its session (the feed calls `end`): an `end` event says why, then the response closes and
 * nothing more is written.
 */
import type { Writable } from 'node:stream';
import { formatStreamCursor } from '@fitconnect/contracts';
import type { Logger } from '../log';
import type { EndReason, ReadReceipt, Subscriber } from './live';
import { canSeeMessage } from './policy';
import { presentMessage } from './presenter';
import { conversationsOf, threadMessages, unreadTotal, type StoredMessage } from './service';

const KEEPALIVE_MS = 20_000;
const UNREAD_DEBOUNCE_MS = 60;

export type StartPoint = { kind: 'lastEventId'; cursor: Map<number, number> } | { kind: 'since'; cursor: Map<number, number> } | { kind: 'now' };

export class StreamConnection implements Subscriber {
  /** conversationId -> every message up to this number was sent (or predates the stream). */
  private readonly cursor = new Map<number, number>();
  /** conversationId -> numbers above the cursor already sent. */
  private readonly above = new Map<number, Set<number>>();
  private live = false;
  private held: Array<() => void> = [];
  private closed = false;
  private keepalive: NodeJS.Timeout | null = null;
  private unreadTimer: NodeJS.Timeout | null = null;
  private lastUnread: number | null = null;
  private resyncing: Promise<void> | null = null;
  private resyncAgain = false;

  constructor(
    readonly userId: number,
    readonly sessionId: string,
    private readonly out: Writable,
    private readonly logger: Logger,
    /** Closes the response (the route's cleanup), after `end`. */
    private readonly onEnd: () => void,
  ) {}

  /** Ended or closed: nothing more is written. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Replays what the client missed (call after subscribing), then lets live events through. */
  async start(from: StartPoint): Promise<void> {
    this.write('retry: 2000\n\n');
    const convs = await conversationsOf(this.userId);
    for (const c of convs) {
      if (from.kind !== 'now' && from.cursor.has(c.id)) this.cursor.set(c.id, from.cursor.get(c.id)!);
      else if (from.kind === 'lastEventId') this.cursor.set(c.id, 0);
      else this.cursor.set(c.id, await this.latestStamped(c.id, c.lastSeq));
    }
    await this.replay();
    this.live = true;
    const held = this.held;
    this.held = [];
    for (const fn of held) fn();
    // The cursor as of now, so a reconnect right away resumes from here.
    this.event('ready', { cursor: formatStreamCursor(this.cursor) }, true);
    await this.sendUnread(true);
    if (this.closed) return;
    this.keepalive = setInterval(() => this.write(': keepalive\n\n'), KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Numbers are allocated a moment before the message is stamped: start below any still unstamped. */
  private async latestStamped(conversationId: number, lastSeq: number): Promise<number> {
    if (lastSeq === 0) return 0;
    const recent = await threadMessages(conversationId, Math.max(0, lastSeq - 50));
    const have = new Set(recent.map((m) => m.seq));
    let n = Math.max(0, lastSeq - 50);
    while (have.has(n + 1)) n++;
    return n;
  }

  private async replay(): Promise<void> {
    for (const [conversationId, after] of [...this.cursor]) {
      let from = after;
      for (;;) {
        const missed = await threadMessages(conversationId, from);
        for (const m of missed) this.sendMessage(m);
        if (missed.length < 1000) break;
        from = missed[missed.length - 1].seq;
      }
    }
  }

  message(m: StoredMessage): void {
    if (!this.live) {
      this.held.push(() => this.message(m));
      return;
    }
    this.sendMessage(m);
  }

  read(r: ReadReceipt): void {
    if (!this.live) {
      this.held.push(() => this.read(r));
      return;
    }
    if (r.readerId !== this.userId && r.senderId !== this.userId) return;
    this.event('read', { conversationId: r.conversationId, readerId: r.readerId, seq: r.seq, readAt: r.readAt.toISOString() });
  }

  unreadChanged(): void {
    if (this.closed || this.unreadTimer) return;
    this.unreadTimer = setTimeout(() => {
      this.unreadTimer = null;
      void this.sendUnread(false);
    }, UNREAD_DEBOUNCE_MS);
    this.unreadTimer.unref();
  }

  resync(): void {
    if (this.closed || !this.live) return;
    if (this.resyncing) {
      this.resyncAgain = true;
      return;
    }
    this.resyncing = (async () => {
      do {
        this.resyncAgain = false;
        // Conversations that began since we last looked are replayed from their start.
        for (const c of await conversationsOf(this.userId)) if (!this.cursor.has(c.id)) this.cursor.set(c.id, 0);
        await this.replay();
      } while (this.resyncAgain && !this.closed);
    })()
      .catch((err) => this.logger.warn(`Messages: catch-up for user ${this.userId} failed: ${(err as Error).message}`))
      .finally(() => {
        this.resyncing = null;
      });
  }

  private sendMessage(m: StoredMessage): void {
    if (this.closed || !canSeeMessage(this.userId, m)) return;
    const c = m.conversationId;
    // A conversation unknown here began after this stream subscribed: all of it is new to the client, from
    // number 1 (its first numbers may be stamped after later ones, so never start at this message).
    if (!this.cursor.has(c)) this.cursor.set(c, 0);
    const at = this.cursor.get(c)!;
    let above = this.above.get(c);
    if (m.seq <= at || above?.has(m.seq)) return;
    if (!above) this.above.set(c, (above = new Set()));
    above.add(m.seq);
    let next = at;
    while (above.has(next + 1)) above.delete(++next);
    this.cursor.set(c, next);
    this.event('message', presentMessage(m, this.userId), true);
  }

  private async sendUnread(force: boolean): Promise<void> {
    if (this.closed) return;
    try {
      const total = await unreadTotal(this.userId);
      if (!force && total === this.lastUnread) return;
      this.lastUnread = total;
      this.event('unread', { total });
    } catch (err) {
      this.logger.warn(`Messages: unread total for user ${this.userId} failed: ${(err as Error).message}`);
    }
  }

  private event(name: string, data: unknown, withId = false): void {
    const id = withId ? `id: ${formatStreamCursor(this.cursor)}\n` : '';
    this.write(`event: ${name}\n${id}data: ${JSON.stringify(data)}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    this.out.write(chunk);
  }

  /** The session ended (or a newer stream of the user replaced this one): say so, then close the response. */
  end(reason: EndReason): void {
    if (this.closed) return;
    this.event('end', { reason });
    this.close();
    this.onEnd();
  }

  close(): void {
    this.closed = true;
    if (this.keepalive) clearInterval(this.keepalive);
    if (this.unreadTimer) clearTimeout(this.unreadTimer);
    this.held = [];
  }
}
