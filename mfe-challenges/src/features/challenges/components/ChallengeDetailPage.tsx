import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { parseRouteId } from '@fitconnect/contracts/challenges';
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  PageContainer,
  Spinner,
  isApiError,
  signInPath,
  useCurrentUser,
} from '@fitconnect/shared-ui';
import { useChallenge } from '../api/get-challenge';
import { LEADERBOARD_MAX_ROWS, LEADERBOARD_TOP_ROWS, useLeaderboard } from '../api/get-leaderboard';
import { useDateTimeZone, useRenderNow } from '../lib/clock';
import { CATEGORY_LABELS, formatAmount, formatDate, formatGoal } from '../lib/format';
import { TIMING_LABELS, daysLeft, durationDays, plural, timingOf } from '../lib/timing';
import { CategoryBadge, CategoryIcon, DifficultyBadge, TimingBadge } from './Badges';
import { Icon } from './icons';
import { JoinButton } from './JoinButton';
import { Leaderboard } from './Leaderboard';
import { LogProgressForm } from './LogProgressForm';
import { BackLink, NotFoundView, showsError } from '@fitconnect/shared-ui/patterns';
import { ProgressBar } from './ProgressBar';
import { ProgressHistory } from './ProgressHistory';
import { ReportChallenge } from './ReportChallenge';
import { StatCards } from './StatCards';


const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Identity = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  flex: 1 1 320px;
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: 1.2;
    overflow-wrap: anywhere;
    @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
  p {
    margin: ${({ theme }) => theme.space.sm} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
    overflow-wrap: anywhere;
  }
`;

const Titles = styled.div`
  min-width: 0;
`;

const ReportRow = styled.div`
  margin-top: 12px;
`;

const Flush = styled.p`
  margin: 0;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Details = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Mine = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const MoreRow = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  display: flex;
  justify-content: center;
`;

/** 10 -> 50 -> 100 -> 500 rows. */
const LIMIT_STEPS = [LEADERBOARD_TOP_ROWS, 50, 100, LEADERBOARD_MAX_ROWS];
const nextLimit = (limit: number) => LIMIT_STEPS.find((n) => n > limit) ?? LEADERBOARD_MAX_ROWS;

function NotFound() {
  return (
    <PageContainer $narrow>
      <NotFoundView
        icon={<Icon name="search" size={32} />}
        title="Challenge Not Found"
        description="This challenge doesn't exist or may have been removed."
        action={{ to: '/challenges', label: 'Back to Challenges' }}
      />
    </PageContainer>
  );
}

/** /challenges/:id (SPEC §2 challenge detail). */
export function ChallengeDetailPage() {
  const params = useParams();
  const id = parseRouteId(params.id);
  const { user, isSignedIn, isLoading: userLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const detail = useChallenge(id, userId, !userLoading);
  // The top 10 and your own rank (issue 35.4); "Show more" asks for more rows, up to the board's 500.
  const [limit, setLimit] = useState<number>(LEADERBOARD_TOP_ROWS);
  const board = useLeaderboard(id, userId, limit, !userLoading);
  // The server's clock and UTC while a server-rendered page hydrates (lib/clock.ts), the browser's after.
  const renderNow = useRenderNow();
  const timeZone = useDateTimeZone();

  if (id === null) return <NotFound />;
  if (detail.isPending) return <Spinner center label="Loading challenge" />;
  if (showsError(detail) || !detail.data) {
    if (isApiError(detail.error, 404)) return <NotFound />;
    return (
      <PageContainer $narrow>
        <div role="alert">
          <EmptyState
            headingAs="h1"
            icon={<Icon name="alert" size={40} />}
            title="Could not load this challenge"
            description="Something went wrong. Please try again."
            action={<Button onClick={() => void detail.refetch()}>Try Again</Button>}
          />
        </div>
      </PageContainer>
    );
  }

  const c = detail.data;
  const now = renderNow;
  const timing = timingOf(c, now);
  const mine = c.myParticipation;
  // Two reads answer these (the detail and the leaderboard, refreshed separately after a join or a log), and
  // counts only grow (nobody leaves a challenge): the larger is the newer, so "Joined" never shows beside a
  // count that does not include you yet.
  const participantCount = Math.max(c.participantCount, board.data?.participantCount ?? 0);
  const completedCount = Math.max(c.completedCount, board.data?.completedCount ?? 0);
  const shown = board.data?.entries.length ?? 0;
  const more = board.data && !board.isPlaceholderData && shown >= limit && limit < LEADERBOARD_MAX_ROWS && participantCount > shown ? nextLimit(limit) : null;

  return (
    <PageContainer>
      <BackLink to="/challenges">Back to Challenges</BackLink>
      <Header>
        <Identity>
          <CategoryIcon category={c.category} size={36} />
          <Titles>
            <h1>{c.title}</h1>
            <Badges>
              <DifficultyBadge difficulty={c.difficulty} />
              <CategoryBadge category={c.category} />
              <TimingBadge timing={timing} />
            </Badges>
            <p>{c.description}</p>
          </Titles>
        </Identity>
        <JoinButton
          challengeId={c.id}
          timing={timing}
          signedIn={isSignedIn}
          joined={!!mine}
          joinLabel="Join Challenge"
          endedLabel="Challenge Ended"
          size="lg"
        />
      </Header>

      <StatCards
        label="Challenge statistics"
        stats={[
          { label: 'Goal', icon: <Icon name="target" />, value: formatGoal(c), testId: 'stat-goal' },
          { label: 'Participants', icon: <Icon name="users" />, value: participantCount, testId: 'stat-participants' },
          { label: 'Days Left', icon: <Icon name="calendar" />, value: daysLeft(c.endDate, now), testId: 'stat-days-left' },
          { label: 'Completed', icon: <Icon name="check" />, value: completedCount, testId: 'stat-completed' },
        ]}
      />

      <Columns>
        <Stack>
          <Card as="section" aria-labelledby="challenge-details-title">
            <CardHeader>
              <CardTitle as="h2" id="challenge-details-title">
                Challenge Details
              </CardTitle>
            </CardHeader>
            <CardBody>
              <Details>
                <dt>Duration</dt>
                <dd>{plural(durationDays(c.startDate, c.endDate), 'day')}</dd>
                <dt>Dates</dt>
                <dd>
                  {formatDate(c.startDate, timeZone)} – {formatDate(c.endDate, timeZone)}
                </dd>
                <dt>Status</dt>
                <dd>{TIMING_LABELS[timing]}</dd>
                <dt>Category</dt>
                <dd>{CATEGORY_LABELS[c.category]}</dd>
                {c.maxParticipants != null && (
                  <>
                    <dt>Spots</dt>
                    <dd data-testid="capacity">
                      {participantCount} / {c.maxParticipants} participants
                    </dd>
                  </>
                )}
              </Details>
              {isSignedIn && user && c.createdBy !== user.id && (
                <ReportRow>
                  <ReportChallenge challenge={c} />
                </ReportRow>
              )}
            </CardBody>
          </Card>

          {timing === 'active' && isSignedIn && (
            <Card as="section" aria-labelledby="log-progress-title">
              <CardHeader>
                <CardTitle as="h2" id="log-progress-title">
                  Log Your Progress
                </CardTitle>
                <CardDescription>
                  {mine ? `Add what you did today. Your total counts towards ${formatGoal(c)}.` : 'Join this challenge to start logging your progress.'}
                </CardDescription>
              </CardHeader>
              <CardBody>{mine ? <LogProgressForm challenge={c} /> : null}</CardBody>
            </Card>
          )}

          {timing === 'active' && !isSignedIn && (
            <Card as="section" aria-labelledby="signin-progress-title">
              <CardHeader>
                <CardTitle as="h2" id="signin-progress-title">
                  Want to take part?
                </CardTitle>
                <CardDescription>Sign in to join this challenge and log your progress.</CardDescription>
              </CardHeader>
              <CardBody>
                <Button as={Link} to={signInPath(`/challenges/${c.id}`)}>
                  Sign In to Log Progress
                </Button>
              </CardBody>
            </Card>
          )}

          {mine && (
            <Card as="section" aria-labelledby="my-progress-title">
              <CardHeader>
                <CardTitle as="h2" id="my-progress-title">
                  Your Progress
                </CardTitle>
              </CardHeader>
              <CardBody>
                <Mine>
                  <div>
                    <strong>
                      {formatAmount(mine.currentProgress)} / {formatGoal(c)}
                    </strong>{' '}
                    {mine.completed && <Badge tone="success">Completed</Badge>}
                  </div>
                  <ProgressBar progress={mine.currentProgress} target={c.target} label="Your progress" />
                </Mine>
                <ProgressHistory participation={mine} unit={c.unit} />
              </CardBody>
            </Card>
          )}
        </Stack>

        <Card as="section" aria-labelledby="leaderboard-title">
          <CardHeader>
            <CardTitle as="h2" id="leaderboard-title">
              Leaderboard
            </CardTitle>
            <CardDescription>Most progress first; ties go to whoever got there first.</CardDescription>
          </CardHeader>
          <CardBody>
            {board.isPending ? (
              <Spinner label="Loading leaderboard" />
            ) : showsError(board) || !board.data ? (
              <Flush role="alert">
                Could not load the leaderboard.{' '}
                <Button size="sm" variant="outline" onClick={() => void board.refetch()}>
                  Try Again
                </Button>
              </Flush>
            ) : (
              <>
                <Leaderboard entries={board.data.entries} me={board.data.me} participantCount={participantCount} target={c.target} unit={c.unit} meId={userId} />
                {more !== null && (
                  <MoreRow>
                    <Button size="sm" variant="outline" onClick={() => setLimit(more)}>
                      Show top {more}
                    </Button>
                  </MoreRow>
                )}
                {board.isPlaceholderData && <Spinner label="Loading more of the leaderboard" />}
              </>
            )}
          </CardBody>
        </Card>
      </Columns>
    </PageContainer>
  );
}
