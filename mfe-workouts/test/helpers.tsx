import { useLocation } from 'react-router-dom';
import type { PublicUser } from '@fitconnect/contracts';
import type { GeneratedWorkout, WorkoutPlan } from '@fitconnect/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
export type Handler = (call: RecordedCall) => Reply;

/**
 * Replace global fetch with a router of `'METHOD /path'` -> handler (or fixed reply).
 * Unknown calls answer 404. Returns the list of calls made, in order.
 */
export function mockFetch(routes: Record<string, Handler | { status: number; body?: unknown }>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    let body: unknown = undefined;
    if (typeof init?.body === 'string') body = JSON.parse(init.body);
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`];
    const reply = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? await route(call) : route;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: String(reply.status),
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return calls;
}

/** A promise with its resolver, to hold a reply open (pending states). */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    username: 'alex',
    email: 'alex@example.com',
    firstName: 'Alex',
    lastName: 'Moss',
    location: 'Leeds',
    isTrainer: false,
    promoTrainer: false,
    trainerNumber: null,
    ...over,
  };
}

export const signedIn = (user: PublicUser = makeUser()) => ({ status: 200, body: { user } });
export const signedOut = { status: 200, body: { user: null } };

export function makePlan(over: Partial<WorkoutPlan> = {}): WorkoutPlan {
  return {
    id: 7,
    userId: 1,
    title: 'Full Body Strength Builder',
    duration: 90,
    level: 'intermediate',
    goal: 'strength',
    equipment: ['bodyweight', 'resistance bands'],
    exercises: [
      { id: 1, name: 'Jumping Jacks', section: 'warm-up', sets: null, reps: null, duration: 120 },
      { id: 2, name: 'Arm Circles', section: 'warm-up', sets: null, reps: null, duration: 45 },
      { id: 3, name: 'Push-Ups', section: 'main workout', sets: 3, reps: 12, duration: null },
      { id: 4, name: 'Plank', section: 'main workout', sets: 3, reps: null, duration: 150, workTime: 40, restTime: 15 },
      { id: 5, name: 'Child Pose', section: 'cool down', sets: null, reps: null, duration: 60 },
    ],
    ...over,
  };
}

export function makeGenerated(over: Partial<GeneratedWorkout> = {}): GeneratedWorkout {
  const now = '2026-11-23T09:05:00.000Z';
  return {
    id: 11,
    title: 'Morning Full Body Blast',
    description: 'A balanced session.',
    duration: 45,
    difficulty: 'beginner',
    targetMuscleGroups: ['legs', 'chest'],
    sections: [
      { name: 'Warm-up', exercises: [{ name: 'March in Place', sets: 1, reps: null, restTime: 0, duration: 120 }] },
      { name: 'Main Workout', exercises: [{ name: 'Squats', sets: 3, reps: 12, restTime: 60 }] },
      { name: 'Cool Down', exercises: [{ name: 'Hamstring Stretch', sets: 1, reps: null, restTime: 0, duration: 60 }] },
    ],
    tips: ['Drink water.'],
    autoSaved: true,
    createdAt: now,
    created_at: now,
    age: 30,
    gender: 'prefer-not-to-say',
    fitnessLevel: 'beginner',
    focusArea: 'full body',
    equipment: ['bodyweight'],
    goals: ['general fitness'],
    injuries: [],
    ...over,
  };
}
