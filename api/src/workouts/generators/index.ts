import type { WorkoutDraft, WorkoutRequest } from '@fitconnect/contracts';
import { planWorkout } from '../planner';
import { CatalogueCheckedGenerator } from './checked';
import { OpenAIGenerator } from './openai';
import type { WorkoutGenerator } from './types';

export { OpenAIGenerator, toDraft, aiWorkoutJsonSchema, AiWorkout } from './openai';
export type { OpenAIGeneratorOptions } from './openai';
export { GeneratorError } from './types';
export type { WorkoutGenerator, GeneratorFailure, GeneratedDraft } from './types';
export { CatalogueCheckedGenerator, findProblems, repairPlan, UPSTREAM_PAUSED_MESSAGE } from './checked';

/** The offline default: the built-in planner (deterministic per request and seed). */
export class BuiltInPlanner implements WorkoutGenerator {
  readonly name = 'built-in planner';
  readonly kind = 'planner' as const;
  async generate(request: WorkoutRequest, opts: { seed: number }): Promise<WorkoutDraft> {
    return planWorkout(request, opts.seed);
  }
}

/**
 * OPENAI_API_KEY set: OpenAI (OPENAI_BASE_URL and OPENAI_MODEL optional; OPENAI_TIMEOUT_MS per attempt, default 45 s).
 * Otherwise: the built-in planner.
 */
export function createGenerator(opts: { openaiApiKey?: string }, env: NodeJS.ProcessEnv = process.env): WorkoutGenerator {
  if (!opts.openaiApiKey) return new BuiltInPlanner();
  const timeout = Number(env.OPENAI_TIMEOUT_MS);
  return new CatalogueCheckedGenerator(
    new OpenAIGenerator({
      apiKey: opts.openaiApiKey,
      baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
      model: env.OPENAI_MODEL?.trim() || undefined,
      timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
    }),
  );
}
