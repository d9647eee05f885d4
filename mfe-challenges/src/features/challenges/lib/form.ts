import { CreateChallengeBody, UNIT_FOR_TYPE, type ChallengeType } from '@fitconnect/contracts/challenges';
import { DAY_MS } from './timing';

/** The create form's own state: numbers and dates kept as typed text. */
export interface ChallengeFormValues {
  title: string;
  description: string;
  type: ChallengeType;
  target: string;
  unit: string;
  /** datetime-local text, 'YYYY-MM-DDTHH:mm' in local time. */
  startDate: string;
  endDate: string;
  difficulty: string;
  category: string;
  maxParticipants: string;
}

export type ChallengeFormErrors = Partial<Record<keyof ChallengeFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as datetime-local text in the browser's time zone. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** SPEC §9 defaults: steps, 10000 steps, medium, general, starts now, ends 7 days later. */
export function defaultChallengeValues(now: Date = new Date()): ChallengeFormValues {
  return {
    title: '',
    description: '',
    type: 'steps',
    target: '10000',
    unit: UNIT_FOR_TYPE.steps,
    startDate: toLocalInput(now),
    endDate: toLocalInput(new Date(now.getTime() + 7 * DAY_MS)),
    difficulty: 'medium',
    category: 'general',
    maxParticipants: '',
  };
}

/** SPEC §5: choosing a type sets the unit. */
export function withType(values: ChallengeFormValues, type: ChallengeType): ChallengeFormValues {
  return { ...values, type, unit: UNIT_FOR_TYPE[type] };
}

const INVALID_FIELD: Partial<Record<keyof ChallengeFormValues, string>> = {
  maxParticipants: 'Must be a whole number of at least 1, or empty for unlimited',
};

const parseLocal = (s: string): Date | string => {
  if (!s.trim()) return 'invalid';
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
};

/**
 * Validate with the contract's schema (the server's), giving SPEC §5 messages per field (the date order
 * message on endDate). Returns the body to send, or the first message for each invalid field.
 */
export function validateChallengeForm(
  values: ChallengeFormValues,
): { ok: true; body: CreateChallengeBody } | { ok: false; errors: ChallengeFormErrors } {
  const r = CreateChallengeBody.safeParse({
    ...values,
    target: values.target.trim() === '' ? NaN : values.target,
    startDate: parseLocal(values.startDate),
    endDate: parseLocal(values.endDate),
    maxParticipants: values.maxParticipants.trim(),
  });
  if (r.success) return { ok: true, body: r.data };
  const errors: ChallengeFormErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0] as keyof ChallengeFormValues | undefined;
    if (key && !errors[key]) errors[key] = issue.message === 'Invalid input' ? INVALID_FIELD[key] ?? issue.message : issue.message;
  }
  // The schema checks the date order only once every field is valid; show it alongside the other errors.
  const start = parseLocal(values.startDate);
  const end = parseLocal(values.endDate);
  if (!errors.endDate && start instanceof Date && end instanceof Date && end.getTime() <= start.getTime()) {
    errors.endDate = 'End date must be after start date';
  }
  return { ok: false, errors };
}
