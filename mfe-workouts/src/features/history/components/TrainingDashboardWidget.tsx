import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, CardBody, CardDescription, CardHeader, CardTitle, useCurrentUser } from '@fitconnect/shared-ui';
import { useTrainingRefresh, useTrainingSummary } from '../api/training';
import { startTrainingAutoSync } from '../lib/autoSync';
import { showsError } from '@fitconnect/shared-ui/patterns';

const Numbers = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  div {
    display: flex;
    flex-direction: column-reverse;
    justify-content: flex-end;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The /profile card of the workouts area (its ./dashboardWidget, issue 31.5): this week's sessions and minutes
 * and the current streak, linking to My Training. Small on purpose (no chart). Renders nothing signed out.
 */
export function TrainingDashboardWidget() {
  const { user } = useCurrentUser();
  useTrainingRefresh();
  const q = useTrainingSummary(!!user);
  if (!user) return null;
  const d = q.data;
  return (
    <Card as="section" aria-labelledby="my-training-title" data-testid="training-widget">
      <CardHeader>
        <CardTitle as="h2" id="my-training-title">
          My Training
        </CardTitle>
        <CardDescription>This week and your streak.</CardDescription>
      </CardHeader>
      <CardBody>
        {q.isPending ? (
          <Muted>Loading…</Muted>
        ) : showsError(q) || !d ? (
          <Muted>Your training could not be loaded.</Muted>
        ) : (
          <Numbers>
            <div>
              <dt>Sessions this week</dt>
              <dd>{d.thisWeek.sessions}</dd>
            </div>
            <div>
              <dt>Minutes this week</dt>
              <dd>{d.thisWeek.minutes}</dd>
            </div>
            <div>
              <dt>Day streak</dt>
              <dd>{d.currentStreak}</dd>
            </div>
          </Numbers>
        )}
        <Button as={Link} to="/my-training" variant="outline" size="sm">
          See My Training
        </Button>
      </CardBody>
    </Card>
  );
}

// Sessions recorded offline are sent from here too (the profile is a common next page).
startTrainingAutoSync();
