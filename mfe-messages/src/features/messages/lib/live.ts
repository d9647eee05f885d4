import { useEffect, useRef } from 'react';
import type { EndStreamEvent, Message, ReadStreamEvent } from '@fitconnect/contracts';

/**
 * One Server-Sent Events connection per page (GET /api/messages/stream), shared by everything of this
 * area that listens: the nav badge, the conversation list and an open thread. The browser reconnects
 * by itself and sends Last-Event-ID (the server then replays what was missed by sequence number); if the
 * stream is closed for good (e.g. the API restarted behind a proxy), it is reopened after a pause with
 * the last id as a query parameter. It closes when nothing listens any more.
 *
 * The server may end the stream itself with an `end` event: `signed-out` (the session it was opened with
 * ended: this or another tab signed out, the password was reset) or `replaced` (this user opened more
 * streams than the server keeps; this was the oldest). The browser is then not left to reconnect at once:
 * after `signed-out` it is reopened after the usual pause (if the user signed in again, that works; if not,
 * the listeners hear `ended` and the page learns it is signed out); after `replaced` it is reopened when
 * the user comes back to this page (it becomes visible or gets focus), which makes it the newest again.
 */
export interface LiveHandlers {
  message?(m: Message): void;
  read?(r: ReadStreamEvent): void;
  unread?(total: number): void;
  /** The stream is (again) connected and caught up: a page may fetch what it might have missed. */
  ready?(): void;
  /** The server ended the stream (see above). */
  ended?(reason: EndStreamEvent['reason']): void;
}

export const STREAM_URL = '/api/messages/stream';
const REOPEN_MS = 3000;

class LiveHub {
  private es: EventSource | null = null;
  private readonly listeners = new Set<{ current: LiveHandlers }>();
  private lastId = '';
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set while waiting for the user to come back to the page (after `replaced`). */
  private waitingForReturn: (() => void) | null = null;

  subscribe(handlers: { current: LiveHandlers }): () => void {
    this.listeners.add(handlers);
    // A page that starts listening is in use: no need to wait for the user's return.
    this.stopWaiting();
    this.open();
    return () => {
      this.listeners.delete(handlers);
      if (this.listeners.size === 0) this.close();
    };
  }

  private open(): void {
    if (this.es || this.waitingForReturn || typeof EventSource === 'undefined') return;
    const url = this.lastId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(this.lastId)}` : STREAM_URL;
    const es = new EventSource(url, { withCredentials: true });
    this.es = es;
    const on = (name: string, fn: (data: unknown, ev: MessageEvent) => void) =>
      es.addEventListener(name, (ev) => {
        const e = ev as MessageEvent;
        if (e.lastEventId) this.lastId = e.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(String(e.data));
        } catch {
          return;
        }
        fn(data, e);
      });
    on('message', (d) => this.emit((h) => h.message?.(d as Message)));
    on('read', (d) => this.emit((h) => h.read?.(d as ReadStreamEvent)));
    on('unread', (d) => this.emit((h) => h.unread?.((d as { total: number }).total)));
    on('ready', () => this.emit((h) => h.ready?.()));
    on('end', (d) => {
      const reason = (d as Partial<EndStreamEvent>).reason === 'replaced' ? 'replaced' : 'signed-out';
      // The server closes the response next: do not let the browser reconnect by itself.
      es.close();
      if (this.es === es) this.es = null;
      this.emit((h) => h.ended?.(reason));
      if (reason === 'replaced') this.reopenOnReturn();
      else this.reopenLater();
    });
    es.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; reopen later ourselves.
      if (es.readyState !== 2 || this.es !== es) return;
      this.es = null;
      this.reopenLater();
    });
  }

  private reopenLater(): void {
    if (this.listeners.size && !this.reopenTimer) {
      this.reopenTimer = setTimeout(() => {
        this.reopenTimer = null;
        if (this.listeners.size) this.open();
      }, REOPEN_MS);
    }
  }

  /** Reopens when the user is back on this page (visible again, or focused). */
  private reopenOnReturn(): void {
    if (this.waitingForReturn || typeof document === 'undefined') return;
    const back = () => {
      if (document.visibilityState === 'hidden') return;
      this.stopWaiting();
      if (this.listeners.size) this.open();
    };
    this.waitingForReturn = back;
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
  }

  private stopWaiting(): void {
    const back = this.waitingForReturn;
    if (!back) return;
    this.waitingForReturn = null;
    document.removeEventListener('visibilitychange', back);
    window.removeEventListener('focus', back);
  }

  private emit(fn: (h: LiveHandlers) => void): void {
    for (const l of [...this.listeners]) {
      try {
        fn(l.current);
      } catch (err) {
        console.error('[messages] a live update handler failed', err);
      }
    }
  }

  private close(): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.stopWaiting();
    this.es?.close();
    this.es = null;
  }
}

export const liveHub = new LiveHub();

/** Listens to the shared live stream while mounted (and `enabled`); handlers may change between renders. */
export function useLiveMessages(handlers: LiveHandlers, enabled = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    return liveHub.subscribe(ref);
  }, [enabled]);
}
