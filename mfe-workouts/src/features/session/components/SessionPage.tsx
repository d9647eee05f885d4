import { useNavigate, useParams } from 'react-router-dom';
import { parseRouteId } from '@fitconnect/contracts/workouts';
import { Spinner } from '@fitconnect/shared-ui';
import { useWorkout } from '../../workout-detail/api/get-workout';
import { WorkoutNotFound } from '../../workout-detail/components/WorkoutNotFound';
import { onWorkoutSessionFinished } from '../lib/sessionLog';
import { WorkoutSession } from './WorkoutSession';

/**
 * /workout-plan/:id/session: the guided workout as a focused, full-screen mode of its own (issue 28), so the
 * browser's Back leaves it. Exit and Done return to the plan.
 */
export function SessionPage() {
  const params = useParams();
  const id = parseRouteId(params.id);
  const query = useWorkout(id);
  const navigate = useNavigate();

  if (id === null) return <WorkoutNotFound />;
  if (query.isPending) return <Spinner label="Loading workout plan" center />;
  if (query.isError || !query.data) return <WorkoutNotFound />;

  const plan = query.data;
  const toPlan = () => navigate(`/workout-plan/${plan.id}`, { replace: true, state: { fromSession: true } });
  return (
    <WorkoutSession
      title={plan.title}
      exercises={plan.exercises}
      onExit={toPlan}
      onDone={(totals) => {
        onWorkoutSessionFinished({
          workoutId: plan.id,
          completedSets: totals.completedSets,
          skippedExercises: totals.skippedExercises,
          elapsedSeconds: totals.elapsedSeconds,
          finishedAt: new Date().toISOString(),
        });
        toPlan();
      }}
    />
  );
}

export default SessionPage;
