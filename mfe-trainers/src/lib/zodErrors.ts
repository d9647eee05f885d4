import type { z } from 'zod/mini';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per top-level field of a zod error (SPEC §5 messages come from the contracts). */
export function fieldErrors<K extends string = string>(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function check<S extends z.ZodMiniType>(schema: S, values: unknown): Checked<z.output<S>> {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors(r.error.issues) };
}

/** The server's zod issues on a 400 (`{ message, issues: [{ path, message }] }`) as field errors, or null. */
export function serverFieldErrors(json: unknown, fields: readonly string[]): FieldErrors | null {
  if (!json || typeof json !== 'object' || !Array.isArray((json as { issues?: unknown }).issues)) return null;
  const errs = fieldErrors((json as { issues: { path: PropertyKey[]; message: string }[] }).issues);
  const known = Object.fromEntries(Object.entries(errs).filter(([k]) => fields.includes(k)));
  return Object.keys(known).length ? known : null;
}
