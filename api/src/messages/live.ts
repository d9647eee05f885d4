/**
 * Live delivery across API instances: one MongoDB change stream per app, on the database, matching the
 * `messages` collection's writes and the `sessions` collection's deletes.
 *
 * A message becomes visible when it is stamped with its sequence number (an update that sets `seq`), and
 * read when `readAt` is set; both arrive here as change events from whichever instance wrote them, and go
 * to the subscribers (open SSE streams) of its two parties. Nothing is delivered from memory on send: the
 * instance that stores a message hears about it the same way every other instance does.
 *
 * A stream ends with the session it was opened with (issue 26): a sign-out, a password reset (every
 * session of the user), a sign-in that replaces the key, or the TTL monitor deletes the session document,
 * and that delete reaches every instance's feed, which ends the streams of that session (the user's other
 * sessions' streams go on). One change stream for both keeps commit order: a message stored after the
 * sign-out finished is heard after the delete, so it is never sent on the ended stream. Every open stream's
 * session is also read again every `sessionCheckMs` (expiry before the TTL monitor runs; anything missed
 * while the change stream restarted), and once right after subscribing (the request's session may have
 * come from the auth cache, up to its TTL old).
 *
 * A user may hold `maxStreamsPerUser` streams on one instance (default 5); one more ends the oldest.
 *
 * Where change streams are unavailable (a standalone MongoDB answers 40573), the feed falls back to
 * polling: once a second it re-checks the open streams' sessions, then every subscriber catches up by
 * sequence number (read receipts then show on the next thread load). It says so in the log once.
 */
import mongoose, { type mongo } from 'mongoose';
import { liveSessionIds } from '../http/session';
import type { Logger } from '../log';
import type { StoredMessage } from './service';

/** Why the server ends a stream (the `end` event): its session ended, or a newer stream of the user took its place. */
export type EndReason = 'signed-out' | 'replaced';

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
  /** The session the stream was opened with (the `sessions` document's _id): the stream ends with it. */
  readonly sessionId: string;
  message(m: StoredMessage): void;
  read(r: ReadReceipt): void;
  /** The user's unread total may have changed. */
  unreadChanged(): void;
  /** Changes may have been missed (the feed restarted, or polling): catch up from the database by seq. */
  resync(): void;
  /** The stream must end now (the feed has already unsubscribed it). */
  end(reason: EndReason): void;
}

export interface FeedOptions {
  /** `false` polls as on a standalone server (tests of the fallback). */
  changeStreams?: boolean;
  /** How often the open streams' sessions are read again (ms; default 30 s). */
  sessionCheckMs?: number;
  /** Open streams per user on this instance (default 5); one more ends the oldest. */
  maxStreamsPerUser?: number;
}

const POLL_MS = 1000;
const RESTART_MS = 1000;
/** Keep the change stream open this long after the last subscriber left (a reconnect is often next). */
const IDLE_CLOSE_MS = 5000;
export const SESSION_CHECK_MS = 30_000;
export const MAX_STREAMS_PER_USER = 5;
const MESSAGES = 'messages';
const SESSIONS = 'sessions';
/**
 * What the feed hears: message writes, session deletes (one stream: both in commit order). A message is
 * inserted unnumbered and numbered by an update (service.ts), and `dispatch` ignores unnumbered documents,
 * so inserts are only asked for when they carry a number: the database does not send every instance the
 * document of every send twice.
 */
const WATCH_PIPELINE = [
  {
    $match: {
      $or: [
        {
          'ns.coll': MESSAGES,
          $or: [{ operationType: { $in: ['update', 'replace'] } }, { operationType: 'insert', 'fullDocument.seq': { $type: 'number' } }],
        },
        { 'ns.coll': SESSIONS, operationType: 'delete' },
      ],
    },
  },
];

/** Errors that mean "this deployment has no change streams" (standalone server, or not supported). */
function noChangeStreams(err: unknown): boolean {
  const e = err as { code?: unknown; codeName?: unknown; message?: unknown };
  if (e?.code === 40573 || e?.code === 40324 || e?.codeName === 'CommandNotSupported') return true;
  return typeof e?.message === 'string' && /only supported on replica sets|\$changeStream.*not supported|Unrecognized pipeline stage name: '\$changeStream'/i.test(e.message);
}

export class MessageFeed {
  /** userId -> open streams, oldest first (a Set keeps insertion order). */
  private readonly subs = new Map<number, Set<Subscriber>>();
  /** sessionId -> open streams opened with that session. */
  private readonly bySession = new Map<string, Set<Subscriber>>();
  private stream: mongo.ChangeStream<mongo.Document> | null = null;
  private ready: Promise<void> | null = null;
  private mode: 'idle' | 'changes' | 'polling' = 'idle';
  private pollTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private warnedPolling = false;
  private readonly sessionCheckMs: number;
  private readonly maxStreamsPerUser: number;

  constructor(
    private readonly logger: Logger,
    private readonly opts: FeedOptions = {},
  ) {
    this.sessionCheckMs = opts.sessionCheckMs ?? SESSION_CHECK_MS;
    this.maxStreamsPerUser = opts.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  }

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
    let same = this.bySession.get(sub.sessionId);
    if (!same) this.bySession.set(sub.sessionId, (same = new Set()));
    same.add(sub);
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    // The cap: the newest stream is the one the user is looking at (or a reconnect whose old connection
    // has not been noticed dead yet), so the oldest gives way.
    while (set.size > this.maxStreamsPerUser) this.end(set.values().next().value as Subscriber, 'replaced');
    const unsubscribe = () => this.unsubscribe(sub);
    try {
      await this.ensureStarted();
      this.startSessionChecks();
      // The request's session may have been read from the auth cache (up to its TTL old) and ended since
      // on another instance; any later end reaches us through the feed, which is listening now.
      const alive = await liveSessionIds([sub.sessionId]);
      if (!alive.has(sub.sessionId)) this.end(sub, 'signed-out');
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** Ends one stream: out of the feed first, so nothing more reaches it. */
  private end(sub: Subscriber, reason: EndReason): void {
    this.unsubscribe(sub);
    try {
      sub.end(reason);
    } catch (err) {
      this.logger.warn(`Messages: ending a live stream failed: ${(err as Error).message}`);
    }
  }

  /** The session `sessionId` ended: so do its streams, on this instance. */
  private sessionEnded(sessionId: string): void {
    const set = this.bySession.get(sessionId);
    if (set) for (const s of [...set]) this.end(s, 'signed-out');
  }

  /** Reads the open streams' sessions again; streams whose session is gone or expired end. */
  checkSessions(): Promise<void> {
    if (!this.checking) {
      this.checking = (async () => {
        const ids = [...this.bySession.keys()];
        const alive = await liveSessionIds(ids);
        for (const id of ids) if (!alive.has(id)) this.sessionEnded(id);
      })()
        .catch((err) => this.logger.warn(`Messages: re-checking the live streams' sessions failed: ${(err as Error).message}`))
        .finally(() => {
          this.checking = null;
        });
    }
    return this.checking;
  }

  private startSessionChecks(): void {
    if (this.checkTimer) return;
    this.checkTimer = setInterval(() => void this.checkSessions(), this.sessionCheckMs);
    this.checkTimer.unref();
  }

  private unsubscribe(sub: Subscriber): void {
    const same = this.bySession.get(sub.sessionId);
    if (same?.delete(sub) && same.size === 0) this.bySession.delete(sub.sessionId);
    const set = this.subs.get(sub.userId);
    if (!set?.has(sub)) return;
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
        cs = db.watch(WATCH_PIPELINE, { fullDocument: 'updateLookup' });
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
        () => {
          // Deletes of sessions may have been missed too.
          void this.checkSessions();
          this.everySubscriber((s) => s.resync());
        },
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
      // Sessions first: a stream whose session ended gets nothing more.
      void this.checkSessions().then(() =>
        this.everySubscriber((s) => {
          s.resync();
          s.unreadChanged();
        }),
      );
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
    const coll = 'ns' in ev ? (ev.ns as { coll?: string }).coll : undefined;
    if (ev.operationType === 'delete') {
      if (coll === SESSIONS) this.sessionEnded(String(ev.documentKey._id));
      return;
    }
    if (coll !== MESSAGES) return;
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
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.pollTimer = this.idleTimer = this.restartTimer = this.checkTimer = null;
    const cs = this.stream;
    this.stream = null;
    this.ready = null;
    this.mode = 'idle';
    await cs?.close().catch(() => undefined);
  }
}
