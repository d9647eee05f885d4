import {
  EXERCISE_CATEGORIES,
  EXERCISE_DIFFICULTIES,
  EXERCISE_EQUIPMENT,
  type Equipment,
  type ExerciseCategory,
  type ExerciseDetail,
  type ExerciseDifficulty,
  type ExerciseEquipment,
  type ExerciseRef,
  type ExerciseSummary,
  type Injury,
} from '@fitconnect/contracts';
import { CATALOGUE, REGION_OF, type CatalogueExercise, type Muscle } from '../workouts/planner';
import { ACCESSORIES_CONTENT } from './content/accessories';
import { BODYWEIGHT_CONTENT } from './content/bodyweight';
import { COOL_DOWN_CONTENT } from './content/cool-down';
import { SPEC_ENTRIES } from './content/spec';
import type { ExerciseContent } from './content/types';
import { WARM_UP_CONTENT } from './content/warm-up';
import { WEIGHTS_CONTENT } from './content/weights';

/**
 * The exercise catalogue: the planner's metadata (api/src/workouts/planner/catalogue.ts: muscles, equipment,
 * difficulty, pattern, dose, injuries aggravated) merged with the tutorial content in ./content, one entry per
 * planner exercise that has content, plus SPEC's ten entries (which keep their slugs and texts).
 * The library reads it over HTTP; the workout presenter uses it to link rows to their tutorial.
 */
export interface CatalogueEntry extends Omit<ExerciseDetail, 'saferAlternatives'> {
  /** The planner's fields. */
  planner: CatalogueExercise;
  /** Whether the built-in planner may pick it (the forward dumbbell lunge of SPEC is library-only). */
  inPlanner: boolean;
  /** Names a workout row may carry for this exercise (lower-case). */
  aliases: string[];
}

/** SPEC's ten, by the planner id of the same movement. */
const SPEC_PLANNER_ID: Record<string, string> = {
  'push-ups': 'push-up',
  'bodyweight-squats': 'bodyweight-squat',
  planks: 'plank',
  'dumbbell-bench-press': 'db-bench-press',
  'dumbbell-bent-over-rows': 'db-row',
  deadlifts: 'deadlift',
  'barbell-back-squats': 'back-squat',
  burpees: 'burpee',
  'mountain-climbers': 'mountain-climber',
};

/** Planner fields for the SPEC entry the planner has no exact match for (it plans reverse lunges). */
const FORWARD_DB_LUNGE: CatalogueExercise = {
  id: 'db-forward-lunge', name: 'Dumbbell Lunges', uses: ['main'], pattern: 'lunge',
  primary: ['quads', 'glutes'], secondary: ['hamstrings', 'calves'], equipment: ['dumbbell'], difficulty: 2,
  aggravates: ['knees', 'hips'], dose: 'reps', perSide: true,
  cue: 'Step forward and lower both knees to about 90 degrees, front knee over the ankle, push back.',
};

const MUSCLE_LABEL: Record<Muscle, string> = {
  chest: 'Chest', lats: 'Lats', 'upper back': 'Upper Back', 'lower back': 'Lower Back', shoulders: 'Shoulders',
  biceps: 'Biceps', triceps: 'Triceps', forearms: 'Forearms', abs: 'Abdominals', obliques: 'Obliques',
  quads: 'Quadriceps', glutes: 'Glutes', hamstrings: 'Hamstrings', calves: 'Calves', adductors: 'Adductors',
  'hip flexors': 'Hip Flexors',
};

const EQUIPMENT_LABEL: Record<Equipment, ExerciseEquipment | null> = {
  bodyweight: 'Bodyweight', dumbbell: 'Dumbbells', barbell: 'Barbell', kettlebell: 'Kettlebell',
  'resistance bands': 'Resistance Bands', cables: 'Cables', 'medicine ball': 'Medicine Ball',
  'pullup bar': 'Pull-up Bar', trx: 'TRX', bench: 'Bench', 'yoga mat': null, 'foam roller': 'Foam Roller',
};

const DIFFICULTY_LABEL: Record<1 | 2 | 3, ExerciseDifficulty> = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' };

/** SPEC's five categories from the movement: conditioning is Cardio, otherwise the regions of the prime movers. */
export function categoryOf(e: CatalogueExercise): ExerciseCategory {
  if (e.pattern === 'conditioning' || e.pattern === 'plyometric' || e.pattern === 'pulse raiser') return 'Cardio';
  const regions = new Set(e.primary.map((m) => REGION_OF[m]));
  if (regions.size > 1) return 'Full Body';
  const [only] = [...regions];
  return only === 'upper' ? 'Upper Body' : only === 'lower' ? 'Lower Body' : 'Core';
}

/** The duration text (SPEC §3) from the planner's dose. */
export function durationOf(e: CatalogueExercise): string {
  const side = e.perSide ? ' per side' : '';
  if (e.pattern === 'breathing') return '2-3 minutes';
  if (e.pattern === 'soft tissue') return `45-60 seconds${side}`;
  if (e.pattern === 'static stretch') return `Hold 30-45 seconds${side}, 2 rounds`;
  if (!e.uses.includes('main')) return `30-60 seconds${side}`;
  if (e.dose === 'reps') return e.difficulty === 1 ? `3 sets of 10-15 reps${side}` : `3 sets of 8-12 reps${side}`;
  if (e.pattern === 'conditioning' || e.pattern === 'plyometric') return '4-6 rounds of 30 seconds on, 30 seconds rest';
  if (e.pattern === 'carry') return `3 rounds of 30-45 seconds${side}`;
  return `3 holds of 20-40 seconds${side}`;
}

export const youtubeSearchUrl = (name: string) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(`${name} exercise how to`)}`;

function muscleLabels(e: CatalogueExercise): string[] {
  return [...new Set([...e.primary, ...e.secondary].map((m) => MUSCLE_LABEL[m]))];
}

function equipmentLabels(e: CatalogueExercise): ExerciseEquipment[] {
  const labels = e.equipment.map((q) => EQUIPMENT_LABEL[q]).filter((l): l is ExerciseEquipment => l !== null);
  return labels.length > 0 ? labels : ['Bodyweight'];
}

function build(): CatalogueEntry[] {
  const content = new Map<string, ExerciseContent>();
  for (const c of [...WARM_UP_CONTENT, ...BODYWEIGHT_CONTENT, ...WEIGHTS_CONTENT, ...ACCESSORIES_CONTENT, ...COOL_DOWN_CONTENT]) {
    if (content.has(c.id)) throw new Error(`Exercise content written twice: ${c.id}`);
    content.set(c.id, c);
  }
  const byPlanner = new Map(CATALOGUE.map((e) => [e.id, e]));
  const entries: CatalogueEntry[] = [];
  const specFor = new Map(Object.entries(SPEC_PLANNER_ID).map(([slug, pid]) => [pid, slug]));

  for (const s of SPEC_ENTRIES) {
    const pid = SPEC_PLANNER_ID[s.id];
    const planner = pid ? byPlanner.get(pid) : FORWARD_DB_LUNGE;
    if (!planner) throw new Error(`SPEC entry ${s.id} has no planner entry`);
    entries.push({
      slug: s.id,
      name: s.name,
      category: s.category as ExerciseCategory,
      muscleGroups: [...s.muscleGroups],
      equipment: s.equipment as ExerciseEquipment[],
      difficulty: s.difficulty as ExerciseDifficulty,
      duration: s.duration,
      description: s.description,
      instructions: [...s.instructions],
      tips: [...s.tips],
      video: { embedUrl: null, searchUrl: youtubeSearchUrl(s.name) },
      planner,
      inPlanner: Boolean(pid),
      aliases: [...new Set([s.name.toLowerCase(), planner.name.toLowerCase()])],
    });
  }
  for (const p of CATALOGUE) {
    if (specFor.has(p.id)) continue;
    const c = content.get(p.id);
    if (!c) continue;
    entries.push({
      slug: p.id,
      name: p.name,
      category: categoryOf(p),
      muscleGroups: muscleLabels(p),
      equipment: equipmentLabels(p),
      difficulty: DIFFICULTY_LABEL[p.difficulty],
      duration: durationOf(p),
      description: c.description,
      instructions: [...c.instructions],
      tips: [...c.tips],
      video: { embedUrl: null, searchUrl: youtubeSearchUrl(p.name) },
      planner: p,
      inPlanner: true,
      aliases: [p.name.toLowerCase()],
    });
  }
  const orphans = [...content.keys()].filter((id) => !byPlanner.has(id));
  if (orphans.length) throw new Error(`Exercise content for unknown planner ids: ${orphans.join(', ')}`);
  // Stable order: by name, then slug.
  return entries.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
}

export const EXERCISES: readonly CatalogueEntry[] = build();
export const EXERCISE_BY_SLUG: ReadonlyMap<string, CatalogueEntry> = new Map(EXERCISES.map((e) => [e.slug, e]));
const BY_ALIAS = new Map<string, CatalogueEntry>();
for (const e of EXERCISES) for (const a of e.aliases) if (!BY_ALIAS.has(a)) BY_ALIAS.set(a, e);
const BY_PLANNER_ID = new Map(EXERCISES.filter((e) => e.inPlanner).map((e) => [e.planner.id, e]));

/** The catalogue entry a workout row's name refers to (case-insensitive), if any. */
export function findByName(name: string): CatalogueEntry | undefined {
  return BY_ALIAS.get(name.trim().toLowerCase());
}

export function findByPlannerId(id: string): CatalogueEntry | undefined {
  return BY_PLANNER_ID.get(id);
}

/**
 * Safer alternatives for `e` when `injury` is present: entries of the same movement pattern (else sharing a prime
 * mover) that do not aggravate it, preferring the same prime movers, then no more equipment, then similar difficulty.
 */
export function saferAlternatives(e: CatalogueEntry, injury: Injury, limit = 3): CatalogueEntry[] {
  const ok = EXERCISES.filter((o) => o !== e && !o.planner.aggravates.includes(injury));
  const sharesPrime = (o: CatalogueEntry) => o.planner.primary.some((m) => e.planner.primary.includes(m));
  let pool = ok.filter((o) => o.planner.pattern === e.planner.pattern);
  if (pool.length === 0) pool = ok.filter((o) => sharesPrime(o) && o.planner.uses.some((u) => e.planner.uses.includes(u)));
  if (pool.length === 0) pool = ok.filter(sharesPrime);
  const extraGear = (o: CatalogueEntry) => o.planner.equipment.filter((q) => !e.planner.equipment.includes(q)).length;
  const score = (o: CatalogueEntry) =>
    (sharesPrime(o) ? 0 : 100) + extraGear(o) * 10 + Math.abs(o.planner.difficulty - e.planner.difficulty);
  return [...pool].sort((a, b) => score(a) - score(b) || a.name.localeCompare(b.name)).slice(0, limit);
}

const ref = (e: CatalogueEntry): ExerciseRef => ({ slug: e.slug, name: e.name });

export function toSummary(e: CatalogueEntry): ExerciseSummary {
  return {
    slug: e.slug, name: e.name, category: e.category, muscleGroups: [...e.muscleGroups], equipment: [...e.equipment],
    difficulty: e.difficulty, duration: e.duration, description: e.description,
  };
}

export function toDetail(e: CatalogueEntry): ExerciseDetail {
  return {
    ...toSummary(e),
    instructions: [...e.instructions],
    tips: [...e.tips],
    saferAlternatives: e.planner.aggravates.map((injury) => ({ injury, exercises: saferAlternatives(e, injury).map(ref) })),
    video: { ...e.video },
  };
}

/** Every muscle group the catalogue names, alphabetical (the Muscle Group filter's options). */
export const MUSCLE_GROUPS: readonly string[] = [...new Set(EXERCISES.flatMap((e) => e.muscleGroups))].sort((a, b) =>
  a.localeCompare(b, 'en'),
);

export { EXERCISE_CATEGORIES, EXERCISE_DIFFICULTIES, EXERCISE_EQUIPMENT };
