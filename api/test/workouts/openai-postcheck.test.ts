/**
 * OpenAI plans held to the catalogue's rules (issue 15), with the real `openai` SDK against a fake server on
 * 127.0.0.1: forbidden equipment and aggravating exercises are replaced by fitting catalogue exercises, the
 * result names its generator, rows link to tutorials only when the catalogue knows them, and repeated upstream
 * failures pause the upstream without spending the day's allowance.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WORKOUT_FORM_DEFAULTS, type WorkoutRequest } from '@fitconnect/contracts';
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import {
  CatalogueCheckedGenerator,
  findProblems,
  GeneratorError,
  OpenAIGenerator,
  UPSTREAM_PAUSED_MESSAGE,
} from '../../src/workouts/generators';
import { findByName } from '../../src/exercises/catalogue';

jest.setTimeout(60_000);

const row = (name: string, equipment: string[], extra: Record<string, unknown> = {}) => ({
  name, sets: 3, reps: 10, restTime: 60, duration: null, workTime: null, equipment, notes: null, ...extra,
});
const timed = (name: string) => ({ ...row(name, ['bodyweight']), sets: 1, reps: null, restTime: 0, duration: 120 });

/** A plan that breaks the rules for a bodyweight-only client with sore knees. */
const offendingPlan = {
  title: 'Leg Day Deluxe',
  description: 'Heavy legs.',
  duration: 30,
  difficulty: 'intermediate',
  targetMuscleGroups: ['Quads'],
  sections: [
    { name: 'Warm-up', exercises: [timed('Marching in Place'), timed('Jumping Jacks')] },
    {
      name: 'Main Workout',
      exercises: [
        row('Barbell Back Squat', ['barbell', 'squat rack']),
        row('Glute Bridge', ['bodyweight']),
        row('Landmine Press', ['barbell']),
        row('Spiderman Crawl', ['bodyweight']),
      ],
    },
    { name: 'Cool Down', exercises: [timed('Supine Spinal Twist')] },
  ],
  tips: ['Go heavy.'],
};

let server: http.Server;
let baseURL: string;
let status = 200;
let answer: unknown = offendingPlan;
let calls = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      if (status !== 200) return res.end(JSON.stringify({ error: { message: 'upstream broke' } }));
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test', object: 'chat.completion', created: 1, model: 'gpt-4o-mini',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer), refusal: null } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
beforeEach(() => {
  status = 200;
  answer = offendingPlan;
  calls = 0;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request: WorkoutRequest = { ...WORKOUT_FORM_DEFAULTS, duration: 30, equipment: ['bodyweight'], injuries: ['knees'] };
const checked = (opts: ConstructorParameters<typeof CatalogueCheckedGenerator>[1] = {}) =>
  new CatalogueCheckedGenerator(new OpenAIGenerator({ apiKey: 'sk-test', baseURL, timeoutMs: 2000, maxRetries: 0 }), opts);

describe('catalogue post-check of OpenAI plans', () => {
  it('finds forbidden equipment (known and unknown names) and exercises that aggravate an injury', () => {
    const problems = findProblems(offendingPlan as never, request);
    expect(problems.map((p) => [p.name, p.reason])).toEqual([
      ['Jumping Jacks', 'aggravates knees'],
      ['Barbell Back Squat', 'aggravates knees'],
      ['Landmine Press', 'needs barbell'],
    ]);
  });

  it('replaces offending exercises with fitting catalogue exercises and says so', async () => {
    const draft = await checked().generate(request, { seed: 1 });
    // Still OpenAI's plan (each replaced row says what it replaced and why).
    expect(draft.generatedBy).toBe('openai');
    expect(findProblems(draft, request)).toEqual([]);
    const names = draft.sections.flatMap((s) => s.exercises.map((x) => x.name));
    expect(names).not.toEqual(expect.arrayContaining(['Barbell Back Squat']));
    expect(names).toEqual(expect.arrayContaining(['Marching in Place', 'Glute Bridge', 'Spiderman Crawl']));
    // Every squat loads the knees: the replacement trains the same prime movers without them or equipment.
    const main = draft.sections[1].exercises;
    const squatAlt = findByName(main[0].name)!.planner;
    expect(squatAlt.primary.some((m) => ['quads', 'glutes'].includes(m))).toBe(true);
    expect(squatAlt.aggravates).not.toContain('knees');
    expect(squatAlt.equipment).toEqual([]);
    expect(main[0].notes).toContain('In place of Barbell Back Squat, which aggravates knees.');
    expect(calls).toBe(1);
  });

  it('passes a plan that keeps the rules unchanged', async () => {
    answer = { ...offendingPlan, sections: [offendingPlan.sections[0], { name: 'Main Workout', exercises: [row('Glute Bridge', ['bodyweight'])] }] };
    (answer as typeof offendingPlan).sections[0] = { name: 'Warm-up', exercises: [timed('Marching in Place')] };
    const draft = await checked().generate(request, { seed: 1 });
    expect(draft.generatedBy).toBe('openai');
    expect(draft.sections[1].exercises[0].name).toBe('Glute Bridge');
  });

  it('after repeated failures stops calling the upstream for a while, then tries again', async () => {
    let now = 1_000_000;
    const gen = checked({ maxFailures: 2, windowMs: 60_000, now: () => now });
    status = 500;
    for (let i = 0; i < 2; i++) await expect(gen.generate(request, { seed: 1 })).rejects.toBeInstanceOf(GeneratorError);
    expect(calls).toBe(2);
    const paused = gen.generate(request, { seed: 1 });
    await expect(paused).rejects.toMatchObject({ kind: 'rate-limited', message: UPSTREAM_PAUSED_MESSAGE });
    expect(calls).toBe(2);
    now += 61_000;
    status = 200;
    await expect(gen.generate(request, { seed: 1 })).resolves.toMatchObject({ title: 'Leg Day Deluxe' });
    expect(calls).toBe(3);
  });
});

describe('through the app', () => {
  let api: TestApi;
  const savedEnv = process.env.OPENAI_BASE_URL;
  beforeAll(async () => {
    process.env.OPENAI_BASE_URL = baseURL;
    api = await startTestApi({ config: { openaiApiKey: 'sk-app' } });
  });
  afterAll(async () => {
    await api?.stop();
    if (savedEnv === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = savedEnv;
  });

  it('saves the checked plan, names its generator, and links only catalogue exercises to tutorials', async () => {
    const agent = api.agent();
    await signUpAndLogin(agent);
    const r = await agent.post('/api/generate-workout', request);
    expect(r.status).toBe(201);
    expect(r.body.generator).toBe('openai');
    const rows = r.body.sections.flatMap((s: { exercises: { name: string; slug?: string }[] }) => s.exercises);
    expect(rows.find((x: { name: string }) => x.name === 'Glute Bridge').slug).toBe('glute-bridge');
    expect(rows.find((x: { name: string }) => x.name === 'Spiderman Crawl').slug).toBeUndefined();

    const detail = await agent.get(`/api/workouts/${r.body.id}`);
    const plan = detail.body.exercises as { name: string; slug?: string }[];
    expect(plan.find((x) => x.name === 'Marching in Place')!.slug).toBe('march-in-place');
    expect(plan.find((x) => x.name === 'Spiderman Crawl')!.slug).toBeUndefined();
    expect(detail.body.generator).toBe('openai');
  });
});
