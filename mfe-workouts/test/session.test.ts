import {
  buildSteps,
  currentStep,
  initSession,
  nextStep,
  sessionProgress,
  sessionReducer,
  type SessionAction,
  type SessionExercise,
  type SessionState,
} from '../src/features/session/model/session';

const plan: SessionExercise[] = [
  { name: 'Plank', section: 'main workout', duration: 90, workTime: 30, sets: 2, restTime: 10 },
  { name: 'Cat-Cow', section: 'cool down', duration: 20 },
  { name: 'Jumping Jacks', section: 'warm-up', duration: 3 },
  { name: 'Push-Ups', section: 'main workout', sets: 3, reps: 10, restTime: 5 },
];

function run(state: SessionState, ...actions: SessionAction[]): SessionState {
  return actions.reduce(sessionReducer, state);
}
const ticks = (n: number): SessionAction[] => Array.from({ length: n }, () => ({ type: 'TICK' }));

describe('buildSteps', () => {
  it('orders by section and picks reps or timed mode', () => {
    const steps = buildSteps(plan);
    expect(steps.map((s) => s.name)).toEqual(['Jumping Jacks', 'Plank', 'Push-Ups', 'Cat-Cow']);
    expect(steps.map((s) => s.mode)).toEqual(['timed', 'timed', 'reps', 'timed']);
    expect(steps[1]).toMatchObject({ sets: 2, seconds: 30, restSeconds: 10 });
    expect(steps[2]).toMatchObject({ sets: 3, reps: '10', restSeconds: 5 });
    expect(steps[3].restSeconds).toBe(15); // default for cool-down
  });
  it('prefers sets x reps over a duration, like the row text', () => {
    expect(buildSteps([{ name: 'x', sets: 3, reps: 10, duration: 60 }])[0].mode).toBe('reps');
  });
  it('makes one timed block of a duration without workTime, and a Done step of a bare exercise', () => {
    expect(buildSteps([{ name: 'x', sets: 3, reps: null, duration: 300 }])[0]).toMatchObject({ mode: 'timed', sets: 1, seconds: 300 });
    expect(buildSteps([{ name: 'y' }])[0]).toMatchObject({ mode: 'reps', sets: 1, reps: '' });
  });
});

describe('sessionReducer', () => {
  it('counts down a timed exercise and moves on when it hits zero', () => {
    let s = initSession(plan);
    expect(currentStep(s)?.name).toBe('Jumping Jacks');
    expect(s.remaining).toBe(3);
    expect(nextStep(s)?.name).toBe('Plank');
    s = run(s, ...ticks(2));
    expect(s.remaining).toBe(1);
    s = run(s, ...ticks(1));
    expect(currentStep(s)?.name).toBe('Plank');
    expect(s).toMatchObject({ set: 1, phase: 'work', remaining: 30, completedSets: 1 });
  });

  it('pauses and resumes countdowns', () => {
    let s = initSession(plan);
    s = run(s, { type: 'TOGGLE_PAUSE' }, ...ticks(5));
    expect(s.remaining).toBe(3);
    expect(s.elapsed).toBe(0);
    s = run(s, { type: 'TOGGLE_PAUSE' }, ...ticks(1));
    expect(s.remaining).toBe(2);
    expect(s.elapsed).toBe(1);
  });

  it('rests between sets, then starts the next set', () => {
    let s = run(initSession(plan), ...ticks(3), ...ticks(30));
    expect(s).toMatchObject({ phase: 'rest', remaining: 10, set: 1 });
    s = run(s, ...ticks(10));
    expect(s).toMatchObject({ phase: 'work', set: 2, remaining: 30 });
    // skip the rest after set 2? it is the last set: completing moves to Push-Ups
    s = run(s, { type: 'COMPLETE_SET' });
    expect(currentStep(s)?.name).toBe('Push-Ups');
    expect(s.remaining).toBe(0);
  });

  it('counts sets of a reps exercise with Complete set and Skip rest', () => {
    let s = run(initSession(plan), { type: 'SKIP_EXERCISE' }, { type: 'SKIP_EXERCISE' });
    expect(currentStep(s)?.name).toBe('Push-Ups');
    expect(s.skippedSteps).toBe(2);
    s = run(s, ...ticks(100)); // reps sets do not time out
    expect(s).toMatchObject({ phase: 'work', set: 1 });
    s = run(s, { type: 'COMPLETE_SET' });
    expect(s).toMatchObject({ phase: 'rest', set: 1, remaining: 5 });
    s = run(s, { type: 'SKIP_REST' });
    expect(s).toMatchObject({ phase: 'work', set: 2 });
    s = run(s, { type: 'COMPLETE_SET' }, { type: 'SKIP_REST' }, { type: 'COMPLETE_SET' });
    expect(currentStep(s)?.name).toBe('Cat-Cow');
    expect(nextStep(s)).toBeNull();
  });

  it('finishes after the last exercise and ignores further input', () => {
    let s = run(initSession(plan), ...Array.from({ length: 4 }, () => ({ type: 'SKIP_EXERCISE' }) as SessionAction));
    expect(s.phase).toBe('finished');
    expect(currentStep(s)).toBeNull();
    expect(sessionProgress(s)).toBe(1);
    expect(run(s, { type: 'COMPLETE_SET' }, ...ticks(3))).toBe(s);
    s = run(s, { type: 'RESTART' });
    expect(currentStep(s)?.name).toBe('Jumping Jacks');
    expect(s.skippedSteps).toBe(0);
  });

  it('goes back to the previous exercise', () => {
    let s = run(initSession(plan), { type: 'SKIP_EXERCISE' }, { type: 'PREVIOUS_EXERCISE' });
    expect(currentStep(s)?.name).toBe('Jumping Jacks');
    expect(s.remaining).toBe(3);
  });

  it('reports progress over all sets', () => {
    // sets: 1 + 2 + 3 + 1 = 7
    let s = initSession(plan);
    expect(sessionProgress(s)).toBe(0);
    s = run(s, ...ticks(3)); // jacks done
    expect(sessionProgress(s)).toBeCloseTo(1 / 7);
    s = run(s, { type: 'COMPLETE_SET' }); // plank set 1 -> rest
    expect(sessionProgress(s)).toBeCloseTo(2 / 7);
  });

  it('finishes at once for an empty plan', () => {
    expect(initSession([]).phase).toBe('finished');
  });
});
