import { useEffect, useReducer, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Badge, Button, focusRing, visuallyHidden } from '@fitconnect/shared-ui';
import { ConfirmDialog } from '@fitconnect/shared-ui/widgets';
import { DoneIcon } from '../../../lib/icons';
import { formatClock, plural } from '../../workout-detail/lib/format';
import { useWakeLock } from '../lib/wakeLock';
import {
  currentStep,
  initSession,
  nextStep,
  sessionProgress,
  sessionOutcome,
  sessionReducer,
  type SessionExercise,
  type SessionState,
  type SessionStep,
} from '../model/session';

/*
 * A fixed full-screen layer over the shell (issue 28): the shell's top bar and bottom tabs stay mounted
 * underneath, so the shell needs no change; the layer has its own Exit. Below the dialog layer, so the
 * exit confirmation shows above it.
 */
const Layer = styled.section`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay - 1};
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  overflow-y: auto;
  touch-action: pan-y;
`;

const Top = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
    &:focus {
      outline: none;
    }
  }
`;

const Track = styled.div`
  height: 8px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Fill = styled.div<{ $pct: number }>`
  height: 100%;
  width: ${({ $pct }) => $pct}%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.3s ease;
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: 760px;
  margin: 0 auto;
`;

const ExerciseName = styled.p`
  margin: 0;
  font-size: clamp(1.75rem, 6vw, 2.75rem);
  font-weight: 700;
  line-height: 1.15;
`;

const Timer = styled.p`
  margin: 0;
  font-size: clamp(4.5rem, 22vw, 9rem);
  font-weight: 800;
  line-height: 1;
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
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

const NextLine = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Keys = styled.p`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
  @media (pointer: coarse) {
    display: none;
  }
`;

function describe(step: SessionStep): string {
  if (step.mode === 'timed') return `${step.sets > 1 ? `${step.sets} x ` : ''}${formatClock(step.seconds)}`;
  if (step.reps) return `${plural(step.sets, 'set')} x ${plural(step.reps, 'rep')}`;
  return step.sets > 1 ? plural(step.sets, 'set') : 'At your own pace';
}

function needsTicking(s: SessionState): boolean {
  const step = currentStep(s);
  return !!step && !s.paused && (s.phase === 'rest' || step.mode === 'timed');
}

/** The one 'next' line: during a rest, the set coming up; otherwise the exercise after this one. */
export function nextLine(s: SessionState): string {
  const step = currentStep(s);
  if (!step) return '';
  if (s.phase === 'rest') return `Next: ${step.name}, set ${s.set + 1} of ${step.sets}`;
  const next = nextStep(s);
  return next ? `Next up: ${next.name} (${describe(next)})` : 'Last exercise!';
}

/** What a screen reader hears when the phase changes (never the per-second countdown). */
function announcement(s: SessionState): string {
  const step = currentStep(s);
  if (s.phase === 'finished' || !step) return 'Workout complete.';
  if (s.phase === 'rest') return `Rest, ${s.remaining} seconds. ${nextLine(s)}.`;
  const set = step.sets > 1 ? `, set ${s.set} of ${step.sets}` : '';
  return `${step.name}${set}: ${describe(step)}.`;
}

export interface SessionTotals {
  completedSets: number;
  skippedExercises: number;
  elapsedSeconds: number;
  /** Names of the exercises with at least one set done, and of those skipped (the session log). */
  exercisesDone: string[];
  exercisesSkipped: string[];
  /** False when the session was stopped before its end. */
  completed: boolean;
}

export interface WorkoutSessionProps {
  title: string;
  exercises: readonly SessionExercise[];
  /** Leave the session without finishing (after the user confirmed). */
  onExit: () => void;
  /** Done on the summary screen: the session is over (the session log hooks in through this). */
  onDone: (totals: SessionTotals) => void;
  /**
   * The end of the session (finished, or stopped after at least one set): rendered under the summary instead of
   * Start Again / Done (the session log's "How hard was it?" form). Without it, Done hands on the totals.
   */
  renderEnd?: (totals: SessionTotals) => ReactNode;
}

const SWIPE_PX = 60;

/** The guided session: full screen, keyboard and swipe controls, screen kept awake (logic in ../model/session.ts). */
export function WorkoutSession({ title, exercises, onExit, onDone, renderEnd }: WorkoutSessionProps) {
  const [state, dispatch] = useReducer(sessionReducer, exercises, initSession);
  const [confirmExit, setConfirmExit] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const layerRef = useRef<HTMLElement>(null);
  const ticking = needsTicking(state);
  const finished = state.phase === 'finished';
  useWakeLock(!finished);

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [finished]);

  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => dispatch({ type: 'TICK' }), 1000);
    return () => clearInterval(t);
  }, [ticking]);

  const forward = () => dispatch({ type: state.phase === 'rest' ? 'SKIP_REST' : 'COMPLETE_SET' });
  const back = () => dispatch({ type: 'PREVIOUS_EXERCISE' });
  const exit = () => (finished ? onExit() : setConfirmExit(true));
  // Ending early after some work: with a session log, the summary and its form follow instead of leaving.
  const canStop = !!renderEnd && state.completedSets > 0;
  const totals = (): SessionTotals => ({
    completedSets: state.completedSets,
    skippedExercises: state.skippedSteps,
    elapsedSeconds: state.elapsed,
    ...sessionOutcome(state),
  });

  // Keyboard: Space pause/resume, arrows next/previous, Esc exit (with confirmation).
  const hasEnd = !!renderEnd;
  const keys = useRef({ forward, back, exit, finished, confirmExit, hasEnd });
  keys.current = { forward, back, exit, finished, confirmExit, hasEnd };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = keys.current;
      if (k.confirmExit || e.altKey || e.ctrlKey || e.metaKey) return; // the dialog handles its own keys
      const target = e.target as HTMLElement | null;
      const onControl = !!target?.closest('button, a, input, select, textarea');
      if (e.key === 'Tab') {
        // The shell's top bar and tabs are still there under the layer: Tab stays within the session.
        const items = [
          ...(layerRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled])') ?? []),
        ];
        if (!items.length) return;
        const i = items.indexOf(document.activeElement as HTMLElement);
        const wrapTo = e.shiftKey ? (i <= 0 ? items[items.length - 1] : null) : i === -1 || i === items.length - 1 ? items[0] : null;
        if (wrapTo) {
          e.preventDefault();
          wrapTo.focus();
        }
      } else if (e.key === 'Escape') {
        // At the end, the session log's form is open: Esc does not leave without its Save or Skip.
        if (k.finished && k.hasEnd) return;
        e.preventDefault();
        k.exit();
      } else if (k.finished) {
        return;
      } else if (e.key === ' ' && !onControl) {
        e.preventDefault();
        dispatch({ type: 'TOGGLE_PAUSE' });
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        k.forward();
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        k.back();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Swipe (pointer events): left = next, right = previous; vertical moves scroll as usual.
  const start = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: ReactPointerEvent) => {
    start.current = e.pointerType === 'mouse' ? null : { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s || finished) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    if (dx < 0) forward();
    else back();
  };

  const step = currentStep(state);
  const pct = Math.round(sessionProgress(state) * 100);
  const total = state.steps.length;
  const timed = !!step && (state.phase === 'rest' || step.mode === 'timed');

  return (
    <Layer ref={layerRef} aria-labelledby="session-heading" data-testid="workout-session" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
      <Top>
        <h1 id="session-heading" ref={headingRef} tabIndex={-1}>
          {finished ? (state.stopped ? 'Workout Ended' : 'Workout Complete!') : title}
        </h1>
        {!finished && (
          <Button variant="outline" size="sm" onClick={exit}>
            Exit
          </Button>
        )}
      </Top>
      <Track role="progressbar" aria-label="Workout progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <Fill $pct={pct} />
      </Track>
      {/* Phase changes are announced here; the countdown itself is not read out every second. */}
      <Hidden aria-live="polite" aria-atomic="true" data-testid="session-announcement">
        {announcement(state)}
      </Hidden>

      {finished || !step ? (
        <Body>
          <Timer as="div" aria-hidden="true">
            <DoneIcon />
          </Timer>
          <ExerciseName>{state.stopped ? 'Good effort!' : 'Great work!'}</ExerciseName>
          <Muted data-testid="session-summary">
            {plural(state.completedSets, 'set')} completed in {formatClock(state.elapsed)}
            {state.skippedSteps > 0 ? `, ${plural(state.skippedSteps, 'exercise')} skipped` : ''}.
          </Muted>
          {renderEnd ? (
            renderEnd(totals())
          ) : (
            <Controls>
              <Button variant="outline" onClick={() => dispatch({ type: 'RESTART' })}>
                Start Again
              </Button>
              <Button onClick={() => onDone(totals())}>Done</Button>
            </Controls>
          )}
        </Body>
      ) : (
        <>
          <Body>
            <Badge tone="info">
              {step.sectionTitle} · Exercise {state.index + 1} of {total}
            </Badge>
            <ExerciseName data-testid="session-exercise">{state.phase === 'rest' ? 'Rest' : step.name}</ExerciseName>
            {state.phase === 'work' && <Muted>{`${step.sets > 1 ? `Set ${state.set} of ${step.sets} · ` : ''}${describe(step)}`}</Muted>}
            {timed && (
              <Timer data-testid="session-timer" role="timer" aria-live="off" aria-label={`${plural(state.remaining, 'second')} left`}>
                {formatClock(state.remaining)}
              </Timer>
            )}
            {state.phase === 'work' && step.mode === 'reps' && step.reps && (
              <Timer aria-hidden="true" data-testid="session-reps">
                {step.reps}
              </Timer>
            )}
            {state.paused && <Badge tone="warning">Paused</Badge>}
            {step.notes && state.phase === 'work' && <Muted>{step.notes}</Muted>}
            {step.slug && state.phase === 'work' && (
              <Muted>
                <TutorialLink href={`/exercise-tutorials/${step.slug}`} target="_blank" rel="noopener noreferrer">
                  How to do {step.name}
                  <Hidden> (opens the tutorial in a new tab)</Hidden>
                </TutorialLink>
              </Muted>
            )}
            <Controls>
              <Button variant="ghost" onClick={back} disabled={state.index === 0}>
                Previous
              </Button>
              {timed && (
                <Button variant="outline" onClick={() => dispatch({ type: 'TOGGLE_PAUSE' })}>
                  {state.paused ? 'Resume' : 'Pause'}
                </Button>
              )}
              {state.phase === 'rest' ? (
                <Button onClick={forward}>Skip Rest</Button>
              ) : (
                <Button onClick={forward}>{step.mode === 'timed' ? 'Done' : step.sets > 1 ? 'Complete Set' : 'Complete'}</Button>
              )}
              <Button variant="secondary" onClick={() => dispatch({ type: 'SKIP_EXERCISE' })}>
                Skip Exercise
              </Button>
            </Controls>
          </Body>
          <NextLine data-testid="session-next">{nextLine(state)}</NextLine>
          <Keys>Keys: Space pause or resume · → next · ← previous · Esc exit. On a touch screen, swipe left or right.</Keys>
        </>
      )}

      <ConfirmDialog
        open={confirmExit}
        title="End this workout?"
        message={canStop ? 'You can save what you did so far to My Training.' : 'Your progress in this session will not be kept.'}
        confirmLabel="End Workout"
        cancelLabel="Keep Going"
        onCancel={() => setConfirmExit(false)}
        onConfirm={() => {
          setConfirmExit(false);
          if (canStop) dispatch({ type: 'STOP' });
          else onExit();
        }}
      />
    </Layer>
  );
}
