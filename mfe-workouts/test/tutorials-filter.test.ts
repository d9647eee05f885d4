import { TUTORIAL_CATEGORIES, TUTORIAL_DIFFICULTIES, TUTORIAL_EQUIPMENT, TUTORIAL_EXERCISES } from '../src/features/tutorials/data/exercises';
import { NO_FILTERS, filterExercises, muscleBadges, showingText } from '../src/features/tutorials/lib/filter';

describe('tutorial library data', () => {
  it('has the ten SPEC exercises with complete entries', () => {
    expect(TUTORIAL_EXERCISES.map((e) => e.id)).toEqual([
      'push-ups', 'bodyweight-squats', 'planks', 'dumbbell-bench-press', 'dumbbell-bent-over-rows',
      'dumbbell-lunges', 'deadlifts', 'barbell-back-squats', 'burpees', 'mountain-climbers',
    ]);
    for (const e of TUTORIAL_EXERCISES) {
      expect(TUTORIAL_CATEGORIES).toContain(e.category);
      expect(TUTORIAL_DIFFICULTIES).toContain(e.difficulty);
      e.equipment.forEach((q) => expect(TUTORIAL_EQUIPMENT).toContain(q));
      expect(e.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
      expect(e.instructions.length).toBeGreaterThan(2);
      expect(e.tips.length).toBeGreaterThan(0);
      expect(e.muscleGroups.length).toBeGreaterThan(0);
    }
  });
});

describe('filterExercises', () => {
  it('returns everything with no filters', () => {
    expect(filterExercises(TUTORIAL_EXERCISES, NO_FILTERS)).toHaveLength(10);
  });
  it('combines filters (AND) and matches list fields by membership', () => {
    const dumbbells = filterExercises(TUTORIAL_EXERCISES, { ...NO_FILTERS, equipment: 'Dumbbells' });
    expect(dumbbells.map((e) => e.id)).toEqual(['dumbbell-bench-press', 'dumbbell-bent-over-rows', 'dumbbell-lunges']);
    const upperDumbbells = filterExercises(TUTORIAL_EXERCISES, { ...NO_FILTERS, equipment: 'Dumbbells', category: 'Lower Body' });
    expect(upperDumbbells.map((e) => e.id)).toEqual(['dumbbell-lunges']);
    const chest = filterExercises(TUTORIAL_EXERCISES, { ...NO_FILTERS, muscleGroup: 'Chest' });
    expect(chest.map((e) => e.id)).toEqual(['push-ups', 'dumbbell-bench-press', 'burpees']);
    expect(filterExercises(TUTORIAL_EXERCISES, { ...NO_FILTERS, difficulty: 'Advanced', category: 'Cardio' })).toEqual([]);
  });
  it('words the count and badges', () => {
    expect(showingText(1)).toBe('Showing 1 exercise');
    expect(showingText(10)).toBe('Showing 10 exercises');
    expect(muscleBadges(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(muscleBadges(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
  });
});
