import type { WorkoutDraft, WorkoutRequest } from '@fitconnect/contracts';

/** Anything that turns a workout request into a workout (the built-in planner, OpenAI, ...). */
export interface WorkoutGenerator {
  readonly name: string;
  /** `seed` gives deterministic generators their day-to-day variety (derived from the user id and the UTC day). */
  generate(request: WorkoutRequest, opts: { seed: number }): Promise<GeneratedDraft>;
}

/** A draft, optionally naming the generator that actually made it (a checked plan, a fallback). */
export type GeneratedDraft = WorkoutDraft & { generatedBy?: string };

export type GeneratorFailure = 'invalid' | 'rate-limited' | 'timeout' | 'upstream';

/** A generation that failed; the route turns it into an HTTP error and spends nothing of the daily limit. */
export class GeneratorError extends Error {
  readonly kind: GeneratorFailure;
  constructor(kind: GeneratorFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeneratorError';
    this.kind = kind;
  }
}
