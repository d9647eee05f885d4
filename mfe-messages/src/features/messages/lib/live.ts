import { useEffect, useRef } from 'react';
import type { Message, ReadStreamEvent } from '@fitconnect/contracts';

/**
 * One Server-Sent Events connection per page (GET /api/messages/stream), shared by everything of this
 * area that listens: the nav badge, the conversation list and an open thread. The browser reconnects
 * by itself and sends Last-Event-ID (the server then replays what was missed by sequence number); if the
 * stream is closed for good (e.g. the API restarted behind a proxy), it is reopened after a pause with
 * the last id as a query parameter. It closes when nothing listens any more.
 */
export interface LiveHandlers {
  message?(m: Message): void;
  read?(r: ReadStreamEvent): void;
  unread?(total: number): void;
  /** The stream is (again) connected and caught up: a page may fetch what it might have missed. */
  ready?(): void;
}

export const STREAM_URL = '/api/messages/stream';
const REOPEN_MS = 3000;

class LiveHub {
  private es: EventSource | null = null;
  private readonly listeners = new Set<{ current: LiveHandlers }>();
  private lastId = '';
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;

  subscribe(handlers: { current: LiveHandlers }): () => void {
    this.listeners.add(handlers);
    this.open();
    return () => {
      this.listeners.delete(handlers);
      if (this.listeners.size === 0) this.close();
    };
  }

  private open(): void {
    if (this.es || typeof EventSource === 'undefined') return;
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
    es.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; reopen later ourselves.
      if (es.readyState !== 2 || this.es !== es) return;
      this.es = null;
      if (this.listeners.size && !this.reopenTimer) {
        this.reopenTimer = setTimeout(() => {
          this.reopenTimer = null;
          if (this.listeners.size) this.open();
        }, REOPEN_MS);
      }
    });
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
