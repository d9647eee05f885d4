/**
 * SPEC §2 (workout detail) and §9 formatting rules, as pure functions.
 * Everything the detail page prints about durations, levels, equipment and exercise rows goes
 * through here, so the rules are tested once (test/format.test.ts).
 */
import { estimateSectionMinutes as estimateMinutes } from '@fitconnect/contracts/workouts';

/** The minimal exercise shape these rules read (the detail plan's exercise, SPEC §3). */
export interface ExerciseLike {
  name?: string;
  section?: string | null;
  sets?: number | null;
  reps?: number | string | null;
  /** Seconds. */
  duration?: number | null;
}

export type SectionKey = 'warm-up' | 'main' | 'cool-down';

export const SECTION_ORDER: readonly SectionKey[] = ['warm-up', 'main', 'cool-down'];

export const SECTION_TITLES: Record<SectionKey, string> = {
  'warm-up': 'Warm-up',
  main: 'Main Workout',
  'cool-down': 'Cool Down',
};

/**
 * Which section an exercise belongs to. The data spells sections 'warm-up', 'main workout' and
 * 'cool down' (SPEC §3 notes the original row icon expected 'cool-down', so cool-down rows lost
 * their icon); every spelling is normalised here so grouping and icons always agree.
 */
export function sectionKey(section: string | null | undefined): SectionKey {
  const s = (section ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (s === 'warmup') return 'warm-up';
  if (s === 'cooldown') return 'cool-down';
  return 'main';
}

/** Exercises grouped into the three sections, keeping their order within each. */
export function groupBySection<T extends ExerciseLike>(exercises: readonly T[]): Record<SectionKey, T[]> {
  const groups: Record<SectionKey, T[]> = { 'warm-up': [], main: [], 'cool-down': [] };
  for (const ex of exercises) groups[sectionKey(ex.section)].push(ex);
  return groups;
}

function positive(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0;
}

const SECTION_NAME: Record<SectionKey, string> = { 'warm-up': 'warm-up', main: 'main workout', 'cool-down': 'cool down' };

/**
 * SPEC §9 section estimate (the contract's function, shared with the planner so its sections add
 * up the same way): warm-up and cool-down sum durations; the main workout counts an exercise's
 * duration if present, otherwise 45 seconds per set. Seconds / 60, rounded.
 */
export function estimateSectionMinutes(key: SectionKey, exercises: readonly ExerciseLike[]): number {
  return estimateMinutes(SECTION_NAME[key], exercises);
}

/** SPEC §9 duration display: under 60 minutes 'N min', otherwise hours and minutes ('1h 30m', '2h'). */
export function formatDuration(minutes: number | null | undefined): string {
  const m = positive(minutes) ? Math.round(minutes) : 0;
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h}h ${rest}m` : `${h}h`;
}

/** First letter upper case ('intermediate' -> 'Intermediate'); empty stays empty. */
export function capitalize(value: string | null | undefined): string {
  const s = (value ?? '').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : '';
}

const NO_EQUIPMENT = new Set(['bodyweight', 'body weight', 'none', 'no equipment', 'noequipment']);
const ACRONYMS: Record<string, string> = { trx: 'TRX' };

/**
 * One equipment value as display words: camelCase, kebab-case, snake_case and spaced values all
 * become capitalised words ('resistanceBands' / 'resistance bands' -> 'Resistance Bands');
 * the no-equipment value shows as 'Bodyweight'.
 */
export function equipmentLabel(value: string): string {
  const spaced = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (NO_EQUIPMENT.has(spaced.toLowerCase())) return 'Bodyweight';
  return spaced
    .split(' ')
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** The banner's equipment line: labels joined by ', ' (duplicates once); an empty list is 'No Equipment'. */
export function formatEquipment(equipment: readonly string[] | null | undefined): string {
  const labels = [...new Set((equipment ?? []).filter((e) => e && e.trim()).map(equipmentLabel))];
  return labels.length ? labels.join(', ') : 'No Equipment';
}

/** 'n word' with the right plural: '1 set', '3 sets', '1 min' stays as given ('min' is its own plural). */
export function plural(n: number | string, word: string, many = `${word}s`): string {
  return `${n} ${String(n) === '1' ? word : many}`;
}

/** Seconds as m:ss ('1:05'). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * SPEC §2 exercise row: 'N sets x M reps' when sets and reps exist; otherwise the duration as m:ss,
 * or 'N seconds' under a minute; else blank.
 */
export function exerciseRowText(ex: ExerciseLike): string {
  const reps = typeof ex.reps === 'string' ? ex.reps.trim() : ex.reps;
  if (positive(ex.sets) && (typeof reps === 'string' ? reps.length > 0 : positive(reps))) {
    return `${plural(ex.sets, 'set')} x ${plural(reps as string | number, 'rep')}`;
  }
  if (positive(ex.duration)) {
    return ex.duration < 60 ? plural(Math.round(ex.duration), 'second') : formatClock(ex.duration);
  }
  return '';
}
