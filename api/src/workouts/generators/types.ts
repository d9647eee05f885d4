import type { WorkoutDraft, WorkoutGeneratorKind, WorkoutRequest } from '@fitconnect/contracts';

/** Anything that turns a workout request into a workout (the built-in planner, OpenAI, ...). */
export interface WorkoutGenerator {
  readonly name: string;
  /** What the user is told made the plan (unless the draft's `generatedBy` says otherwise). */
  readonly kind: WorkoutGeneratorKind;
  /** `seed` gives deterministic generators their day-to-day variety (derived from the user id and the UTC day). */
  generate(request: WorkoutRequest, opts: { seed: number }): Promise<GeneratedDraft>;
}

/** A draft, optionally naming the generator that actually made it (the planner standing in for OpenAI). */
export type GeneratedDraft = WorkoutDraft & { generatedBy?: WorkoutGeneratorKind };

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
