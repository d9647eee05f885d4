import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { parseRouteId, type GeneratedWorkout } from '@fitconnect/contracts/workouts';
import { Banner, Button, Card, CardBody, PageContainer, PageHeading, Spinner, useCurrentUser, useToast } from '@fitconnect/shared-ui';
import { generateErrorText, useGenerateWorkout } from '../api/generate-workout';
import { useSavedWorkouts } from '../api/get-saved-workouts';
import { useTodayWorkouts } from '../api/get-today-workouts';
import { useDeleteSavedWorkout } from '../api/delete-saved-workout';
import { defaultFormValues, validateForm, valuesFromWorkout, type WorkoutFormErrors, type WorkoutFormValues } from '../lib/form';
import { formatTimeOfDay, nextPlanText } from '../lib/time';
import { GeneratedWorkoutCard } from './GeneratedWorkoutCard';
import { SavedWorkoutsList } from './SavedWorkoutsList';
import { WorkoutForm } from './WorkoutForm';
import { showsError } from '@fitconnect/shared-ui/patterns';

import { GENERATOR_PATH } from './GeneratorGate';

export { GENERATOR_PATH };

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Placeholder = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  padding: ${({ theme }) => theme.space.xl} 0;
`;

interface ShownWorkout {
  workout: GeneratedWorkout;
  origin: 'generated' | 'loaded';
}

/** /ai-workout: the AI workout generator (SPEC §2), inside GeneratorGate (signed-in users only). */
export function GeneratorPage() {
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [searchParams] = useSearchParams();
  const loadParam = searchParams.get('load');
  const loadId = loadParam === null ? null : parseRouteId(loadParam);

  const [values, setValues] = useState<WorkoutFormValues>(defaultFormValues);
  const [errors, setErrors] = useState<WorkoutFormErrors>({});
  const [shown, setShown] = useState<ShownWorkout | null>(null);
  const [showSaved, setShowSaved] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  // Signed out: GeneratorGate (the routes module) has sent the visitor to sign in; this page renders for a signed-in user.

  const today = useTodayWorkouts(isSignedIn);
  const todaysWorkout = today.data?.[0];
  const limitReached = !!todaysWorkout;
  // The banner says when the allowance renews; 'in N h M min' is refreshed once a minute.
  const [, setMinuteTick] = useState(0);
  useEffect(() => {
    if (!limitReached) return;
    const t = setInterval(() => setMinuteTick((n) => n + 1), 60_000);
    return () => clearInterval(t);
  }, [limitReached]);
  const now = new Date();
  const saved = useSavedWorkouts(isSignedIn && (showSaved || loadParam !== null));

  const reveal = () => setTimeout(() => resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), 0);
  // After a generation the new plan leads (issue 28): once it has rendered, scroll to it and move focus to its
  // heading, so the limit banner that now appears above is not the first thing seen or read.
  // (onSuccess runs while the mutation still reads as pending, so this waits for the card to be there.)
  const leadWithPlan = useRef(false);
  useEffect(() => {
    const heading = leadWithPlan.current ? document.getElementById('generated-workout-title') : null;
    if (!heading) return;
    leadWithPlan.current = false;
    (heading.closest('[data-testid="generated-workout"]') ?? heading).scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  });

  const generate = useGenerateWorkout({
    onSuccess: (workout) => {
      setShown({ workout, origin: 'generated' });
      toast({ title: 'Workout Generated!', description: 'Your workout has been created and saved automatically.', variant: 'success' });
      leadWithPlan.current = true;
    },
    onError: (err) => {
      const { title, description } = generateErrorText(err);
      toast({ title, description, variant: 'destructive' });
    },
  });

  const [deletingId, setDeletingId] = useState<number | null>(null);
  const deleteSaved = useDeleteSavedWorkout({
    onSuccess: (id) => {
      setDeletingId(null);
      setShown((s) => (s?.workout.id === id ? null : s));
      toast({ title: 'Workout deleted', description: 'The workout was removed from your saved list.' });
    },
    onError: () => {
      setDeletingId(null);
      toast({ title: 'Error', description: 'Failed to delete workout. Please try again.', variant: 'destructive' });
    },
  });

  const load = (w: GeneratedWorkout) => {
    setValues(valuesFromWorkout(w));
    setErrors({});
    setShown({ workout: w, origin: 'loaded' });
    toast({ title: 'Workout Loaded', description: `"${w.title}" and its original settings are loaded.` });
    reveal();
  };

  // ?load={id}: load that saved workout, then reset the URL to /ai-workout.
  const handledLoad = useRef<string | null>(null);
  useEffect(() => {
    if (loadParam === null || !isSignedIn || handledLoad.current === loadParam) return;
    if (loadId !== null && saved.isPending) return;
    handledLoad.current = loadParam;
    const w = loadId !== null ? saved.data?.find((x) => x.id === loadId) : undefined;
    if (w) load(w);
    else toast({ title: 'Workout not found', description: 'That saved workout could not be found.', variant: 'destructive' });
    navigate(GENERATOR_PATH, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadParam, loadId, isSignedIn, saved.isPending, saved.data]);

  // Today's plan decides which banner leads (the limit one is taller): the page waits for it rather than
  // swapping banners and pushing the form down (issue 35.2). A failed read shows the page with the info banner.
  // (GeneratorGate renders this page for a signed-in user only: it shows the session check and the redirect.)
  if (userLoading || !isSignedIn || today.isPending) return <Spinner label="Loading your workouts" center />;

  const submit = () => {
    const r = validateForm(values);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    generate.mutate(r.request);
  };

  return (
    <PageContainer>
      <PageHeading
        subtitle="Tell us about yourself and your goals, and get a personalised workout plan."
        actions={
          <Button variant="outline" aria-expanded={showSaved} aria-controls={showSaved ? 'saved-workouts' : undefined} onClick={() => setShowSaved((v) => !v)}>
            {showSaved ? 'Hide Saved Workouts' : 'Show Saved Workouts'}
          </Button>
        }
      >
        AI Workout Generator
      </PageHeading>

      <div style={{ marginBottom: 24 }}>
        {limitReached ? (
          <Banner tone="warning" title="Daily Limit Reached">
            You've already generated today's workout: <strong>{todaysWorkout.title}</strong>
            {formatTimeOfDay(todaysWorkout.created_at ?? todaysWorkout.createdAt) &&
              ` at ${formatTimeOfDay(todaysWorkout.created_at ?? todaysWorkout.createdAt)}`}
            . <span data-testid="next-plan-time">{nextPlanText(now)}</span>{' '}
            {'deleted' in todaysWorkout ? (
              'You have since deleted it.'
            ) : (
              <Link to={`/workout-plan/${todaysWorkout.id}`}>View today's workout</Link>
            )}
          </Banner>
        ) : (
          <Banner tone="info" title="One AI workout per day">
            You can generate one AI workout per day. Every workout is saved automatically, and your 5 most recent stay in your saved
            workouts.
          </Banner>
        )}
      </div>

      {showSaved && (
        <div style={{ marginBottom: 24 }}>
          <SavedWorkoutsList
            workouts={saved.data}
            isLoading={saved.isPending}
            isError={showsError(saved)}
            deletingId={deletingId}
            onLoad={load}
            onDelete={(w) => {
              setDeletingId(w.id);
              deleteSaved.mutate(w.id);
            }}
          />
        </div>
      )}

      <Layout>
        <Column>
          <Card>
            <CardBody>
              <h2 style={{ margin: '0 0 16px', fontSize: '1.25rem' }}>Your Preferences</h2>
              <WorkoutForm
                values={values}
                errors={errors}
                onChange={setValues}
                onSubmit={submit}
                disabled={limitReached}
                generating={generate.isPending}
                limitReached={limitReached}
              />
            </CardBody>
          </Card>
        </Column>
        <Column ref={resultRef}>
          {generate.isPending ? (
            <Card>
              <CardBody>
                <Spinner label="Generating your workout" center />
                <Placeholder>Building your personalised workout…</Placeholder>
              </CardBody>
            </Card>
          ) : shown ? (
            <GeneratedWorkoutCard workout={shown.workout} origin={shown.origin} />
          ) : (
            <Card>
              <CardBody>
                <Placeholder>Your workout will appear here once it's generated.</Placeholder>
              </CardBody>
            </Card>
          )}
        </Column>
      </Layout>
    </PageContainer>
  );
}

export default GeneratorPage;
