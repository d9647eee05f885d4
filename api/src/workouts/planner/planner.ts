import {
  estimateSectionSeconds,
  GOAL_OPTIONS,
  INJURY_OPTIONS,
  type Equipment,
  type FocusArea,
  type Injury,
  type PlanSection,
  type WorkoutDraft,
  type WorkoutExercise,
  type WorkoutRequest,
} from '@fitconnect/contracts';
import { CATALOGUE } from './catalogue';
import { prescribe, type Prescription } from './guidelines';
import { hashString, mulberry32, shuffle } from './rng';
import { REGION_OF, type CatalogueExercise, type Muscle, type Region } from './types';

/**
 * The built-in workout planner: a pure function of (request, seed).
 *
 * Rules (checked by property tests in api/test/workouts/planner.property.test.ts):
 *  - never equipment the user did not select (bodyweight is always available);
 *  - never an exercise that aggravates a selected injury;
 *  - main work matches the focus area (a broader area only when the catalogue has fewer than 3 fitting moves);
 *  - the warm-up raises the pulse and mobilises the regions the main work uses; the cool-down stretches the
 *    muscles it worked;
 *  - sets, reps and rest follow guidelines.ts;
 *  - every section is a whole number of minutes by SPEC §9's estimate and the three add up to the request.
 */

const FOCUS_MUSCLES: Record<FocusArea, readonly Muscle[] | 'any' | 'conditioning'> = {
  'full body': 'any',
  'upper body': ['chest', 'lats', 'upper back', 'shoulders', 'biceps', 'triceps', 'forearms'],
  'lower body': ['quads', 'glutes', 'hamstrings', 'calves', 'adductors', 'hip flexors'],
  legs: ['quads', 'glutes', 'hamstrings', 'calves', 'adductors', 'hip flexors'],
  core: ['abs', 'obliques', 'lower back'],
  back: ['lats', 'upper back', 'lower back'],
  chest: ['chest'],
  arms: ['biceps', 'triceps', 'forearms'],
  shoulders: ['shoulders'],
  cardio: 'conditioning',
};

/** Where to widen a focus whose own pool is too small (e.g. shoulders with a shoulder injury). */
export const FOCUS_FALLBACK: Record<FocusArea, FocusArea | null> = {
  chest: 'upper body', arms: 'upper body', shoulders: 'upper body', back: 'upper body',
  legs: 'lower body', 'upper body': 'full body', 'lower body': 'full body', core: 'full body', cardio: 'full body',
  'full body': null,
};

/** Fewer fitting exercises than this and the focus widens. */
export const MIN_FOCUS_POOL = 3;

export interface PlanPick {
  section: PlanSection;
  id: string;
  /** A lighter practice set of a main exercise, done in the warm-up (NSCA specific warm-up). */
  rampUp?: boolean;
}

export interface PlanResult {
  draft: WorkoutDraft;
  /** Catalogue ids behind every exercise, in the order of the draft's sections. */
  picks: PlanPick[][];
  /** The focus whose pool the main work came from (the request's, or a broader one). */
  focusUsed: FocusArea;
  prescription: Prescription;
}

// ------------------------------------------------------------------------------------------ eligibility

export function isAllowed(e: CatalogueExercise, equipment: ReadonlySet<string>, injuries: ReadonlySet<string>, maxDifficulty: number): boolean {
  return (
    e.difficulty <= maxDifficulty &&
    e.equipment.every((q) => equipment.has(q)) &&
    !e.aggravates.some((i) => injuries.has(i))
  );
}

export function matchesFocus(e: CatalogueExercise, focus: FocusArea): boolean {
  const spec = FOCUS_MUSCLES[focus];
  if (spec === 'any') return true;
  if (spec === 'conditioning') return e.pattern === 'conditioning' || e.pattern === 'plyometric';
  return e.primary.some((m) => spec.includes(m));
}

/** Main-work candidates for a focus (before any widening). */
export function mainCandidates(req: WorkoutRequest, rx: Prescription, focus: FocusArea): CatalogueExercise[] {
  const equipment = equipmentSet(req.equipment);
  const injuries = new Set<string>(req.injuries ?? []);
  const use = rx.format === 'holds' ? 'flexibility' : 'main';
  let base = CATALOGUE.filter(
    (e) => e.uses.includes(use) && isAllowed(e, equipment, injuries, rx.maxDifficulty) && matchesFocus(e, focus),
  );
  // Jumps and conditioning drills belong in cardio, weight-loss and endurance sessions, not in heavy sets.
  if (focus !== 'cardio' && ['strength', 'muscle', 'toning', 'rehabilitation'].includes(rx.goal)) {
    const steady = base.filter((e) => e.pattern !== 'conditioning' && e.pattern !== 'plyometric');
    if (steady.length >= MIN_FOCUS_POOL) base = steady;
  }
  if (rx.gentleOnly) {
    const gentle = base.filter((e) => e.gentle);
    if (gentle.length >= MIN_FOCUS_POOL) return gentle;
  }
  return base;
}

export function equipmentSet(selected: readonly Equipment[]): Set<string> {
  return new Set<string>([...selected, 'bodyweight']);
}

const regionsOf = (e: CatalogueExercise, withSecondary = false): Set<Region> =>
  new Set((withSecondary ? [...e.primary, ...e.secondary] : e.primary).map((m) => REGION_OF[m]));

// ------------------------------------------------------------------------------------------ main work

interface Block {
  e: CatalogueExercise;
  sets: number;
  reps: number | null;
  /** Work per set in seconds (both sides for per-side moves). */
  work: number;
  /** Work per set per side, for timed moves. */
  workTime?: number;
  rest: number;
  /** Set-up / change-over seconds (rounds the section to whole minutes). */
  transition: number;
}

const blockSeconds = (b: Block) => b.sets * (b.work + b.rest) + b.transition;
const total = (blocks: Block[]) => blocks.reduce((s, b) => s + blockSeconds(b), 0);

/** Equipment that adds no external load: the body is the resistance. */
const UNLOADED = new Set(['bench', 'pullup bar', 'trx']);

function repsFor(e: CatalogueExercise, rx: Prescription): number {
  // Bodyweight and band moves cannot be loaded to 80%+ of 1RM, so heavy low-rep targets make no sense for them;
  // sets of 8-15 taken close to failure still build strength and muscle (ACSM 2009 progression models).
  if (e.equipment.every((q) => UNLOADED.has(q)) && e.pattern !== 'vertical pull') return Math.max(rx.reps, 8);
  if (e.equipment.includes('resistance bands')) return Math.max(rx.reps, 10);
  return rx.reps;
}

function makeBlock(e: CatalogueExercise, sets: number, rx: Prescription): Block {
  const sides = e.perSide ? 2 : 1;
  const timed = e.dose === 'time' || rx.format === 'intervals' || rx.format === 'holds';
  if (timed) {
    const workTime = rx.holdSeconds;
    return { e, sets, reps: null, work: workTime * sides, workTime, rest: rx.rest, transition: 0 };
  }
  const reps = repsFor(e, rx);
  return { e, sets, reps, work: reps * rx.repSeconds * sides, rest: rx.rest, transition: 0 };
}

const ISOLATION = new Set<CatalogueExercise['pattern']>(['hip abduction', 'elbow flexion', 'elbow extension', 'shoulder isolation', 'calf', 'chest isolation']);

/** Reorder so that the first items cover every region in `regions` (then the rest, in their order). */
function coverRegions(items: CatalogueExercise[], regions: ReadonlySet<Region>): CatalogueExercise[] {
  const first: CatalogueExercise[] = [];
  const covered = new Set<Region>();
  for (const r of regions) {
    if (covered.has(r)) continue;
    const hit = items.find((e) => !first.includes(e) && regionsOf(e, true).has(r));
    if (hit) {
      first.push(hit);
      for (const x of regionsOf(hit, true)) covered.add(x);
    }
  }
  return [...first, ...items.filter((e) => !first.includes(e))];
}

const COARSE_GROUP: Partial<Record<CatalogueExercise['pattern'], string>> = {
  squat: 'lower', lunge: 'lower', hinge: 'lower', calf: 'lower', 'hip abduction': 'lower', plyometric: 'conditioning',
  'horizontal push': 'push', 'vertical push': 'push', 'chest isolation': 'push', 'elbow extension': 'push',
  'horizontal pull': 'pull', 'vertical pull': 'pull', 'elbow flexion': 'pull', 'shoulder isolation': 'push',
  'anti-extension': 'core', 'anti-rotation': 'core', rotation: 'core', 'trunk flexion': 'core', 'trunk extension': 'core',
  carry: 'conditioning', conditioning: 'conditioning',
};

/** Equipment that is only a surface or a tool for the warm-up/cool-down: no reason to build main work around it. */
const SUPPORT_GEAR = new Set(['bodyweight', 'yoga mat', 'foam roller']);

/**
 * The main work: blocks of one exercise each, at a fixed rest between sets. Time is filled with work (more
 * exercises, then more sets), never by stretching the rests; what is left under the budget goes to the warm-up
 * and cool-down (see buildPlan). `order` is the shuffled pool.
 */
function buildMain(order: CatalogueExercise[], rx: Prescription, budget: number, rest: number, opts: { fullBody: boolean; weightLoss: boolean; gear: ReadonlySet<string> }): Block[] {
  const { fullBody, weightLoss } = opts;
  const groupOf = (e: CatalogueExercise) => (fullBody ? COARSE_GROUP[e.pattern] ?? e.pattern : e.pattern);
  const groupCount = new Map<string, number>();
  const useCount = new Map<string, number>();
  // Selected equipment not used yet (issue 28: a ticked dumbbell should be used where it suits the goal; the pool
  // holds only moves that suit it).
  const unusedGear = new Set([...opts.gear].filter((q) => !SUPPORT_GEAR.has(q)));
  const preferred = rx.maxDifficulty;

  const pickNext = (): CatalogueExercise => {
    let best = order[0];
    let bestScore = Infinity;
    for (let i = 0; i < order.length; i++) {
      const e = order[i];
      const g = groupOf(e);
      let score = (useCount.get(e.id) ?? 0) * 100 + (groupCount.get(g) ?? 0) * 10 + Math.abs(preferred - e.difficulty) * 2 + i * 0.01;
      // Full-body weight-loss sessions lean on conditioning moves; others keep them as one part of the mix.
      if (weightLoss && g === 'conditioning') score -= 5;
      // Whole-body sessions favour compound movements over isolation work.
      if (fullBody && ISOLATION.has(e.pattern)) score += 3;
      // Equipment the user has ticked and no exercise uses yet comes first: worth more than one repeated group
      // together with the weight-loss lean and a step of difficulty (at -15, a 10-minute weight-loss session with
      // cables and a TRX ticked got the TRX and a burpee: fast-check's counterexample, now an example below).
      if (e.equipment.some((q) => unusedGear.has(q))) score -= 20;
      if (score < bestScore) {
        bestScore = score;
        best = e;
      }
    }
    useCount.set(best.id, (useCount.get(best.id) ?? 0) + 1);
    groupCount.set(groupOf(best), (groupCount.get(groupOf(best)) ?? 0) + 1);
    for (const q of best.equipment) unusedGear.delete(q);
    return best;
  };
  const block = (sets: number): Block => ({ ...makeBlock(pickNext(), sets, rx), rest });

  // NSCA: about 6-10 exercises per session; circuits and intervals use more stations.
  const maxExercises = rx.format === 'circuit' || rx.format === 'intervals' ? 10 : rx.format === 'holds' ? 12 : 7;
  const blocks: Block[] = [];
  // 1. Whole blocks at the prescribed sets while they fit.
  for (let guard = 0; guard < 40; guard++) {
    const cur = total(blocks);
    if (blocks.length >= Math.max(order.length, 1) * 2 || blocks.length >= maxExercises) break;
    if (cur >= budget && blocks.length >= 3) break;
    const b = block(rx.sets);
    // Add a whole block when it brings the section closer to its budget, or (issue 28: not two exercises and
    // long rests) while there are fewer than 3 and each could still have 2 sets; step 3 then trims sets.
    const closer = cur + blockSeconds(b) - budget <= budget - cur;
    const roomForThree = blocks.length < 3 && [...blocks, b].reduce((t, x) => t + 2 * (x.work + x.rest), 0) <= budget;
    if (blocks.length > 0 && !closer && !roomForThree) break;
    blocks.push(b);
  }
  // 2. Under budget: more sets (up to the guideline maximum), then more exercises.
  for (let guard = 0; guard < 300; guard++) {
    const smallest = Math.min(...blocks.map((b) => b.work + b.rest));
    if (total(blocks) >= budget - smallest / 2) break;
    const growable = blocks.filter((b) => b.sets < rx.maxSets).sort((a, b) => a.sets - b.sets)[0];
    if (growable) growable.sets += 1;
    else blocks.push(block(rx.minSets));
  }
  // 3. Over budget: fewer sets, then fewer exercises.
  for (let guard = 0; guard < 300 && total(blocks) > budget; guard++) {
    const over = total(blocks) - budget;
    const shrinkable = blocks.filter((b) => b.sets > rx.minSets).sort((a, b) => b.sets - a.sets)[0];
    if (shrinkable && over >= (shrinkable.work + shrinkable.rest) / 2) shrinkable.sets -= 1;
    // Three exercises stay while a set can still go (step 1 added them on purpose).
    else if (blocks.length > (shrinkable ? 3 : 1) && over >= blockSeconds(blocks[blocks.length - 1]) / 2) blocks.pop();
    else break;
  }
  return blocks;
}

const restSeconds = (blocks: Block[]) => blocks.reduce((s, b) => s + b.sets * b.rest, 0);

const roundTo5 = (n: number) => Math.round(n / 5) * 5;

// ------------------------------------------------------------------------------------------ warm-up and cool-down

interface TimedItem {
  e: CatalogueExercise;
  units: number;
}

function splitUnits(count: number, units: number, minEach: number): number[] {
  const n = Math.max(1, Math.min(count, Math.floor(units / minEach)));
  const out = new Array<number>(n).fill(0);
  for (let u = 0; u < units; u++) out[u % n] += 1;
  return out;
}

// ------------------------------------------------------------------------------------------ the planner

const cap = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

const TITLE_WORDS: Record<string, readonly string[]> = {
  strength: ['Strength Builder', 'Strength Session', 'Power Foundations'],
  muscle: ['Muscle Builder', 'Hypertrophy Session', 'Sculpt and Build'],
  endurance: ['Endurance Circuit', 'Stamina Builder', 'Engine Session'],
  'weight loss': ['Fat-Burn Circuit', 'Calorie Burner', 'Sweat Session'],
  toning: ['Tone and Define', 'Toning Session', 'Sculpt Session'],
  flexibility: ['Mobility Flow', 'Flexibility Session', 'Stretch and Restore'],
  'general fitness': ['Fitness Session', 'All-Round Workout', 'Everyday Fitness'],
  rehabilitation: ['Gentle Recovery Session', 'Rebuild Session', 'Low-Impact Restore'],
};

export function planWorkout(req: WorkoutRequest, seed: number): WorkoutDraft {
  return buildPlan(req, seed).draft;
}

export function buildPlan(req: WorkoutRequest, seed: number): PlanResult {
  const canonical = JSON.stringify([
    req.age, req.gender, req.fitnessLevel, req.focusArea, req.duration,
    [...req.equipment].sort(), [...req.goals].sort(), [...(req.injuries ?? [])].sort(),
  ]);
  const rand = mulberry32((seed ^ hashString(canonical)) >>> 0);
  const rx = prescribe(req);
  const equipment = equipmentSet(req.equipment);
  const injuries = new Set<Injury>(req.injuries ?? []);
  const T = req.duration * 60;

  // Main-work pool, widened only when too small.
  let focusUsed: FocusArea = req.focusArea;
  let pool = mainCandidates(req, rx, focusUsed);
  while (pool.length < MIN_FOCUS_POOL && FOCUS_FALLBACK[focusUsed]) {
    focusUsed = FOCUS_FALLBACK[focusUsed]!;
    const wider = mainCandidates(req, rx, focusUsed);
    pool = [...pool, ...wider.filter((w) => !pool.includes(w))];
  }
  if (pool.length === 0) {
    // Nothing at all fits (cannot happen with the shipped catalogue: see the property tests); breathing-led holds.
    pool = CATALOGUE.filter((e) => e.uses.includes('main') && e.gentle && isAllowed(e, equipment, injuries, 1));
  }

  // Section budgets in whole minutes. ACSM 2011: 5-10 min warm-up and cool-down (shorter in short sessions).
  const wantsFlex = req.goals.includes('flexibility') && rx.format !== 'holds';
  const wuTarget = clamp(Math.round(req.duration * 0.15), 2, 10);
  const cdTarget = clamp(Math.round(req.duration * (wantsFlex ? 0.2 : 0.1)), 2, wantsFlex ? 15 : 10);
  const mainBudget = T - (wuTarget + cdTarget) * 60;

  // Rest starts at the guideline's value (rounded to 5 s: no 'rest 61 s') and comes down toward its minimum
  // while rest would take more of the session than the goal allows (issue 28: work, not rest, fills the time).
  const order = shuffle(pool, rand);
  const restLo = Math.ceil(rx.restMin / 5) * 5;
  const mainOpts = { fullBody: focusUsed === 'full body', weightLoss: rx.goal === 'weight loss', gear: equipment };
  let blocks: Block[] = [];
  for (let rest = Math.max(restLo, roundTo5(rx.rest)); rest >= restLo; rest -= 5) {
    blocks = buildMain(order, rx, mainBudget, rest, mainOpts);
    if (restSeconds(blocks) <= rx.maxRestShare * T) break;
  }
  // Still too much rest at the guideline's shortest rest: fewer sets, then fewer exercises; the warm-up and
  // cool-down (all work) take the time.
  for (let guard = 0; guard < 100 && restSeconds(blocks) > rx.maxRestShare * T; guard++) {
    const b = blocks.filter((x) => x.sets > 1).sort((a, c) => c.sets - a.sets)[0];
    if (b) b.sets -= 1;
    else if (blocks.length > 1) blocks.pop();
    else break;
  }
  // Keep at least 3 minutes for warm-up + cool-down.
  for (let guard = 0; guard < 100 && Math.ceil(total(blocks) / 60) > req.duration - 3; guard++) {
    const b = blocks.filter((x) => x.sets > 1).sort((a, c) => c.sets - a.sets)[0];
    if (b) b.sets -= 1;
    else if (blocks.length > 1) blocks.pop();
    else {
      blocks[0].rest = Math.max(0, blocks[0].rest - 15);
      if (blocks[0].rest === 0) break;
    }
  }
  // Round the main section up to whole minutes with change-over time on its last block.
  const mainMinutes = Math.ceil(total(blocks) / 60);
  blocks[blocks.length - 1].transition = mainMinutes * 60 - total(blocks);

  const left = req.duration - mainMinutes;
  let wuMinutes = clamp(Math.round((left * wuTarget) / (wuTarget + cdTarget)), 1, left - 1);
  let cdMinutes = left - wuMinutes;
  if (cdMinutes < 1) {
    cdMinutes = 1;
    wuMinutes = left - 1;
  }

  const mainExercises = blocks.map((b) => b.e);
  const mainPrimary = new Set<Muscle>(mainExercises.flatMap((e) => e.primary));
  const mainWorked = new Set<Muscle>(mainExercises.flatMap((e) => [...e.primary, ...e.secondary]));
  const mainRegions = new Set<Region>(mainExercises.flatMap((e) => [...regionsOf(e)]));

  // ---- warm-up: a pulse raiser, mobility for the regions used, a ramp-up set for loaded sessions (30 s units).
  const wuPool = CATALOGUE.filter((e) => e.uses.includes('warm-up') && isAllowed(e, equipment, injuries, Math.min(2, rx.maxDifficulty)));
  const pulse = shuffle(wuPool.filter((e) => e.pattern === 'pulse raiser'), rand);
  const mobility = shuffle(
    wuPool.filter((e) => e.pattern !== 'pulse raiser' && [...regionsOf(e, true)].some((r) => mainRegions.has(r))),
    rand,
  ).sort((a, b) => overlap(b, mainPrimary) - overlap(a, mainPrimary));
  const mobilityOrdered = coverRegions(mobility, mainRegions);
  let wuUnits = wuMinutes * 2;
  const warmItems: Array<TimedItem | { rampUp: Block; units: number }> = [];
  const rampCandidate = blocks.find((b) => b.reps !== null && b.e.equipment.some((q) => !UNLOADED.has(q)));
  const wantsRamp = (rx.goal === 'strength' || rx.goal === 'muscle' || rx.goal === 'general fitness') && wuUnits >= 8 && rampCandidate;
  if (wantsRamp) wuUnits -= 2;
  if (pulse.length) {
    const pulseUnits = mobility.length ? Math.max(2, Math.round(wuUnits * 0.4)) : wuUnits;
    warmItems.push({ e: pulse[0], units: Math.min(pulseUnits, wuUnits) });
    wuUnits -= Math.min(pulseUnits, wuUnits);
  }
  if (wuUnits > 0) {
    const list = mobilityOrdered.length ? mobilityOrdered : pulse.length ? pulse : wuPool;
    const parts = splitUnits(list.length, wuUnits, 2);
    parts.forEach((u, i) => warmItems.push({ e: list[i % list.length], units: u }));
  }
  if (wantsRamp && rampCandidate) warmItems.push({ rampUp: rampCandidate, units: 2 });

  // ---- cool-down: static stretches for the muscles worked, breathing to finish (units of one hold).
  const hold = rx.stretchHold;
  let cdUnits = (cdMinutes * 60) / hold;
  const cdPool = CATALOGUE.filter((e) => e.uses.includes('cool-down') && isAllowed(e, equipment, injuries, 1) && !mainExercises.includes(e));
  const breathing = cdPool.find((e) => e.pattern === 'breathing');
  const stretches = shuffle(
    cdPool.filter((e) => e.pattern !== 'breathing' && [...e.primary, ...e.secondary].some((m) => mainWorked.has(m))),
    rand,
  ).sort((a, b) => overlap(b, mainPrimary) - overlap(a, mainPrimary));
  const stretchesOrdered = coverRegions(stretches, mainRegions);
  const coolItems: TimedItem[] = [];
  const breathUnits = breathing && (cdUnits >= 4 || stretches.length === 0) ? Math.max(1, Math.round(60 / hold)) : 0;
  cdUnits -= breathUnits;
  if (cdUnits > 0) {
    const list = stretchesOrdered.length ? stretchesOrdered : breathing ? [breathing] : cdPool;
    const parts = splitUnits(list.length, cdUnits, 2);
    parts.forEach((u, i) => coolItems.push({ e: list[i % list.length], units: u }));
  }
  if (breathing && breathUnits) coolItems.push({ e: breathing, units: breathUnits });

  // ---- render
  const hasMat = equipment.has('yoga mat');
  const gear = (e: CatalogueExercise): string[] => {
    const g: string[] = e.equipment.length ? [...e.equipment] : ['bodyweight'];
    if (e.floor && hasMat) g.push('yoga mat');
    return g;
  };
  const warmUp: WorkoutExercise[] = warmItems.map((it) => {
    if ('rampUp' in it) {
      const b = it.rampUp;
      return {
        name: b.e.name, sets: 1, reps: 8, restTime: 0, duration: it.units * 30, equipment: gear(b.e),
        notes: 'Ramp-up set: one easy set at about half your working weight to rehearse the movement (NSCA specific warm-up).',
      };
    }
    const seconds = it.units * 30;
    return {
      name: it.e.name, sets: 1, reps: null, restTime: 0, duration: seconds, workTime: seconds, equipment: gear(it.e),
      notes: `${it.e.cue}${it.e.perSide ? ' Half the time on each side.' : ''}`,
    };
  });
  const seen = new Map<string, number>();
  const rounds = blocks.map((b) => {
    const r = (seen.get(b.e.id) ?? 0) + 1;
    seen.set(b.e.id, r);
    return r;
  });
  const main: WorkoutExercise[] = blocks.map((b, i) => ({
    name: b.e.name,
    sets: b.sets,
    reps: b.reps,
    restTime: b.rest,
    duration: blockSeconds(b),
    ...(b.workTime ? { workTime: b.workTime } : {}),
    equipment: gear(b.e),
    notes: (rounds[i] > 1 ? `Round ${rounds[i]}. ` : '') + mainNote(b, rx),
  }));
  const coolDown: WorkoutExercise[] = coolItems.map((it) => ({
    name: it.e.name, sets: it.units, reps: null, restTime: 0, duration: it.units * hold, workTime: hold, equipment: gear(it.e),
    notes:
      it.e.pattern === 'breathing'
        ? it.e.cue
        : `${it.e.cue} Hold ${hold} s, ${it.units} time${it.units > 1 ? 's' : ''}${it.e.perSide ? ', alternating sides' : ''}; ease into a mild stretch, never pain.`,
  }));

  const sections = [
    { name: 'Warm-up', exercises: warmUp },
    { name: 'Main Workout', exercises: main },
    { name: 'Cool Down', exercises: coolDown },
  ];
  const picks: PlanPick[][] = [
    warmItems.map((it) => ('rampUp' in it ? { section: 'warm-up' as const, id: it.rampUp.e.id, rampUp: true } : { section: 'warm-up' as const, id: it.e.id })),
    blocks.map((b) => ({ section: 'main workout' as const, id: b.e.id })),
    coolItems.map((it) => ({ section: 'cool down' as const, id: it.e.id })),
  ];

  const duration = Math.round(sections.reduce((s, sec) => s + estimateSectionSeconds(sec.name, sec.exercises), 0) / 60);
  const words = TITLE_WORDS[rx.goal];
  const title = `${cap(req.fitnessLevel)} ${cap(req.focusArea)} ${words[Math.floor(rand() * words.length)]}`;
  const gearList = [...new Set(main.flatMap((m) => m.equipment ?? []))];
  const description =
    `A ${req.duration}-minute ${req.fitnessLevel} ${req.focusArea} session for ${GOAL_OPTIONS.filter((g) => req.goals.includes(g)).join(', ')}` +
    ` using ${gearList.length ? gearList.join(', ') : 'bodyweight'}. ${summarise(main, rx)}` +
    (injuries.size ? ` Movements that load your ${INJURY_OPTIONS.filter((i) => injuries.has(i)).join(', ')} are left out.` : '') +
    (focusUsed !== req.focusArea ? ` Few ${req.focusArea} moves suit your equipment and injuries, so ${focusUsed} exercises fill the session.` : '');
  const muscleCount = new Map<Muscle, number>();
  for (const e of mainExercises) for (const m of e.primary) muscleCount.set(m, (muscleCount.get(m) ?? 0) + 1);
  const targetMuscleGroups = [...muscleCount.entries()].sort((a, b) => b[1] - a[1]).map(([m]) => cap(m));

  return {
    draft: { title, description, duration, difficulty: req.fitnessLevel, targetMuscleGroups, sections, tips: tipsFor(req, rx, injuries) },
    picks,
    focusUsed,
    prescription: rx,
  };
}

/** 'n word' with the right plural ('1 set', '3 sets'). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

const span = (values: number[]): string => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo}-${hi}`;
};

/**
 * The plan's one-line dosing summary, read off the main work as listed (issue 28: it once quoted the
 * guideline's '3 sets of 6 reps, about 150 s rest' while the list said 4 x 8 with 140 s rest).
 */
export function summarise(main: readonly WorkoutExercise[], rx: Pick<Prescription, 'format' | 'source'>): string {
  const parts: string[] = [];
  const repped = main.filter((e) => e.reps !== null);
  const timed = main.filter((e) => e.reps === null);
  const sets = (list: readonly WorkoutExercise[]) => {
    const s = span(list.map((e) => e.sets));
    return s === '1' ? '1 set' : `${s} sets`;
  };
  if (repped.length) parts.push(`${sets(repped)} of ${span(repped.map((e) => e.reps as number))} reps`);
  if (timed.length) {
    const work = `${span(timed.map((e) => e.workTime ?? 0))} s`;
    parts.push(rx.format === 'intervals' ? `${sets(timed)} of ${work} work` : `${sets(timed)} of ${work} holds`);
  }
  const rests = main.filter((e) => e.sets > 1).map((e) => e.restTime);
  const rest = rests.length ? `, ${span(rests)} s rest between sets` : '';
  return `Main work: ${plural(main.length, 'exercise')}, ${parts.join(' and ')}${rest} (${rx.source}).`;
}

function mainNote(b: Block, rx: Prescription): string {
  const side = b.e.perSide ? ' per side' : '';
  if (b.reps === null) {
    const what = rx.format === 'intervals' ? `Work ${b.workTime} s${side}, rest ${b.rest} s` : `Hold ${b.workTime} s${side}, rest ${b.rest} s`;
    return `${what}. ${b.e.cue}`;
  }
  const tempo = rx.repSeconds >= 4 ? ' Control the lowering for 2-3 s.' : '';
  return `${b.reps} reps${side}, rest ${b.rest} s between sets.${tempo} ${b.e.cue}`;
}

function tipsFor(req: WorkoutRequest, rx: Prescription, injuries: Set<Injury>): string[] {
  const tips: string[] = [];
  if (rx.format === 'straight sets' && rx.goal !== 'rehabilitation') {
    tips.push('Choose a load that leaves about 2 good reps in reserve on the last set; add weight or reps once every set feels easy.');
  }
  if (rx.format === 'circuit') tips.push('Move briskly between exercises; keep the rests short but the technique clean.');
  if (rx.format === 'intervals') tips.push('Work hard but steady in each interval: you should be breathing heavily yet able to finish every round.');
  if (rx.format === 'holds') tips.push('Breathe slowly and ease deeper on each exhale; stretch to mild tension, never pain.');
  if (rx.goal === 'rehabilitation') tips.push('Stay in a pain-free range and follow any advice from your physiotherapist or doctor; stop if pain increases.');
  if (injuries.size) tips.push(`Exercises that load your ${INJURY_OPTIONS.filter((i) => injuries.has(i)).join(', ')} were left out; still stop any movement that causes pain.`);
  if (req.goals.includes('weight loss')) tips.push('Pair training with daily walking and a modest calorie deficit for steady fat loss.');
  if (req.fitnessLevel === 'beginner') tips.push('Master the form first: slow, controlled reps beat heavier, rushed ones.');
  tips.push('Drink water before and after the session, and aim for 2-3 sessions a week with a rest day between hard ones.');
  return tips;
}

function overlap(e: CatalogueExercise, muscles: ReadonlySet<Muscle>): number {
  return [...e.primary, ...e.secondary].filter((m) => muscles.has(m)).length;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
