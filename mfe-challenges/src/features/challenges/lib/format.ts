import type { ChallengeCategory, ChallengeDifficulty, ChallengeType } from '@fitconnect/contracts';
import type { BadgeTone } from '@fitconnect/shared-ui';

export const CATEGORY_LABELS: Record<ChallengeCategory, string> = {
  cardio: 'Cardio',
  strength: 'Strength',
  flexibility: 'Flexibility',
  endurance: 'Endurance',
  general: 'General',
};

export const DIFFICULTY_LABELS: Record<ChallengeDifficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
export const DIFFICULTY_TONES: Record<ChallengeDifficulty, BadgeTone> = { easy: 'success', medium: 'warning', hard: 'danger' };

export const TYPE_LABELS: Record<ChallengeType, string> = {
  steps: 'Steps',
  distance: 'Distance',
  workout_time: 'Workout Time',
  calories: 'Calories',
  custom: 'Custom',
};

// Formatters made once, on first use: toLocaleString and toLocaleDateString with options make a new Intl
// formatter on every call (about 30 and 70 µs each, four times that at 4x CPU; a list of cards calls them dozens
// of times a render).
let amountFormat: Intl.NumberFormat | undefined;
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The date formatter for `timeZone` ('' for the browser's own, read when first used). */
function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { ...DATE_OPTIONS, ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, f);
  }
  return f;
}
let dateTimeFormat: Intl.DateTimeFormat | undefined;
/** As toLocaleDateString answers an unreadable date (a formatter's format() throws instead). */
const formatWith = (f: Intl.DateTimeFormat, d: Date) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : f.format(d));

/** 10000 -> '10,000'; 2.5 -> '2.5'. */
export function formatAmount(n: number): string {
  amountFormat ??= new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
  return amountFormat.format(n);
}

/** '10,000 steps'. */
export function formatGoal(c: { target: number; unit: string }): string {
  return `${formatAmount(c.target)} ${c.unit}`;
}

/** '23 Nov 2026', in `timeZone` (the browser's when undefined; see lib/clock.ts useDateTimeZone). */
export function formatDate(iso: string, timeZone?: string): string {
  return formatWith(dateFormat(timeZone), new Date(iso));
}

/** '23 Nov 2026, 09:05'. */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', { ...DATE_OPTIONS, hour: '2-digit', minute: '2-digit' });
  return formatWith(dateTimeFormat, new Date(iso));
}

/** Progress as a percentage of the target, capped at 100 (SPEC §9) and never below 0. */
export function progressPercent(progress: number, target: number): number {
  if (!(target > 0) || !Number.isFinite(progress)) return 0;
  return Math.max(0, Math.min(100, (progress / target) * 100));
}
