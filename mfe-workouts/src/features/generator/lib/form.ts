import {
  WORKOUT_FORM_DEFAULTS,
  WorkoutRequest,
  type GeneratedWorkout,
  type Injury,
} from '@fitconnect/contracts/workouts';

/** The form's own state: numbers kept as typed text so an empty box is possible. */
export interface WorkoutFormValues {
  age: string;
  gender: string;
  fitnessLevel: string;
  focusArea: string;
  duration: string;
  equipment: string[];
  goals: string[];
  injuries: string[];
}

export type WorkoutFormErrors = Partial<Record<keyof WorkoutFormValues, string>>;

/** SPEC §9 defaults. */
export function defaultFormValues(): WorkoutFormValues {
  const d = WORKOUT_FORM_DEFAULTS;
  return {
    age: String(d.age),
    gender: d.gender,
    fitnessLevel: d.fitnessLevel,
    focusArea: d.focusArea,
    duration: String(d.duration),
    equipment: [...d.equipment],
    goals: [...d.goals],
    injuries: [...d.injuries],
  };
}

/** A saved workout's original settings, for 'Load'. */
export function valuesFromWorkout(w: GeneratedWorkout): WorkoutFormValues {
  return {
    age: String(w.age),
    gender: w.gender,
    fitnessLevel: w.fitnessLevel,
    focusArea: w.focusArea,
    duration: String(w.duration),
    equipment: [...(w.equipment ?? [])],
    goals: [...(w.goals ?? [])],
    injuries: [...((w.injuries ?? []) as Injury[])],
  };
}

const toNumber = (s: string): number => (s.trim() === '' ? NaN : Number(s));

/**
 * Validate with the contract's zod schema (the server's), giving SPEC §5 messages per field.
 * Returns the request to send, or the first message for each invalid field.
 */
export function validateForm(values: WorkoutFormValues): { ok: true; request: WorkoutRequest } | { ok: false; errors: WorkoutFormErrors } {
  const candidate = {
    age: toNumber(values.age),
    gender: values.gender,
    fitnessLevel: values.fitnessLevel,
    focusArea: values.focusArea,
    duration: toNumber(values.duration),
    equipment: values.equipment,
    goals: values.goals,
    injuries: values.injuries,
  };
  const r = WorkoutRequest.safeParse(candidate);
  if (r.success) return { ok: true, request: r.data };
  const errors: WorkoutFormErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0] as keyof WorkoutFormValues | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** Option label: 'prefer-not-to-say' -> 'Prefer not to say', 'full body' -> 'Full body', 'trx' -> 'TRX'. */
export function optionLabel(value: string): string {
  if (value === 'trx') return 'TRX';
  const s = value.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
