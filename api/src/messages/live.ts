/**
 * Live delivery across API instances: one MongoDB change stream per app on the `messages` collection.
 * A message becomes visible when it is stamped with its sequence number (an update that sets `seq`), and
 * read when `readAt` is set; both arrive here as change events from whichever instance wrote them, and go
 * to the subscribers (open SSE streams) of its two parties. Nothing is delivered from memory on send: the
 * instance that stores a message hears about it the same way every other instance does.
 *
 * Where change streams are unavailable (a standalone MongoDB answers 40573), the feed falls back to
 * polling: every subscriber catches up by sequence number once a second (read receipts then show on the
 * next thread load). It says so in the log once.
 */
import mongoose, { type mongo } from 'mongoose';
import type { Logger } from '../log';
import type { StoredMessage } from './service';

export interface ReadReceipt {
  conversationId: number;
  readerId: number;
  senderId: number;
  seq: number;
  readAt: Date;
}

/** An open stream of one user. */
export interface Subscriber {
  readonly userId: number;
  message(m: StoredMessage): void;
  read(r: ReadReceipt): void;
  /** The user's unread total may have changed. */
  unreadChanged(): void;
  /** Changes may have been missed (the feed restarted, or polling): catch up from the database by seq. */
  resync(): void;
}

const POLL_MS = 1000;
const RESTART_MS = 1000;
/** Keep the change stream open this long after the last subscriber left (a reconnect is often next). */
const IDLE_CLOSE_MS = 5000;

/** Errors that mean "this deployment has no change streams" (standalone server, or not supported). */
function noChangeStreams(err: unknown): boolean {
  const e = err as { code?: unknown; codeName?: unknown; message?: unknown };
  if (e?.code === 40573 || e?.code === 40324 || e?.codeName === 'CommandNotSupported') return true;
  return typeof e?.message === 'string' && /only supported on replica sets|\$changeStream.*not supported|Unrecognized pipeline stage name: '\$changeStream'/i.test(e.message);
}

export class MessageFeed {
  private readonly subs = new Map<number, Set<Subscriber>>();
  private stream: mongo.ChangeStream<mongo.Document> | null = null;
  private ready: Promise<void> | null = null;
  private mode: 'idle' | 'changes' | 'polling' = 'idle';
  private pollTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private warnedPolling = false;

  constructor(
    private readonly logger: Logger,
    /** `changeStreams: false` polls as on a standalone server (tests of the fallback). */
    private readonly opts: { changeStreams?: boolean } = {},
  ) {}

  /** How this feed currently learns of changes (for logs and tests). */
  get how(): 'idle' | 'changes' | 'polling' {
    return this.mode;
  }

  /**
   * Adds a subscriber. Resolves once the feed is listening, so that a catch-up the caller reads from the
   * database afterwards cannot miss a change made in between (subscribe first, then replay).
   */
  async subscribe(sub: Subscriber): Promise<() => void> {
    let set = this.subs.get(sub.userId);
    if (!set) this.subs.set(sub.userId, (set = new Set()));
    set.add(sub);
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    await this.ensureStarted();
    return () => this.unsubscribe(sub);
  }

  private unsubscribe(sub: Subscriber): void {
    const set = this.subs.get(sub.userId);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.subs.delete(sub.userId);
    if (this.subs.size === 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.subs.size === 0) void this.close();
      }, IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }

  private ensureStarted(): Promise<void> {
    if (!this.ready) {
      this.ready = this.start().catch((err) => {
        this.ready = null;
        throw err;
      });
    }
    return this.ready;
  }

  private start(): Promise<void> {
    const db = mongoose.connection.db;
    if (!db) return Promise.reject(new Error('the database is not connected'));
    if (this.opts.changeStreams === false) {
      this.startPolling(new Error('change streams are turned off for this feed'));
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      let cs: mongo.ChangeStream<mongo.Document>;
      try {
        cs = db.collection('messages').watch([{ $match: { operationType: { $in: ['insert', 'update', 'replace'] } } }], {
          fullDocument: 'updateLookup',
        });
      } catch (err) {
        this.startPolling(err);
        settle();
        return;
      }
      this.stream = cs;
      // The first resume token arrives with the answer to the opening aggregate: from then on every change
      // is ours to hear.
      cs.once('resumeTokenChanged', () => {
        this.mode = 'changes';
        settle();
      });
      cs.on('change', (ev: mongo.ChangeStreamDocument<mongo.Document>) => {
        if (this.mode !== 'changes') this.mode = 'changes';
        settle();
        this.dispatch(ev);
      });
      cs.on('error', (err: unknown) => {
        if (this.stream === cs) this.stream = null;
        void cs.close().catch(() => undefined);
        if (noChangeStreams(err)) {
          this.startPolling(err);
          settle();
          return;
        }
        this.logger.warn(`Messages: the change stream failed (${(err as Error)?.message ?? String(err)}); restarting it and catching up by sequence number.`);
        this.mode = 'idle';
        this.ready = null;
        settle();
        this.scheduleRestart();
      });
    });
  }

  private scheduleRestart(): void {
    if (this.restartTimer || this.subs.size === 0) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.subs.size === 0 || mongoose.connection.readyState !== 1) return;
      this.ensureStarted().then(
        () => this.everySubscriber((s) => s.resync()),
        () => this.scheduleRestart(),
      );
    }, RESTART_MS);
    this.restartTimer.unref();
  }

  private startPolling(err: unknown): void {
    this.mode = 'polling';
    if (!this.warnedPolling) {
      this.warnedPolling = true;
      this.logger.warn(
        `Messages: MongoDB change streams are unavailable (${(err as Error)?.message ?? String(err)}); live delivery falls back to polling by sequence number every ${POLL_MS} ms. Run MongoDB as a replica set (one node is enough) for change streams.`,
      );
    }
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => {
      this.everySubscriber((s) => {
        s.resync();
        s.unreadChanged();
      });
    }, POLL_MS);
    this.pollTimer.unref();
  }

  private everySubscriber(fn: (s: Subscriber) => void): void {
    for (const set of this.subs.values()) for (const s of [...set]) fn(s);
  }

  private to(userId: number, fn: (s: Subscriber) => void): void {
    const set = this.subs.get(userId);
    if (set) for (const s of [...set]) fn(s);
  }

  private dispatch(ev: mongo.ChangeStreamDocument<mongo.Document>): void {
    if (ev.operationType !== 'insert' && ev.operationType !== 'update' && ev.operationType !== 'replace') return;
    const doc = ev.fullDocument as unknown as StoredMessage | null | undefined;
    if (!doc || typeof doc.seq !== 'number') return;
    const fields = ev.operationType === 'update' ? (ev.updateDescription?.updatedFields ?? {}) : { seq: doc.seq, readAt: doc.readAt };
    if ('seq' in fields) {
      this.to(doc.senderId, (s) => s.message(doc));
      this.to(doc.receiverId, (s) => {
        s.message(doc);
        s.unreadChanged();
      });
    }
    if ('readAt' in fields && doc.readAt) {
      const receipt: ReadReceipt = { conversationId: doc.conversationId, readerId: doc.receiverId, senderId: doc.senderId, seq: doc.seq, readAt: new Date(doc.readAt) };
      this.to(doc.senderId, (s) => s.read(receipt));
      this.to(doc.receiverId, (s) => {
        s.read(receipt);
        s.unreadChanged();
      });
    }
  }

  async close(): Promise<void> {
    for (const t of [this.pollTimer, this.idleTimer, this.restartTimer]) if (t) clearTimeout(t);
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = this.idleTimer = this.restartTimer = null;
    const cs = this.stream;
    this.stream = null;
    this.ready = null;
    this.mode = 'idle';
    await cs?.close().catch(() => undefined);
  }
}
