import OpenAI from 'openai';
// zod/mini: the shape is built from the contracts' schemas, which are zod/mini schemas (no .extend/.omit methods).
import { z } from 'zod/mini';
import {
  GeneratedWorkoutResult,
  INVALID_WORKOUT_DATA,
  SECTION_NAMES,
  WorkoutDraft,
  WorkoutExercise,
  WorkoutSection,
  type WorkoutRequest,
} from '@fitconnect/contracts';
import { GeneratorError, type WorkoutGenerator } from './types';

/**
 * The shape asked of the model, derived from the contract's WorkoutDraft. OpenAI's strict structured output
 * wants every property required, so the contract's optional fields become nullable here.
 */
export const AiWorkout = z.extend(WorkoutDraft, {
  sections: z.array(
    z.extend(WorkoutSection, {
      name: z.enum(SECTION_NAMES),
      exercises: z.array(
        z.extend(z.omit(WorkoutExercise, { slug: true }), {
          duration: z.nullable(z.number().check(z.int())),
          workTime: z.nullable(z.number().check(z.int())),
          equipment: z.array(z.string()),
          notes: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});

/** JSON schema for `response_format` (strict mode: no numeric bounds or array sizes, no $schema). */
export function aiWorkoutJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(AiWorkout, { target: 'draft-7' }) as Record<string, unknown>;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node)) {
        if (['$schema', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'minLength', 'maxLength'].includes(k)) continue;
        out[k] = strip(v);
      }
      return out;
    }
    return node;
  };
  return strip(schema) as Record<string, unknown>;
}

export interface OpenAIGeneratorOptions {
  apiKey: string;
  /** OPENAI_BASE_URL: any OpenAI-compatible endpoint (tests use a fake one on 127.0.0.1). */
  baseURL?: string;
  model?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt (429, 5xx, timeouts, connection errors). */
  maxRetries?: number;
}

export class OpenAIGenerator implements WorkoutGenerator {
  readonly name = 'openai';
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly timeoutMs: number;

  constructor(opts: OpenAIGeneratorOptions) {
    this.timeoutMs = opts.timeoutMs ?? 45_000;
    this.client = new OpenAI({
      apiKey: opts.apiKey,
      baseURL: opts.baseURL,
      timeout: this.timeoutMs,
      maxRetries: opts.maxRetries ?? 1,
    });
    this.model = opts.model ?? 'gpt-4o-mini';
  }

  async generate(request: WorkoutRequest): Promise<WorkoutDraft> {
    let content: string | null | undefined;
    const started = Date.now();
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(request) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'workout_plan', strict: true, schema: aiWorkoutJsonSchema() },
        },
      });
      content = completion.choices[0]?.message?.content;
    } catch (err) {
      throw toGeneratorError(err, Date.now() - started >= this.timeoutMs);
    }
    return toDraft(content, request);
  }
}

/** Validate a model's answer (JSON text) into a WorkoutDraft, or throw 'Invalid workout data received'. */
export function toDraft(content: string | null | undefined, request: WorkoutRequest): WorkoutDraft {
  let raw: unknown;
  try {
    raw = JSON.parse(content ?? '');
  } catch (err) {
    throw new GeneratorError('invalid', INVALID_WORKOUT_DATA, { cause: err });
  }
  const parsed = GeneratedWorkoutResult.safeParse(raw);
  if (!parsed.success) throw new GeneratorError('invalid', INVALID_WORKOUT_DATA, { cause: parsed.error });
  const r = parsed.data;
  const draft = {
    title: r.title,
    description: r.description,
    duration: r.duration ?? request.duration,
    difficulty: r.difficulty ?? request.fitnessLevel,
    targetMuscleGroups: r.targetMuscleGroups,
    sections: r.sections.map((s) => ({ name: s.name, exercises: s.exercises })),
    tips: r.tips,
  };
  const checked = WorkoutDraft.safeParse(draft);
  if (!checked.success) throw new GeneratorError('invalid', INVALID_WORKOUT_DATA, { cause: checked.error });
  return checked.data;
}

function toGeneratorError(err: unknown, ranOutOfTime: boolean): GeneratorError {
  // The SDK reports a timeout as APIConnectionTimeoutError; where the abort is not recognised (e.g. another
  // realm's AbortError) it surfaces as a plain connection error after the time limit, so both count.
  if (err instanceof OpenAI.APIConnectionTimeoutError || (err instanceof OpenAI.APIConnectionError && ranOutOfTime)) {
    return new GeneratorError('timeout', 'The workout generator took too long to answer. Please try again.', { cause: err });
  }
  if (err instanceof OpenAI.RateLimitError) {
    return new GeneratorError('rate-limited', 'The workout generator is busy right now. Please try again in a minute.', { cause: err });
  }
  return new GeneratorError('upstream', 'The workout generator is unavailable. Please try again later.', { cause: err });
}

const SYSTEM_PROMPT = [
  'You are a certified personal trainer writing safe, effective home workouts.',
  'Answer with JSON only, matching the given schema.',
  'Use exactly three sections named "Warm-up", "Main Workout" and "Cool Down".',
  'Only use the equipment the client lists (bodyweight is always allowed) and never include movements that load a listed injury.',
  'Warm-up and cool-down exercises must have a duration in seconds; main exercises give sets, reps (null when timed) and restTime in seconds.',
  'Follow ACSM/NSCA guidelines for sets, reps and rest for the client goals and level.',
  'The warm-up and cool-down durations plus 45 seconds per main-workout set (or the main exercise duration when given) should add up to the requested minutes.',
].join(' ');

function userPrompt(r: WorkoutRequest): string {
  return JSON.stringify({
    age: r.age,
    gender: r.gender,
    fitnessLevel: r.fitnessLevel,
    focusArea: r.focusArea,
    durationMinutes: r.duration,
    equipment: r.equipment,
    goals: r.goals,
    injuries: r.injuries ?? [],
  });
}
