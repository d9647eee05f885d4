import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, CardBody, CardDescription, CardHeader, CardTitle, useCurrentUser } from '@fitconnect/shared-ui';
import { useBookings } from '../api/get-bookings';
import { BookingList } from './BookingList';

const Links = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Upcoming sessions shown on the profile; the rest are on My Sessions. */
export const WIDGET_LIMIT = 3;

/**
 * The profile dashboard's "My Sessions" card (the trainers area's ./dashboardWidget): the next sessions,
 * as client or trainer, with their status and actions; links to My Sessions and, for trainers, My Schedule.
 * Renders nothing when signed out.
 */
export function SessionsDashboardWidget() {
  const { user } = useCurrentUser();
  const q = useBookings({ when: 'upcoming' }, !!user);
  if (!user) return null;
  const waiting = q.data?.filter((b) => b.canConfirm).length ?? 0;

  return (
    <Card as="section" aria-labelledby="my-sessions-title" data-testid="sessions-widget">
      <CardHeader>
        <CardTitle as="h2" id="my-sessions-title">
          My Sessions
        </CardTitle>
        <CardDescription>
          {user.isTrainer && waiting > 0
            ? `${waiting} ${waiting === 1 ? 'request is' : 'requests are'} waiting for your answer.`
            : 'Your next training sessions.'}
        </CardDescription>
      </CardHeader>
      <CardBody>
        <BookingList
          bookings={q.data}
          query={q}
          label="Upcoming sessions"
          limit={WIDGET_LIMIT}
          empty={
            <>
              No upcoming sessions. <Link to="/trainers">Find a trainer</Link> to book one.
            </>
          }
        />
        <Links>
          <Button as={Link} to="/trainers/me/sessions" variant="outline" size="sm">
            All sessions{q.data && q.data.length > WIDGET_LIMIT ? ` (${q.data.length} upcoming)` : ''}
          </Button>
          {user.isTrainer && (
            <Button as={Link} to="/trainers/me/schedule" variant="outline" size="sm">
              My schedule
            </Button>
          )}
        </Links>
      </CardBody>
    </Card>
  );
}
