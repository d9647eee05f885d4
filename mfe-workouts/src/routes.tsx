// The workouts area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { matchPath } from 'react-router-dom';
import { lazyPage, preloadablePage, type RemoteAreaModule } from '@fitconnect/shared-ui';
import { useDocumentTitle } from './lib/useDocumentTitle';

import { TutorialsPage } from './features/tutorials/components/TutorialsPage';
import { GeneratorGate } from './features/generator/components/GeneratorGate';
import { startTrainingAutoSync } from './features/history/lib/autoSync';

// Route-level code splitting: a first visit loads the page it opens (the tutorials do not load the
// generator's form). The tutorial library comes with the routes module: it is the area's top-bar page
// most visited first, and a page split from the routes module loads only after it (then its zod and
// contracts after it in turn): a first switch to it took ~585 ms at 4x CPU split, for 3.3 KB.
const GeneratorPage = lazyPage(() => import('./features/generator/components/GeneratorPage'), 'GeneratorPage');
const WorkoutDetailPage = lazyPage(() => import('./features/workout-detail/components/WorkoutDetailPage'), 'WorkoutDetailPage');
const SessionPage = lazyPage(() => import('./features/session/components/SessionPage'), 'SessionPage');
const MyTrainingPage = lazyPage(() => import('./features/history/components/MyTrainingPage'), 'MyTrainingPage');

/*
 * An exercise's tutorial loads when opened, like the pages above, and can be loaded BEFORE it renders (shared-ui's
 * preloadablePage): a server-rendered tutorial (issue 32 stage 2, docs/ssr.md) is hydrated with its module already
 * here (`prepare` below), so its first render in the browser does not suspend. A page that suspends while hydrating
 * stays the server's HTML until its module comes, and any update around it meanwhile (the current user's answer, a
 * theme change) makes React throw that HTML away and render it anew: the same page, but new elements (the <h1> the
 * visitor may already be reading, focus, selection).
 */
const ExerciseDetailPage = preloadablePage(() => import('./features/tutorials/components/ExerciseDetail'), 'ExerciseDetailPage');

/** The tutorial page's module (loaded once; a failed load is tried again next time). */
export function preloadExerciseDetail(): Promise<unknown> {
  return ExerciseDetailPage.preload();
}

function AiWorkoutRoute() {
  useDocumentTitle('AI Workout Generator');
  // A signed-out visitor is sent to sign in before the page's chunk is asked for.
  return (
    <GeneratorGate>
      <GeneratorPage />
    </GeneratorGate>
  );
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
    // Not requiresAuth: GeneratorGate shows the 'Login Required' toast, then goes to /signin?redirect=/ai-workout.
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
  // A server-rendered tutorial (issue 32): its page's module before it hydrates (see preloadExerciseDetail).
  prepare: (pathname) =>
    matchPath('/exercise-tutorials/:slug', pathname) ? preloadExerciseDetail().catch(() => undefined) : Promise.resolve(),
};

export default workoutsArea;
