/**
 * Streaks and weeks of training, in the user's time zone (pure; luxon). A day counts when it holds at least
 * one session's end, as a calendar date in that zone: a session at 23:30 in London on a summer evening is
 * that day even though it is already the next day in UTC. Day arithmetic is done on calendar dates (never by
 * adding 24 hours), so the 23- and 25-hour days of DST changes count as one day each.
 */
import { DateTime } from 'luxon';

/** The calendar date (YYYY-MM-DD) of an instant in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

/** The date `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: n }).toISODate()!;
}

/** The Monday of the ISO week holding `day`. */
export function weekStartOf(day: string): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).startOf('week').toISODate()!;
}

export interface Streaks {
  /** Consecutive days with a session ending today, or yesterday when there is none today yet (0 otherwise). */
  current: number;
  longest: number;
}

/** Current and longest run of consecutive days among `days` (any order, duplicates allowed), as of `today`. */
export function streaksOf(days: Iterable<string>, today: string): Streaks {
  const set = new Set(days);
  const sorted = [...set].sort();
  let longest = 0;
  let run = 0;
  let prev: string | null = null;
  for (const d of sorted) {
    run = prev !== null && addDays(prev, 1) === d ? run + 1 : 1;
    if (run > longest) longest = run;
    prev = d;
  }
  let current = 0;
  let day = set.has(today) ? today : addDays(today, -1);
  while (set.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  return { current, longest };
}

export interface SessionPoint {
  finishedAt: Date;
  durationSeconds: number;
}

export interface WeekTotals {
  weekStart: string;
  sessions: number;
  minutes: number;
}

export interface TrainingTotals {
  timeZone: string;
  today: string;
  totalSessions: number;
  totalMinutes: number;
  currentStreak: number;
  longestStreak: number;
  thisWeek: WeekTotals;
  /** Oldest first, `weeks` of them, ending with this week. */
  weeks: WeekTotals[];
}

const minutesOf = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** Everything My training and the /profile widget show, from one user's sessions. */
export function summarize(sessions: Iterable<SessionPoint>, zone: string, now: Date, weeks: number): TrainingTotals {
  const today = dayIn(now, zone);
  const thisWeekStart = weekStartOf(today);
  const starts = Array.from({ length: weeks }, (_, i) => addDays(thisWeekStart, -7 * (weeks - 1 - i)));
  const byWeek = new Map<string, WeekTotals>(starts.map((w) => [w, { weekStart: w, sessions: 0, minutes: 0 }]));
  const days: string[] = [];
  let totalSessions = 0;
  let totalMinutes = 0;
  for (const s of sessions) {
    const day = dayIn(s.finishedAt, zone);
    const minutes = minutesOf(s.durationSeconds);
    days.push(day);
    totalSessions += 1;
    totalMinutes += minutes;
    const w = byWeek.get(weekStartOf(day));
    if (w) {
      w.sessions += 1;
      w.minutes += minutes;
    }
  }
  const { current, longest } = streaksOf(days, today);
  const list = starts.map((w) => byWeek.get(w)!);
  return {
    timeZone: zone,
    today,
    totalSessions,
    totalMinutes,
    currentStreak: current,
    longestStreak: longest,
    thisWeek: list[list.length - 1],
    weeks: list,
  };
}
