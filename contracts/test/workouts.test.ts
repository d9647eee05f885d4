import {
  WorkoutRequest,
  WORKOUT_FORM_DEFAULTS,
  GeneratedWorkoutResult,
  INVALID_WORKOUT_DATA,
  estimateSectionMinutes,
  estimateSectionSeconds,
  sectionKind,
  EQUIPMENT_OPTIONS,
  GOAL_OPTIONS,
  FOCUS_AREAS,
} from '../src';

function messages(r: { success: boolean; error?: { issues: { message: string }[] } }) {
  return r.success ? [] : r.error!.issues.map((i) => i.message);
}

describe('WorkoutRequest', () => {
  it('accepts the SPEC §9 form defaults', () => {
    expect(WorkoutRequest.safeParse(WORKOUT_FORM_DEFAULTS).success).toBe(true);
    expect(WORKOUT_FORM_DEFAULTS).toMatchObject({ age: 30, duration: 45, gender: 'prefer-not-to-say', fitnessLevel: 'beginner', focusArea: 'full body' });
  });

  it('injuries are optional', () => {
    const { injuries: _omit, ...rest } = WORKOUT_FORM_DEFAULTS;
    expect(WorkoutRequest.safeParse(rest).success).toBe(true);
  });

  it.each([
    [{ age: 12 }, 'Minimum age is 13'],
    [{ age: 101 }, 'Maximum age is 100'],
    [{ gender: '' }, 'Please select your gender'],
    [{ gender: undefined }, 'Please select your gender'],
    [{ fitnessLevel: '' }, 'Please select your fitness level'],
    [{ focusArea: '' }, 'Please select a focus area'],
    [{ equipment: [] }, 'Please select at least one equipment option'],
    [{ goals: [] }, 'Please select at least one goal'],
  ])('%j -> %s', (patch, message) => {
    expect(messages(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, ...patch }))).toContain(message);
  });

  it('keeps duration within 10-120 minutes', () => {
    expect(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, duration: 9 }).success).toBe(false);
    expect(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, duration: 121 }).success).toBe(false);
    expect(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, duration: 10 }).success).toBe(true);
    expect(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, duration: 120 }).success).toBe(true);
  });

  it('rejects values outside the option lists', () => {
    expect(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, equipment: ['rowing machine'] }).success).toBe(false);
    expect(WorkoutRequest.safeParse({ ...WORKOUT_FORM_DEFAULTS, injuries: ['elbow'] }).success).toBe(false);
  });

  it('has the option lists of SPEC §3', () => {
    expect(EQUIPMENT_OPTIONS).toHaveLength(12);
    expect(GOAL_OPTIONS).toHaveLength(8);
    expect(FOCUS_AREAS).toHaveLength(10);
  });
});

describe('GeneratedWorkoutResult', () => {
  const good = {
    title: 'Quick Burn',
    description: 'x',
    sections: [{ name: 'Main Workout', exercises: [{ name: 'Squat', sets: '3', reps: '8-12', restTime: '90 seconds' }] }],
  };

  it('normalises loose numbers from a model', () => {
    const r = GeneratedWorkoutResult.parse(good);
    expect(r.sections[0].exercises[0]).toMatchObject({ sets: 3, reps: 8, restTime: 90 });
    expect(r.tips).toEqual([]);
  });

  it('rejects a result without a title or sections with the SPEC message', () => {
    expect(messages(GeneratedWorkoutResult.safeParse({ ...good, title: undefined }))).toContain(INVALID_WORKOUT_DATA);
    expect(messages(GeneratedWorkoutResult.safeParse({ ...good, sections: undefined }))).toContain(INVALID_WORKOUT_DATA);
    expect(messages(GeneratedWorkoutResult.safeParse({ ...good, sections: [] }))).toContain(INVALID_WORKOUT_DATA);
  });
});

describe('SPEC §9 estimate', () => {
  it('sums durations for warm-up and cool-down, ignoring sets', () => {
    expect(estimateSectionSeconds('Warm-up', [{ duration: 60 }, { duration: 90, sets: 3 }, { sets: 2 }])).toBe(150);
    expect(estimateSectionMinutes('cool down', [{ duration: 100 }, { duration: 50 }])).toBe(3);
  });
  it('counts 45 s per set in the main workout unless a duration is given', () => {
    expect(estimateSectionSeconds('Main Workout', [{ sets: 3 }, { sets: 4, duration: 600 }])).toBe(135 + 600);
  });
  it('maps section names to the plan spellings', () => {
    expect(sectionKind('Warm-Up')).toBe('warm-up');
    expect(sectionKind('Cool-down')).toBe('cool down');
    expect(sectionKind('Main Workout')).toBe('main workout');
  });
});
