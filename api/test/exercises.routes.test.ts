/** GET /api/exercises and /api/exercises/:slug over real HTTP. */
import type { ExerciseDetail, ExercisePage } from '@fitconnect/contracts';
import { startTestApi, type TestApi } from './helpers';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.stop();
});

describe('GET /api/exercises', () => {
  it('pages the whole catalogue in a stable order by name', async () => {
    const a = api.agent();
    const first = await a.get<ExercisePage>('/api/exercises?pageSize=20');
    expect(first.status).toBe(200);
    expect(first.body.total).toBeGreaterThanOrEqual(150);
    expect(first.body.items).toHaveLength(20);
    const second = await a.get<ExercisePage>('/api/exercises?pageSize=20&page=2');
    const names = [...first.body.items, ...second.body.items].map((e) => e.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')));
    expect(new Set(names).size).toBe(40);
    // Cards carry no tutorial text.
    expect(first.body.items[0]).not.toHaveProperty('instructions');
  });

  it('filters by category, muscle group, equipment and difficulty together', async () => {
    const r = await api.agent().get<ExercisePage>(
      '/api/exercises?category=Lower%20Body&muscle=Glutes&equipment=Dumbbells&difficulty=Beginner&pageSize=48',
    );
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThan(0);
    for (const e of r.body.items) {
      expect(e.category).toBe('Lower Body');
      expect(e.muscleGroups).toContain('Glutes');
      expect(e.equipment).toContain('Dumbbells');
      expect(e.difficulty).toBe('Beginner');
    }
  });

  it('searches by name or muscle', async () => {
    const a = api.agent();
    const byName = await a.get<ExercisePage>('/api/exercises?q=bulgarian');
    expect(byName.body.items.map((e) => e.slug)).toEqual(['bulgarian-split-squat']);
    const byMuscle = await a.get<ExercisePage>('/api/exercises?q=hamstrings&pageSize=48');
    expect(byMuscle.body.total).toBeGreaterThan(5);
    for (const e of byMuscle.body.items) expect(e.muscleGroups).toContain('Hamstrings');
    const none = await a.get<ExercisePage>('/api/exercises?q=zzzz');
    expect(none.body).toMatchObject({ total: 0, items: [] });
  });

  it("treats 'all' and empty values as no filter", async () => {
    const a = api.agent();
    const all = await a.get<ExercisePage>('/api/exercises?category=all&q=');
    const plain = await a.get<ExercisePage>('/api/exercises');
    expect(all.body.total).toBe(plain.body.total);
  });

  it.each([
    ['category=Legs', 'Unknown category'],
    ['equipment=Rowing%20Machine', 'Unknown equipment'],
    ['page=0', 'Page starts at 1'],
    ['pageSize=500', 'At most 48 per page'],
  ])('refuses %s with a 400', async (qs, message) => {
    const r = await api.agent().get(`/api/exercises?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });
});

describe('GET /api/exercises/:slug', () => {
  it('returns the full tutorial with alternatives and a demonstration link', async () => {
    const r = await api.agent().get<ExerciseDetail>('/api/exercises/bulgarian-split-squat');
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Bulgarian Split Squat');
    expect(r.body.instructions.length).toBeGreaterThanOrEqual(3);
    expect(r.body.tips.length).toBeGreaterThanOrEqual(2);
    expect(r.body.saferAlternatives.map((a) => a.injury)).toEqual(['knees', 'hips']);
    expect(r.body.video.embedUrl).toBeNull();
    expect(r.body.video.searchUrl).toContain('Bulgarian%20Split%20Squat');
  });

  it('keeps SPEC slugs', async () => {
    const r = await api.agent().get<ExerciseDetail>('/api/exercises/push-ups');
    expect(r.body.name).toBe('Push-Ups');
  });

  it('answers 404 for an unknown slug and 400 for a malformed one', async () => {
    const a = api.agent();
    expect((await a.get('/api/exercises/not-an-exercise')).status).toBe(404);
    const bad = await a.get('/api/exercises/Bad_Slug!');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Exercise not found');
  });
});
