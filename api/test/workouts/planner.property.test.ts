import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import {
  EQUIPMENT_OPTIONS,
  estimateSectionMinutes,
  estimateSectionSeconds,
  FITNESS_LEVELS,
  FOCUS_AREAS,
  GENDERS,
  GOAL_OPTIONS,
  INJURY_OPTIONS,
  WorkoutDraft,
  WorkoutRequest,
  type FocusArea,
} from '@fitconnect/contracts';
import {
  buildPlan,
  CATALOGUE,
  CATALOGUE_BY_ID,
  daySeed,
  FOCUS_FALLBACK,
  mainCandidates,
  matchesFocus,
  MAX_REST_SHARE,
  MIN_FOCUS_POOL,
  prescribe,
  summarise,
  REGION_OF,
  type CatalogueExercise,
} from '../../src/workouts/planner';

const requestArb: fc.Arbitrary<WorkoutRequest> = fc.record(
  {
    age: fc.integer({ min: 13, max: 100 }),
    gender: fc.constantFrom(...GENDERS),
    fitnessLevel: fc.constantFrom(...FITNESS_LEVELS),
    focusArea: fc.constantFrom(...FOCUS_AREAS),
    duration: fc.integer({ min: 10, max: 120 }),
    equipment: fc.subarray([...EQUIPMENT_OPTIONS], { minLength: 1 }),
    goals: fc.subarray([...GOAL_OPTIONS], { minLength: 1 }),
    injuries: fc.subarray([...INJURY_OPTIONS]),
  },
  { requiredKeys: ['age', 'gender', 'fitnessLevel', 'focusArea', 'duration', 'equipment', 'goals'] },
);
const seedArb = fc.integer({ min: 0, max: 0xffffffff });
const RUNS = 3000;

const ex = (id: string): CatalogueExercise => {
  const e = CATALOGUE_BY_ID.get(id);
  if (!e) throw new Error(`unknown exercise ${id}`);
  return e;
};
const regions = (e: CatalogueExercise) => new Set([...e.primary, ...e.secondary].map((m) => REGION_OF[m]));

describe('catalogue', () => {
  it('holds at least 80 distinct, fully described exercises', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(80);
    expect(new Set(CATALOGUE.map((e) => e.id)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((e) => e.name)).size).toBe(CATALOGUE.length);
    for (const e of CATALOGUE) {
      expect(e.primary.length).toBeGreaterThan(0);
      expect(e.uses.length).toBeGreaterThan(0);
      expect(['reps', 'time']).toContain(e.dose);
      expect(e.cue.length).toBeGreaterThan(10);
      for (const q of e.equipment) expect(EQUIPMENT_OPTIONS).toContain(q);
      for (const i of e.aggravates) expect(INJURY_OPTIONS).toContain(i);
    }
  });

  it('offers every focus area at least 3 bodyweight moves for an uninjured intermediate', () => {
    for (const focusArea of FOCUS_AREAS) {
      const req = { age: 30, gender: 'male', fitnessLevel: 'intermediate', focusArea, duration: 45, equipment: ['bodyweight'], goals: ['general fitness'], injuries: [] } as WorkoutRequest;
      expect(mainCandidates(req, prescribe(req), focusArea).length).toBeGreaterThanOrEqual(MIN_FOCUS_POOL);
    }
  });
});

describe('built-in planner (property-based)', () => {
  it('produces a valid workout that respects equipment, injuries, focus and duration', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (req, seed) => {
        const { draft, picks, focusUsed, prescription: rx } = buildPlan(req, seed);
        expect(WorkoutDraft.safeParse(draft).success).toBe(true);

        // Three sections, in order, none empty; picks line up with exercises.
        expect(draft.sections.map((s) => s.name)).toEqual(['Warm-up', 'Main Workout', 'Cool Down']);
        draft.sections.forEach((s, i) => {
          expect(s.exercises.length).toBeGreaterThan(0);
          expect(picks[i]).toHaveLength(s.exercises.length);
          s.exercises.forEach((e, j) => expect(e.name).toBe(ex(picks[i][j].id).name));
        });

        const allowedGear = new Set<string>([...req.equipment, 'bodyweight']);
        const injuries = new Set<string>(req.injuries ?? []);
        for (const sectionPicks of picks) {
          for (const p of sectionPicks) {
            const e = ex(p.id);
            // Never unselected equipment; never an aggravated injury.
            for (const q of e.equipment) expect(allowedGear.has(q)).toBe(true);
            for (const i of e.aggravates) expect(injuries.has(i)).toBe(false);
          }
        }
        for (const s of draft.sections) for (const e of s.exercises) for (const q of e.equipment ?? []) expect(allowedGear.has(q)).toBe(true);

        // Focus area: exact unless the catalogue has fewer than 3 fitting moves, then a broader area on the fallback chain.
        const mainPicks = picks[1].map((p) => ex(p.id));
        const exactPool = mainCandidates(req, rx, req.focusArea);
        if (exactPool.length >= MIN_FOCUS_POOL) {
          expect(focusUsed).toBe(req.focusArea);
          for (const e of mainPicks) expect(matchesFocus(e, req.focusArea)).toBe(true);
        } else {
          const chain: FocusArea[] = [];
          for (let f: FocusArea | null = req.focusArea; f; f = FOCUS_FALLBACK[f]) chain.push(f);
          expect(chain).toContain(focusUsed);
          for (const e of mainPicks) expect(chain.some((f) => matchesFocus(e, f))).toBe(true);
        }
        for (const e of mainPicks) expect(e.difficulty).toBeLessThanOrEqual(rx.maxDifficulty);

        // SPEC §9 estimate: every section whole minutes, the total within 10% of the request.
        const secs = draft.sections.map((s) => estimateSectionSeconds(s.name, s.exercises));
        const mins = draft.sections.map((s) => estimateSectionMinutes(s.name, s.exercises));
        const totalSecs = secs.reduce((a, b) => a + b, 0);
        expect(Math.abs(totalSecs - req.duration * 60)).toBeLessThanOrEqual(req.duration * 6);
        expect(Math.abs(mins.reduce((a, b) => a + b, 0) - req.duration)).toBeLessThanOrEqual(req.duration * 0.1);
        expect(Math.abs(draft.duration - req.duration)).toBeLessThanOrEqual(req.duration * 0.1);
        for (const s of [draft.sections[0], draft.sections[2]]) for (const e of s.exercises) expect(e.duration).toBeGreaterThan(0);

        // Warm-up suits the main work: pulse raiser, a ramp-up set of a main lift, or mobility for a region it uses.
        const mainRegions = new Set(mainPicks.flatMap((e) => e.primary.map((m) => REGION_OF[m])));
        for (const p of picks[0]) {
          const e = ex(p.id);
          if (p.rampUp) expect(picks[1].map((m) => m.id)).toContain(p.id);
          else if (e.pattern !== 'pulse raiser') expect([...regions(e)].some((r) => mainRegions.has(r))).toBe(true);
        }
        // Cool-down stretches muscles the main work used (breathing aside).
        const worked = new Set(mainPicks.flatMap((e) => [...e.primary, ...e.secondary]));
        for (const p of picks[2]) {
          const e = ex(p.id);
          if (e.pattern !== 'breathing') expect([...e.primary, ...e.secondary].some((m) => worked.has(m))).toBe(true);
        }

        // Guideline dosing.
        for (const e of draft.sections[1].exercises) {
          expect(e.restTime).toBeGreaterThanOrEqual(rx.restMin);
          expect(e.restTime).toBeLessThanOrEqual(rx.restMax);
          // Rests read as round numbers (issue 15: no 'rest 61 s').
          expect(e.restTime % 5).toBe(0);
          expect(e.notes ?? '').not.toMatch(/rest \d*[1-46-9] s/);
          expect(e.sets).toBeGreaterThanOrEqual(1);
          expect(e.sets).toBeLessThanOrEqual(rx.maxSets);
          if (e.reps !== null) {
            expect(e.reps).toBeGreaterThanOrEqual(rx.reps);
            expect(e.reps).toBeLessThanOrEqual(Math.max(rx.reps, 10));
          } else {
            expect(e.workTime).toBe(rx.holdSeconds);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('is deterministic for a request and seed, whatever the order of the lists', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (req, seed) => {
        const reordered = { ...req, equipment: [...req.equipment].reverse(), goals: [...req.goals].reverse() };
        expect(buildPlan(reordered, seed).draft).toEqual(buildPlan(req, seed).draft);
      }),
      { numRuns: 500 },
    );
  });

  it('varies from day to day for the same request', () => {
    const req: WorkoutRequest = {
      age: 30, gender: 'female', fitnessLevel: 'intermediate', focusArea: 'full body', duration: 45,
      equipment: ['bodyweight', 'dumbbell', 'resistance bands'], goals: ['general fitness'], injuries: [],
    };
    const days = Array.from({ length: 14 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    const mains = new Set(days.map((d) => buildPlan(req, daySeed(7, d)).draft.sections[1].exercises.map((e) => e.name).join('|')));
    expect(mains.size).toBeGreaterThanOrEqual(10);
    expect(daySeed(7, '2026-03-01')).toBe(daySeed(7, '2026-03-01'));
    expect(daySeed(7, '2026-03-01')).not.toBe(daySeed(8, '2026-03-01'));
  });
});

// Issue 28: plans that agree with themselves.
describe('plans that agree with themselves (property-based)', () => {
  /** Numbers (or 'a-b' spans) in the summary sentence, e.g. '3-4 sets of 6-8 reps'. */
  const within = (text: string, value: number) => {
    const [lo, hi = lo] = text.split('-').map(Number);
    return value >= lo && value <= hi;
  };
  const mainOf = (draft: WorkoutDraft) => draft.sections[1].exercises;

  it('the summary is read off the main work as listed: counts, sets, reps and rest all match', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (req, seed) => {
        const { draft, prescription: rx } = buildPlan(req, seed);
        const main = mainOf(draft);
        const summary = summarise(main, rx);
        expect(draft.description).toContain(summary);
        const count = /Main work: (\d+) exercises?,/.exec(summary);
        expect(Number(count?.[1])).toBe(main.length);
        const repped = main.filter((e) => e.reps !== null);
        const reps = /(\d+(?:-\d+)?) sets? of (\d+(?:-\d+)?) reps/.exec(summary);
        if (repped.length) {
          expect(reps).not.toBeNull();
          for (const e of repped) {
            expect(within(reps![1], e.sets)).toBe(true);
            expect(within(reps![2], e.reps as number)).toBe(true);
          }
        } else expect(reps).toBeNull();
        const rest = /(\d+(?:-\d+)?) s rest between sets/.exec(summary);
        for (const e of main.filter((x) => x.sets > 1)) expect(within(rest![1], e.restTime)).toBe(true);
        // Notes agree with the numbers of their own row.
        for (const e of main) if (e.sets > 1) expect(e.notes).toContain(`rest ${e.restTime} s`);
      }),
      { numRuns: 1500 },
    );
  });

  it('selected equipment is used where it suits the goal', () => {
    // Loading gear (not a mat or roller) that the main pool offers for this goal and focus: one piece ticked is
    // always used; of several, at least two (the planner also balances movement patterns, so not every piece
    // of a long list makes it into a short session).
    fc.assert(
      fc.property(requestArb, seedArb, (req, seed) => {
        const { picks, focusUsed, prescription: rx } = buildPlan(req, seed);
        const pool = mainCandidates(req, rx, focusUsed);
        const offered = req.equipment.filter((q) => !['bodyweight', 'yoga mat', 'foam roller'].includes(q) && pool.some((e) => e.equipment.includes(q)));
        const mainPicks = picks[1].map((p) => ex(p.id));
        const used = offered.filter((q) => mainPicks.some((e) => e.equipment.includes(q)));
        expect(used.length).toBeGreaterThanOrEqual(Math.min(offered.length, new Set(mainPicks.map((e) => e.id)).size, 2));
      }),
      {
        numRuns: 1500,
        // Found by a random run (FC_SEED=random): two main slots, cables and a TRX ticked, weight loss; the
        // planner used the TRX and a burpee until ticked gear outweighed the weight-loss lean.
        examples: [[{ age: 13, gender: 'male', fitnessLevel: 'advanced', focusArea: 'legs', duration: 10, equipment: ['cables', 'trx', 'foam roller'], goals: ['weight loss', 'general fitness'] }, 0]],
      },
    );
  });

  it('work, not rest, fills the time: rest between sets stays within the stated share of the session per goal', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (req, seed) => {
        const { draft, prescription: rx } = buildPlan(req, seed);
        const session = draft.sections.reduce((t, s) => t + estimateSectionSeconds(s.name, s.exercises), 0);
        const rest = mainOf(draft).reduce((t, e) => t + e.sets * e.restTime, 0);
        const bound = rx.format === 'intervals' ? MAX_REST_SHARE.intervals : MAX_REST_SHARE[rx.goal];
        expect(rx.maxRestShare).toBe(bound);
        expect(rest / session).toBeLessThanOrEqual(bound + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  it('no "1 sets" (or "1 times", "1 exercises", "1 reps", "1 minutes") anywhere in a plan\'s text', () => {
    fc.assert(
      fc.property(requestArb, seedArb, (req, seed) => {
        const { draft } = buildPlan(req, seed);
        const texts = [draft.title, draft.description ?? '', ...draft.tips, ...draft.sections.flatMap((s) => s.exercises.map((e) => e.notes ?? ''))];
        for (const t of texts) expect(t).not.toMatch(/\b1 (sets|times|exercises|reps|minutes|holds|rounds)\b/);
      }),
      { numRuns: 1000 },
    );
  });

  it('the issue 28 example: a ticked dumbbell is used, three or more moves, no long rests filling the session', () => {
    const req: WorkoutRequest = {
      age: 30, gender: 'male', fitnessLevel: 'advanced', focusArea: 'legs', duration: 30,
      equipment: ['bodyweight', 'dumbbell'], goals: ['strength'], injuries: [],
    };
    for (let seed = 1; seed <= 20; seed++) {
      const main = mainOf(buildPlan(req, seed).draft);
      expect(main.length).toBeGreaterThanOrEqual(3);
      expect(main.some((e) => (e.equipment ?? []).includes('dumbbell'))).toBe(true);
      for (const e of main) expect(e.restTime).toBeLessThanOrEqual(prescribe(req).rest);
    }
  });
});

describe('guidelines by goal and level', () => {
  const base: WorkoutRequest = { age: 30, gender: 'male', fitnessLevel: 'advanced', focusArea: 'full body', duration: 60, equipment: ['barbell', 'dumbbell', 'bench'], goals: ['strength'] };

  it('strength work is heavy with long rests; endurance is light with short rests', () => {
    const strength = prescribe(base);
    const endurance = prescribe({ ...base, goals: ['endurance'] });
    expect(strength.reps).toBeLessThanOrEqual(6);
    expect(strength.rest).toBeGreaterThanOrEqual(120);
    expect(endurance.reps).toBeGreaterThanOrEqual(15);
    expect(endurance.rest).toBeLessThanOrEqual(60);
  });

  it('rehabilitation wins over other goals and keeps to gentle, easy moves', () => {
    const rx = prescribe({ ...base, goals: ['strength', 'rehabilitation'] });
    expect(rx.goal).toBe('rehabilitation');
    const { picks } = buildPlan({ ...base, goals: ['strength', 'rehabilitation'] }, 1);
    for (const p of picks[1]) expect(ex(p.id).difficulty).toBe(1);
  });

  it('flexibility alone gives a session of stretch holds', () => {
    const { draft, prescription } = buildPlan({ ...base, goals: ['flexibility'], equipment: ['bodyweight'] }, 3);
    expect(prescription.format).toBe('holds');
    for (const e of draft.sections[1].exercises) {
      expect(e.reps).toBeNull();
      expect(e.workTime).toBe(30);
    }
  });

  it('older adults get simpler moves and longer stretch holds', () => {
    const rx = prescribe({ ...base, age: 70 });
    expect(rx.maxDifficulty).toBeLessThanOrEqual(2);
    expect(rx.stretchHold).toBe(60);
    expect(rx.reps).toBeGreaterThanOrEqual(10);
  });

  it('cardio focus runs intervals of conditioning moves', () => {
    const { draft, prescription } = buildPlan({ ...base, focusArea: 'cardio', goals: ['weight loss'], equipment: ['bodyweight'] }, 5);
    expect(prescription.format).toBe('intervals');
    for (const e of draft.sections[1].exercises) expect(e.reps).toBeNull();
  });
});
