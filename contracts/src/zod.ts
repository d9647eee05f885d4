import { z } from 'zod/mini';
import { en } from 'zod/v4/locales';

// The contracts build their schemas with zod/mini: the same zod 4 core as 'zod' (the same checks, issues,
// messages and JSON Schema), with a functional API that a bundle tree-shakes. Classic 'zod' puts every
// method on every schema, so the front ends carried all of it (~25 KB gzip) on the first visit of an area.
//
// Classic zod sets English as the error-message locale when its first schema is made; zod/mini sets none
// (every default message would read 'Invalid input'). Set it here as classic zod does (only when no
// locale is set), so a message without a custom text stays 'Too big: expected string to have <=60
// characters' in the forms and in the API's 400 answers.
if (!z.config().localeError) z.config(en());

export { z };

/** classic zod's `z.preprocess(fn, schema)` (zod/mini has none): a pipe from a transform into `schema`, typed as there. */
export interface ZodMiniPreprocess<B extends z.core.SomeType = z.core.$ZodType, I = unknown>
  extends z.ZodMiniType<z.core.output<B>, I, z.core.$ZodPreprocessInternals<B, I>> {}
export function preprocess<B extends z.core.SomeType, I = unknown>(fn: (value: I) => unknown, schema: B): ZodMiniPreprocess<B, I> {
  return z.pipe(z.transform(fn), schema as unknown as z.core.$ZodType) as never;
}
