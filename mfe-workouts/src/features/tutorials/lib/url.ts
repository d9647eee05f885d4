import { ExerciseQuery, EXERCISE_PAGE_SIZE_DEFAULT } from '@fitconnect/contracts/exercises';

/** What the library keeps in its URL: search, the four filters and the page (absent = off / first). */
export interface LibraryState {
  q: string;
  category: string;
  muscle: string;
  equipment: string;
  difficulty: string;
  page: number;
}

export const ALL = 'all';
export const EMPTY_STATE: LibraryState = { q: '', category: ALL, muscle: ALL, equipment: ALL, difficulty: ALL, page: 1 };
export const PAGE_SIZE = EXERCISE_PAGE_SIZE_DEFAULT;

/** Read the URL's query with the API's own schema; anything it refuses falls back to the default. */
export function fromSearch(params: URLSearchParams): LibraryState {
  const raw = Object.fromEntries(params.entries());
  const out = { ...EMPTY_STATE };
  for (const key of ['q', 'category', 'muscle', 'equipment', 'difficulty', 'page'] as const) {
    if (raw[key] === undefined) continue;
    const r = ExerciseQuery.shape[key].safeParse(raw[key]);
    if (!r.success || r.data === undefined) continue;
    (out as Record<string, unknown>)[key] = r.data;
  }
  return out;
}

/** The URL query for a state (only what is set, in a fixed order, so a link is stable). */
export function toSearch(s: LibraryState): string {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.category !== ALL) p.set('category', s.category);
  if (s.muscle !== ALL) p.set('muscle', s.muscle);
  if (s.equipment !== ALL) p.set('equipment', s.equipment);
  if (s.difficulty !== ALL) p.set('difficulty', s.difficulty);
  if (s.page > 1) p.set('page', String(s.page));
  return p.toString();
}

export function toApiSearch(s: LibraryState): string {
  const p = new URLSearchParams(toSearch(s));
  p.set('pageSize', String(PAGE_SIZE));
  return p.toString();
}

export function hasActiveFilters(s: LibraryState): boolean {
  return s.q.trim() !== '' || s.category !== ALL || s.muscle !== ALL || s.equipment !== ALL || s.difficulty !== ALL;
}
