import { useNavigate, useParams } from 'react-router-dom';
import { parseRouteId } from '@fitconnect/contracts/workouts';
import { Spinner } from '@fitconnect/shared-ui';
import { useWorkout } from '../../workout-detail/api/get-workout';
import { WorkoutNotFound } from '../../workout-detail/components/WorkoutNotFound';
import { SessionEnd } from '../../history/components/SessionEnd';
import { WorkoutSession } from './WorkoutSession';
import { showsError } from '@fitconnect/shared-ui/patterns';

/**
 * /workout-plan/:id/session: the guided workout as a focused, full-screen mode of its own (issue 28), so the
 * browser's Back leaves it. Exit returns to the plan; the end (or End Workout after some work) shows the session log's
 * form (features/history), then Back to Plan.
 */
export function SessionPage() {
  const params = useParams();
  const id = parseRouteId(params.id);
  const query = useWorkout(id);
  const navigate = useNavigate();

  if (id === null) return <WorkoutNotFound />;
  if (query.isPending) return <Spinner label="Loading workout plan" center />;
  if (showsError(query) || !query.data) return <WorkoutNotFound />;

  const plan = query.data;
  const toPlan = () => navigate(`/workout-plan/${plan.id}`, { replace: true, state: { fromSession: true } });
  return (
    <WorkoutSession
      title={plan.title}
      exercises={plan.exercises}
      onExit={toPlan}
      // The end: the session log's form (Save or Skip records it), then back to the plan.
      renderEnd={(totals) => <SessionEnd workoutId={plan.id} workoutTitle={plan.title} totals={totals} onClose={toPlan} />}
      onDone={toPlan}
    />
  );
}

export default SessionPage;
