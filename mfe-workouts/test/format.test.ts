import {
  capitalize,
  equipmentLabel,
  estimateSectionMinutes,
  exerciseRowText,
  formatDuration,
  formatEquipment,
  groupBySection,
  sectionKey,
} from '../src/features/workout-detail/lib/format';

describe('formatDuration (SPEC §9)', () => {
  it('shows minutes under an hour', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(10)).toBe('10 min');
    expect(formatDuration(59)).toBe('59 min');
  });
  it('shows hours and minutes from 60 on', () => {
    expect(formatDuration(90)).toBe('1h 30m');
    expect(formatDuration(61)).toBe('1h 1m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(60)).toBe('1h');
  });
  it('treats missing as 0 min', () => {
    expect(formatDuration(undefined)).toBe('0 min');
  });
});

describe('equipment display', () => {
  it('splits camel case and capitalises words', () => {
    expect(equipmentLabel('resistanceBands')).toBe('Resistance Bands');
    expect(equipmentLabel('medicine ball')).toBe('Medicine Ball');
    expect(equipmentLabel('pullup-bar')).toBe('Pullup Bar');
    expect(equipmentLabel('trx')).toBe('TRX');
  });
  it('shows the no-equipment value as Bodyweight', () => {
    expect(equipmentLabel('bodyweight')).toBe('Bodyweight');
    expect(equipmentLabel('none')).toBe('Bodyweight');
  });
  it('joins a list and says No Equipment for an empty one', () => {
    expect(formatEquipment(['bodyweight', 'dumbbell', 'kettlebell'])).toBe('Bodyweight, Dumbbell, Kettlebell');
    expect(formatEquipment([])).toBe('No Equipment');
    expect(formatEquipment(undefined)).toBe('No Equipment');
    expect(formatEquipment(['none', 'bodyweight'])).toBe('Bodyweight');
  });
  it('capitalises the level', () => {
    expect(capitalize('intermediate')).toBe('Intermediate');
    expect(capitalize('')).toBe('');
  });
});

describe('exercise row text', () => {
  it('prefers sets x reps', () => {
    expect(exerciseRowText({ sets: 3, reps: 12, duration: 30 })).toBe('3 sets x 12 reps');
    expect(exerciseRowText({ sets: 4, reps: '8-10' })).toBe('4 sets x 8-10 reps');
  });
  it('falls back to the duration, as m:ss or seconds under a minute', () => {
    expect(exerciseRowText({ duration: 45 })).toBe('45 seconds');
    expect(exerciseRowText({ duration: 90 })).toBe('1:30');
    expect(exerciseRowText({ duration: 60 })).toBe('1:00');
    expect(exerciseRowText({ sets: 3, reps: null, duration: 305 })).toBe('5:05');
  });
  it('is blank with nothing to show', () => {
    expect(exerciseRowText({})).toBe('');
    expect(exerciseRowText({ sets: 3, reps: 0, duration: 0 })).toBe('');
  });
});

describe('sections', () => {
  it('normalises spellings so grouping and icons agree', () => {
    expect(sectionKey('warm-up')).toBe('warm-up');
    expect(sectionKey('Warm Up')).toBe('warm-up');
    expect(sectionKey('cool down')).toBe('cool-down');
    expect(sectionKey('cool-down')).toBe('cool-down');
    expect(sectionKey('main workout')).toBe('main');
    expect(sectionKey(undefined)).toBe('main');
  });
  it('groups exercises, keeping order', () => {
    const g = groupBySection([
      { name: 'a', section: 'main workout' },
      { name: 'b', section: 'warm-up' },
      { name: 'c', section: 'cool down' },
      { name: 'd', section: 'main workout' },
    ]);
    expect(g['warm-up'].map((e) => e.name)).toEqual(['b']);
    expect(g.main.map((e) => e.name)).toEqual(['a', 'd']);
    expect(g['cool-down'].map((e) => e.name)).toEqual(['c']);
  });
  it('estimates warm-up/cool-down from durations only', () => {
    expect(estimateSectionMinutes('warm-up', [{ duration: 60 }, { duration: 120 }, { sets: 3, reps: 10 }])).toBe(3);
    expect(estimateSectionMinutes('cool-down', [{ duration: 100 }])).toBe(2); // 1.67 rounds to 2
  });
  it('estimates the main workout from durations, else 45 s per set', () => {
    // 4 x 45 = 180, + 90 = 270 s -> 4.5 -> 5
    expect(estimateSectionMinutes('main', [{ sets: 4, reps: 10 }, { duration: 90, sets: 3 }])).toBe(5);
    expect(estimateSectionMinutes('main', [{ sets: 2, reps: 8 }])).toBe(2); // 90 s -> 1.5 -> 2
    expect(estimateSectionMinutes('main', [])).toBe(0);
  });
});

describe('next plan time (issue 28)', () => {
  // Imported here to keep the format tests' imports untouched above.
  const { nextPlanText, nextAllowanceAt } = jest.requireActual('../src/features/generator/lib/time') as typeof import('../src/features/generator/lib/time');

  it('the allowance renews at the next 00:00 UTC, with hours and minutes left', () => {
    expect(nextAllowanceAt(new Date('2026-11-23T17:30:00Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(nextAllowanceAt(new Date('2026-12-31T23:59:30Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextPlanText(new Date('2026-11-23T17:30:00Z'))).toMatch(/00:00 UTC\)?, in 6 h 30 min\.$/);
    expect(nextPlanText(new Date('2026-11-23T23:15:00Z'))).toMatch(/, in 45 min\.$/);
    expect(nextPlanText(new Date('2026-11-23T18:00:00Z'))).toMatch(/, in 6 h\.$/);
  });

  it('names the local time with the UTC note where local time is not UTC', () => {
    const at = new Date('2026-11-24T00:00:00Z');
    const text = nextPlanText(new Date('2026-11-23T17:30:00Z'));
    if (at.getTimezoneOffset() === 0) expect(text).toContain('from 00:00 UTC, in');
    else expect(text).toContain(`from ${at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })} your time (00:00 UTC), in`);
  });

  it('counts are pluralised: no "1 sets"', () => {
    expect(exerciseRowText({ sets: 1, reps: 8 })).toBe('1 set x 8 reps');
    expect(exerciseRowText({ sets: 3, reps: 1 })).toBe('3 sets x 1 rep');
    expect(exerciseRowText({ duration: 1 })).toBe('1 second');
  });
});
