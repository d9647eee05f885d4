import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, CardBody, PageContainer, PageHeading, Stack, useCurrentUser, visuallyHidden } from '@fitconnect/shared-ui';
import { TabPanel, Tabs } from '@fitconnect/shared-ui/widgets';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBookings } from '../api/get-bookings';
import { BookingList } from './BookingList';
import { CalendarFeedCard } from './CalendarFeedCard';

type When = 'upcoming' | 'past';

const HiddenHeading = styled.h2`
  ${visuallyHidden}
`;

/** /trainers/me/sessions: the signed-in user's sessions (as a client and, for trainers, as the trainer), upcoming and past, and the calendar feed. */
export function MySessionsPage() {
  useDocumentTitle('My Sessions');
  const { user } = useCurrentUser();
  const [when, setWhen] = useState<When>('upcoming');
  const q = useBookings({ when }, !!user);

  return (
    <PageContainer>
      <PageHeading
        subtitle="Sessions you booked with trainers, and sessions clients booked with you."
        actions={
          user?.isTrainer ? (
            <Button as={Link} to="/trainers/me/schedule" variant="outline">
              My schedule
            </Button>
          ) : (
            <Button as={Link} to="/trainers" variant="outline">
              Find a Trainer
            </Button>
          )
        }
      >
        My Sessions
      </PageHeading>
      <Stack $gap="lg">
        <Card as="section" aria-labelledby="sessions-heading">
          <CardBody>
            <HiddenHeading id="sessions-heading">{when === 'upcoming' ? 'Upcoming sessions' : 'Past sessions'}</HiddenHeading>
            <Stack $gap="md">
              <Tabs
                aria-label="Which sessions"
                idPrefix="sessions"
                value={when}
                onChange={(id) => setWhen(id as When)}
                tabs={[
                  { id: 'upcoming', label: 'Upcoming' },
                  { id: 'past', label: 'Past' },
                ]}
              />
              <TabPanel id={when} value={when} idPrefix="sessions">
                <BookingList
                  bookings={q.data}
                  query={q}
                  label={when === 'upcoming' ? 'Upcoming sessions' : 'Past sessions'}
                  empty={
                    when === 'upcoming' ? (
                      <>
                        No upcoming sessions. <Link to="/trainers">Find a trainer</Link> and book one.
                      </>
                    ) : (
                      'No past sessions yet.'
                    )
                  }
                />
              </TabPanel>
            </Stack>
          </CardBody>
        </Card>
        <CalendarFeedCard />
      </Stack>
    </PageContainer>
  );
}
