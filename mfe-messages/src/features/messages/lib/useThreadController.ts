import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, Thread } from '@fitconnect/contracts';
import { CURRENT_USER_KEY, afterNextPaint } from '@fitconnect/shared-ui';
import { CONVERSATIONS_KEY } from '../api/get-conversations';
import { getThread, threadKey, useThread } from '../api/get-thread';
import { UNREAD_KEY } from '../api/get-unread';
import { markThreadRead } from '../api/mark-read';
import { sendWithRetry } from '../api/send-message';
import { useLiveMessages } from './live';
import { applyRead, belongsTo, markedRead, mergeMessages, unreadUpTo } from './thread';

/** A message shown before the server confirmed it (optimistic), or one that finally failed. */
export interface OutgoingMessage {
  clientKey: string;
  content: string;
  sentAt: string;
  status: 'sending' | 'failed';
}

/** An idempotency key per message: crypto.randomUUID() (with a fallback for non-secure origins). */
export function newClientKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The thread with one partner: loaded once, then kept current from the live stream (new messages in
 * either direction, read times), with catch-up by sequence number after a (re)connect or an incoming
 * message; sending is optimistic and retried with the same key. Whatever the thread shows that was sent
 * to me and is unread is marked read with a POST (on first show and whenever more arrives while open):
 * reading the thread (GET) marks nothing.
 */
export function useThreadController(partnerId: number, me: number | undefined) {
  const qc = useQueryClient();
  const key = threadKey(partnerId);
  const query = useThread(partnerId);
  const [outbox, setOutbox] = useState<OutgoingMessage[]>([]);
  /** Live messages that came before the first load finished. */
  const early = useRef<Message[]>([]);
  const catchingUp = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const merge = useCallback(
    (incoming: Message[]) => {
      const had = qc.getQueryData<Thread>(key);
      if (!had) {
        early.current.push(...incoming);
        return;
      }
      qc.setQueryData<Thread>(key, mergeMessages(had, incoming));
    },
    [qc, partnerId],
  );

  useEffect(() => {
    if (query.data && early.current.length) {
      const pending = early.current;
      early.current = [];
      merge(pending);
    }
  }, [query.data, merge]);

  /** The highest number a mark-read was sent for (so each is sent once). */
  const markedUpTo = useRef(0);
  // What the thread shows is read: tell the server (then the badge and the list change).
  const thread = query.data;
  useEffect(() => {
    if (!thread || me === undefined) return;
    const upTo = unreadUpTo(thread, me);
    if (upTo === 0 || upTo <= markedUpTo.current) return;
    markedUpTo.current = upTo;
    markThreadRead(partnerId, upTo).then(
      () => {
        const had = qc.getQueryData<Thread>(key);
        if (had) qc.setQueryData<Thread>(key, markedRead(had, me, upTo, new Date().toISOString()));
        void qc.invalidateQueries({ queryKey: UNREAD_KEY });
        void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      },
      () => {
        // Not marked (offline, a server error): tried again when the thread changes next.
        if (markedUpTo.current === upTo) markedUpTo.current = 0;
      },
    );
  }, [thread, me, partnerId, qc]); // eslint-disable-line react-hooks/exhaustive-deps

  /** GET ?afterSeq=<what we have>: fills any gap. One at a time. */
  const catchUp = useCallback(() => {
    if (catchingUp.current) {
      again.current = true;
      return;
    }
    catchingUp.current = (async () => {
      do {
        again.current = false;
        const had = qc.getQueryData<Thread>(key);
        if (!had) return;
        const newer = await getThread(partnerId, had.lastSeq);
        merge(newer.messages);
      } while (again.current);
    })()
      .catch(() => undefined)
      .finally(() => {
        catchingUp.current = null;
      });
  }, [qc, partnerId, merge]);

  // Back on a thread loaded earlier (the cache is fresh forever, SPEC §4): fetch what came since (the
  // effect above then marks it read).
  useEffect(() => {
    if (qc.getQueryData<Thread>(key)) catchUp();
  }, [partnerId]); // eslint-disable-line react-hooks/exhaustive-deps

  useLiveMessages(
    {
      message: (m) => {
        if (me === undefined || !belongsTo(m, me, partnerId)) return;
        merge([m]);
        if (m.senderId === partnerId) catchUp();
      },
      read: (r) => {
        const had = qc.getQueryData<Thread>(key);
        if (had) qc.setQueryData<Thread>(key, applyRead(had, r));
      },
      ready: () => catchUp(),
      // The session ended (signed out elsewhere, password reset): let the page find out it is signed out.
      ended: (reason) => {
        if (reason === 'signed-out') void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      },
    },
    partnerId > 0,
  );

  const deliver = useCallback(
    async (clientKey: string, content: string) => {
      setOutbox((o) => o.map((x) => (x.clientKey === clientKey ? { ...x, status: 'sending' } : x)));
      try {
        const saved = await sendWithRetry({ receiverId: partnerId, content, clientKey });
        merge([saved]);
        setOutbox((o) => o.filter((x) => x.clientKey !== clientKey));
        void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
        return true;
      } catch {
        setOutbox((o) => o.map((x) => (x.clientKey === clientKey ? { ...x, status: 'failed' } : x)));
        return false;
      }
    },
    [partnerId, merge, qc],
  );

  /** Shows the message at once and sends it (retried with the same key). False if blank. */
  const send = useCallback(
    (text: string) => {
      const content = text.trim();
      if (!content) return false;
      const clientKey = newClientKey();
      setOutbox((o) => [...o, { clientKey, content, sentAt: new Date().toISOString(), status: 'sending' }]);
      // The request starts right after the frame that shows the message as 'Sending…' (issue 35.1): starting a
      // fetch is about 10-15 ms at 4x CPU, which the press of Send no longer waits for.
      afterNextPaint(() => void deliver(clientKey, content));
      return true;
    },
    [deliver],
  );

  /** Tries a failed message again, with its original key (stored once even if the first try landed). */
  const retry = useCallback(
    (clientKey: string) => {
      const item = outbox.find((x) => x.clientKey === clientKey);
      if (item) void deliver(clientKey, item.content);
    },
    [outbox, deliver],
  );

  // Confirmed messages carry their key back (to their sender): drop the optimistic copy then.
  const confirmed = new Set((query.data?.messages ?? []).map((m) => m.clientKey).filter(Boolean));
  const pending = outbox.filter((x) => !confirmed.has(x.clientKey));

  return { query, pending, send, retry, failed: pending.some((x) => x.status === 'failed') };
}
