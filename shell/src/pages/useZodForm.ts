import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod/mini';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First message per top-level field from a zod error. */
export function fieldErrorsFrom<K extends string>(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

/**
 * A small form state helper that validates with a shared zod schema (SPEC §5 messages):
 * errors appear on submit; after the first submit they update as the user types.
 * On an invalid submit the first invalid field gets focus.
 */
export function useZodForm<S extends z.ZodMiniType, V extends Record<string, string | boolean>>(
  schema: S,
  initial: V,
  fieldOrder: ReadonlyArray<keyof V & string>,
) {
  type K = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const submitted = useRef(false);
  const refs = useRef<Partial<Record<K, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const validate = useCallback(
    (v: V): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<K> } => {
      const r = schema.safeParse(v);
      if (r.success) return { ok: true, data: r.data };
      return { ok: false, errors: fieldErrorsFrom<K>(r.error.issues) };
    },
    [schema],
  );

  const setValue = useCallback(
    (name: K, value: V[K]) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        if (submitted.current) {
          const r = validate(next);
          setErrors(r.ok ? {} : r.errors);
        }
        return next;
      });
    },
    [validate],
  );

  /** Props for a text input bound to `name`. */
  const bind = (name: K) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, e.target.value as V[K]),
    error: errors[name],
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      refs.current[name] = el;
    },
  });

  /** Wraps a submit handler: prevents default, validates, focuses the first invalid field. */
  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => (e?: FormEvent) => {
    e?.preventDefault();
    submitted.current = true;
    const r = validate(values);
    if (!r.ok) {
      setErrors(r.errors);
      const first = fieldOrder.find((f) => r.errors[f] !== undefined);
      if (first) refs.current[first]?.focus();
      return;
    }
    setErrors({});
    return onValid(r.data);
  };

  const reset = (next: V = initial) => {
    submitted.current = false;
    setErrors({});
    setValues(next);
  };

  return { values, errors, setValue, bind, handleSubmit, reset, setErrors };
}

/** Field errors from an API 400 answer (`{ message, issues: [{ path, message }] }`), if it has any. */
export function serverFieldErrors<K extends string>(err: unknown, fields: ReadonlyArray<K>): FieldErrors<K> | null {
  const body = (err as { json?: unknown } | null)?.json as { issues?: unknown } | null | undefined;
  if (!body || !Array.isArray(body.issues)) return null;
  const issues = body.issues.filter(
    (i): i is { path: PropertyKey[]; message: string } =>
      !!i && Array.isArray((i as { path?: unknown }).path) && typeof (i as { message?: unknown }).message === 'string',
  );
  const out = fieldErrorsFrom<K>(issues);
  for (const k of Object.keys(out) as K[]) if (!fields.includes(k)) delete out[k];
  return Object.keys(out).length ? out : null;
}
