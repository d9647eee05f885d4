import { useLayoutEffect, useRef } from 'react';
import styled, { css } from 'styled-components';
import type { Message, MessagePartner } from '@fitconnect/contracts';
import { Button, focusRing, visuallyHidden } from '@fitconnect/shared-ui';
import { dayKey, dayLabel, timeOfDay } from '../lib/format';
import type { OutgoingMessage } from '../lib/useThreadController';

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
`;

const Day = styled.h2`
  margin: ${({ theme }) => `${theme.space.md} 0 ${theme.space.sm}`};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.colors.textMuted};
  &:first-child {
    margin-top: 0;
  }
`;

const Items = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.li<{ $own: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
`;

const Bubble = styled.div<{ $own: boolean; $failed?: boolean }>`
  max-width: min(75%, 560px);
  padding: 8px 12px;
  border-radius: 16px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.4;
  ${({ $own, theme }) =>
    $own
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryText};
          border-bottom-right-radius: 4px;
        `
      : css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border: 1px solid ${theme.colors.border};
          border-bottom-left-radius: 4px;
        `}
  ${({ $failed, theme }) =>
    $failed &&
    css`
      background: ${theme.colors.dangerBg};
      color: ${theme.colors.text};
      border: 1px solid ${theme.colors.danger};
    `}
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    max-width: 85%;
  }
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FailedText = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Empty = styled.p`
  margin: auto;
  padding: ${({ theme }) => theme.space.xl} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

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
      {entries.length === 0 && <Empty>No messages yet. Say hello to {partnerName}!</Empty>}
      {groups.map((g) => (
        <section key={g.key}>
          <Day>{g.label}</Day>
          <Items>
            {g.entries.map((e) =>
              e.kind === 'message' ? (
                <Item key={e.key} $own={e.own} data-own={e.own || undefined} data-testid="message">
                  <Bubble $own={e.own}>
                    <Hidden>{e.own ? 'You: ' : `${partnerName}: `}</Hidden>
                    {e.m.content}
                  </Bubble>
                  <Meta>
                    <time dateTime={e.m.sentAt}>{timeOfDay(e.m.sentAt)}</time>
                    {e.own && <span>{e.m.readAt ? `· Read ${timeOfDay(e.m.readAt)}` : '· Sent'}</span>}
                  </Meta>
                </Item>
              ) : (
                <Item key={e.key} $own data-own data-testid="message" data-status={e.o.status}>
                  <Bubble $own={e.o.status !== 'failed'} $failed={e.o.status === 'failed'}>
                    <Hidden>You: </Hidden>
                    {e.o.content}
                  </Bubble>
                  <Meta>
                    {e.o.status === 'sending' ? (
                      <span>Sending…</span>
                    ) : (
                      <>
                        <FailedText>Not sent</FailedText>
                        <Button size="sm" variant="ghost" onClick={() => onRetry(e.o.clientKey)}>
                          Retry
                        </Button>
                      </>
                    )}
                  </Meta>
                </Item>
              ),
            )}
          </Items>
        </section>
      ))}
    </Log>
  );
}
