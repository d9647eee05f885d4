import {
  GOAL_OPTIONS,
  sectionKind,
  type DeletedTodaysWorkout,
  type GeneratedWorkout,
  type PlanExercise,
  type WorkoutExercise,
  type WorkoutGeneratorKind,
  type WorkoutPlan,
} from '@fitconnect/contracts';
import { findByName } from '../exercises/catalogue';
import type { WorkoutFields } from './model';

type Stored = Pick<WorkoutFields, keyof WorkoutFields>;

/** The fields the detail view reads: GET /api/workouts/{id} projects to these (lean, no _id). */
export const PLAN_FIELDS = { _id: 0, id: 1, userId: 1, title: 1, duration: 1, fitnessLevel: 1, goals: 1, equipment: 1, sections: 1, description: 1, tips: 1, createdAt: 1, generator: 1 } as const;
export type PlanSource = Pick<WorkoutFields, Exclude<keyof typeof PLAN_FIELDS, '_id'>>;

/** The generator's view: POST /api/generate-workout, GET /api/ai-workouts/today and /saved (SPEC §3). */
export function presentGeneratedWorkout(w: Stored): GeneratedWorkout {
  const at = new Date(w.createdAt).toISOString();
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    duration: w.duration,
    difficulty: w.difficulty,
    targetMuscleGroups: [...w.targetMuscleGroups],
    sections: w.sections.map((s) => ({ name: s.name, exercises: s.exercises.map(cleanExercise) })),
    tips: [...w.tips],
    autoSaved: true,
    createdAt: at,
    created_at: at,
    age: w.age,
    gender: w.gender,
    fitnessLevel: w.fitnessLevel,
    focusArea: w.focusArea,
    equipment: [...w.equipment],
    goals: [...w.goals],
    injuries: [...w.injuries],
    generator: generatorOf(w.generator),
  };
}

/** GET /api/ai-workouts/today when the day's workout was generated and then deleted. */
export function presentDeletedTodaysWorkout(c: { id: number; title: string; createdAt: Date }): DeletedTodaysWorkout {
  const at = c.createdAt.toISOString();
  return { id: c.id, title: c.title, createdAt: at, created_at: at, deleted: true };
}

/**
 * The detail view: GET /api/workouts/{id} (SPEC §3 workout plan, exercises carrying their section).
 * Anyone with the link may read a plan, but its description and tips name the owner's injuries
 * (health data): only the owner (`forOwner`, the default) gets them.
 */
export function presentWorkoutPlan(w: PlanSource, opts: { forOwner?: boolean } = {}): WorkoutPlan {
  const forOwner = opts.forOwner ?? true;
  let next = 1;
  const exercises: PlanExercise[] = [];
  for (const s of w.sections) {
    const section = sectionKind(s.name);
    for (const e of s.exercises) {
      exercises.push({
        id: next++,
        name: e.name,
        section,
        sets: e.sets ?? null,
        reps: e.reps ?? null,
        duration: e.duration ?? null,
        restTime: e.restTime ?? null,
        workTime: e.workTime ?? null,
        ...(e.notes ? { notes: e.notes } : {}),
        ...(e.equipment ? { equipment: [...e.equipment] } : {}),
        ...slugOf(e.name),
      });
    }
  }
  return {
    id: w.id,
    userId: w.userId,
    title: w.title,
    duration: w.duration,
    level: w.fitnessLevel,
    goal: GOAL_OPTIONS.filter((g) => w.goals.includes(g)).join(', '),
    equipment: [...w.equipment],
    exercises,
    ...(forOwner ? { description: w.description, tips: [...w.tips] } : {}),
    createdAt: new Date(w.createdAt).toISOString(),
    generator: generatorOf(w.generator),
  };
}

/**
 * The generator a stored workout names. Before it was a choice it was free text ('openai', 'openai, checked
 * against the catalogue (n replaced)', 'built-in planner (fallback)') or absent (only the planner existed).
 */
export function generatorOf(stored: string | undefined): WorkoutGeneratorKind {
  return stored?.startsWith('openai') ? 'openai' : 'planner';
}

function cleanExercise(e: WorkoutExercise): WorkoutExercise {
  const out: WorkoutExercise = { name: e.name, sets: e.sets, reps: e.reps ?? null, restTime: e.restTime };
  if (e.duration != null) out.duration = e.duration;
  if (e.workTime != null) out.workTime = e.workTime;
  if (e.equipment) out.equipment = [...e.equipment];
  if (e.notes) out.notes = e.notes;
  Object.assign(out, slugOf(e.name));
  return out;
}

/** `{ slug }` when the row names a catalogue exercise (its tutorial page), else nothing: no link to guess. */
function slugOf(name: string): { slug?: string } {
  const entry = findByName(name);
  return entry ? { slug: entry.slug } : {};
}
