import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { parseRouteId, WORKOUT_GENERATOR_LABELS } from '@fitconnect/contracts/workouts';
import {
  Button,
  Card,
  CardBody,
  LineIcon,
  PageContainer,
  PageHeading,
  Spinner,
  Stack,
  useCurrentUser,
  useToast,
} from '@fitconnect/shared-ui';
import { ConfirmDialog } from '@fitconnect/shared-ui/widgets';
import { Play } from 'lucide';
import { useWorkout } from '../api/get-workout';
import { useDeleteWorkout } from '../api/delete-workout';
import { capitalize, formatDuration, formatEquipment } from '../lib/format';
import { WorkoutNotFound } from './WorkoutNotFound';
import { WorkoutSections } from './WorkoutSections';
import { showsError } from '@fitconnect/shared-ui/patterns';

const Hero = styled.div`
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    opacity: 0.95;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Description = styled.p`
  margin: 0;
  line-height: 1.6;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /workout-plan/:id and /workouts/:id (SPEC §2 workout detail). */
export function WorkoutDetailPage() {
  const params = useParams();
  const id = parseRouteId(params.id);
  const query = useWorkout(id);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  // Back from the session (Exit or Done): focus returns to Start Workout.
  const location = useLocation();
  const fromSession = !!(location.state as { fromSession?: boolean } | null)?.fromSession;
  useEffect(() => {
    if (!fromSession) return;
    startRef.current?.scrollIntoView?.({ block: 'center' });
    startRef.current?.focus({ preventScroll: true });
  });
  const del = useDeleteWorkout({
    onSuccess: () => {
      setConfirmOpen(false);
      toast({ title: 'Workout deleted', description: 'Your workout plan has been successfully deleted', variant: 'success' });
      navigate('/profile');
    },
    onError: () => {
      setConfirmOpen(false);
      toast({ title: 'Error', description: 'Failed to delete the workout plan. Please try again.', variant: 'destructive' });
    },
  });

  if (id === null) return <WorkoutNotFound />;
  if (query.isPending) return <Spinner label="Loading workout plan" center />;
  if (showsError(query) || !query.data) return <WorkoutNotFound />;

  const plan = query.data;
  const isOwner = !!user && user.id === plan.userId;

  return (
    <PageContainer>
      <PageHeading
        subtitle={`${plan.duration} minutes · ${capitalize(plan.level)} level · Goal: ${plan.goal}`}
        actions={
          <Actions>
            {/* SPEC §2's Start Workout button; the session is a full-screen route of its own (issue 28). */}
            <Button ref={startRef} onClick={() => navigate(`/workout-plan/${plan.id}/session`)} disabled={plan.exercises.length === 0}>
              <LineIcon icon={Play} size={18} aria-hidden="true" focusable="false" /> Start Workout
            </Button>
            {isOwner && (
              <Button variant="danger" onClick={() => setConfirmOpen(true)} loading={del.isPending}>
                Delete
              </Button>
            )}
          </Actions>
        }
      >
        Your Customized Workout Plan
      </PageHeading>

      <Stack $gap="lg">
        <Hero data-testid="workout-banner">
          <h2>{plan.title}</h2>
          <p>
            {formatDuration(plan.duration)} • {capitalize(plan.level)} • {formatEquipment(plan.equipment)}
          </p>
          <p data-testid="plan-generator">{WORKOUT_GENERATOR_LABELS[plan.generator] ?? WORKOUT_GENERATOR_LABELS.planner}</p>
        </Hero>

        {plan.description && <Description>{plan.description}</Description>}

        <WorkoutSections exercises={plan.exercises} />

        {plan.tips && plan.tips.length > 0 && (
          <Card as="section" aria-labelledby="plan-tips">
            <CardBody>
              <h2 id="plan-tips" style={{ margin: '0 0 8px', fontSize: '1.25rem' }}>
                Tips
              </h2>
              <ul style={{ margin: 0, paddingLeft: '1.3em', lineHeight: 1.6 }}>
                {plan.tips.map((t, i) => (
                  <li key={i}>{t}</li>
                ))}
              </ul>
            </CardBody>
          </Card>
        )}

        <Card as="section" aria-labelledby="find-trainer">
          <CardBody>
            <h2 id="find-trainer" style={{ margin: '0 0 8px', fontSize: '1.25rem' }}>
              Find a Trainer Near You
            </h2>
            <Description>Want expert guidance with this plan? A certified personal trainer can check your form and tailor your progress.</Description>
            <div style={{ marginTop: 12 }}>
              <Button as={Link} to="/trainers" variant="outline">
                Browse Trainers
              </Button>
            </div>
          </CardBody>
        </Card>
      </Stack>

      <ConfirmDialog
        open={confirmOpen}
        title="Delete Workout Plan"
        message="Are you sure you want to delete this workout plan? This action cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        pending={del.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => del.mutate(plan.id)}
      />
    </PageContainer>
  );
}

export default WorkoutDetailPage;
