// The workouts area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { GeneratorPage } from './features/generator/components/GeneratorPage';
import { WorkoutDetailPage } from './features/workout-detail/components/WorkoutDetailPage';
import { TutorialsPage } from './features/tutorials/components/TutorialsPage';
import { ExerciseDetailPage } from './features/tutorials/components/ExerciseDetail';
import { useDocumentTitle } from './lib/useDocumentTitle';

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
