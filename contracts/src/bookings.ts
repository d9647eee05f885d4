import { preprocess, z } from './zod';
import { IdParam } from './ids';

// Issue 29, booking a session with a trainer: the trainer's weekly availability, the free slots a client
// picks from, bookings (requests, confirmed sessions) and the private calendar feed. The API validates with
// these schemas and the forms use the same ones, so both sides show the same messages.
//
// Times: a slot's `start`/`end` are instants (ISO 8601 in UTC, 'Z'); a trainer's schedule (windows, days
// off, slot dates) is wall-clock time in the trainer's own time zone (`timeZone`, IANA, default
// Europe/London), so a 09:00 window stays 09:00 across daylight-saving changes.

// ---- Constants ---------------------------------------------------------------------------------

/** Session lengths a trainer may offer, minutes. */
export const SESSION_LENGTHS = [30, 45, 60, 90] as const;
export type SessionLength = (typeof SESSION_LENGTHS)[number];
/** Every time (window edges, buffers) sits on this grid, minutes: what the API's overlap guard counts in. */
export const BOOKING_GRID_MINUTES = 5;
export const MAX_BUFFER_MINUTES = 120;
/** Minimum notice (lead time), hours. */
export const MAX_MIN_NOTICE_HOURS = 24 * 30;
/** How far ahead clients may book, days. */
export const MAX_ADVANCE_DAYS = 365;
export const MAX_WINDOWS = 50;
export const MAX_DAYS_OFF = 100;
export const DEFAULT_TIME_ZONE = 'Europe/London';
/** Longest range GET /api/trainers/{id}/slots answers, days (from..to inclusive). */
export const MAX_SLOT_RANGE_DAYS = 31;
/** Days GET /api/trainers/{id}/slots answers when `to` is not given (from..from+13). */
export const DEFAULT_SLOT_RANGE_DAYS = 14;
/** A client holds at most this many unanswered requests at once. */
export const MAX_OPEN_REQUESTS = 5;
/** An unanswered request expires after this many hours (or when its slot starts, if sooner). */
export const REQUEST_EXPIRY_HOURS = 48;
/** A client cancels free of charge up to this many hours before the start; later cancellations are marked late. */
export const FREE_CANCELLATION_HOURS = 24;
export const BOOKING_NOTE_MAX_LENGTH = 500;
export const BOOKING_REASON_MAX_LENGTH = 500;

/** ISO weekdays: 1 = Monday ... 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday',
};

export const SESSION_MODES = ['online', 'in-person'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];
export const SESSION_MODE_LABELS: Record<SessionMode, string> = { online: 'Online', 'in-person': 'In person' };

/**
 * requested: waiting for the trainer; confirmed: will happen; declined: the trainer said no; cancelled: by
 * either side; completed: confirmed and its end has passed; expired: unanswered for 48 h or until it started.
 */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined', 'cancelled', 'completed', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
  expired: 'Expired',
};

/** The `{ message }` texts of the booking answers (4xx), shared so the screens can match or show them. */
export const BOOKING_MESSAGES = {
  notFound: 'Booking not found',
  trainerNotFound: 'Trainer not found',
  slotTaken: 'That time was just taken',
  inPast: 'That time has already passed',
  tooSoon: 'That time is too soon: the trainer needs more notice',
  tooFarAhead: 'That time is too far ahead to book',
  dayOff: 'The trainer is not working that day',
  outsideAvailability: "That time is not in the trainer's availability",
  modeNotOffered: 'That session type is not offered at that time',
  noAvailability: 'This trainer is not taking bookings yet',
  ownTrainer: 'You cannot book a session with yourself',
  tooManyOpen: `You already have ${MAX_OPEN_REQUESTS} requests waiting for an answer. Wait for a reply or cancel one first.`,
  trainerOnly: 'Only the trainer can answer a request',
  notOwnerAvailability: 'You can only edit your own availability',
  notRequested: 'This request has already been answered',
  cannotCancel: 'This session can no longer be cancelled',
  rangeTooLong: `Choose a range of at most ${MAX_SLOT_RANGE_DAYS} days`,
  rangeBackwards: 'The end date must not be before the start date',
  calendarNotFound: 'Calendar not found',
} as const;

// ---- Field rules -------------------------------------------------------------------------------

const onGrid = (mins: number) => mins % BOOKING_GRID_MINUTES === 0;

/** 'HH:MM', 24-hour, on the 5-minute grid; '24:00' is allowed as a window's end (midnight). */
export const WallTime = z
  .string({ message: 'Please enter a time as HH:MM' })
  .check(
    z.regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Please enter a time as HH:MM'),
    z.refine((s) => onGrid(Number(s.slice(3))), `Times must be on a ${BOOKING_GRID_MINUTES}-minute step`),
  );
/** Minutes since midnight of an 'HH:MM' (WallTime). */
export const wallTimeMinutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

/** 'YYYY-MM-DD', a real calendar date. */
export const IsoDate = z.string({ message: 'Please enter a date as YYYY-MM-DD' }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD'),
  z.refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Please enter a real date'),
);

/** An IANA time zone the runtime knows (e.g. 'Europe/London'). */
export const TimeZone = z.string({ message: 'Please choose a time zone' }).check(
  z.trim(),
  z.maxLength(64),
  z.refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: tz });
      return tz.includes('/') || tz === 'UTC';
    } catch {
      return false;
    }
  }, 'Please choose a valid time zone'),
);

/** One weekly window: on `weekday`, from `start` to `end` (trainer's wall-clock time), and how sessions in it may run. */
export const AvailabilityWindow = z
  .object({
    weekday: z.coerce
      .number({ message: 'Please choose a day' })
      .check(z.int('Please choose a day'), z.gte(1, 'Please choose a day'), z.lte(7, 'Please choose a day')),
    start: WallTime,
    end: WallTime,
    online: z._default(z.optional(z.boolean()), true),
    inPerson: z._default(z.optional(z.boolean()), false),
  })
  .check(
    z.refine((w) => wallTimeMinutes(w.end) > wallTimeMinutes(w.start), { message: 'The end time must be after the start time', path: ['end'] }),
    z.refine((w) => w.online || w.inPerson, { message: 'Choose online, in person or both', path: ['online'] }),
  );
export type AvailabilityWindow = z.output<typeof AvailabilityWindow>;
export type AvailabilityWindowInput = z.input<typeof AvailabilityWindow>;

/** Days off, inclusive, as dates in the trainer's time zone. */
export const DaysOff = z
  .object({
    from: IsoDate,
    to: IsoDate,
    note: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
  })
  .check(z.refine((d) => d.to >= d.from, { message: 'The last day off must not be before the first', path: ['to'] }));
export type DaysOff = z.output<typeof DaysOff>;

const wholeInRange = (min: number, max: number, msg: string) =>
  z.coerce.number({ message: msg }).check(z.int(msg), z.gte(min, msg), z.lte(max, msg));

/** PUT /api/trainers/{id}/availability: the whole schedule (what is not sent takes its default). */
export const AvailabilityBody = z
  .object({
    timeZone: z._default(z.optional(TimeZone), DEFAULT_TIME_ZONE),
    sessionMinutes: z.coerce
      .number({ message: 'Choose a session length of 30, 45, 60 or 90 minutes' })
      .check(z.refine((n) => (SESSION_LENGTHS as readonly number[]).includes(n), 'Choose a session length of 30, 45, 60 or 90 minutes')),
    bufferMinutes: z._default(
      z.optional(
        wholeInRange(0, MAX_BUFFER_MINUTES, `The buffer must be 0 to ${MAX_BUFFER_MINUTES} minutes`).check(
          z.refine(onGrid, `The buffer must be a multiple of ${BOOKING_GRID_MINUTES} minutes`),
        ),
      ),
      0,
    ),
    minNoticeHours: z._default(z.optional(wholeInRange(0, MAX_MIN_NOTICE_HOURS, `Minimum notice must be 0 to ${MAX_MIN_NOTICE_HOURS} hours`)), 24),
    maxAdvanceDays: z._default(z.optional(wholeInRange(1, MAX_ADVANCE_DAYS, `Clients may book 1 to ${MAX_ADVANCE_DAYS} days ahead`)), 60),
    windows: z.array(AvailabilityWindow).check(z.maxLength(MAX_WINDOWS, `At most ${MAX_WINDOWS} windows`)),
    daysOff: z._default(z.optional(z.array(DaysOff).check(z.maxLength(MAX_DAYS_OFF, `At most ${MAX_DAYS_OFF} periods off`))), []),
    /** true: a booking is a request the trainer confirms or declines; false: confirmed at once. */
    requiresConfirmation: z._default(z.optional(z.boolean()), true),
  })
  .check(
    z.refine(
      (a) => {
        // Windows of one weekday must not overlap (a session would be offered twice).
        for (const day of WEEKDAYS) {
          const ws = a.windows.filter((w) => w.weekday === day).sort((x, y) => wallTimeMinutes(x.start) - wallTimeMinutes(y.start));
          for (let i = 1; i < ws.length; i++) if (wallTimeMinutes(ws[i].start) < wallTimeMinutes(ws[i - 1].end)) return false;
        }
        return true;
      },
      { message: 'Windows on the same day must not overlap', path: ['windows'] },
    ),
  );
export type AvailabilityBody = z.output<typeof AvailabilityBody>;
export type AvailabilityBodyInput = z.input<typeof AvailabilityBody>;

/** GET /api/trainers/{id}/availability (public) and the PUT answer. `configured: false` = never set (defaults shown, no windows). */
export interface TrainerAvailability extends AvailabilityBody {
  trainerId: number;
  configured: boolean;
  updatedAt: string | null;
}

// ---- Slots -------------------------------------------------------------------------------------

/** '' means "not given". */
const blankDate = preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(IsoDate));

/**
 * GET /api/trainers/{id}/slots?from=YYYY-MM-DD&to=YYYY-MM-DD: dates in the trainer's time zone, inclusive.
 * Default from = today there, to = from + 13 days; at most 31 days.
 */
export const SlotsQuery = z
  .object({ from: blankDate, to: blankDate })
  .check(
    z.refine((q) => !(q.from && q.to) || q.to >= q.from, { message: BOOKING_MESSAGES.rangeBackwards, path: ['to'] }),
    z.refine(
      (q) => !(q.from && q.to) || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_SLOT_RANGE_DAYS,
      { message: BOOKING_MESSAGES.rangeTooLong, path: ['to'] },
    ),
  );
export type SlotsQuery = z.output<typeof SlotsQuery>;

/** A free slot. */
export interface Slot {
  /** Instants, ISO 8601 UTC. */
  start: string;
  end: string;
  /** The trainer's wall-clock date and time of `start` ('YYYY-MM-DD', 'HH:MM'): for grouping by day. */
  localDate: string;
  localTime: string;
  online: boolean;
  inPerson: boolean;
}

/** GET /api/trainers/{id}/slots (public): free slots in order, already past the minimum notice. */
export interface SlotsResponse {
  trainerId: number;
  timeZone: string;
  sessionMinutes: number;
  from: string;
  to: string;
  /** false: the trainer has not set availability (slots is empty). */
  configured: boolean;
  requiresConfirmation: boolean;
  slots: Slot[];
}

// ---- Bookings ----------------------------------------------------------------------------------

const reasonField = z._default(
  z.optional(z.string().check(z.trim(), z.maxLength(BOOKING_REASON_MAX_LENGTH, `Please keep the reason under ${BOOKING_REASON_MAX_LENGTH} characters`))),
  '',
);

/** POST /api/bookings: `start` is a slot's `start` as GET .../slots gave it (any ISO 8601 instant with Z or an offset). */
export const CreateBookingBody = z.object({
  trainerId: IdParam,
  start: z.iso.datetime({ offset: true, message: 'Please choose a time slot' }),
  mode: z.enum(SESSION_MODES, { message: 'Choose online or in person' }),
  note: z._default(
    z.optional(z.string().check(z.trim(), z.maxLength(BOOKING_NOTE_MAX_LENGTH, `Please keep the note under ${BOOKING_NOTE_MAX_LENGTH} characters`))),
    '',
  ),
});
export type CreateBookingBody = z.output<typeof CreateBookingBody>;
export type CreateBookingInput = z.input<typeof CreateBookingBody>;

/** POST /api/bookings/{id}/decline and /cancel: an optional reason (the other side sees it). */
export const BookingReasonBody = z.object({ reason: reasonField });
export type BookingReasonBody = z.output<typeof BookingReasonBody>;

export const BOOKING_ROLES = ['client', 'trainer'] as const;
export type BookingRole = (typeof BOOKING_ROLES)[number];

/**
 * GET /api/bookings: the caller's bookings, as client and as trainer (`role` narrows it).
 * when=upcoming: not yet ended, soonest first; when=past: ended (or over), latest first; default: both, soonest first.
 */
export const BookingListQuery = z.object({
  role: preprocess((v) => (v === '' ? undefined : v), z.optional(z.enum(BOOKING_ROLES, { message: 'role must be client or trainer' }))),
  when: preprocess((v) => (v === '' ? undefined : v), z.optional(z.enum(['upcoming', 'past'], { message: 'when must be upcoming or past' }))),
});
export type BookingListQuery = z.output<typeof BookingListQuery>;

/** Booking ids in paths: POST /api/bookings/{id}/confirm etc. */
export const BookingIdParams = z.object({ id: IdParam });

/** A booking as its two participants see it (nobody else sees one; no email or other private field). */
export interface Booking {
  id: number;
  status: BookingStatus;
  /** The caller's side of it. */
  role: BookingRole;
  /** Instants, ISO 8601 UTC. */
  start: string;
  end: string;
  /** The trainer's time zone (for showing the trainer's wall-clock time). */
  timeZone: string;
  mode: SessionMode;
  /** The client's note to the trainer. */
  note: string;
  trainer: { id: number; userId: number; firstName: string; lastName: string };
  client: { id: number; firstName: string; lastName: string };
  /** Requested: when it expires unanswered; otherwise null. */
  expiresAt: string | null;
  /** Declined or cancelled: who did it and the reason they gave ('' = none). */
  cancelledBy: BookingRole | null;
  reason: string;
  /** A client's cancellation less than 24 h before the start. */
  lateCancellation: boolean;
  /** The caller may do these now (the screens show the buttons). */
  canConfirm: boolean;
  canDecline: boolean;
  canCancel: boolean;
  createdAt: string;
  updatedAt: string;
}

// ---- Calendar ----------------------------------------------------------------------------------

/** GET /api/calendar/token (the caller's feed; made on first call) and POST /api/calendar/token (rotate: the old URL stops working). */
export interface CalendarFeed {
  /** Absolute https URL for calendar apps (subscribe); no cookie needed. */
  url: string;
  /** The same as webcal:// (opens the subscribe dialog of most calendar apps). */
  webcalUrl: string;
  /** When the current URL was made. */
  createdAt: string;
}

/** The texts of the system lines a booking event adds to the conversation of client and trainer. */
export const BOOKING_EVENT_KINDS = ['booking-requested', 'booking-confirmed', 'booking-declined', 'booking-cancelled'] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];
