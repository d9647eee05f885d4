import styled from 'styled-components';
import { Link } from 'react-router-dom';
import type { GeneratedWorkout } from '@fitconnect/contracts';
import { Button, Card, CardBody, EmptyState, Spinner } from '@fitconnect/shared-ui';
import { capitalize, formatDuration } from '../../workout-detail/lib/format';
import { formatSavedDate } from '../lib/time';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
`;

const Title = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Meta = styled.p`
  margin: 2px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

export interface SavedWorkoutsListProps {
  workouts: GeneratedWorkout[] | undefined;
  isLoading: boolean;
  isError: boolean;
  deletingId: number | null;
  onLoad: (w: GeneratedWorkout) => void;
  onDelete: (w: GeneratedWorkout) => void;
}

/** The saved list (at most 5, newest first) with Load and Delete. */
export function SavedWorkoutsList({ workouts, isLoading, isError, deletingId, onLoad, onDelete }: SavedWorkoutsListProps) {
  return (
    <Card as="section" id="saved-workouts" aria-labelledby="saved-workouts-title">
      <CardBody>
        <h2 id="saved-workouts-title" style={{ margin: '0 0 8px', fontSize: '1.25rem' }}>
          Saved Workouts
        </h2>
        {isLoading ? (
          <Spinner label="Loading saved workouts" />
        ) : isError ? (
          <Meta role="alert">Could not load your saved workouts.</Meta>
        ) : !workouts?.length ? (
          <EmptyState headingAs="h3" title="No saved workouts yet" description="Every workout you generate is saved here automatically (your 5 most recent)." />
        ) : (
          <List>
            {workouts.map((w) => (
              <Item key={w.id} data-testid="saved-workout">
                <div>
                  <Title>
                    <Link to={`/workout-plan/${w.id}`}>{w.title}</Link>
                  </Title>
                  <Meta>
                    {formatSavedDate(w.createdAt ?? w.created_at)} · {formatDuration(w.duration)} · {capitalize(w.fitnessLevel)} · {capitalize(w.focusArea)}
                  </Meta>
                </div>
                <Actions>
                  <Button size="sm" variant="outline" onClick={() => onLoad(w)} aria-label={`Load ${w.title}`}>
                    Load
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDelete(w)}
                    loading={deletingId === w.id}
                    disabled={deletingId !== null}
                    aria-label={`Delete ${w.title}`}
                  >
                    Delete
                  </Button>
                </Actions>
              </Item>
            ))}
          </List>
        )}
      </CardBody>
    </Card>
  );
}
