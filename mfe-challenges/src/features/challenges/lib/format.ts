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

/** 10000 -> '10,000'; 2.5 -> '2.5'. */
export function formatAmount(n: number): string {
  return n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

/** '10,000 steps'. */
export function formatGoal(c: { target: number; unit: string }): string {
  return `${formatAmount(c.target)} ${c.unit}`;
}

/** '23 Nov 2026', in `timeZone` (the browser's when undefined; see lib/clock.ts useDateTimeZone). */
export function formatDate(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** '23 Nov 2026, 09:05'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Progress as a percentage of the target, capped at 100 (SPEC §9) and never below 0. */
export function progressPercent(progress: number, target: number): number {
  if (!(target > 0) || !Number.isFinite(progress)) return 0;
  return Math.max(0, Math.min(100, (progress / target) * 100));
}
