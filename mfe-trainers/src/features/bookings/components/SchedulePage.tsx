import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Banner,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  PageContainer,
  PageHeading,
  Spinner,
  Stack,
  apiErrorMessage,
  isApiError,
  useCurrentUser,
} from '@fitconnect/shared-ui';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useMyTrainer } from '../../profile/api/get-my-trainer';
import { useAvailability } from '../api/get-availability';
import { useBookings } from '../api/get-bookings';
import { useUpdateAvailability } from '../api/update-availability';
import { errorsFromIssues, toValues, type ScheduleErrors, type ScheduleValues } from '../lib/schedule-form';
import { viewerTimeZone } from '../lib/time';
import { BookingList } from './BookingList';
import { ScheduleEditor } from './ScheduleEditor';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** On narrow screens the requests come first: they wait for an answer, the schedule does not. */
const SessionsColumn = styled.div`
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    order: -1;
  }
`;

const H3 = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

/**
 * /trainers/me/schedule: the signed-in trainer's weekly availability (the editor) beside the requests
 * waiting for an answer and the confirmed sessions to come.
 */
export function SchedulePage() {
  useDocumentTitle('My Schedule');
  const { user } = useCurrentUser();
  const mine = useMyTrainer(!!user);
  const trainerId = mine.data?.id ?? null;
  const availability = useAvailability(trainerId);

  if (mine.isPending) return <Spinner label="Loading your schedule" center />;
  if (showsError(mine) || !mine.data) {
    return (
      <PageContainer $narrow>
        <EmptyState
          headingAs="h1"
          title={isApiError(mine.error, 404) ? 'No trainer profile' : 'Your schedule could not be loaded'}
          description={
            isApiError(mine.error, 404)
              ? 'Only trainers have a schedule. Clients book sessions on a trainer’s profile.'
              : 'Please try again in a moment.'
          }
          action={
            isApiError(mine.error, 404) ? (
              <Button as={Link} to="/trainers/me/sessions">
                My Sessions
              </Button>
            ) : (
              <Button onClick={() => mine.refetch()}>Try again</Button>
            )
          }
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeading
        subtitle="When clients can book you, and the sessions they asked for."
        actions={
          <>
            <Button as={Link} to={`/trainers/${mine.data.id}`} variant="outline">
              View my profile
            </Button>
            <Button as={Link} to="/trainers/me/sessions" variant="outline">
              My Sessions
            </Button>
          </>
        }
      >
        My Schedule
      </PageHeading>
      <Columns>
        <Card as="section" aria-labelledby="availability-title">
          <CardHeader>
            <CardTitle as="h2" id="availability-title">
              Availability
            </CardTitle>
            <CardDescription>Clients see free times in these hours, after your minimum notice.</CardDescription>
          </CardHeader>
          <CardBody>
            {availability.isPending ? (
              <Spinner label="Loading your availability" />
            ) : showsError(availability) || !availability.data ? (
              <div role="alert">
                <p style={{ marginTop: 0 }}>Your availability could not be loaded.</p>
                <Button size="sm" variant="outline" onClick={() => availability.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <AvailabilityForm trainerId={mine.data.id} initial={toValues(availability.data, viewerTimeZone())} configured={availability.data.configured} />
            )}
          </CardBody>
        </Card>
        <SessionsColumn>
          <TrainerSessions />
        </SessionsColumn>
      </Columns>
    </PageContainer>
  );
}

function AvailabilityForm({ trainerId, initial, configured }: { trainerId: number; initial: ScheduleValues; configured: boolean }) {
  const update = useUpdateAvailability();
  const [serverErrors, setServerErrors] = useState<ScheduleErrors | null>(null);
  const [status, setStatus] = useState('');

  return (
    <Stack $gap="md">
      {!configured && (
        <Banner tone="info" title="Set your hours">
          You have not set your hours yet: clients cannot book you until you do.
        </Banner>
      )}
      <ScheduleEditor
        initial={initial}
        pending={update.isPending}
        serverErrors={serverErrors}
        status={status}
        onSubmit={(body, values) => {
          setServerErrors(null);
          setStatus('');
          update.mutate(
            { trainerId, body },
            {
              onSuccess: () => setStatus('Schedule saved. Clients see your new free times now.'),
              onError: (err) => {
                const json = isApiError(err, 400) ? (err as { json: unknown }).json : null;
                const issues = json && typeof json === 'object' ? (json as { issues?: { path: PropertyKey[]; message: string }[] }).issues : undefined;
                if (issues?.length) setServerErrors(errorsFromIssues(values, issues));
                setStatus(apiErrorMessage(err, 'Your schedule could not be saved. Please try again.'));
              },
            },
          );
        }}
      />
    </Stack>
  );
}

/** The trainer's side: requests to answer, then confirmed sessions to come. */
function TrainerSessions() {
  const q = useBookings({ role: 'trainer', when: 'upcoming' });
  const requests = q.data?.filter((b) => b.status === 'requested');
  const upcoming = q.data?.filter((b) => b.status === 'confirmed');
  return (
    <Card as="section" aria-labelledby="trainer-sessions-title">
      <CardHeader>
        <CardTitle as="h2" id="trainer-sessions-title">
          Requests and sessions
        </CardTitle>
      </CardHeader>
      <CardBody>
        <Stack $gap="lg">
          <section aria-labelledby="requests-title">
            <H3 id="requests-title">Requests{requests?.length ? ` (${requests.length})` : ''}</H3>
            <BookingList
              bookings={requests}
              query={q}
              label="Requests"
              empty="No requests waiting for an answer."
            />
          </section>
          <section aria-labelledby="upcoming-title">
            <H3 id="upcoming-title">Upcoming sessions</H3>
            <BookingList
              bookings={upcoming}
              query={q}
              label="Upcoming sessions"
              empty="No confirmed sessions coming up."
            />
          </section>
        </Stack>
      </CardBody>
    </Card>
  );
}
