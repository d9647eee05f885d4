import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { GeneratedWorkout, WorkoutExercise } from '@fitconnect/contracts';
import { WORKOUT_GENERATOR_LABELS } from '@fitconnect/contracts/workouts';
import { Badge, Button, Card, CardBody, LineIcon } from '@fitconnect/shared-ui';
import { Check } from 'lucide';
import { capitalize, exerciseRowText, formatClock, formatDuration, plural } from '../../workout-detail/lib/format';

// Scrolled to after a generation: clear of the shell's sticky top bar (and, on a phone, of the toast under it).
const Root = styled(Card)`
  scroll-margin-top: 88px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    scroll-margin-top: 136px;
  }
`;

const Head = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  h3 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ol {
    margin: 0;
    padding-left: 1.3em;
    display: flex;
    flex-direction: column;
    gap: 10px;
  }
`;

const ExName = styled.span`
  font-weight: 600;
`;

function exerciseDetail(ex: WorkoutExercise): string {
  const parts: string[] = [];
  const main = exerciseRowText(ex);
  if (main) parts.push(main);
  else if (ex.workTime) parts.push(`${ex.sets > 1 ? `${ex.sets} x ` : ''}${ex.workTime < 60 ? plural(ex.workTime, 'second') : formatClock(ex.workTime)}`);
  if (ex.restTime > 0 && ex.sets > 1) parts.push(`rest ${ex.restTime} s`);
  return parts.join(' · ');
}

export interface GeneratedWorkoutCardProps {
  workout: GeneratedWorkout;
  /** How it got here: just generated, or loaded from the saved list. */
  origin: 'generated' | 'loaded';
}

/** The generated (or loaded) workout, marked auto-saved, with a link to its detail page. */
export function GeneratedWorkoutCard({ workout, origin }: GeneratedWorkoutCardProps) {
  return (
    <Root as="section" aria-labelledby="generated-workout-title" data-testid="generated-workout">
      <CardBody>
        <Head>
          <Badges>
            {workout.autoSaved && <Badge tone="success"><LineIcon icon={Check} size={14} strokeWidth={2.5} aria-hidden="true" focusable="false" /> Auto-saved</Badge>}
            {origin === 'loaded' && <Badge tone="info">Loaded from saved workouts</Badge>}
            <Badge>{formatDuration(workout.duration)}</Badge>
            {workout.difficulty && <Badge>{capitalize(workout.difficulty)}</Badge>}
          </Badges>
          {/* tabIndex -1: focus moves here after a generation (issue 28), so the new plan is what is read first. */}
          <h2 id="generated-workout-title" tabIndex={-1} style={{ outline: 'none' }}>
            {workout.title}
          </h2>
          {/* The page is called "AI Workout Generator"; each plan says whether AI made it. */}
          <Muted data-testid="plan-generator">{WORKOUT_GENERATOR_LABELS[workout.generator] ?? WORKOUT_GENERATOR_LABELS.planner}</Muted>
          {workout.description && <Muted>{workout.description}</Muted>}
          {workout.targetMuscleGroups?.length > 0 && <Muted>Targets: {workout.targetMuscleGroups.join(', ')}</Muted>}
        </Head>
        {workout.sections.map((section, i) => (
          <Section key={`${section.name}-${i}`} aria-label={section.name}>
            <h3>{section.name}</h3>
            <ol>
              {section.exercises.map((ex, j) => (
                <li key={`${ex.name}-${j}`}>
                  <ExName>{ex.name}</ExName>
                  {exerciseDetail(ex) && <Muted as="span"> — {exerciseDetail(ex)}</Muted>}
                  {ex.notes && <Muted style={{ fontSize: '0.875rem' }}>{ex.notes}</Muted>}
                </li>
              ))}
            </ol>
          </Section>
        ))}
        {workout.tips?.length > 0 && (
          <Section aria-label="Tips">
            <h3>Tips</h3>
            <ul style={{ margin: 0, paddingLeft: '1.3em', lineHeight: 1.6 }}>
              {workout.tips.map((t, i) => (
                <li key={i}>{t}</li>
              ))}
            </ul>
          </Section>
        )}
        <div style={{ marginTop: 24 }}>
          <Button as={Link} to={`/workout-plan/${workout.id}`}>
            View Full Workout Plan
          </Button>
        </div>
      </CardBody>
    </Root>
  );
}
