/**
 * The OpenAI generator with the real `openai` SDK against a fake OpenAI-compatible server on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { INVALID_WORKOUT_DATA, WORKOUT_FORM_DEFAULTS, type WorkoutRequest } from '@fitconnect/contracts';
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import { BuiltInPlanner, CatalogueCheckedGenerator, createGenerator, GeneratorError, OpenAIGenerator, aiWorkoutJsonSchema } from '../../src/workouts/generators';

type Mode = 'success' | 'invalid-json' | 'missing-sections' | 'missing-title' | 'rate-limit' | 'slow' | 'rate-limit-then-success';

const goodWorkout = {
  title: 'Lunchtime Full Body Blast',
  description: 'A quick session.',
  duration: 30,
  difficulty: 'beginner',
  targetMuscleGroups: ['Quads', 'Chest'],
  sections: [
    { name: 'Warm-up', exercises: [{ name: 'Marching in Place', sets: 1, reps: null, restTime: 0, duration: 300, workTime: null, equipment: ['bodyweight'], notes: null }] },
    { name: 'Main Workout', exercises: [{ name: 'Bodyweight Squat', sets: 3, reps: 12, restTime: 60, duration: null, workTime: null, equipment: ['bodyweight'], notes: 'Sit back.' }] },
    { name: 'Cool Down', exercises: [{ name: 'Standing Quad Stretch', sets: 2, reps: null, restTime: 0, duration: 60, workTime: 30, equipment: ['bodyweight'], notes: null }] },
  ],
  tips: ['Breathe.'],
};

let server: http.Server;
let baseURL: string;
let mode: Mode = 'success';
const requests: { body: any; headers: http.IncomingHttpHeaders }[] = [];
const sockets = new Set<Socket>();

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      requests.push({ body: data ? JSON.parse(data) : undefined, headers: req.headers });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        // No keep-alive: every attempt gets a fresh connection, so a test never inherits a closed socket.
        res.writeHead(status, { 'content-type': 'application/json', connection: 'close', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return json(404, { error: { message: 'not found' } });
      switch (mode) {
        case 'success':
          return json(200, completion(JSON.stringify(goodWorkout)));
        case 'invalid-json':
          return json(200, completion('{"title": "Half a workout", "sections": ['));
        case 'missing-sections':
          return json(200, completion(JSON.stringify({ ...goodWorkout, sections: undefined })));
        case 'missing-title':
          return json(200, completion(JSON.stringify({ ...goodWorkout, title: '' })));
        case 'rate-limit':
          return json(429, { error: { message: 'Rate limit reached', type: 'requests' } }, { 'retry-after-ms': '10' });
        case 'rate-limit-then-success':
          if (requests.length === 1) return json(429, { error: { message: 'Rate limit reached' } }, { 'retry-after-ms': '10' });
          return json(200, completion(JSON.stringify(goodWorkout)));
        case 'slow':
          // Never answers in time; the socket is destroyed in afterEach/afterAll.
          return;
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  requests.length = 0;
  for (const s of sockets) s.destroy();
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request: WorkoutRequest = { ...WORKOUT_FORM_DEFAULTS, duration: 30 };
const gen = (timeoutMs = 2000) => new OpenAIGenerator({ apiKey: 'sk-test', baseURL, timeoutMs });

async function failure(p: Promise<unknown>): Promise<GeneratorError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GeneratorError);
    return err as GeneratorError;
  }
  throw new Error('expected the generation to fail');
}

describe('OpenAIGenerator against a fake OpenAI server', () => {
  it('returns the validated workout and asks for strict structured output', async () => {
    mode = 'success';
    const draft = await gen().generate(request);
    expect(draft.title).toBe('Lunchtime Full Body Blast');
    expect(draft.sections.map((s) => s.name)).toEqual(['Warm-up', 'Main Workout', 'Cool Down']);
    expect(draft.sections[1].exercises[0]).toMatchObject({ name: 'Bodyweight Squat', sets: 3, reps: 12, restTime: 60 });
    // nulls from strict mode become absent optional fields
    expect(draft.sections[0].exercises[0].notes).toBeUndefined();

    expect(requests).toHaveLength(1);
    const sent = requests[0];
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.response_format.type).toBe('json_schema');
    expect(sent.body.response_format.json_schema.strict).toBe(true);
    expect(sent.body.response_format.json_schema.schema.required).toEqual(expect.arrayContaining(['title', 'sections']));
    expect(JSON.parse(sent.body.messages[1].content)).toMatchObject({ durationMinutes: 30, equipment: ['bodyweight'] });
  });

  it.each<[Mode]>([['invalid-json'], ['missing-sections'], ['missing-title']])('%s -> Invalid workout data received', async (m) => {
    mode = m;
    const err = await failure(gen().generate(request));
    expect(err.kind).toBe('invalid');
    expect(err.message).toBe(INVALID_WORKOUT_DATA);
  });

  it('429: retries once, then reports the service as busy', async () => {
    mode = 'rate-limit';
    const err = await failure(gen().generate(request));
    expect(err.kind).toBe('rate-limited');
    expect(requests).toHaveLength(2);
  });

  it('429 then success: the one retry recovers', async () => {
    mode = 'rate-limit-then-success';
    const draft = await gen().generate(request);
    expect(draft.title).toBe('Lunchtime Full Body Blast');
    expect(requests).toHaveLength(2);
  });

  it('times out (each attempt), retrying once', async () => {
    mode = 'slow';
    // The fake server never answers, so only the generator's own per-attempt limit can end the call (the
    // SDK's default would wait 10 minutes, far past jest's test timeout): no wall-clock bound needed.
    const err = await failure(gen(250).generate(request));
    expect(err.kind).toBe('timeout');
    expect(requests).toHaveLength(2);
  });
});

describe('generator selection', () => {
  it('uses OpenAI only when OPENAI_API_KEY is set', () => {
    expect(createGenerator({ openaiApiKey: undefined }, {})).toBeInstanceOf(BuiltInPlanner);
    expect(createGenerator({ openaiApiKey: 'sk-x' }, { OPENAI_BASE_URL: baseURL })).toBeInstanceOf(CatalogueCheckedGenerator);
  });

  it('derives a strict JSON schema from the contract (every property required, no extras)', () => {
    const schema = aiWorkoutJsonSchema() as any;
    expect(schema.additionalProperties).toBe(false);
    expect([...schema.required].sort()).toEqual(Object.keys(schema.properties).sort());
    const exercise = schema.properties.sections.items.properties.exercises.items;
    expect([...exercise.required].sort()).toEqual(Object.keys(exercise.properties).sort());
    expect(exercise.additionalProperties).toBe(false);
  });
});

describe('POST /api/generate-workout with OPENAI_API_KEY set (through the app)', () => {
  jest.setTimeout(60_000);
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

  it('uses OpenAI; an invalid answer is a 502 that spends nothing; a good one is saved', async () => {
    const agent = api.agent();
    await signUpAndLogin(agent);

    mode = 'missing-sections';
    const bad = await agent.post('/api/generate-workout', request);
    expect(bad.status).toBe(502);
    expect(bad.body.message).toBe(INVALID_WORKOUT_DATA);
    expect((await agent.get('/api/ai-workouts/today')).body).toEqual([]);

    mode = 'success';
    const good = await agent.post('/api/generate-workout', request);
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ title: 'Lunchtime Full Body Blast', autoSaved: true, duration: 30 });
    expect(requests.some((r) => r.headers.authorization === 'Bearer sk-app')).toBe(true);
    expect((await agent.get('/api/ai-workouts/saved')).body).toHaveLength(1);
  });
});
