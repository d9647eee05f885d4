import type { ExercisePage, ExerciseQuery } from '@fitconnect/contracts';
import { EXERCISES, MUSCLE_GROUPS, toSummary, type CatalogueEntry } from './catalogue';

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();

/** Matches when every word of the search is in the name or a muscle group ("glute bridge", "hamstrings"). */
export function matchesSearch(e: CatalogueEntry, q: string): boolean {
  const words = norm(q).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const hay = norm([e.name, ...e.muscleGroups].join(' '));
  return words.every((w) => hay.includes(w));
}

/** One page of the catalogue in its stable order (by name), filtered and searched. */
export function listExercises(query: ExerciseQuery): ExercisePage {
  const muscle = query.muscle?.toLowerCase();
  const matching = EXERCISES.filter(
    (e) =>
      (!query.category || e.category === query.category) &&
      (!muscle || e.muscleGroups.some((m) => m.toLowerCase() === muscle)) &&
      (!query.equipment || e.equipment.includes(query.equipment)) &&
      (!query.difficulty || e.difficulty === query.difficulty) &&
      (!query.q || matchesSearch(e, query.q)),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize).map(toSummary),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    muscleGroups: [...MUSCLE_GROUPS],
  };
}
