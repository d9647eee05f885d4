import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Mail } from '../../../lib/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@fitconnect/contracts';
import { Badge, Banner, Button, EmptyState, PageContainer, PageHeading, Spinner, focusRing, useCurrentUser } from '@fitconnect/shared-ui';
import { CONVERSATIONS_KEY, useConversations } from '../api/get-conversations';
import { fullName, listTime, preview } from '../lib/format';
import { useLiveMessages } from '../lib/live';
import { Avatar } from './Avatar';
import { isOfflineError, OfflineNotice, UnreadBadge, showsError, useOnline } from '@fitconnect/shared-ui/patterns';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Row = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md}`};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  ${focusRing}
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.md} ${theme.space.sm}`};
  }
`;

const Body = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Top = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const Name = styled.span<{ $unread: boolean }>`
  font-weight: ${({ $unread }) => ($unread ? 800 : 600)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Time = styled.span`
  margin-left: auto;
  flex: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Preview = styled.span<{ $unread: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme, $unread }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
  font-weight: ${({ $unread }) => ($unread ? 600 : 400)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span:first-child {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

function ConversationRow({ c, me }: { c: ConversationSummary; me: number | undefined }) {
  const latest = c.latestMessage;
  const unread = c.unreadCount > 0;
  const mine = latest && latest.senderId === me;
  return (
    <li>
      <Row to={`/messages/${c.partner.id}`} data-testid="conversation">
        <Avatar user={c.partner} />
        <Body>
          <Top>
            <Name $unread={unread}>{fullName(c.partner)}</Name>
            {c.partner.isTrainer && <Badge tone="info">Trainer</Badge>}
            {latest && (
              <Time>
                <time dateTime={latest.sentAt}>{listTime(latest.sentAt)}</time>
              </Time>
            )}
          </Top>
          <Preview $unread={unread}>
            <span>
              {mine && 'You: '}
              {latest ? preview(latest.content) : 'No messages yet'}
            </span>
            <UnreadBadge count={c.unreadCount} />
          </Preview>
        </Body>
      </Row>
    </li>
  );
}

/** /messages: the conversation list (partner, latest message, time, unread), updated live. */
export function ConversationsPage() {
  const { user } = useCurrentUser();
  const qc = useQueryClient();
  const q = useConversations();
  const online = useOnline();
  useLiveMessages({
    message: () => void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
    read: () => void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
    ready: () => void qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });

  let content;
  // The conversations shown stay when a later refetch fails for the connection (showsError).
  const failed = showsError(q);
  // Offline (issue 31): a clear notice instead of a spinner that waits or an error.
  if ((!online && !q.data) || (failed && isOfflineError(q.error)))
    content = (
      <OfflineNotice
        action={
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            Try again
          </Button>
        }
      >
        Your messages need a connection.
      </OfflineNotice>
    );
  else if (q.isPending) content = <Spinner center label="Loading conversations" />;
  else if (failed || !q.data)
    content = (
      <Banner tone="danger" title="Your messages could not be loaded" role="alert">
        <p style={{ margin: '0 0 8px' }}>Please check your connection and try again.</p>
        <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
          Try again
        </Button>
      </Banner>
    );
  else if (q.data.length === 0)
    content = (
      <EmptyState
        icon={<Mail size={40} strokeWidth={1.8} aria-hidden="true" focusable="false" />}
        title="No messages yet"
        description="Find a certified trainer near you and send them a message to arrange a virtual or in-person session."
        action={
          <Button as={Link} to="/trainers">
            Find a Trainer
          </Button>
        }
      />
    );
  else
    content = (
      <List aria-label="Conversations">
        {q.data.map((c) => (
          <ConversationRow key={c.conversationId} c={c} me={user?.id} />
        ))}
      </List>
    );

  return (
    <PageContainer $narrow>
      <PageHeading subtitle="Your conversations with trainers and clients">Messages</PageHeading>
      {content}
    </PageContainer>
  );
}
