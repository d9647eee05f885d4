import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Award, Dumbbell, Star, ThumbsUp, Users } from 'lucide';
import type { ActivityItem } from '@fitconnect/contracts';
import { Button, Card, CardBody, LineIcon, Spinner, useCurrentUser, type IconNode } from '@fitconnect/shared-ui';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { formatRelativeTime, useNow } from '../../../lib/relativeTime';
import { useActivity } from '../api/get-activity';

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Intro = styled.p`
  margin: 4px 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

const Row = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => `${theme.space.sm} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const IconWrap = styled.span`
  flex-shrink: 0;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

const Text = styled.div`
  min-width: 0;
  line-height: 1.45;
  p {
    margin: 0;
  }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// Classes, not style attributes: the page is rendered on the server too (the CSP refuses style attributes).
const Plain = styled.p`
  margin: 0;
`;

const AlertText = styled.p`
  margin-top: 0;
`;

const MoreError = styled.p`
  margin-bottom: 0;
`;

const More = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
`;

const ICONS: Record<ActivityItem['kind'], IconNode> = {
  trainer_joined: Dumbbell,
  challenge_completed: Award,
  challenge_popular: Users,
  review_posted: Star,
  review_helpful: ThumbsUp,
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One item in words: who did what, linking to the thing (never naming an anonymous review's author). */
export function describe(item: ActivityItem): { text: ReactNode; meta?: string } {
  switch (item.kind) {
    case 'trainer_joined': {
      const t = item.trainer;
      const where = [t.specialization, t.location, t.distanceMiles != null ? `${plural(t.distanceMiles, 'mile', 'miles')} from you` : null].filter(Boolean).join(' · ');
      return { text: <><Link to={`/trainers/${t.id}`}>{t.name}</Link> joined as a trainer</>, meta: where };
    }
    case 'challenge_completed':
      return { text: <>{item.person.firstName} {item.person.lastInitial} completed <Link to={`/challenges/${item.challenge.id}`}>{item.challenge.title}</Link></> };
    case 'challenge_popular':
      return {
        text: <><Link to={`/challenges/${item.challenge.id}`}>{item.challenge.title}</Link> is taking off</>,
        meta: `${plural(item.participants, 'participant', 'participants')} so far`,
      };
    case 'review_posted':
    case 'review_helpful': {
      const who = item.person ? `${item.person.firstName} ${item.person.lastInitial}` : 'A member';
      const link = <Link to="/community?tab=reviews">&ldquo;{item.review.title}&rdquo;</Link>;
      return item.kind === 'review_posted'
        ? { text: <>{who} rated FitConnect {item.review.rating}/5: {link}</> }
        : { text: <>{link} is a top review</>, meta: `Marked helpful by ${plural(item.review.helpful, 'person', 'people')}` };
    }
  }
}

/**
 * The Community feed's "Recent activity" (issue 28.9): what happens on the site, newest first, from
 * GET /api/activity, with loading, empty and error states and a "Show more" step (cursor paging).
 */
export function ActivityList({ now: nowProp }: { now?: number }) {
  const current = useNow();
  const now = nowProp ?? current;
  const { user, isLoading } = useCurrentUser();
  const q = useActivity(user?.id ?? null, !isLoading);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];

  let body: ReactNode;
  if (q.isPending) body = <Spinner label="Loading recent activity" />;
  else if (showsError(q))
    body = (
      <div role="alert">
        <AlertText>Recent activity could not be loaded right now.</AlertText>
        <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (items.length === 0)
    body = (
      <Plain>
        Nothing yet. New trainers, finished challenges and top reviews show up here. <Link to="/challenges">Join a challenge</Link> to get things going.
      </Plain>
    );
  else
    body = (
      <>
        <List aria-label="Recent activity" data-testid="activity-list">
          {items.map((item) => {
            const { text, meta } = describe(item);
            return (
              <Row key={item.id} data-testid="activity-item">
                <IconWrap>
                  <LineIcon icon={ICONS[item.kind]} size={18} strokeWidth={1.8} aria-hidden="true" focusable="false" />
                </IconWrap>
                <Text>
                  <p>{text}</p>
                  <Meta>
                    {meta ? `${meta} · ` : ''}
                    <time dateTime={item.at}>{formatRelativeTime(item.at, now)}</time>
                  </Meta>
                </Text>
              </Row>
            );
          })}
        </List>
        {q.hasNextPage && (
          <More>
            <Button size="sm" variant="outline" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
              Show More Activity
            </Button>
          </More>
        )}
        {q.isFetchNextPageError && (
          <MoreError role="alert">
            More activity could not be loaded. Please try again.
          </MoreError>
        )}
      </>
    );

  return (
    <Card as="section" aria-labelledby="recent-activity-title" data-testid="recent-activity">
      <CardBody>
        <Title id="recent-activity-title">Recent activity</Title>
        <Intro>Live from FitConnect: new trainers{user?.location ? ' near you' : ''}, finished challenges and top reviews.</Intro>
        {body}
      </CardBody>
    </Card>
  );
}
