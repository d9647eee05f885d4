// The workouts area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { lazyPage, type RemoteAreaModule } from '@fitconnect/shared-ui';
import { useDocumentTitle } from './lib/useDocumentTitle';

import { TutorialsPage } from './features/tutorials/components/TutorialsPage';
import { startTrainingAutoSync } from './features/history/lib/autoSync';

// Route-level code splitting: a first visit loads the page it opens (the tutorials do not load the
// generator's form). The tutorial library comes with the routes module: it is the area's top-bar page
// most visited first, and a page split from the routes module loads only after it (then its zod and
// contracts after it in turn): a first switch to it took ~585 ms at 4x CPU split, for 3.3 KB.
const GeneratorPage = lazyPage(() => import('./features/generator/components/GeneratorPage'), 'GeneratorPage');
const WorkoutDetailPage = lazyPage(() => import('./features/workout-detail/components/WorkoutDetailPage'), 'WorkoutDetailPage');
const SessionPage = lazyPage(() => import('./features/session/components/SessionPage'), 'SessionPage');
const MyTrainingPage = lazyPage(() => import('./features/history/components/MyTrainingPage'), 'MyTrainingPage');
const ExerciseDetailPage = lazyPage(() => import('./features/tutorials/components/ExerciseDetail'), 'ExerciseDetailPage');

function AiWorkoutRoute() {
  useDocumentTitle('AI Workout Generator');
  return <GeneratorPage />;
}

function WorkoutPlanRoute() {
  useDocumentTitle('Workout Plan');
  return <WorkoutDetailPage />;
}

function SessionRoute() {
  useDocumentTitle('Workout Session');
  return <SessionPage />;
}

function MyTrainingRoute() {
  useDocumentTitle('My Training');
  return <MyTrainingPage />;
}

function TutorialsRoute() {
  useDocumentTitle('Exercise Tutorials');
  return <TutorialsPage />;
}

// Sessions logged offline are sent when the connection returns and on the next load (nothing loads unless one waits).
startTrainingAutoSync();

/** The workouts area: /my-training, /ai-workout, /workout-plan/:id (also /workouts/:id), /workout-plan/:id/session, /exercise-tutorials, /exercise-tutorials/:slug. */
const workoutsArea: RemoteAreaModule = {
  area: 'workouts',
  routes: [
    // Not requiresAuth: the page itself shows the 'Login Required' toast, then goes to /signin?redirect=/ai-workout.
    { path: '/ai-workout', Component: AiWorkoutRoute, requiresAuth: false },
    { path: '/workout-plan/:id', Component: WorkoutPlanRoute },
    { path: '/workouts/:id', Component: WorkoutPlanRoute },
    // The guided session, full screen over the shell (its own Exit); Back returns to the plan.
    { path: '/workout-plan/:id/session', Component: SessionRoute },
    // Issue 31.5: the signed-in user's session log, streaks and weeks (chart.js loads with this page only).
    { path: '/my-training', Component: MyTrainingRoute, requiresAuth: true },
    { path: '/exercise-tutorials', Component: TutorialsRoute },
    { path: '/exercise-tutorials/:slug', Component: ExerciseDetailPage },
  ],
};

export default workoutsArea;
