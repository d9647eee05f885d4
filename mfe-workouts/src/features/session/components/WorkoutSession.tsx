import { useEffect, useReducer, useRef } from 'react';
import styled from 'styled-components';
import { Badge, Button, Card, CardBody, focusRing, visuallyHidden } from '@fitconnect/shared-ui';
import { DoneIcon } from '../../../lib/icons';
import { formatClock } from '../../workout-detail/lib/format';
import {
  currentStep,
  initSession,
  nextStep,
  sessionProgress,
  sessionReducer,
  type SessionExercise,
  type SessionState,
  type SessionStep,
} from '../model/session';

const Panel = styled(Card)`
  border-width: 2px;
  border-color: ${({ theme }) => theme.colors.primary};
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    &:focus {
      outline: none;
    }
  }
`;

const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  overflow: hidden;
  margin: ${({ theme }) => theme.space.md} 0;
`;

const Fill = styled.div<{ $pct: number }>`
  height: 100%;
  width: ${({ $pct }) => $pct}%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.3s ease;
`;

const Now = styled.div`
  text-align: center;
  padding: ${({ theme }) => theme.space.lg} 0;
`;

const ExerciseName = styled.p`
  margin: 8px 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
`;

const Big = styled.p`
  margin: 8px 0;
  font-size: 3rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const TutorialLink = styled.a`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: underline;
  text-underline-offset: 3px;
  ${focusRing}
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Muted = styled.p`
  margin: 4px 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const NextUp = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

function describe(step: SessionStep): string {
  if (step.mode === 'timed') return `${step.sets > 1 ? `${step.sets} x ` : ''}${formatClock(step.seconds)}`;
  if (step.reps) return `${step.sets} sets x ${step.reps} reps`;
  return step.sets > 1 ? `${step.sets} sets` : 'At your own pace';
}

function needsTicking(s: SessionState): boolean {
  const step = currentStep(s);
  return !!step && !s.paused && (s.phase === 'rest' || step.mode === 'timed');
}

export interface WorkoutSessionProps {
  title: string;
  exercises: readonly SessionExercise[];
  onExit: () => void;
}

/** The guided session started by 'Start Workout' (logic in ../model/session.ts). */
export function WorkoutSession({ title, exercises, onExit }: WorkoutSessionProps) {
  const [state, dispatch] = useReducer(sessionReducer, exercises, initSession);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ticking = needsTicking(state);

  useEffect(() => {
    // On a phone the session opens below the fold: bring it into view, then move focus to it.
    headingRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => dispatch({ type: 'TICK' }), 1000);
    return () => clearInterval(t);
  }, [ticking]);

  const step = currentStep(state);
  const next = nextStep(state);
  const pct = Math.round(sessionProgress(state) * 100);
  const total = state.steps.length;

  return (
    <Panel as="section" aria-labelledby="session-heading" data-testid="workout-session">
      <CardBody>
        <Top>
          <h2 id="session-heading" ref={headingRef} tabIndex={-1}>
            {state.phase === 'finished' ? 'Workout Complete!' : `Workout in progress: ${title}`}
          </h2>
          <Button variant="ghost" size="sm" onClick={onExit}>
            {state.phase === 'finished' ? 'Close' : 'End Workout'}
          </Button>
        </Top>
        <Track role="progressbar" aria-label="Workout progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
          <Fill $pct={pct} />
        </Track>

        {state.phase === 'finished' || !step ? (
          <Now>
            <Big aria-hidden="true">
              <DoneIcon />
            </Big>
            <ExerciseName>Great work!</ExerciseName>
            <Muted>
              {state.completedSets} {state.completedSets === 1 ? 'set' : 'sets'} completed in {formatClock(state.elapsed)}
              {state.skippedSteps > 0 ? `, ${state.skippedSteps} skipped` : ''}.
            </Muted>
            <Controls style={{ marginTop: 16 }}>
              <Button variant="outline" onClick={() => dispatch({ type: 'RESTART' })}>
                Start Again
              </Button>
              <Button onClick={onExit}>Back to Plan</Button>
            </Controls>
          </Now>
        ) : (
          <>
            <Now aria-live="polite">
              <Badge tone="info">
                {step.sectionTitle} · Exercise {state.index + 1} of {total}
              </Badge>
              <ExerciseName data-testid="session-exercise">{state.phase === 'rest' ? 'Rest' : step.name}</ExerciseName>
              <Muted>
                {state.phase === 'rest'
                  ? `Next: ${step.name}, set ${state.set + 1} of ${step.sets}`
                  : `${step.sets > 1 ? `Set ${state.set} of ${step.sets} · ` : ''}${describe(step)}`}
              </Muted>
              {step.notes && state.phase === 'work' && <Muted>{step.notes}</Muted>}
              {step.slug && state.phase === 'work' && (
                <Muted>
                  <TutorialLink href={`/exercise-tutorials/${step.slug}`} target="_blank" rel="noopener noreferrer">
                    How to do {step.name}
                    <Hidden> (opens the tutorial in a new tab)</Hidden>
                  </TutorialLink>
                </Muted>
              )}
              {(state.phase === 'rest' || step.mode === 'timed') && (
                // role=timer is aria-live off: the per-second countdown is not read out by the polite region around it.
                <Big data-testid="session-timer" role="timer" aria-live="off" aria-label={`${state.remaining} seconds left`}>
                  {formatClock(state.remaining)}
                </Big>
              )}
              {state.phase === 'work' && step.mode === 'reps' && step.reps && <Big aria-hidden="true">{step.reps}</Big>}
              {state.paused && <Badge tone="warning">Paused</Badge>}
            </Now>
            <Controls>
              <Button variant="ghost" onClick={() => dispatch({ type: 'PREVIOUS_EXERCISE' })} disabled={state.index === 0}>
                Previous
              </Button>
              {state.phase === 'rest' ? (
                <Button onClick={() => dispatch({ type: 'SKIP_REST' })}>Skip Rest</Button>
              ) : (
                <Button onClick={() => dispatch({ type: 'COMPLETE_SET' })}>
                  {step.mode === 'timed' ? 'Done' : step.sets > 1 ? 'Complete Set' : 'Complete'}
                </Button>
              )}
              {(state.phase === 'rest' || step.mode === 'timed') && (
                <Button variant="outline" onClick={() => dispatch({ type: 'TOGGLE_PAUSE' })}>
                  {state.paused ? 'Resume' : 'Pause'}
                </Button>
              )}
              <Button variant="secondary" onClick={() => dispatch({ type: 'SKIP_EXERCISE' })}>
                Skip Exercise
              </Button>
            </Controls>
            <NextUp>{next ? `Next up: ${next.name} (${describe(next)})` : 'Last exercise!'}</NextUp>
          </>
        )}
      </CardBody>
    </Panel>
  );
}
