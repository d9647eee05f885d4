import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TrainingSession, TrainingSummary } from '@fitconnect/contracts';
import { Badge, Banner, Button, Card, EmptyState, PageContainer, PageHeading, Spinner, focusRing, useCurrentUser, visuallyHidden } from '@fitconnect/shared-ui';
import { useTrainingRefresh, useTrainingSessions, useTrainingSummary } from '../api/training';
import { useQueuedSessions } from '../lib/useQueued';
import { durationText, plural, weekLabel, whenText } from '../lib/format';
import type { QueuedSession } from '../lib/queue';
import { showsError } from '@fitconnect/shared-ui/patterns';

// chart.js comes with this page only (its own chunk, loaded after the page's code).
const WeeklyChart = lazy(() => import('./WeeklyChart'));

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  @media (min-width: 900px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Stat = styled.div`
  display: flex;
  flex-direction: column-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
  small {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Section = styled(Card)`
  padding: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Hidden = styled.div`
  ${visuallyHidden}
`;

const ChartSlot = styled.div`
  height: 240px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const ItemHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const PlanLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: underline;
  text-underline-offset: 3px;
  ${focusRing}
`;

const Note = styled.p`
  && {
    color: ${({ theme }) => theme.colors.text};
    font-style: italic;
  }
`;

const More = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  display: flex;
  justify-content: center;
`;

function WeeksTable({ weeks }: { weeks: TrainingSummary['weeks'] }) {
  return (
    <table data-testid="weeks-table">
      <caption>Sessions and minutes per week, week starting Monday</caption>
      <thead>
        <tr>
          <th scope="col">Week of</th>
          <th scope="col">Sessions</th>
          <th scope="col">Minutes</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.weekStart}>
            <th scope="row">{weekLabel(w.weekStart)}</th>
            <td>{w.sessions}</td>
            <td>{w.minutes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SessionItem({ s, pending }: { s: TrainingSession | QueuedSession['body']; pending?: boolean }) {
  const done = s.exercisesDone?.length ?? 0;
  const skipped = s.exercisesSkipped?.length ?? 0;
  return (
    <Item data-testid="training-session">
      <ItemHead>
        <h3>
          <PlanLink to={`/workout-plan/${s.workoutId}`}>{s.workoutTitle}</PlanLink>
        </h3>
        <span>
          {pending ? <Badge tone="warning">Waiting to sync</Badge> : s.completed ? <Badge tone="success">Completed</Badge> : <Badge tone="neutral">Stopped early</Badge>}
        </span>
      </ItemHead>
      <p>
        <time dateTime={s.finishedAt}>{whenText(s.finishedAt)}</time> · {durationText(s.durationSeconds)} · {plural(done, 'exercise')} done
        {skipped ? `, ${skipped} skipped` : ''}
        {s.effort ? ` · effort ${s.effort}/10` : ''}
      </p>
      {s.note ? <Note>“{s.note}”</Note> : null}
    </Item>
  );
}

function Summary({ data }: { data: TrainingSummary }) {
  return (
    <>
      <Stats data-testid="training-stats">
        <Stat>
          <dt>Current streak</dt>
          <dd>{plural(data.currentStreak, 'day')}</dd>
        </Stat>
        <Stat>
          <dt>Longest streak</dt>
          <dd>{plural(data.longestStreak, 'day')}</dd>
        </Stat>
        <Stat>
          <dt>This week</dt>
          <dd>
            {plural(data.thisWeek.sessions, 'session')}
            <small>{data.thisWeek.minutes} min</small>
          </dd>
        </Stat>
        <Stat>
          <dt>Total</dt>
          <dd>
            {data.totalMinutes.toLocaleString('en-GB')} min
            <small>{plural(data.totalSessions, 'session')}</small>
          </dd>
        </Stat>
      </Stats>
      <Section as="section" aria-labelledby="weeks-title">
        <h2 id="weeks-title">Sessions per week</h2>
        <Suspense fallback={<ChartSlot aria-hidden="true" />}>
          <WeeklyChart weeks={data.weeks} />
        </Suspense>
        <Hidden>
          <WeeksTable weeks={data.weeks} />
        </Hidden>
      </Section>
    </>
  );
}

/**
 * /my-training (issue 31.5): streaks (in the browser's time zone), this week, totals, sessions per week as a
 * chart with the same numbers as a table for screen readers, and the sessions, newest first (those still
 * waiting on this device first, marked).
 */
export function MyTrainingPage() {
  const { user } = useCurrentUser();
  useTrainingRefresh();
  const summary = useTrainingSummary(!!user);
  const sessions = useTrainingSessions();
  const queued = useQueuedSessions(user?.id);
  const [sending, setSending] = useState(false);
  const list = sessions.data?.pages.flatMap((p) => p.sessions) ?? [];
  const storedKeys = new Set(list.map((s) => s.clientKey));
  const waiting = queued.filter((q) => !storedKeys.has(q.body.clientKey));

  const sendNow = async () => {
    setSending(true);
    try {
      const { flushQueue } = await import('../lib/sync');
      await flushQueue(user?.id);
    } finally {
      setSending(false);
    }
  };

  const loading = summary.isPending || sessions.isPending;
  const failed = showsError(summary) || showsError(sessions);
  const empty = !loading && !failed && list.length === 0 && waiting.length === 0;

  return (
    <PageContainer>
      <PageHeading subtitle="Your guided workouts, week by week.">My Training</PageHeading>
      {waiting.length > 0 && (
        <Banner tone="warning" title={`${plural(waiting.length, 'session')} waiting to sync`}>
          {waiting.length === 1 ? 'It is' : 'They are'} saved on this device and will be sent when you’re back online.{' '}
          <Button size="sm" variant="outline" onClick={sendNow} disabled={sending}>
            {sending ? 'Sending…' : 'Send now'}
          </Button>
        </Banner>
      )}
      {loading && <Spinner label="Loading your training" center />}
      {failed && !loading && (
        <Banner tone="danger" title="Your training could not be loaded">
          Check your connection and try again.{' '}
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              void summary.refetch();
              void sessions.refetch();
            }}
          >
            Retry
          </Button>
        </Banner>
      )}
      {empty && (
        <EmptyState
          title="No sessions yet"
          description="Finish a guided workout (Start Workout on a plan) and it shows up here, with your streak."
          action={
            <Button as={Link} to="/ai-workout">
              Get a workout plan
            </Button>
          }
        />
      )}
      {!empty && summary.data && <Summary data={summary.data} />}
      {!empty && !loading && (list.length > 0 || waiting.length > 0) && (
        <Section as="section" aria-labelledby="recent-title">
          <h2 id="recent-title">Recent sessions</h2>
          <List>
            {waiting.map((q) => (
              <SessionItem key={q.body.clientKey} s={q.body} pending />
            ))}
            {list.map((s) => (
              <SessionItem key={s.id} s={s} />
            ))}
          </List>
          {sessions.hasNextPage && (
            <More>
              <Button variant="outline" onClick={() => void sessions.fetchNextPage()} disabled={sessions.isFetchingNextPage}>
                {sessions.isFetchingNextPage ? 'Loading…' : 'Show older sessions'}
              </Button>
            </More>
          )}
        </Section>
      )}
    </PageContainer>
  );
}

export default MyTrainingPage;
