import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Card, CardBody, CardDescription, CardHeader, CardTitle, Spinner, useCurrentUser } from '@fitconnect/shared-ui';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { useUserChallenges } from '../api/get-user-challenges';
import { formatAmount, formatGoal } from '../lib/format';
import { TIMING_LABELS, timingOf } from '../lib/timing';
import { ProgressBar } from './ProgressBar';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px ${({ theme }) => theme.space.sm};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Muted = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Most challenges shown on the profile. */
export const WIDGET_LIMIT = 5;

/**
 * The profile dashboard's challenges card (exposed to the shell as the area's DashboardWidget): the
 * signed-in user's challenges and their progress. Renders nothing when signed out.
 */
export function ChallengesDashboardWidget() {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const q = useUserChallenges(userId);
  if (userId === null) return null;
  const now = new Date();

  let body;
  if (q.isPending) body = <Spinner label="Loading your challenges" />;
  else if (showsError(q) || !q.data) body = <p style={{ margin: 0 }}>Your challenges could not be loaded right now.</p>;
  else if (q.data.length === 0)
    body = (
      <>
        <p style={{ marginTop: 0 }}>You haven&apos;t joined any challenges yet.</p>
        <Button as={Link} to="/challenges" variant="outline">
          Browse Challenges
        </Button>
      </>
    );
  else
    body = (
      <>
        <List>
          {q.data.slice(0, WIDGET_LIMIT).map((r) => {
            const c = r.challenge;
            return (
              <Item key={c.id} data-testid="my-challenge">
                <Line>
                  <Link to={`/challenges/${c.id}`}>{c.title}</Link>
                  {r.completed ? <Badge tone="success">Completed</Badge> : <Muted>{TIMING_LABELS[timingOf(c, now)]}</Muted>}
                </Line>
                <ProgressBar progress={r.currentProgress} target={c.target} label={`Progress in ${c.title}`} />
                <Muted>
                  {formatAmount(r.currentProgress)} / {formatGoal(c)}
                </Muted>
              </Item>
            );
          })}
        </List>
        {q.data.length > WIDGET_LIMIT && (
          <p style={{ marginBottom: 0 }}>
            <Link to="/challenges">All challenges</Link>
          </p>
        )}
      </>
    );

  return (
    <Card as="section" aria-labelledby="my-challenges-title" data-testid="challenges-widget">
      <CardHeader>
        <CardTitle as="h2" id="my-challenges-title">
          My Challenges
        </CardTitle>
        <CardDescription>Your challenges and how far you have come.</CardDescription>
      </CardHeader>
      <CardBody>{body}</CardBody>
    </Card>
  );
}
