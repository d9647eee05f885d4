import styled from 'styled-components';
import { Badge, Button, Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle } from '@fitconnect/shared-ui';
import type { TutorialExercise } from '../data/exercises';
import { muscleBadges } from '../lib/filter';
import { DIFFICULTY_TONE } from './difficulty';

const Clickable = styled(Card)`
  display: flex;
  flex-direction: column;
  cursor: pointer;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

const Duration = styled.p`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grow = styled(CardBody)`
  flex: 1;
`;

export interface ExerciseCardProps {
  exercise: TutorialExercise;
  onOpen: (id: string) => void;
}

/** A library card: name, difficulty, category, description, duration, up to 3 muscle badges plus '+N'. */
export function ExerciseCard({ exercise, onOpen }: ExerciseCardProps) {
  const { shown, more } = muscleBadges(exercise.muscleGroups);
  return (
    <Clickable as="article" $interactive aria-labelledby={`tutorial-${exercise.id}`} onClick={() => onOpen(exercise.id)} data-testid="exercise-card">
      <CardHeader>
        <Meta>
          <Badge tone={DIFFICULTY_TONE[exercise.difficulty]}>{exercise.difficulty}</Badge>
          <Badge tone="info">{exercise.category}</Badge>
        </Meta>
        <CardTitle as="h2" id={`tutorial-${exercise.id}`}>{exercise.name}</CardTitle>
      </CardHeader>
      <Grow>
        <CardDescription>{exercise.description}</CardDescription>
        <Duration>Duration: {exercise.duration}</Duration>
        <Meta aria-label="Target muscles" style={{ marginTop: 8 }}>
          {shown.map((m) => (
            <Badge key={m}>{m}</Badge>
          ))}
          {more > 0 && <Badge aria-label={`${more} more muscle groups`}>+{more}</Badge>}
        </Meta>
      </Grow>
      <CardFooter>
        <Button
          variant="outline"
          size="sm"
          data-tutorial-id={exercise.id}
          aria-label={`View tutorial: ${exercise.name}`}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(exercise.id);
          }}
        >
          View Tutorial
        </Button>
      </CardFooter>
    </Clickable>
  );
}
