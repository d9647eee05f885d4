import {
  AvailabilityBody,
  DEFAULT_TIME_ZONE,
  type TrainerAvailability,
  type Weekday,
} from '@fitconnect/contracts/bookings';

// The schedule editor's values: what the inputs hold (numbers as typed text), turned into the API's
// body by AvailabilityBody itself, so the editor shows exactly the messages the API would answer with.

export interface WindowValues {
  /** Stable React key (windows are added and removed). */
  key: string;
  weekday: Weekday;
  start: string;
  end: string;
  online: boolean;
  inPerson: boolean;
}

export interface DaysOffValues {
  key: string;
  from: string;
  to: string;
  note: string;
}

export interface ScheduleValues {
  timeZone: string;
  sessionMinutes: string;
  bufferMinutes: string;
  minNoticeHours: string;
  maxAdvanceDays: string;
  requiresConfirmation: boolean;
  windows: WindowValues[];
  daysOff: DaysOffValues[];
}

let seq = 0;
export const newKey = () => `k${++seq}`;

export function toValues(a: TrainerAvailability, fallbackZone = DEFAULT_TIME_ZONE): ScheduleValues {
  return {
    timeZone: a.configured ? a.timeZone : fallbackZone,
    sessionMinutes: String(a.sessionMinutes),
    bufferMinutes: String(a.bufferMinutes),
    minNoticeHours: String(a.minNoticeHours),
    maxAdvanceDays: String(a.maxAdvanceDays),
    requiresConfirmation: a.requiresConfirmation,
    windows: a.windows.map((w) => ({ key: newKey(), weekday: w.weekday as Weekday, start: w.start, end: w.end, online: w.online, inPerson: w.inPerson })),
    daysOff: a.daysOff.map((d) => ({ key: newKey(), from: d.from, to: d.to, note: d.note })),
  };
}

/** A time input cannot show '24:00': midnight as a window's end is typed as 00:00. */
export const endForInput = (end: string) => (end === '24:00' ? '00:00' : end);
export const endFromInput = (end: string) => (end === '00:00' ? '24:00' : end);

/** The body as typed (AvailabilityBody coerces the numbers and reports what is wrong). */
export function toBodyInput(v: ScheduleValues) {
  return {
    timeZone: v.timeZone,
    sessionMinutes: v.sessionMinutes,
    bufferMinutes: v.bufferMinutes === '' ? undefined : v.bufferMinutes,
    minNoticeHours: v.minNoticeHours === '' ? undefined : v.minNoticeHours,
    maxAdvanceDays: v.maxAdvanceDays === '' ? undefined : v.maxAdvanceDays,
    requiresConfirmation: v.requiresConfirmation,
    windows: v.windows.map((w) => ({ weekday: w.weekday, start: w.start, end: endFromInput(w.end), online: w.online, inPerson: w.inPerson })),
    daysOff: v.daysOff.map((d) => ({ from: d.from, to: d.to, note: d.note })),
  };
}

/**
 * Errors keyed by the field's path in the editor: 'sessionMinutes', 'windows' (overlap), and for a row its
 * key and field: 'window:<key>:end', 'dayOff:<key>:to'. The first message per field wins.
 */
export type ScheduleErrors = Record<string, string>;

export function errorsFromIssues(v: ScheduleValues, issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): ScheduleErrors {
  const out: ScheduleErrors = {};
  for (const issue of issues) {
    const [top, index, field] = issue.path;
    let key = String(top ?? '');
    if (top === 'windows' && typeof index === 'number' && v.windows[index]) key = `window:${v.windows[index].key}:${String(field ?? 'start')}`;
    else if (top === 'daysOff' && typeof index === 'number' && v.daysOff[index]) key = `dayOff:${v.daysOff[index].key}:${String(field ?? 'from')}`;
    if (key && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

export type ScheduleCheck = { ok: true; body: AvailabilityBody } | { ok: false; errors: ScheduleErrors };

export function checkSchedule(v: ScheduleValues): ScheduleCheck {
  const r = AvailabilityBody.safeParse(toBodyInput(v));
  return r.success ? { ok: true, body: r.data } : { ok: false, errors: errorsFromIssues(v, r.error.issues) };
}
