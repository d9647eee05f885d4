/**
 * The exercise catalogue is complete: every entry has SPEC §3's fields and the planner's, real tutorial content,
 * and safer alternatives (that exist in the catalogue) for each injury it aggravates; the planner only uses it.
 */
import {
  EXERCISE_CATEGORIES,
  EXERCISE_DIFFICULTIES,
  EXERCISE_EQUIPMENT,
  INJURY_OPTIONS,
  WORKOUT_FORM_DEFAULTS,
  type WorkoutRequest,
} from '@fitconnect/contracts';
import { EXERCISES, EXERCISE_BY_SLUG, findByName, toDetail } from '../src/exercises/catalogue';
import { CATALOGUE, planWorkout } from '../src/workouts/planner';

const SPEC_SLUGS = [
  'push-ups', 'bodyweight-squats', 'planks', 'dumbbell-bench-press', 'dumbbell-bent-over-rows', 'dumbbell-lunges',
  'deadlifts', 'barbell-back-squats', 'burpees', 'mountain-climbers',
];

describe('exercise catalogue', () => {
  it('holds at least 150 entries with unique slugs and names', () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(EXERCISES.map((e) => e.slug)).size).toBe(EXERCISES.length);
    expect(new Set(EXERCISES.map((e) => e.name.toLowerCase())).size).toBe(EXERCISES.length);
  });

  it('keeps the ten SPEC entries with their slugs and texts', () => {
    for (const slug of SPEC_SLUGS) expect(EXERCISE_BY_SLUG.get(slug)).toBeDefined();
    const push = EXERCISE_BY_SLUG.get('push-ups')!;
    expect(push.name).toBe('Push-Ups');
    expect(push.duration).toBe('3 sets of 10-15 reps');
    expect(push.instructions[0]).toBe('Start in a high plank with hands slightly wider than shoulder-width and fingers pointing forward.');
  });

  it.each(EXERCISES.map((e) => [e.slug, e] as const))('%s is complete', (_slug, e) => {
    expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(e.name.trim().length).toBeGreaterThan(2);
    expect(EXERCISE_CATEGORIES).toContain(e.category);
    expect(EXERCISE_DIFFICULTIES).toContain(e.difficulty);
    expect(e.muscleGroups.length).toBeGreaterThan(0);
    expect(e.equipment.length).toBeGreaterThan(0);
    for (const q of e.equipment) expect(EXERCISE_EQUIPMENT).toContain(q);
    expect(e.duration).toMatch(/\d/);
    expect(e.description.length).toBeGreaterThan(20);
    // Numbered steps: at least three sentences, each a full instruction (the page numbers them).
    expect(e.instructions.length).toBeGreaterThanOrEqual(3);
    for (const step of e.instructions) expect(step).toMatch(/^[A-Z].{8,}[.!]$/);
    expect(e.tips.length).toBeGreaterThanOrEqual(2);
    for (const tip of e.tips) expect(tip).toMatch(/^[A-Z].{5,}[.!]$/);
    // The planner's fields.
    expect(e.planner.pattern).toBeTruthy();
    expect(['reps', 'time']).toContain(e.planner.dose);
    for (const i of e.planner.aggravates) expect(INJURY_OPTIONS).toContain(i);
    // Video: never a guessed embed; always a demonstration link.
    expect(e.video.embedUrl).toBeNull();
    expect(e.video.searchUrl).toMatch(/^https:\/\/www\.youtube\.com\/results\?search_query=/);
    expect(decodeURIComponent(e.video.searchUrl)).toContain(e.name);
  });

  it('gives safer alternatives for every injury an entry aggravates, all in the catalogue and none aggravating it', () => {
    for (const e of EXERCISES) {
      const d = toDetail(e);
      expect(d.saferAlternatives.map((a) => a.injury)).toEqual(e.planner.aggravates);
      for (const alt of d.saferAlternatives) {
        expect(alt.exercises.length).toBeGreaterThan(0);
        for (const r of alt.exercises) {
          const other = EXERCISE_BY_SLUG.get(r.slug);
          expect(other).toBeDefined();
          expect(other!.planner.aggravates).not.toContain(alt.injury);
        }
      }
    }
  });

  it('covers the whole planner catalogue, so every exercise the planner picks has a tutorial', () => {
    for (const p of CATALOGUE) expect(findByName(p.name)).toBeDefined();
    const req: WorkoutRequest = { ...WORKOUT_FORM_DEFAULTS, equipment: ['dumbbell', 'bench', 'resistance bands'], goals: ['strength'] };
    for (let seed = 1; seed <= 40; seed++) {
      for (const s of planWorkout(req, seed).sections) for (const x of s.exercises) expect(findByName(x.name)).toBeDefined();
    }
  });
});
