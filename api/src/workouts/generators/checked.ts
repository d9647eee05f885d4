import { EQUIPMENT_OPTIONS, sectionKind, type WorkoutDraft, type WorkoutExercise, type WorkoutGeneratorKind, type WorkoutRequest } from '@fitconnect/contracts';
import { findByName } from '../../exercises/catalogue';
import { CATALOGUE, equipmentSet, isAllowed, type CatalogueExercise, type Use } from '../planner';
import { planWorkout } from '../planner';
import { GeneratorError, type GeneratedDraft, type WorkoutGenerator } from './types';

/**
 * Holds a generated plan (OpenAI) to the planner's rules: no equipment the client did not select, no exercise the
 * catalogue knows aggravates a selected injury. Offending exercises are replaced by fitting catalogue exercises of
 * the same movement (else the same prime movers); when one cannot be replaced, the built-in planner writes the
 * workout instead. The result names the generator that made it.
 */

export interface PlanProblem {
  section: string;
  index: number;
  name: string;
  reason: string;
}

/** Equipment words an answer may use for each option (a generated row carries free text). */
const EQUIPMENT_WORDS: Record<string, RegExp> = {
  dumbbell: /dumb-?bells?/i,
  barbell: /barbells?|squat rack|olympic bar/i,
  kettlebell: /kettle-?bells?/i,
  'resistance bands': /\bbands?\b|resistance band/i,
  cables: /cables?|pulley/i,
  'medicine ball': /medicine ball|med ball|slam ball/i,
  'pullup bar': /pull-?up bar|chin-?up bar/i,
  trx: /\btrx\b|suspension/i,
  bench: /\bbench\b|\bbox\b|\bstep\b/i,
  'foam roller': /foam roller/i,
};

/** Selected options a free-text equipment list (or an exercise name) needs that the client does not have. */
function missingEquipmentIn(texts: string[], allowed: ReadonlySet<string>): string[] {
  const missing: string[] = [];
  for (const option of EQUIPMENT_OPTIONS) {
    const re = EQUIPMENT_WORDS[option];
    if (!re || allowed.has(option)) continue;
    if (texts.some((t) => re.test(t))) missing.push(option);
  }
  return missing;
}

function problemOf(x: WorkoutExercise, request: WorkoutRequest): string | null {
  const allowed = equipmentSet(request.equipment);
  const injuries = new Set<string>(request.injuries ?? []);
  const known = findByName(x.name)?.planner;
  if (known) {
    const hurts = known.aggravates.filter((i) => injuries.has(i));
    if (hurts.length) return `aggravates ${hurts.join(' and ')}`;
    const gear = known.equipment.filter((q) => !allowed.has(q));
    if (gear.length) return `needs ${gear.join(' and ')}`;
    return null;
  }
  const gear = missingEquipmentIn([...(x.equipment ?? []), x.name], allowed);
  return gear.length ? `needs ${gear.join(' and ')}` : null;
}

/** Every exercise of the plan that breaks the client's equipment or injuries. */
export function findProblems(draft: WorkoutDraft, request: WorkoutRequest): PlanProblem[] {
  const out: PlanProblem[] = [];
  for (const s of draft.sections) {
    s.exercises.forEach((x, index) => {
      const reason = problemOf(x, request);
      if (reason) out.push({ section: s.name, index, name: x.name, reason });
    });
  }
  return out;
}

const USE_OF_SECTION: Record<ReturnType<typeof sectionKind>, Use> = {
  'warm-up': 'warm-up',
  'main workout': 'main',
  'cool down': 'cool-down',
};

/** A fitting catalogue exercise for an offending row: same pattern, else same prime movers, else the section's use. */
function replacementFor(x: WorkoutExercise, sectionName: string, request: WorkoutRequest, taken: Set<string>): CatalogueExercise | null {
  const allowed = equipmentSet(request.equipment);
  const injuries = new Set<string>(request.injuries ?? []);
  const use = USE_OF_SECTION[sectionKind(sectionName)];
  const ok = CATALOGUE.filter((e) => e.uses.includes(use) && isAllowed(e, allowed, injuries, 3) && !taken.has(e.name.toLowerCase()));
  const known = findByName(x.name)?.planner;
  const pools: CatalogueExercise[][] = known
    ? [
        ok.filter((e) => e.pattern === known.pattern && e.primary.some((m) => known.primary.includes(m))),
        ok.filter((e) => e.pattern === known.pattern),
        ok.filter((e) => e.primary.some((m) => known.primary.includes(m))),
      ]
    : [ok];
  const target = known?.difficulty ?? 1;
  for (const pool of pools) {
    if (pool.length === 0) continue;
    return [...pool].sort((a, b) => Math.abs(a.difficulty - target) - Math.abs(b.difficulty - target) || a.name.localeCompare(b.name))[0];
  }
  return null;
}

/** The plan with offending exercises replaced, or null when some cannot be. */
export function repairPlan(draft: WorkoutDraft, request: WorkoutRequest): { draft: WorkoutDraft; replaced: number } | null {
  const taken = new Set(draft.sections.flatMap((s) => s.exercises.map((x) => x.name.toLowerCase())));
  let replaced = 0;
  const sections = [];
  for (const s of draft.sections) {
    const exercises: WorkoutExercise[] = [];
    for (const x of s.exercises) {
      const reason = problemOf(x, request);
      if (!reason) {
        exercises.push(x);
        continue;
      }
      const alt = replacementFor(x, s.name, request, taken);
      if (!alt) return null;
      taken.add(alt.name.toLowerCase());
      replaced += 1;
      const timed = alt.dose === 'time';
      exercises.push({
        ...x,
        name: alt.name,
        reps: timed ? null : (x.reps ?? 10),
        ...(timed && !x.workTime && !x.duration ? { workTime: 30 } : {}),
        equipment: alt.equipment.length ? [...alt.equipment] : ['bodyweight'],
        notes: `${alt.cue} (In place of ${x.name}, which ${reason}.)`,
      });
    }
    sections.push({ ...s, exercises });
  }
  return { draft: { ...draft, sections }, replaced };
}

export interface CheckedGeneratorOptions {
  /** Failures within `windowMs` after which the upstream is not called until the window has passed. */
  maxFailures?: number;
  windowMs?: number;
  now?: () => number;
}

export const UPSTREAM_PAUSED_MESSAGE = 'The workout generator is failing right now. Please try again in a few minutes.';

/** Wraps a generator (OpenAI) with the catalogue check, the planner fallback and a failure breaker. */
export class CatalogueCheckedGenerator implements WorkoutGenerator {
  readonly name: string;
  readonly kind: WorkoutGeneratorKind;
  private failures: number[] = [];
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(private readonly inner: WorkoutGenerator, opts: CheckedGeneratorOptions = {}) {
    this.name = inner.name;
    this.kind = inner.kind;
    this.maxFailures = opts.maxFailures ?? 3;
    this.windowMs = opts.windowMs ?? 5 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  async generate(request: WorkoutRequest, opts: { seed: number }): Promise<GeneratedDraft> {
    const t = this.now();
    this.failures = this.failures.filter((f) => t - f < this.windowMs);
    if (this.failures.length >= this.maxFailures) throw new GeneratorError('rate-limited', UPSTREAM_PAUSED_MESSAGE);
    let draft: WorkoutDraft;
    try {
      draft = await this.inner.generate(request, opts);
    } catch (err) {
      this.failures.push(this.now());
      throw err;
    }
    if (findProblems(draft, request).length === 0) return { ...draft, generatedBy: this.inner.kind };
    const repaired = repairPlan(draft, request);
    if (repaired && findProblems(repaired.draft, request).length === 0) {
      // Still the inner generator's plan: only the exercises the catalogue did not know were swapped.
      return { ...repaired.draft, generatedBy: this.inner.kind };
    }
    // The planner's plan, and the user is told so.
    return { ...planWorkout(request, opts.seed), generatedBy: 'planner' };
  }
}
