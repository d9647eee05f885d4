// The workouts area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner, type RemoteAreaModule } from '@fitconnect/shared-ui';
import { useDocumentTitle } from './lib/useDocumentTitle';

// Route-level code splitting: a first visit loads the page it opens (the tutorials need neither the
// generator's forms nor zod and the contracts).
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return function LazyPage() {
    return (
      <Suspense fallback={<Spinner center label="Loading page" />}>
        <Lazy />
      </Suspense>
    );
  };
}
const GeneratorPage = page(() => import('./features/generator/components/GeneratorPage'), 'GeneratorPage');
const WorkoutDetailPage = page(() => import('./features/workout-detail/components/WorkoutDetailPage'), 'WorkoutDetailPage');
const TutorialsPage = page(() => import('./features/tutorials/components/TutorialsPage'), 'TutorialsPage');
const ExerciseDetailPage = page(() => import('./features/tutorials/components/ExerciseDetail'), 'ExerciseDetailPage');

function AiWorkoutRoute() {
  useDocumentTitle('AI Workout Generator');
  return <GeneratorPage />;
}

function WorkoutPlanRoute() {
  useDocumentTitle('Workout Plan');
  return <WorkoutDetailPage />;
}

function TutorialsRoute() {
  useDocumentTitle('Exercise Tutorials');
  return <TutorialsPage />;
}

/** The workouts area: /ai-workout, /workout-plan/:id (also /workouts/:id), /exercise-tutorials, /exercise-tutorials/:slug. */
const workoutsArea: RemoteAreaModule = {
  area: 'workouts',
  routes: [
    // Not requiresAuth: the page itself shows the 'Login Required' toast, then goes to /signin?redirect=/ai-workout.
    { path: '/ai-workout', Component: AiWorkoutRoute, requiresAuth: false },
    { path: '/workout-plan/:id', Component: WorkoutPlanRoute },
    { path: '/workouts/:id', Component: WorkoutPlanRoute },
    { path: '/exercise-tutorials', Component: TutorialsRoute },
    { path: '/exercise-tutorials/:slug', Component: ExerciseDetailPage },
  ],
};

export default workoutsArea;
