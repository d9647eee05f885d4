import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import type { ConversationSummary, PublicUser, TodaysWorkoutList, Trainer, UnreadTotal } from '@fitconnect/contracts';
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  PageContainer,
  Spinner,
  apiRequest,
  currentUserQueryOptions,
  isApiError,
  signInPath,
} from '@fitconnect/shared-ui';
// A lazy page: the patterns' chunk loads with it, never on the landing page.
import { showsError } from '@fitconnect/shared-ui/patterns';
import { DashboardWidgets } from '../federation/DashboardWidgets';
import { Icon } from './icons';
import { focusRing } from './styles';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: 1.2;
    overflow-wrap: anywhere;
    @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;

const Avatar = styled.div`
  width: 64px;
  height: 64px;
  flex-shrink: 0;
  border-radius: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Muted = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * "What now?" and the areas' widgets on the left, the account on the right; on a phone one column: "What
 * now?", the account, then the widgets. The widgets arrive last (their remotes' modules, then their data), so
 * they go where their arrival moves nothing already shown (issue 35.2, zero layout shift). The side column
 * spans both rows; its extra height goes to the widgets' row, never between "What now?" and the widgets.
 */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  grid-template-areas: 'now side' 'widgets side';
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: none;
    grid-template-areas: 'now' 'side' 'widgets';
  }
`;

const Area = styled.div<{ $area: 'now' | 'side' | 'widgets' }>`
  grid-area: ${({ $area }) => $area};
  min-width: 0;
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
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: ${({ theme }) => theme.space.sm};
    }
  }
`;

const StatusLine = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.success};
`;

const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.success};
`;

const SmallText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

function initials(u: PublicUser): string {
  const s = `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();
  return s || u.username.charAt(0).toUpperCase();
}

// ---- "What now?" (issue 28.10): today's plan and messages for a client; enquiries and profile completeness for a trainer.

const NowGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  align-items: stretch;
  & > * {
    height: 100%;
  }
`;

const CardLine = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  line-height: 1.5;
`;

const Big = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  overflow-wrap: anywhere;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  svg {
    color: ${({ theme }) => theme.colors.primary};
    flex-shrink: 0;
  }
`;

const Checklist = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: center;
  }
`;

const Meter = styled.div`
  height: 8px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  margin: 0 0 ${({ theme }) => theme.space.sm};
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const InlineLinks = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRing}
  }
`;

/** The daily allowance renews at 00:00 UTC (the server's day), as the generator says. */
export function nextPlanAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** 'tomorrow at 1:00 AM' / 'today at 11:00 PM', in the user's time. */
export function whenNextPlan(now: Date): string {
  const at = nextPlanAt(now);
  const localDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((localDay(at) - localDay(now)) / 86_400_000);
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : at.toLocaleDateString(undefined, { weekday: 'long' });
  return `${day} at ${at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`;
}

function CardShell({ id, title, description, children, testId }: { id: string; title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card as="section" aria-labelledby={id} data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" id={id}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

const Failed = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <div role="alert">
    <CardLine>{what} could not be loaded right now.</CardLine>
    <Button size="sm" variant="outline" onClick={onRetry}>
      Try Again
    </Button>
  </div>
);

// The "What now?" cards' data, read by the page (which shows itself once they have answered: issue 35.2, a
// card growing from its spinner would push Account Details down on a phone) and handed to each card.
const todayPlanQuery = {
  queryKey: ['profile', '/api/ai-workouts/today'],
  queryFn: () => apiRequest<TodaysWorkoutList>('GET', '/api/ai-workouts/today'),
  staleTime: 0,
  refetchOnMount: 'always',
} as const;
const unreadQuery = { queryKey: ['/api/messages/unread'], queryFn: () => apiRequest<UnreadTotal>('GET', '/api/messages/unread') };
const enquiriesQuery = { queryKey: ['profile', '/api/messages'], queryFn: () => apiRequest<ConversationSummary[]>('GET', '/api/messages'), staleTime: 0 };
const completenessQuery = { queryKey: ['profile', '/api/trainers/me'], queryFn: () => apiRequest<Trainer>('GET', '/api/trainers/me'), staleTime: 0, retry: false };

/** A query has answered, or failed once (a failing query does not hold the page through its retries). */
const answered = (q: { isPending: boolean; failureCount: number; fetchStatus: string }) => !q.isPending || q.failureCount > 0 || q.fetchStatus === 'idle';

/** Today's plan, or when the next one is possible (the workouts API's one-plan-a-day limit). */
function TodayPlanCard({ q }: { q: UseQueryResult<TodaysWorkoutList> }) {
  let body: ReactNode;
  if (q.isPending) body = <Spinner label="Loading today's plan" />;
  else if (showsError(q) || !q.data) body = <Failed what="Today's plan" onRetry={() => void q.refetch()} />;
  else {
    const today = q.data[0];
    const next = <CardLine>Your next plan can be generated {whenNextPlan(new Date())}.</CardLine>;
    if (!today) {
      body = (
        <>
          <CardLine>No plan yet today: one personalised plan a day, built from your level, time and equipment.</CardLine>
          <Button as={Link} to="/ai-workout">
            <Icon name="sparkles" size={18} /> Generate Today&apos;s Plan
          </Button>
        </>
      );
    } else if ('deleted' in today) {
      body = (
        <>
          <CardLine>You deleted today&apos;s plan, &ldquo;{today.title}&rdquo;.</CardLine>
          {next}
        </>
      );
    } else {
      body = (
        <>
          <Big>
            <Icon name="dumbbell" size={22} /> {today.title}
          </Big>
          <CardLine>
            {today.duration} min · {today.difficulty}
          </CardLine>
          {next}
          <Button as={Link} to={`/workout-plan/${today.id}`}>
            Open Today&apos;s Plan
          </Button>
        </>
      );
    }
  }
  return (
    <CardShell id="today-plan-title" title="Today's Plan" testId="today-plan">
      {body}
    </CardShell>
  );
}

/** The messages unread total (the same query the nav badge reads, kept current by the messages area). */
function UnreadCard({ q }: { q: UseQueryResult<UnreadTotal> }) {
  let body: ReactNode;
  if (q.isPending) body = <Spinner label="Loading your messages" />;
  else if (showsError(q) || !q.data) body = <Failed what="Your messages" onRetry={() => void q.refetch()} />;
  else
    body = (
      <>
        <Big>
          <Icon name="chat" size={22} />
          {q.data.total === 0 ? 'No unread messages' : `${q.data.total} unread ${q.data.total === 1 ? 'message' : 'messages'}`}
        </Big>
        <CardLine>{q.data.total === 0 ? 'You are all caught up.' : 'Your trainers are waiting for an answer.'}</CardLine>
        <Button as={Link} to="/messages" variant={q.data.total ? 'primary' : 'outline'}>
          {q.data.total ? 'Read Messages' : 'Open Messages'}
        </Button>
      </>
    );
  return (
    <CardShell id="unread-title" title="Messages" testId="unread-card">
      {body}
    </CardShell>
  );
}

/** A trainer's enquiries: clients whose messages wait for an answer. */
function EnquiriesCard({ q }: { q: UseQueryResult<ConversationSummary[]> }) {
  let body: ReactNode;
  if (q.isPending) body = <Spinner label="Loading your enquiries" />;
  else if (showsError(q) || !q.data) body = <Failed what="Your enquiries" onRetry={() => void q.refetch()} />;
  else {
    const waiting = q.data.filter((c) => c.unreadCount > 0);
    body = (
      <>
        <Big>
          <Icon name="chat" size={22} />
          {waiting.length === 0 ? 'No enquiries waiting' : `${waiting.length} ${waiting.length === 1 ? 'person is' : 'people are'} waiting for a reply`}
        </Big>
        {waiting.length > 0 ? (
          <InlineLinks aria-label="Waiting for a reply">
            {waiting.slice(0, 3).map((c) => (
              <li key={c.conversationId}>
                <Link to={`/messages/${c.partner.id}`}>
                  {`${c.partner.firstName} ${c.partner.lastName}`.trim()} ({c.unreadCount} new)
                </Link>
              </li>
            ))}
          </InlineLinks>
        ) : (
          <CardLine>New enquiries from clients show up here.</CardLine>
        )}
        <Button as={Link} to="/messages" variant="outline">
          All Messages
        </Button>
      </>
    );
  }
  return (
    <CardShell id="enquiries-title" title="Enquiries" testId="enquiries-card">
      {body}
    </CardShell>
  );
}

/** What a trainer profile lacks, in the order worth fixing. */
export function missingProfileFields(t: Trainer): string[] {
  const missing: string[] = [];
  if (!t.profileImage) missing.push('A profile photo');
  if (t.description.trim().length < 80) missing.push('A fuller description (80+ characters)');
  if (t.specialties.length === 0) missing.push('Specialties');
  if (t.certifications.length === 0) missing.push('Certifications');
  if (!t.education.trim()) missing.push('Education');
  if (t.sessionPrice == null) missing.push('A session price');
  if (!t.availableOnline && !t.availableInPerson) missing.push('Online or in-person availability');
  if (!t.instagramHandle && !t.twitterHandle && !t.websiteUrl) missing.push('A website or social link');
  return missing;
}
const PROFILE_FIELDS = 8;

/** The trainer profile's completeness: which fields are missing, linking to the edit page. */
function CompletenessCard({ q }: { q: UseQueryResult<Trainer> }) {
  let body: ReactNode;
  if (q.isPending) body = <Spinner label="Checking your trainer profile" />;
  else if (q.isError && isApiError(q.error) && q.error.status === 404)
    body = (
      <>
        <CardLine>You have no trainer profile yet: clients cannot find you.</CardLine>
        <Button as={Link} to="/trainer-profile">
          Create Trainer Profile
        </Button>
      </>
    );
  else if (showsError(q) || !q.data) body = <Failed what="Your trainer profile" onRetry={() => void q.refetch()} />;
  else {
    const missing = missingProfileFields(q.data);
    const percent = Math.round(((PROFILE_FIELDS - missing.length) / PROFILE_FIELDS) * 100);
    body = (
      <>
        <Big>{percent}% complete</Big>
        <Meter role="progressbar" aria-label="Profile completeness" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${percent}%` }} />
        </Meter>
        {missing.length === 0 ? (
          <CardLine>Everything clients look for is there.</CardLine>
        ) : (
          <>
            <CardLine>Missing:</CardLine>
            <Checklist aria-label="Missing from your profile">
              {missing.map((m) => (
                <li key={m}>
                  <Icon name="alert" size={16} /> {m}
                </li>
              ))}
            </Checklist>
          </>
        )}
        <Button as={Link} to={`/trainer-profile/${q.data.id}/edit`} variant={missing.length ? 'primary' : 'outline'}>
          {missing.length ? 'Complete Your Profile' : 'Edit Trainer Profile'}
        </Button>
      </>
    );
  }
  return (
    <CardShell id="completeness-title" title="Profile Completeness" testId="completeness-card">
      {body}
    </CardShell>
  );
}

export function ProfilePage() {
  const q = useQuery(currentUserQueryOptions);
  const member = !!q.data?.user && !q.data.user.isTrainer;
  const trainer = !!q.data?.user?.isTrainer;
  const today = useQuery({ ...todayPlanQuery, enabled: member });
  const unread = useQuery({ ...unreadQuery, enabled: member });
  const enquiries = useQuery({ ...enquiriesQuery, enabled: trainer });
  const completeness = useQuery({ ...completenessQuery, enabled: trainer });
  // Once shown, the page stays: a refetch or a retry never brings the spinner back.
  const shown = useRef(false);

  useEffect(() => {
    document.title = 'My Profile | FitConnect';
  }, []);

  if (q.isPending) return <Spinner label="Loading your profile" center />;
  // SPEC §2: the profile redirects to /signin when the user cannot be loaded (a 401 answers no user). A refetch
  // that failed for the connection keeps the signed-in user: it does not send the visitor to sign in.
  const user = q.data?.user;
  if (showsError(q) || !user) return <Navigate to={signInPath('/profile')} replace />;
  if (!shown.current && ![today, unread, enquiries, completeness].every(answered)) return <Spinner label="Loading your profile" center />;
  shown.current = true;

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;

  return (
    <PageContainer>
      <Header>
        <Identity>
          <Avatar aria-hidden="true">{initials(user)}</Avatar>
          <div>
            <h1>{fullName}</h1>
            <Muted>@{user.username}</Muted>
            {user.isTrainer && (
              <Badges>
                <Badge tone="primary">Trainer Account</Badge>
                {user.promoTrainer && user.trainerNumber != null && (
                  <Badge tone="warning">Early Access Member #{user.trainerNumber}</Badge>
                )}
              </Badges>
            )}
          </div>
        </Identity>
        <Actions>
          <Button as={Link} to="/edit-profile" variant="outline">
            Edit Profile
          </Button>
          <Button as={Link} to="/profile/notifications" variant="outline">
            Notifications
          </Button>
        </Actions>
      </Header>

      <Columns>
        <Area $area="now">
          <NowGrid>
            {user.isTrainer ? (
              <>
                <EnquiriesCard q={enquiries} />
                <CompletenessCard q={completeness} />
              </>
            ) : (
              <>
                <TodayPlanCard q={today} />
                <UnreadCard q={unread} />
              </>
            )}
          </NowGrid>
        </Area>

        <Area $area="side">
          <Stack>
            {user.isTrainer && (
              <Card as="section" aria-labelledby="trainer-status-title">
                <CardHeader>
                  <CardTitle as="h2" id="trainer-status-title">
                    Trainer Status
                  </CardTitle>
                </CardHeader>
                <CardBody>
                  <StatusLine>
                    <Dot aria-hidden="true" /> Active &amp; Free
                  </StatusLine>
                  <SmallText>
                    Your trainer membership is free: no subscription fees. Set your own schedule and rates on your trainer
                    profile.
                  </SmallText>
                  <Button as={Link} to="/trainer-profile" fullWidth>
                    Manage Trainer Profile
                  </Button>
                </CardBody>
              </Card>
            )}
            <Card as="section" aria-labelledby="profile-details-title">
              <CardHeader>
                <CardTitle as="h2" id="profile-details-title">
                  Account Details
                </CardTitle>
              </CardHeader>
              <CardBody>
                <Details>
                  <dt>Name</dt>
                  <dd>{fullName}</dd>
                  <dt>Username</dt>
                  <dd>{user.username}</dd>
                  <dt>Email</dt>
                  <dd>{user.email}</dd>
                  <dt>Location</dt>
                  <dd>{user.location || 'Not set'}</dd>
                  <dt>Account type</dt>
                  <dd>{user.isTrainer ? 'Trainer' : 'Member'}</dd>
                </Details>
              </CardBody>
            </Card>
          </Stack>
        </Area>

        {/* Every area's own card (sessions, this week's training, challenges), in the areas' order. */}
        <Area $area="widgets">
          <DashboardWidgets />
        </Area>
      </Columns>
    </PageContainer>
  );
}
