// The workouts area's server module (issue 32 stage 2, src/server.tsx): which URLs it renders, and that it fills
// the query client under the very keys the tutorial pages' hooks read (the browser then has every answer).
import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { fakeSsrApi } from '@fitconnect/shared-ui/src/testing';
import { prefetch } from '../src/server';
import { exerciseKey, exercisePageKey } from '../src/features/tutorials/api/exercises';

function setup(answers: Record<string, unknown> = {}) {
  const queryClient = new QueryClient();
  const asked: string[] = [];
  const api = fakeSsrApi(async (path: string) => {
    asked.push(path);
    if (path in answers) return answers[path];
    throw Object.assign(new Error(`${path} answered 404`), { status: 404 });
  });
  return { queryClient, asked, api };
}

test.each(['/my-training', '/ai-workout', '/workout-plan/3', '/workouts/3', '/workout-plan/3/session', '/exercise-tutorials/Bad_Slug', '/trainers'])(
  '%s is not rendered on the server (signed-in pages, not a tutorial): nothing is asked',
  async (url) => {
    const { queryClient, asked, api } = setup();
    await expect(prefetch(url, { queryClient, api })).resolves.toEqual({ ok: false });
    expect(asked).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  },
);

test("the library: its URL's state read as the page reads it (refused values are the default), under the page's key", async () => {
  const page = { items: [], total: 0, page: 2, pageSize: 24, muscleGroups: [] };
  const { queryClient, asked, api } = setup({ '/api/exercises?category=Core&page=2&pageSize=24': page });
  const out = await prefetch('/exercise-tutorials?difficulty=Expert&category=Core&page=2&utm=x', { queryClient, api });
  expect(out.ok).toBe(true);
  expect(asked).toEqual(['/api/exercises?category=Core&page=2&pageSize=24']);
  expect(queryClient.getQueryData(exercisePageKey('category=Core&page=2&pageSize=24'))).toBe(page);
  expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
});

test("a tutorial under the page's key; an unknown one is left to the browser", async () => {
  const planks = { slug: 'planks', name: 'Planks' };
  const { queryClient, api } = setup({ '/api/exercises/planks': planks });
  await expect(prefetch('/exercise-tutorials/planks', { queryClient, api })).resolves.toMatchObject({ ok: true });
  expect(queryClient.getQueryData(exerciseKey('planks'))).toBe(planks);
  await expect(prefetch('/exercise-tutorials/no-such-thing', { queryClient, api })).resolves.toEqual({ ok: false });
});

test('an API failure other than not-found rejects (the host renders the page in the browser)', async () => {
  const queryClient = new QueryClient();
  const api = fakeSsrApi(async () => {
    throw Object.assign(new Error('503'), { status: 503 });
  });
  await expect(prefetch('/exercise-tutorials/planks', { queryClient, api })).rejects.toThrow('503');
  await expect(prefetch('/exercise-tutorials', { queryClient, api })).rejects.toThrow('503');
});
