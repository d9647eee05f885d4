import { memo, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import type { Message, MessagePartner } from '@fitconnect/contracts';
import { Button, focusRing, visuallyHidden } from '@fitconnect/shared-ui';
import { dayKey, dayLabel, timeOfDay } from '../lib/format';
import type { OutgoingMessage } from '../lib/useThreadController';

/**
 * The log and everything in it are styled here, in one static rule set that is injected with the log when
 * the thread opens (issue 35.1). Styled components per part (day heading, list, bubble, meta) injected
 * their CSS the first time a part rendered: sending the first message of a thread added rules to the
 * document's style sheet during the click, and Chrome then re-checked every rule of the sheet against the
 * page (StyleEngine::scheduleInvalidationsForRuleSets, about 90 ms of a 310 ms send at 4x CPU). Variants
 * are data attributes, so no message adds CSS.
 */
const Log = styled.div`
  flex: 1;
  min-height: 240px;
  height: clamp(260px, calc(100vh - 380px), 640px);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${focusRing}
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.sm};
    height: clamp(240px, calc(100vh - 360px), 640px);
  }

  .log-day {
    margin: ${({ theme }) => `${theme.space.md} 0 ${theme.space.sm}`};
    text-align: center;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
    letter-spacing: 0.02em;
    color: ${({ theme }) => theme.colors.textMuted};
    &:first-child {
      margin-top: 0;
    }
  }

  .log-items {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
  }

  .log-item {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    &[data-own] {
      align-items: flex-end;
    }
  }

  .log-bubble {
    max-width: min(75%, 560px);
    padding: 8px 12px;
    border-radius: 16px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: 1.4;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom-left-radius: 4px;
    @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
      max-width: 85%;
    }
  }
  .log-bubble[data-variant='own'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    border: 0;
    border-bottom-left-radius: 16px;
    border-bottom-right-radius: 4px;
  }
  .log-bubble[data-variant='failed'] {
    background: ${({ theme }) => theme.colors.dangerBg};
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ theme }) => theme.colors.danger};
  }

  .log-meta {
    display: flex;
    align-items: center;
    gap: 6px;
    margin-top: 2px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  .log-failed {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
  }

  .log-hidden {
    ${visuallyHidden}
  }

  .log-empty {
    margin: auto;
    padding: ${({ theme }) => theme.space.xl} 0;
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * A confirmed message. Memoised: a send or an arriving message re-renders the log, and only the rows whose
 * message changed (the cache keeps the other message objects) render again.
 */
const ConfirmedMessage = memo(function ConfirmedMessage({ m, own, partnerName }: { m: Message; own: boolean; partnerName: string }) {
  return (
    <li className="log-item" data-own={own || undefined} data-testid="message">
      <div className="log-bubble" data-variant={own ? 'own' : 'other'}>
        <span className="log-hidden">{own ? 'You: ' : `${partnerName}: `}</span>
        {m.content}
      </div>
      <div className="log-meta">
        <time dateTime={m.sentAt}>{timeOfDay(m.sentAt)}</time>
        {own && <span>{m.readAt ? `· Read ${timeOfDay(m.readAt)}` : '· Sent'}</span>}
      </div>
    </li>
  );
});

type Entry =
  | { kind: 'message'; key: string; at: string; own: boolean; m: Message }
  | { kind: 'outgoing'; key: string; at: string; own: true; o: OutgoingMessage };

export interface MessageLogProps {
  me: number | undefined;
  partner: MessagePartner;
  messages: Message[];
  pending: OutgoingMessage[];
  onRetry(clientKey: string): void;
}

/**
 * The thread as a log region (new messages are announced politely), grouped by day, own messages on the
 * right, scrolled to the newest. Confirmed messages in sequence order, then those still being sent.
 */
export function MessageLog({ me, partner, messages, pending, onRetry }: MessageLogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const entries: Entry[] = [
    ...messages.map((m): Entry => ({ kind: 'message', key: `m${m.id}`, at: m.sentAt, own: m.senderId === me, m })),
    ...pending.map((o): Entry => ({ kind: 'outgoing', key: `o${o.clientKey}`, at: o.sentAt, own: true, o })),
  ];
  const groups: { key: string; label: string; entries: Entry[] }[] = [];
  for (const e of entries) {
    const k = dayKey(e.at);
    const last = groups[groups.length - 1];
    if (last && last.key === k) last.entries.push(e);
    else groups.push({ key: k, label: dayLabel(e.at), entries: [e] });
  }
  const newest = entries.length ? entries[entries.length - 1].key : '';

  // Scrolled to the newest message on open and whenever one is added.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest, entries.length]);

  const partnerName = partner.firstName;
  return (
    <Log ref={ref} role="log" aria-live="polite" aria-relevant="additions" aria-label={`Messages with ${partner.firstName} ${partner.lastName}`} tabIndex={0} data-testid="message-log">
      {entries.length === 0 && <p className="log-empty">No messages yet. Say hello to {partnerName}!</p>}
      {groups.map((g) => (
        <section key={g.key}>
          <h2 className="log-day">{g.label}</h2>
          <ol className="log-items">
            {g.entries.map((e) =>
              e.kind === 'message' ? (
                <ConfirmedMessage key={e.key} m={e.m} own={e.own} partnerName={partnerName} />
              ) : (
                <li key={e.key} className="log-item" data-own data-testid="message" data-status={e.o.status}>
                  <div className="log-bubble" data-variant={e.o.status === 'failed' ? 'failed' : 'own'}>
                    <span className="log-hidden">You: </span>
                    {e.o.content}
                  </div>
                  <div className="log-meta">
                    {e.o.status === 'sending' ? (
                      <span>Sending…</span>
                    ) : (
                      <>
                        <span className="log-failed">Not sent</span>
                        <Button size="sm" variant="ghost" onClick={() => onRetry(e.o.clientKey)}>
                          Retry
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              ),
            )}
          </ol>
        </section>
      ))}
    </Log>
  );
}
