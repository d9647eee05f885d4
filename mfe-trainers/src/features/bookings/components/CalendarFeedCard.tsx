import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, CardBody, CardDescription, CardHeader, CardTitle, Spinner, apiErrorMessage } from '@fitconnect/shared-ui';
import { Input, Label } from '@fitconnect/shared-ui/forms';
import { ConfirmDialog } from '@fitconnect/shared-ui/widgets';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';
import { LiveStatus } from './BookingList';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  input {
    flex: 1 1 260px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Links = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/**
 * The private calendar feed: a secret URL calendar apps subscribe to (every requested and confirmed session,
 * both roles). Copy it; rotate it when it leaked (the old URL stops working).
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState('');

  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setStatus('Calendar link copied.');
    } catch {
      // No clipboard permission (or an old browser): select the text so it can be copied by hand.
      const input = document.getElementById('calendar-feed-url') as HTMLInputElement | null;
      input?.focus();
      input?.select();
      setStatus('Press Ctrl+C (or Cmd+C) to copy the selected link.');
    }
  };

  return (
    <Card as="section" aria-labelledby="calendar-feed-title">
      <CardHeader>
        <CardTitle as="h2" id="calendar-feed-title">
          Calendar feed
        </CardTitle>
        <CardDescription>
          Subscribe to this private link in your calendar app to see your sessions there. Anyone with the link can see them: keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardBody>
        {feed.isPending ? (
          <Spinner label="Loading your calendar link" />
        ) : showsError(feed) || !feed.data ? (
          <div role="alert">
            <p style={{ marginTop: 0 }}>Your calendar link could not be loaded.</p>
            <Button size="sm" variant="outline" onClick={() => feed.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <Label htmlFor="calendar-feed-url">Your calendar link</Label>
            <Row style={{ marginTop: 6 }}>
              <Input id="calendar-feed-url" readOnly value={feed.data.url} onFocus={(e) => e.currentTarget.select()} />
              <Button size="sm" onClick={copy}>
                Copy link
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
                Make a new link
              </Button>
            </Row>
            <Links>
              <a href={feed.data.webcalUrl}>Subscribe in your calendar app</a>
            </Links>
          </>
        )}
        <LiveStatus role="status" aria-live="polite" style={{ marginTop: 8 }}>
          {status}
        </LiveStatus>
      </CardBody>
      <ConfirmDialog
        open={asking}
        title="Make a new calendar link?"
        message="The old link stops working: calendars subscribed to it stop showing your sessions until you subscribe to the new one."
        confirmLabel="Make a new link"
        cancelLabel="Keep this link"
        tone="primary"
        pending={rotate.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              setStatus('A new calendar link is ready. The old one no longer works.');
            },
            onError: (err) => {
              setAsking(false);
              setStatus(apiErrorMessage(err, 'A new link could not be made. Please try again.'));
            },
          })
        }
      />
    </Card>
  );
}
