import type { Equipment, Injury } from '@fitconnect/contracts';

export const MUSCLES = [
  'chest', 'lats', 'upper back', 'lower back', 'shoulders', 'biceps', 'triceps', 'forearms',
  'abs', 'obliques', 'quads', 'glutes', 'hamstrings', 'calves', 'adductors', 'hip flexors',
] as const;
export type Muscle = (typeof MUSCLES)[number];

/** Body regions, used to make warm-ups and cool-downs suit the main work. */
export type Region = 'upper' | 'lower' | 'core';

export const REGION_OF: Record<Muscle, Region> = {
  chest: 'upper', lats: 'upper', 'upper back': 'upper', shoulders: 'upper', biceps: 'upper', triceps: 'upper', forearms: 'upper',
  'lower back': 'core', abs: 'core', obliques: 'core',
  quads: 'lower', glutes: 'lower', hamstrings: 'lower', calves: 'lower', adductors: 'lower', 'hip flexors': 'lower',
};

export type Pattern =
  | 'squat' | 'hinge' | 'lunge' | 'horizontal push' | 'vertical push' | 'horizontal pull' | 'vertical pull'
  | 'elbow flexion' | 'elbow extension' | 'shoulder isolation' | 'chest isolation' | 'calf' | 'hip abduction'
  | 'anti-extension' | 'anti-rotation' | 'rotation' | 'trunk flexion' | 'trunk extension' | 'carry'
  | 'conditioning' | 'plyometric' | 'pulse raiser' | 'dynamic mobility' | 'static stretch' | 'soft tissue' | 'breathing';

/** Where an exercise may be used. 'flexibility' = the main work of a flexibility-first session. */
export type Use = 'warm-up' | 'main' | 'cool-down' | 'flexibility';

/** 1 beginner, 2 intermediate, 3 advanced. */
export type Difficulty = 1 | 2 | 3;

export interface CatalogueExercise {
  id: string;
  name: string;
  uses: Use[];
  pattern: Pattern;
  /** Prime movers; the focus area is matched against these. */
  primary: Muscle[];
  secondary: Muscle[];
  /** Everything needed at once (empty = bodyweight only). */
  equipment: Equipment[];
  /** Done on the floor: a yoga mat is used when the user has one (never required). */
  floor?: boolean;
  difficulty: Difficulty;
  /** Injuries this movement loads or provokes: never chosen when the user reports one of them. */
  aggravates: Injury[];
  /** 'reps' = sets x reps; 'time' = sets x seconds of work (holds, intervals, stretches). */
  dose: 'reps' | 'time';
  /** Done one side at a time (reps or holds are per side). */
  perSide?: boolean;
  /** Low-impact, joint-friendly: eligible for rehabilitation sessions. */
  gentle?: boolean;
  cue: string;
}
