import { DateTime, IANAZone } from 'luxon';
import { BOOKING_GRID_MINUTES, BOOKING_MESSAGES, wallTimeMinutes, type AvailabilityBody, type SessionMode } from '@fitconnect/contracts';

// The pure slot computation: no database, no clock of its own (callers pass `now`).
//
// Why luxon: a trainer's schedule is wall-clock time in their IANA zone, and turning "Sunday 01:00 in
// Europe/London" into an instant (and back, for the day and weekday of an instant) needs the zone's rules,
// including the hour that does not exist in March and the one that happens twice in October. Intl can format
// an instant in a zone but cannot resolve a wall-clock time to an instant; luxon does both, well maintained.
//
// DST rule: a window is the real time between its start and its end on that day (each resolved in the
// trainer's zone), and slots step through it in real minutes. So a 00:00-04:00 window holds 3 hours on the
// March change day (3 one-hour slots: 00:00, 02:00, 03:00 local) and 5 hours on the October one (00:00,
// 01:00 BST, 01:00 GMT, 02:00, 03:00): every real hour is offered once, none is lost and none is doubled.

export type Schedule = Pick<
  AvailabilityBody,
  'timeZone' | 'sessionMinutes' | 'bufferMinutes' | 'minNoticeHours' | 'maxAdvanceDays' | 'windows' | 'daysOff'
>;

export interface Candidate {
  /** Epoch ms. */
  start: number;
  end: number;
  localDate: string;
  localTime: string;
  online: boolean;
  inPerson: boolean;
}

/** An existing booking's blocked time: [start, blockedUntil) = the session and the buffer after it (epoch ms). */
export interface Busy {
  start: number;
  blockedUntil: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The instant of wall-clock `minutes` after midnight of `date` in `zone` ('24:00' = the next midnight). */
function wallClock(date: string, minutes: number, zone: string): number {
  const midnight = DateTime.fromISO(date, { zone });
  // Resolve the wall-clock time itself (not midnight + N real minutes): a nonexistent time moves forward.
  return midnight.plus({ days: Math.floor(minutes / 1440) }).set({ hour: Math.floor((minutes % 1440) / 60), minute: minutes % 60 }).toMillis();
}

/** The dates from..to inclusive ('YYYY-MM-DD'). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += DAY) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function isDayOff(schedule: Pick<Schedule, 'daysOff'>, date: string): boolean {
  return schedule.daysOff.some((d) => d.from <= date && date <= d.to);
}

/** Today's date in `zone`. */
export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** The wall-clock date and time of instant `ms` in `zone` ('YYYY-MM-DD', 'HH:MM'): the zone's offset, then UTC arithmetic. */
function localLabel(ms: number, zone: IANAZone): { localDate: string; localTime: string } {
  const iso = new Date(ms + zone.offset(ms) * MINUTE).toISOString();
  return { localDate: iso.slice(0, 10), localTime: iso.slice(11, 16) };
}

type Bare = Omit<Candidate, 'localDate' | 'localTime'>;

/** The slots of `date`'s windows as instants (no labels yet: those are made only for the slots kept). */
function bareSlots(schedule: Schedule, date: string): Bare[] {
  const zone = schedule.timeZone;
  // ISO weekday of a calendar date does not depend on the zone.
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const step = (schedule.sessionMinutes + schedule.bufferMinutes) * MINUTE;
  const length = schedule.sessionMinutes * MINUTE;
  const out: Bare[] = [];
  for (const w of schedule.windows) {
    if (w.weekday !== weekday) continue;
    const from = wallClock(date, wallTimeMinutes(w.start), zone);
    const until = wallClock(date, wallTimeMinutes(w.end), zone);
    for (let s = from; s + length <= until; s += step) out.push({ start: s, end: s + length, online: w.online, inPerson: w.inPerson });
  }
  return out.sort((a, b) => a.start - b.start);
}

const labelled = (c: Bare, zone: IANAZone): Candidate => ({ ...c, ...localLabel(c.start, zone) });

/** Every slot the weekly windows make on `date` (trainer's zone), ignoring bookings, notice and days off. */
export function windowSlots(schedule: Schedule, date: string): Candidate[] {
  const zone = IANAZone.create(schedule.timeZone);
  return bareSlots(schedule, date).map((c) => labelled(c, zone));
}

/** Does [start, start + session + buffer) overlap a booking's blocked time? `busy` sorted by start. */
function overlaps(busy: Busy[], start: number, blockedUntil: number): boolean {
  // Binary search the first booking starting at or after `blockedUntil`; only those before it can overlap.
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid].start < blockedUntil) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    if (busy[i].blockedUntil > start) return true;
    // Bookings are at most a day long: far enough back, none can reach `start`.
    if (busy[i].start < start - DAY) break;
  }
  return false;
}

/** The free, bookable slots of from..to (dates in the trainer's zone), in time order. */
export function freeSlots(schedule: Schedule, from: string, to: string, busy: Busy[], now: Date): Candidate[] {
  const earliest = now.getTime() + schedule.minNoticeHours * HOUR;
  const latest = now.getTime() + schedule.maxAdvanceDays * DAY;
  const sorted = [...busy].sort((a, b) => a.start - b.start);
  const buffer = schedule.bufferMinutes * MINUTE;
  const zone = IANAZone.create(schedule.timeZone);
  const out: Candidate[] = [];
  for (const date of datesBetween(from, to)) {
    if (isDayOff(schedule, date)) continue;
    for (const c of bareSlots(schedule, date)) {
      if (c.start < earliest || c.start > latest) continue;
      if (overlaps(sorted, c.start, c.end + buffer)) continue;
      out.push(labelled(c, zone));
    }
  }
  return out;
}

export type Refusal = { ok: false; message: string };

/**
 * Whether a client may ask for the slot starting at `start` in `mode` (bookings aside: the database's slot
 * claims settle those). The reasons, in the order a client would want to hear them.
 */
export function checkBookable(schedule: Schedule, start: number, mode: SessionMode, now: Date): { ok: true; slot: Candidate } | Refusal {
  if (start <= now.getTime()) return { ok: false, message: BOOKING_MESSAGES.inPast };
  if (start < now.getTime() + schedule.minNoticeHours * HOUR) return { ok: false, message: BOOKING_MESSAGES.tooSoon };
  if (start > now.getTime() + schedule.maxAdvanceDays * DAY) return { ok: false, message: BOOKING_MESSAGES.tooFarAhead };
  const date = DateTime.fromMillis(start, { zone: schedule.timeZone }).toISODate()!;
  if (isDayOff(schedule, date)) return { ok: false, message: BOOKING_MESSAGES.dayOff };
  const slot = windowSlots(schedule, date).find((c) => c.start === start);
  if (!slot) return { ok: false, message: BOOKING_MESSAGES.outsideAvailability };
  if (mode === 'online' ? !slot.online : !slot.inPerson) return { ok: false, message: BOOKING_MESSAGES.modeNotOffered };
  return { ok: true, slot };
}

/** The 5-minute cells [start, blockedUntil) covers: one unique (trainer, cell) claim each in the database. */
export function cellsOf(start: number, blockedUntil: number): number[] {
  const size = BOOKING_GRID_MINUTES * MINUTE;
  const cells: number[] = [];
  for (let c = Math.floor(start / size); c * size < blockedUntil; c++) cells.push(c);
  return cells;
}
