import { useLocation } from 'react-router-dom';
import type { PublicUser } from '@fitconnect/contracts';
import type { GeneratedWorkout, WorkoutPlan } from '@fitconnect/contracts';

export { mockFetch, type Handler, type RecordedCall, type Reply } from '@fitconnect/shared-ui/src/testing';

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
    generator: 'planner',
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
    generator: 'planner',
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
