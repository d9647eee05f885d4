import type { FitnessLevel, Goal, WorkoutRequest } from '@fitconnect/contracts';

/**
 * Sets, reps, rest and timing by goal and level, from published training guidelines:
 *
 * [ACSM-RT]  American College of Sports Medicine Position Stand (2009), "Progression models in resistance
 *            training for healthy adults", Med Sci Sports Exerc 41(3):687-708 (Ratamess et al.).
 *            Strength: novices 8-12 reps at 60-70% 1RM, 1-3 sets; intermediate/advanced heavier loads
 *            (1-6 reps at 80-100% 1RM for advanced), multiple sets; 2-3 min rest for core lifts, 1-2 min for assistance.
 *            Hypertrophy: 8-12 reps at 70-85% 1RM, 1-3 sets (novice/intermediate), 3-6 sets advanced (6-12 reps);
 *            1-2 min rest. Muscular endurance: 10-15 reps (novice/intermediate) up to 15-25+ (advanced);
 *            < 1 min rest for 10-15 reps, 1-2 min for high-rep sets; circuit training recommended.
 *            Velocity: slow to moderate for novices (about 1-2 s concentric, 1-2 s eccentric).
 *            Older adults: 1-3 sets of 10-15 reps at lighter loads.
 * [ACSM-QQ]  ACSM Position Stand (2011), "Quantity and quality of exercise for developing and maintaining
 *            cardiorespiratory, musculoskeletal, and neuromotor fitness in apparently healthy adults"
 *            (Garber et al.), Med Sci Sports Exerc 43(7):1334-1359. General fitness: 2-4 sets of 8-12 reps,
 *            10-15 reps at light-moderate intensity for older or deconditioned people and for beginners;
 *            2-3 min rest. Flexibility: hold static stretches 10-30 s (30-60 s for older adults), 2-4
 *            repetitions, about 60 s in total per stretch. Warm-up and cool-down: 5-10 min each.
 * [NSCA]     NSCA, "Essentials of Strength Training and Conditioning" (Haff & Triplett, 4th ed.), ch. 17:
 *            strength <= 6 reps, 2-6 sets, 2-5 min rest; hypertrophy 6-12 reps, 3-6 sets, 30-90 s rest;
 *            muscular endurance >= 12 reps, 2-3 sets, <= 30 s rest. Specific warm-up with lighter sets.
 * [NSCA-Y]   NSCA Position Statement (2009), "Youth resistance training" (Faigenbaum et al.): 1-3 sets of
 *            6-15 reps with moderate loads, emphasis on technique.
 * [ACSM-HIIT] ACSM information sheet "High-Intensity Interval Training": work-to-rest ratios from 1:1 for
 *            beginners up to about 2:1-3:1 as fitness improves; intervals of 30-60 s for bodyweight circuits.
 * [ACSM-WL]  ACSM Position Stand (2009), "Appropriate physical activity intervention strategies for weight
 *            loss and prevention of weight regain for adults" (Donnelly et al.): resistance training preserves
 *            fat-free mass; energy expenditure matters most, so dense circuits with short rests are used here.
 * Rehabilitation follows the light-intensity, 10-15 rep, slow, pain-free end of [ACSM-QQ]/[ACSM-RT] for
 * deconditioned people; it is no substitute for a physiotherapist's programme (the plan says so).
 */

export type Format = 'straight sets' | 'circuit' | 'intervals' | 'holds';

export interface Prescription {
  goal: Goal;
  format: Format;
  sets: number;
  minSets: number;
  maxSets: number;
  reps: number;
  /** Seconds per repetition (tempo). */
  repSeconds: number;
  /** Work per set for timed exercises (holds, carries, intervals). */
  holdSeconds: number;
  rest: number;
  restMin: number;
  restMax: number;
  /** Highest exercise difficulty to use (1-3). */
  maxDifficulty: 1 | 2 | 3;
  /** Only gentle (low-impact, joint-friendly) main exercises when possible. */
  gentleOnly: boolean;
  /** Static-stretch hold in the cool-down. */
  stretchHold: number;
  /**
   * The most of the whole session (SPEC §9 estimate) that rest between sets may take (issue 28: work, not
   * rest, fills the time). The planner lowers rests toward restMin to keep under it; see MAX_REST_SHARE.
   */
  maxRestShare: number;
  /** The guideline the dosing comes from, cited in the plan's summary. */
  source: string;
}

/**
 * Rest between sets as a share of the whole session, at most, by session type. Heavy strength sets are
 * short (5-6 reps, ~25 s) and need 90 s+ between them [ACSM-RT]/[NSCA], so rest is the larger part of their
 * main work; the warm-up and cool-down are all work. Circuits, intervals and holds keep rests short.
 * Checked for every goal by api/test/workouts/planner.property.test.ts.
 */
export const MAX_REST_SHARE: Record<Goal | 'intervals', number> = {
  strength: 0.45,
  muscle: 0.4,
  'general fitness': 0.4,
  rehabilitation: 0.4,
  toning: 0.35,
  endurance: 0.3,
  'weight loss': 0.3,
  intervals: 0.35,
  flexibility: 0.2,
};

/** When several goals are chosen, the first in this order shapes the session (safety first). */
export const GOAL_PRIORITY: readonly Goal[] = [
  'rehabilitation', 'strength', 'muscle', 'weight loss', 'endurance', 'toning', 'general fitness', 'flexibility',
];

export function primaryGoal(goals: readonly Goal[]): Goal {
  return GOAL_PRIORITY.find((g) => goals.includes(g)) ?? 'general fitness';
}

const LEVEL_INDEX: Record<FitnessLevel, 0 | 1 | 2> = { beginner: 0, intermediate: 1, advanced: 2 };

type Row = {
  sets: [number, number, number];
  reps: [number, number, number];
  rest: [number, number, number];
  restRange: [number, number];
  repSeconds: number;
  format: Format;
  source: string;
};

// Per goal: [beginner, intermediate, advanced].
const TABLE: Record<Exclude<Goal, 'flexibility'>, Row> = {
  // [ACSM-RT] novice 8-12 reps, 1-3 sets; heavier 5-6 rep sets later; 2-3 min rest. [NSCA] <= 6 reps, 2-5 min.
  strength: { sets: [2, 3, 4], reps: [10, 6, 5], rest: [120, 150, 180], restRange: [90, 300], repSeconds: 4, format: 'straight sets', source: 'ACSM 2009 progression models / NSCA Essentials' },
  // [ACSM-RT] 8-12 reps, 1-3 sets -> 3-6 sets advanced, 1-2 min rest. [NSCA] 6-12 reps, 30-90 s.
  muscle: { sets: [2, 3, 4], reps: [12, 10, 8], rest: [60, 75, 90], restRange: [45, 120], repSeconds: 4, format: 'straight sets', source: 'ACSM 2009 progression models / NSCA Essentials' },
  // [ACSM-RT] 10-15 reps, short rests, circuits; advanced 15-25. [NSCA] >= 12 reps, 2-3 sets, <= 30 s.
  endurance: { sets: [2, 3, 3], reps: [15, 15, 20], rest: [45, 40, 30], restRange: [20, 90], repSeconds: 3, format: 'circuit', source: 'ACSM 2009 progression models / NSCA Essentials' },
  // [ACSM-WL] + [ACSM-RT] endurance loading in a dense circuit.
  'weight loss': { sets: [2, 3, 3], reps: [12, 15, 15], rest: [40, 30, 25], restRange: [15, 60], repSeconds: 3, format: 'circuit', source: 'ACSM 2009 weight-loss position stand / progression models' },
  // "Toning" = moderate loads, moderate-high reps between the hypertrophy and endurance ranges of [ACSM-RT].
  toning: { sets: [2, 3, 3], reps: [12, 12, 15], rest: [45, 45, 45], restRange: [30, 90], repSeconds: 3, format: 'straight sets', source: 'ACSM 2009 progression models' },
  // [ACSM-QQ] 2-4 sets of 8-12 (10-15 for beginners), 2-3 min rest (shortened for beginners' lighter loads).
  'general fitness': { sets: [2, 2, 3], reps: [12, 10, 10], rest: [60, 90, 120], restRange: [45, 180], repSeconds: 3, format: 'straight sets', source: 'ACSM 2011 quantity and quality position stand' },
  // Light, slow, 10-15 reps, pain-free: [ACSM-QQ] for deconditioned adults.
  rehabilitation: { sets: [2, 2, 2], reps: [15, 12, 12], rest: [60, 60, 60], restRange: [45, 120], repSeconds: 5, format: 'straight sets', source: 'ACSM 2011 (light intensity for deconditioned adults)' },
};

export function prescribe(req: Pick<WorkoutRequest, 'goals' | 'fitnessLevel' | 'age' | 'focusArea'>): Prescription {
  let goal = primaryGoal(req.goals);
  // A cardio focus always means intervals; a flexibility goal then lengthens the cool-down instead.
  if (goal === 'flexibility' && req.focusArea === 'cardio') goal = 'general fitness';
  const li = LEVEL_INDEX[req.fitnessLevel];
  const older = req.age >= 65;
  const youth = req.age < 18;
  let maxDifficulty = (li + 1) as 1 | 2 | 3;
  if (older && maxDifficulty > 2) maxDifficulty = 2; // [ACSM-RT] older adults: lighter, simpler progressions
  // [ACSM-QQ] static stretch holds: 10-30 s, 30-60 s for older adults.
  const stretchHold = older ? 60 : 30;

  if (goal === 'flexibility') {
    // [ACSM-QQ] flexibility: holds of 10-30 s, 2-4 repetitions per exercise.
    return {
      goal, format: 'holds', sets: [2, 3, 4][li], minSets: 2, maxSets: 4, reps: 0, repSeconds: 0,
      holdSeconds: stretchHold, rest: 10, restMin: 5, restMax: 20, maxDifficulty, gentleOnly: false, stretchHold,
      maxRestShare: MAX_REST_SHARE.flexibility, source: 'ACSM 2011',
    };
  }

  const row = TABLE[goal];
  let sets = row.sets[li];
  let reps = row.reps[li];
  if (older) reps = Math.max(reps, 10); // [ACSM-RT] older adults 10-15 reps
  if (youth) {
    reps = Math.max(reps, 6); // [NSCA-Y] 6-15 reps
    sets = Math.min(sets, 3); // [NSCA-Y] 1-3 sets
  }
  const holdSeconds = [20, 30, 40][li] + (goal === 'endurance' ? 10 : 0);
  let format = row.format;
  let rest = row.rest[li];
  let restMin = row.restRange[0];
  let restMax = row.restRange[1];
  if (req.focusArea === 'cardio' && goal !== 'rehabilitation') {
    // [ACSM-HIIT] work:rest 1:1 (beginner) -> 2:1 -> 3:1.
    format = 'intervals';
    rest = [30, 20, 15][li];
    restMin = 10;
    restMax = 45;
  }
  return {
    goal, format, sets, minSets: 1, maxSets: Math.min(6, sets + 2), reps, repSeconds: row.repSeconds,
    holdSeconds: format === 'intervals' ? [30, 40, 45][li] : goal === 'rehabilitation' ? 20 : holdSeconds,
    rest, restMin, restMax, maxDifficulty: goal === 'rehabilitation' ? 1 : maxDifficulty,
    gentleOnly: goal === 'rehabilitation', stretchHold,
    maxRestShare: format === 'intervals' ? MAX_REST_SHARE.intervals : MAX_REST_SHARE[goal],
    source: format === 'intervals' ? 'ACSM HIIT guidance' : row.source,
  };
}
