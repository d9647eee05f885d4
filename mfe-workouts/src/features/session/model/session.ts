/**
 * The guided workout session behind 'Start Workout', as a pure reducer (no timers, no React):
 * the component dispatches TICK once a second while a countdown runs.
 *
 * Every exercise of the plan becomes one step, in section order (warm-up, main, cool-down).
 * A step has one or more sets; each set is either
 *  - 'reps': the user does the reps and presses Complete set (also used when nothing is prescribed), or
 *  - 'timed': a countdown of the exercise's duration that completes the set when it reaches 0.
 * Between sets of one exercise there is a rest countdown (skippable). Pause stops all countdowns.
 */
import { SECTION_ORDER, SECTION_TITLES, groupBySection, sectionKey, type ExerciseLike, type SectionKey } from '../../workout-detail/lib/format';

/** Rest between sets when the plan gives none: 60 s in the main workout, 15 s in warm-up/cool-down. */
export const DEFAULT_REST_SECONDS: Record<SectionKey, number> = { 'warm-up': 15, main: 60, 'cool-down': 15 };

export interface SessionExercise extends ExerciseLike {
  name: string;
  /** Seconds of work per set for timed exercises (holds, intervals). */
  workTime?: number | null;
  /** Rest between sets, seconds. */
  restTime?: number | null;
  notes?: string;
  /** Catalogue slug: the tutorial is /exercise-tutorials/{slug}. */
  slug?: string;
}

export interface SessionStep {
  name: string;
  slug?: string;
  section: SectionKey;
  sectionTitle: string;
  notes: string;
  mode: 'reps' | 'timed';
  sets: number;
  /** Reps text for 'reps' mode ('' when none is prescribed). */
  reps: string;
  /** Seconds per set in 'timed' mode. */
  seconds: number;
  restSeconds: number;
}

export type SessionPhase = 'work' | 'rest' | 'finished';

export interface SessionState {
  steps: SessionStep[];
  /** Current step index. */
  index: number;
  /** Current set, 1-based. */
  set: number;
  phase: SessionPhase;
  /** Seconds left in the current countdown (timed work or rest); 0 otherwise. */
  remaining: number;
  paused: boolean;
  /** Sets completed (not skipped). */
  completedSets: number;
  /** Exercises skipped. */
  skippedSteps: number;
  /** Seconds spent (not paused). */
  elapsed: number;
  /** Per step: 'done' once a set of it was completed, 'skipped' when skipped without one (the session log). */
  outcomes: StepOutcome[];
  /** Finished by Exit / End Workout before the last exercise (the session log records it as stopped). */
  stopped: boolean;
}

export type StepOutcome = 'pending' | 'done' | 'skipped';

export type SessionAction =
  | { type: 'TICK' }
  | { type: 'COMPLETE_SET' }
  | { type: 'SKIP_REST' }
  | { type: 'SKIP_EXERCISE' }
  | { type: 'PREVIOUS_EXERCISE' }
  | { type: 'TOGGLE_PAUSE' }
  | { type: 'RESTART' }
  /** End the session here (Exit, confirmed): the summary and the session log follow. */
  | { type: 'STOP' };

function posInt(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

/** The plan's exercises as session steps, in section order. */
export function buildSteps(exercises: readonly SessionExercise[]): SessionStep[] {
  const groups = groupBySection(exercises);
  const steps: SessionStep[] = [];
  for (const key of SECTION_ORDER) {
    for (const ex of groups[key]) {
      const sets = posInt(ex.sets);
      const reps = ex.reps == null ? '' : String(ex.reps).trim();
      const hasReps = sets > 0 && reps !== '' && reps !== '0';
      const workTime = posInt(ex.workTime);
      const duration = posInt(ex.duration);
      // sets x reps wins (like the row text); then timed sets of workTime; then one block of duration.
      const mode: SessionStep['mode'] = hasReps ? 'reps' : workTime || duration ? 'timed' : 'reps';
      const seconds = mode === 'timed' ? workTime || duration : 0;
      const rest = ex.restTime;
      steps.push({
        name: ex.name,
        ...(ex.slug ? { slug: ex.slug } : {}),
        section: sectionKey(ex.section),
        sectionTitle: SECTION_TITLES[key],
        notes: ex.notes ?? '',
        mode,
        sets: mode === 'timed' && !workTime ? 1 : Math.max(1, sets),
        reps: hasReps ? reps : '',
        seconds,
        restSeconds: typeof rest === 'number' && rest >= 0 ? Math.round(rest) : DEFAULT_REST_SECONDS[key],
      });
    }
  }
  return steps;
}

function enterStep(state: SessionState, index: number): SessionState {
  const step = state.steps[index];
  if (!step) return { ...state, index: state.steps.length, set: 1, phase: 'finished', remaining: 0, paused: false };
  return { ...state, index, set: 1, phase: 'work', remaining: step.mode === 'timed' ? step.seconds : 0 };
}

export function initSession(exercises: readonly SessionExercise[]): SessionState {
  const steps = buildSteps(exercises);
  const base: SessionState = {
    steps,
    index: 0,
    set: 1,
    phase: 'work',
    remaining: 0,
    paused: false,
    completedSets: 0,
    skippedSteps: 0,
    elapsed: 0,
    outcomes: steps.map(() => 'pending'),
    stopped: false,
  };
  return enterStep(base, 0);
}

function completeSet(state: SessionState): SessionState {
  const step = state.steps[state.index];
  const done = { ...state, completedSets: state.completedSets + 1, outcomes: withOutcome(state.outcomes, state.index, 'done') };
  if (state.set < step.sets) {
    if (step.restSeconds > 0) return { ...done, phase: 'rest', remaining: step.restSeconds };
    return startNextSet(done);
  }
  return enterStep(done, state.index + 1);
}

function withOutcome(outcomes: StepOutcome[], index: number, outcome: StepOutcome): StepOutcome[] {
  if (outcomes[index] === outcome || (outcome === 'skipped' && outcomes[index] === 'done')) return outcomes;
  const next = outcomes.slice();
  next[index] = outcome;
  return next;
}

function startNextSet(state: SessionState): SessionState {
  const step = state.steps[state.index];
  return { ...state, phase: 'work', set: state.set + 1, remaining: step.mode === 'timed' ? step.seconds : 0 };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  if (action.type === 'RESTART') {
    return enterStep({ ...state, completedSets: 0, skippedSteps: 0, elapsed: 0, paused: false, outcomes: state.steps.map(() => 'pending'), stopped: false }, 0);
  }
  if (state.phase === 'finished') return state;
  const step = state.steps[state.index];
  switch (action.type) {
    case 'TICK': {
      if (state.paused) return state;
      const ticking = state.phase === 'rest' || step.mode === 'timed';
      const next = { ...state, elapsed: state.elapsed + 1 };
      if (!ticking) return next;
      const remaining = state.remaining - 1;
      if (remaining > 0) return { ...next, remaining };
      return state.phase === 'rest' ? startNextSet(next) : completeSet(next);
    }
    case 'COMPLETE_SET':
      return state.phase === 'work' ? completeSet(state) : state;
    case 'SKIP_REST':
      return state.phase === 'rest' ? startNextSet(state) : state;
    case 'SKIP_EXERCISE':
      return enterStep({ ...state, skippedSteps: state.skippedSteps + 1, paused: false, outcomes: withOutcome(state.outcomes, state.index, 'skipped') }, state.index + 1);
    case 'STOP':
      return { ...enterStep(state, state.steps.length), stopped: true };
    case 'PREVIOUS_EXERCISE':
      return state.index > 0 ? enterStep({ ...state, paused: false }, state.index - 1) : enterStep(state, 0);
    case 'TOGGLE_PAUSE':
      return { ...state, paused: !state.paused };
    default:
      return state;
  }
}

/** Current step, or null when finished. */
export function currentStep(state: SessionState): SessionStep | null {
  return state.phase === 'finished' ? null : (state.steps[state.index] ?? null);
}

/** The exercise after the current one, or null on the last. */
export function nextStep(state: SessionState): SessionStep | null {
  return state.phase === 'finished' ? null : (state.steps[state.index + 1] ?? null);
}

/** Share of all sets behind the user, 0..1 (finished is 1). */
export function sessionProgress(state: SessionState): number {
  if (state.phase === 'finished') return 1;
  const total = state.steps.reduce((n, s) => n + s.sets, 0);
  if (total === 0) return 1;
  const before = state.steps.slice(0, state.index).reduce((n, s) => n + s.sets, 0);
  const inStep = state.set - 1 + (state.phase === 'rest' ? 1 : 0);
  return Math.min(1, (before + inStep) / total);
}

/** What the session log records of a finished or stopped session: exercises done and skipped, by name, in order. */
export function sessionOutcome(state: SessionState): { exercisesDone: string[]; exercisesSkipped: string[]; completed: boolean } {
  const pick = (o: StepOutcome) => state.steps.filter((_, i) => state.outcomes[i] === o).map((s) => s.name);
  return { exercisesDone: pick('done'), exercisesSkipped: pick('skipped'), completed: !state.stopped };
}
