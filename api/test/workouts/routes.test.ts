/**
 * The workouts API over real HTTP: daily limit (also under concurrency), failed generations, the 5-workout
 * saved list, ownership, validation and the detail shape.
 */
import {
  TodaysWorkoutList,
  DAILY_LIMIT_MESSAGE,
  GeneratedWorkout,
  INVALID_WORKOUT_DATA,
  WORKOUT_FORM_DEFAULTS,
  WorkoutPlan,
  type WorkoutDraft,
  type WorkoutRequest,
} from '@fitconnect/contracts';
import { startTestApi, type TestApi, newSignedInUser } from '../helpers';
import { BuiltInPlanner, GeneratorError, type WorkoutGenerator } from '../../src/workouts/generators';
import { GenerationClaim, Workout } from '../../src/workouts/model';

jest.setTimeout(60_000);

/** A generator the tests steer: the real planner, optionally slowed down or failing. */
class SteeredGenerator implements WorkoutGenerator {
  readonly name = 'steered planner';
  readonly kind = 'planner' as const;
  private readonly planner = new BuiltInPlanner();
  delayMs = 0;
  failNext: GeneratorError | null = null;
  calls = 0;
  async generate(request: WorkoutRequest, opts: { seed: number }): Promise<WorkoutDraft> {
    this.calls += 1;
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failNext) {
      const err = this.failNext;
      this.failNext = null;
      throw err;
    }
    return this.planner.generate(request, opts);
  }
}

// The fake clock runs in the future: the database's TTL sweep uses real time, and would delete claims
// whose expiry (day + 2) lies in the real past between two requests of a test.
let now = new Date('2096-03-10T09:41:00Z');
const clock = { now: () => now };
const generator = new SteeredGenerator();
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ clock, workoutGenerator: generator });
});
afterAll(async () => {
  await api?.stop();
});
beforeEach(() => {
  generator.delayMs = 0;
  generator.failNext = null;
});

const request: WorkoutRequest = { ...WORKOUT_FORM_DEFAULTS, focusArea: 'lower body', equipment: ['bodyweight', 'dumbbell'], goals: ['strength'], duration: 30 };

const newUser = (partial?: Parameters<typeof newSignedInUser>[1]) => newSignedInUser(api, partial);

describe('POST /api/generate-workout', () => {
  it('needs a signed-in user', async () => {
    const res = await api.agent().post('/api/generate-workout', request);
    expect(res.status).toBe(401);
  });

  it.each([
    [{ age: 12 }, 'Minimum age is 13'],
    [{ age: 101 }, 'Maximum age is 100'],
    [{ gender: undefined }, 'Please select your gender'],
    [{ fitnessLevel: '' }, 'Please select your fitness level'],
    [{ focusArea: '' }, 'Please select a focus area'],
    [{ equipment: [] }, 'Please select at least one equipment option'],
    [{ goals: [] }, 'Please select at least one goal'],
  ])('rejects %j with 400 "%s" and spends nothing', async (patch, message) => {
    const { agent } = await newUser();
    const res = await agent.post('/api/generate-workout', { ...request, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await agent.get('/api/ai-workouts/today')).body).toEqual([]);
  });

  it('generates once a day, auto-saves, and answers 429 with the workout title and time afterwards', async () => {
    now = new Date('2096-03-10T09:41:00Z');
    const { agent, id } = await newUser();
    const first = await agent.post('/api/generate-workout', request);
    expect(first.status).toBe(201);
    const workout = GeneratedWorkout.parse(first.body);
    expect(workout.autoSaved).toBe(true);
    expect(workout).toMatchObject({ focusArea: 'lower body', equipment: ['bodyweight', 'dumbbell'], goals: ['strength'], injuries: [], age: 30 });
    expect(workout.created_at).toBe(workout.createdAt);
    expect(workout.sections.map((s) => s.name)).toEqual(['Warm-up', 'Main Workout', 'Cool Down']);

    const today = await agent.get('/api/ai-workouts/today');
    expect(today.status).toBe(200);
    expect(today.body.map((w: GeneratedWorkout) => w.id)).toEqual([workout.id]);
    const saved = await agent.get('/api/ai-workouts/saved');
    expect(saved.body.map((w: GeneratedWorkout) => w.id)).toEqual([workout.id]);

    now = new Date('2096-03-10T23:59:00Z');
    const again = await agent.post('/api/generate-workout', { ...request, focusArea: 'core' });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(DAILY_LIMIT_MESSAGE);
    expect(again.body.description).toContain(`"${workout.title}"`);
    expect(again.body.description).toContain('today at 09:41');

    // The UTC day boundary renews the allowance.
    now = new Date('2096-03-11T00:00:30Z');
    expect((await agent.get('/api/ai-workouts/today')).body).toEqual([]);
    const next = await agent.post('/api/generate-workout', request);
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(workout.id);
    expect((await agent.get(`/api/workouts/${next.body.id}`)).body.userId).toBe(id);
  });

  it('two simultaneous requests give one workout and one 429', async () => {
    now = new Date('2096-03-12T08:00:00Z');
    generator.delayMs = 150;
    const { agent } = await newUser();
    const results = await Promise.all([1, 2, 3].map(() => agent.post('/api/generate-workout', request)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    for (const r of results.filter((x) => x.status === 429)) {
      expect(r.body).toEqual({ message: DAILY_LIMIT_MESSAGE, description: expect.stringContaining('already being generated') });
    }
    const saved = await agent.get('/api/ai-workouts/saved');
    expect(saved.body).toHaveLength(1);
    expect((await agent.get('/api/ai-workouts/today')).body).toHaveLength(1);
  });

  it('a failed generation spends nothing', async () => {
    now = new Date('2096-03-13T10:00:00Z');
    const { agent } = await newUser();
    generator.failNext = new GeneratorError('invalid', INVALID_WORKOUT_DATA);
    const failed = await agent.post('/api/generate-workout', request);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(INVALID_WORKOUT_DATA);
    expect((await agent.get('/api/ai-workouts/today')).body).toEqual([]);
    expect((await agent.get('/api/ai-workouts/saved')).body).toEqual([]);

    generator.failNext = new GeneratorError('timeout', 'The workout generator took too long to answer. Please try again.');
    expect((await agent.post('/api/generate-workout', request)).status).toBe(504);

    const ok = await agent.post('/api/generate-workout', request);
    expect(ok.status).toBe(201);
  });

  it('a claim left pending by a crashed generation is taken over after 5 minutes, not before', async () => {
    now = new Date('2096-03-14T10:00:00Z');
    const { agent, id } = await newUser();
    await GenerationClaim.create({ userId: id, day: '2096-03-14', status: 'pending', workoutId: null, title: '', createdAt: new Date('2096-03-14T09:58:00Z'), expiresAt: new Date('2096-03-16T00:00:00Z') });
    expect((await agent.post('/api/generate-workout', request)).status).toBe(429);
    now = new Date('2096-03-14T10:04:00Z');
    expect((await agent.post('/api/generate-workout', request)).status).toBe(201);
    expect((await agent.post('/api/generate-workout', request)).status).toBe(429);
  });
});

describe('saved workouts', () => {
  it('keeps the newest 5, newest first, dropping the oldest', async () => {
    const { agent } = await newUser();
    const ids: number[] = [];
    for (let d = 1; d <= 6; d++) {
      now = new Date(`2026-04-0${d}T12:00:00Z`);
      const res = await agent.post('/api/generate-workout', { ...request, duration: 20 + d });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const saved = await agent.get('/api/ai-workouts/saved');
    expect(saved.body.map((w: GeneratedWorkout) => w.id)).toEqual(ids.slice(1).reverse());
    expect((await agent.get(`/api/workouts/${ids[0]}`)).status).toBe(404);
  });

  it('deleting is owner-only: 403 for another user, 404 when missing, nothing changed when refused', async () => {
    now = new Date('2096-05-01T07:00:00Z');
    const owner = await newUser();
    const other = await newUser();
    const created = await owner.agent.post('/api/generate-workout', request);
    const id = created.body.id as number;

    const refused = await other.agent.delete(`/api/ai-workouts/saved/${id}`);
    expect(refused.status).toBe(403);
    expect((await other.agent.delete(`/api/workouts/${id}`)).status).toBe(403);
    expect((await owner.agent.get('/api/ai-workouts/saved')).body.map((w: GeneratedWorkout) => w.id)).toEqual([id]);

    expect((await owner.agent.delete('/api/ai-workouts/saved/999999')).status).toBe(404);
    expect((await owner.agent.delete('/api/ai-workouts/saved/abc')).status).toBe(400);
    expect((await api.agent().delete(`/api/ai-workouts/saved/${id}`)).status).toBe(401);

    const deleted = await owner.agent.delete(`/api/ai-workouts/saved/${id}`);
    expect(deleted.status).toBe(200);
    expect((await owner.agent.get('/api/ai-workouts/saved')).body).toEqual([]);
    expect((await owner.agent.get(`/api/workouts/${id}`)).status).toBe(404);
    // Deleting does not give the day's generation back, and today's list still says so (non-empty = limit reached).
    expect((await owner.agent.post('/api/generate-workout', request)).status).toBe(429);
    const today = await owner.agent.get('/api/ai-workouts/today');
    expect(today.body).toEqual([
      { id, title: created.body.title, createdAt: created.body.createdAt, created_at: created.body.createdAt, deleted: true },
    ]);
    expect(TodaysWorkoutList.safeParse(today.body).success).toBe(true);
  });
});

describe('GET /api/workouts/:id (detail)', () => {
  it('returns the plan with level, goal, equipment and sectioned exercises; the owner may delete it', async () => {
    now = new Date('2096-06-01T07:00:00Z');
    const owner = await newUser();
    const gen = await owner.agent.post('/api/generate-workout', { ...request, goals: ['muscle', 'strength'], equipment: ['dumbbell', 'bench'] });
    const id = gen.body.id as number;

    const res = await api.agent().get(`/api/workouts/${id}`);
    expect(res.status).toBe(200);
    const plan = WorkoutPlan.parse(res.body);
    expect(plan).toMatchObject({ id, userId: owner.id, level: 'beginner', goal: 'strength, muscle', equipment: ['dumbbell', 'bench'], duration: 30 });
    expect(plan.title).toBe(gen.body.title);
    const sections = plan.exercises.map((e) => e.section);
    expect(sections[0]).toBe('warm-up');
    expect(sections[sections.length - 1]).toBe('cool down');
    expect(sections).toContain('main workout');
    // grouped in order and numbered
    expect([...sections].sort((a, b) => order(a) - order(b))).toEqual(sections);
    expect(plan.exercises.map((e) => e.id)).toEqual(plan.exercises.map((_, i) => i + 1));
    const total = gen.body.sections.reduce((n: number, s: { exercises: unknown[] }) => n + s.exercises.length, 0);
    expect(plan.exercises).toHaveLength(total);
    for (const e of plan.exercises.filter((x) => x.section !== 'main workout')) expect(e.duration).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/"_id"|"__v"|"age"|"gender"/);

    expect((await api.agent().get('/api/workouts/0')).status).toBe(400);
    expect((await api.agent().get('/api/workouts/987654')).status).toBe(404);
    expect((await owner.agent.delete(`/api/workouts/${id}`)).status).toBe(200);
    expect((await api.agent().get(`/api/workouts/${id}`)).status).toBe(404);
    expect((await owner.agent.delete(`/api/workouts/${id}`)).status).toBe(404);
  });
});

function order(s: string) {
  return ['warm-up', 'main workout', 'cool down'].indexOf(s);
}

describe('which generator made a plan', () => {
  it('says the built-in planner made it, in the generated workout, the lists, the detail and the stored document', async () => {
    now = new Date('2096-07-01T08:00:00Z');
    const { agent } = await newUser();
    const gen = await agent.post('/api/generate-workout', request);
    expect(gen.status).toBe(201);
    expect(gen.body.generator).toBe('planner');
    expect((await agent.get('/api/ai-workouts/today')).body.map((w: GeneratedWorkout) => w.generator)).toEqual(['planner']);
    expect((await agent.get('/api/ai-workouts/saved')).body.map((w: GeneratedWorkout) => w.generator)).toEqual(['planner']);
    const detail = await api.agent().get(`/api/workouts/${gen.body.id}`);
    expect(WorkoutPlan.parse(detail.body).generator).toBe('planner');
    expect((await Workout.findOne({ id: gen.body.id }).lean())?.generator).toBe('planner');
  });

  it.each([
    ['no generator (stored before the field existed)', undefined, 'planner'],
    ['the old free text of a checked OpenAI plan', 'openai, checked against the catalogue (2 replaced)', 'openai'],
    ['the old free text of the fallback', 'built-in planner (fallback)', 'planner'],
  ])('reads a plan stored with %s as %s', async (_label, stored, expected) => {
    now = new Date('2096-07-02T08:00:00Z');
    const { agent } = await newUser();
    const gen = await agent.post('/api/generate-workout', request);
    // Written straight to the collection, as an older version of the API left it (no schema enum on the way).
    await Workout.collection.updateOne({ id: gen.body.id }, stored === undefined ? { $unset: { generator: 1 } } : { $set: { generator: stored } });
    expect((await agent.get('/api/ai-workouts/saved')).body[0].generator).toBe(expected);
    expect((await api.agent().get(`/api/workouts/${gen.body.id}`)).body.generator).toBe(expected);
  });
});
