import type { TutorialExercise } from '../data/exercises';

/** 'all' means the filter is off. */
export const ALL = 'all';

export interface TutorialFilters {
  category: string;
  muscleGroup: string;
  equipment: string;
  difficulty: string;
}

export const NO_FILTERS: TutorialFilters = { category: ALL, muscleGroup: ALL, equipment: ALL, difficulty: ALL };

/** Exercises matching every active filter (muscle group and equipment match any entry of the list). */
export function filterExercises(exercises: readonly TutorialExercise[], f: TutorialFilters): TutorialExercise[] {
  return exercises.filter(
    (ex) =>
      (f.category === ALL || ex.category === f.category) &&
      (f.muscleGroup === ALL || ex.muscleGroups.includes(f.muscleGroup)) &&
      (f.equipment === ALL || (ex.equipment as string[]).includes(f.equipment)) &&
      (f.difficulty === ALL || ex.difficulty === f.difficulty),
  );
}

export function hasActiveFilters(f: TutorialFilters): boolean {
  return Object.values(f).some((v) => v !== ALL);
}

/** Every muscle group named in the library, alphabetical. */
export function muscleGroupOptions(exercises: readonly TutorialExercise[]): string[] {
  return [...new Set(exercises.flatMap((e) => e.muscleGroups))].sort((a, b) => a.localeCompare(b));
}

/** The 'Showing N exercise(s)' line. */
export function showingText(n: number): string {
  return `Showing ${n} exercise${n === 1 ? '' : 's'}`;
}

/** At most three muscle badges, plus the count of the rest ('+N'), SPEC §9. */
export function muscleBadges(muscles: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: muscles.slice(0, max), more: Math.max(0, muscles.length - max) };
}
