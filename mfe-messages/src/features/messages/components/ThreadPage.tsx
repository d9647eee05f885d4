import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Mail } from '../../../lib/icons';
import { parseRouteId } from '@fitconnect/contracts/messages';
import { Badge, Banner, Button, PageContainer, Spinner, isApiError, apiErrorMessage, useCurrentUser } from '@fitconnect/shared-ui';
import { BackLink, NotFoundView, showsError } from '@fitconnect/shared-ui/patterns';
import { fullName } from '../lib/format';
import { useThreadController } from '../lib/useThreadController';
import { Avatar } from './Avatar';
import { Composer } from './Composer';
import { MessageLog } from './MessageLog';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** The one back link (shared-ui), here at the column's start. */
const Back = styled(BackLink)`
  align-self: flex-start;
  margin-bottom: 0;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const H1 = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.2;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | FitConnect`;
  }, [title]);
}

function NotFound({ title, text }: { title: string; text: string }) {
  useTitle(title);
  return (
    <PageContainer $narrow>
      <NotFoundView title={title} description={text} icon={<Mail size={32} strokeWidth={1.75} aria-hidden="true" focusable="false" />} action={{ to: '/messages', label: 'Back to Messages' }} />
    </PageContainer>
  );
}

/** /messages/:id: the thread with user :id (also one never messaged before: 'Contact Trainer'). */
export function ThreadPage() {
  const { id } = useParams();
  const partnerId = parseRouteId(id) ?? 0;
  if (partnerId <= 0) return <NotFound title="Conversation not found" text="This conversation does not exist." />;
  return <ThreadView key={partnerId} partnerId={partnerId} />;
}

function ThreadView({ partnerId }: { partnerId: number }) {
  const { user } = useCurrentUser();
  const { query, pending, send, retry, failed } = useThreadController(partnerId, user?.id);
  const partner = query.data?.otherUser;
  useTitle(partner ? `${fullName(partner)} | Messages` : 'Messages');

  if (query.isPending) {
    return (
      <PageContainer $narrow>
        <Spinner center label="Loading conversation" />
      </PageContainer>
    );
  }
  // The thread shown (and what is typed in the composer) stays when a later refetch fails (showsError).
  if (showsError(query) || !query.data) {
    if (isApiError(query.error, 404)) return <NotFound title="User not found" text="There is no FitConnect member with this id." />;
    if (isApiError(query.error, 400))
      return <NotFound title="Conversation not available" text={apiErrorMessage(query.error, 'This conversation is not available.')} />;
    return (
      <PageContainer $narrow>
        <Column>
          <Back to="/messages">All messages</Back>
          <h1 style={{ margin: 0 }}>Messages</h1>
          <Banner tone="danger" title="This conversation could not be loaded" role="alert">
            <p style={{ margin: '0 0 8px' }}>Please check your connection and try again.</p>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
              Try again
            </Button>
          </Banner>
        </Column>
      </PageContainer>
    );
  }
  const thread = query.data;
  const other = thread.otherUser;
  return (
    <PageContainer $narrow>
      <Column>
        <Back to="/messages">All messages</Back>
        <Header>
          <Avatar user={other} size={40} />
          <H1>{fullName(other)}</H1>
          {other.isTrainer && <Badge tone="info">Trainer</Badge>}
        </Header>
        <MessageLog me={user?.id} partner={other} messages={thread.messages} pending={pending} onRetry={retry} />
        <Composer partnerName={other.firstName} onSend={send} failed={failed} />
      </Column>
    </PageContainer>
  );
}
