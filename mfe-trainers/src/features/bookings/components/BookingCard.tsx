import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  BOOKING_REASON_MAX_LENGTH,
  BOOKING_STATUS_LABELS,
  FREE_CANCELLATION_HOURS,
  SESSION_MODE_LABELS,
  type Booking,
  type BookingStatus,
} from '@fitconnect/contracts/bookings';
import { Badge, Button, apiErrorMessage, focusRing, type BadgeTone } from '@fitconnect/shared-ui';
import { TextArea } from '@fitconnect/shared-ui/forms';
import { Dialog } from '@fitconnect/shared-ui/widgets';
import { bookingIcsUrl } from '../api/get-calendar-feed';
import { useCancelBooking } from '../api/cancel-booking';
import { useConfirmBooking } from '../api/confirm-booking';
import { useDeclineBooking } from '../api/decline-booking';
import { formatTime, formatWhen, viewerTimeZone, zoneCity, zonesDiffer } from '../lib/time';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px ${({ theme }) => theme.space.sm};
`;

const When = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  overflow-wrap: anywhere;
`;

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: 4px;
`;

const TextLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  padding: 0 6px;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  ${focusRing}
`;

const TONES: Record<BookingStatus, BadgeTone> = {
  requested: 'warning',
  confirmed: 'success',
  declined: 'danger',
  cancelled: 'neutral',
  completed: 'info',
  expired: 'neutral',
};

/** A session's status as a badge ('Requested', 'Confirmed', ...). */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge tone={TONES[status]} data-testid="booking-status">
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}

type Action = 'decline' | 'cancel' | null;

export interface BookingCardProps {
  booking: Booking;
  /** Says what happened (the list's aria-live region). */
  onResult: (message: string) => void;
}

/**
 * One session as either side sees it: when (in the viewer's zone, and the trainer's when it differs), with
 * whom, how, its status; and what the viewer may do now (confirm, decline, cancel: the API's can* flags),
 * "Add to calendar" and a link to the conversation.
 */
export function BookingCard({ booking: b, onResult }: BookingCardProps) {
  const [action, setAction] = useState<Action>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmBooking();
  const decline = useDeclineBooking();
  const cancel = useCancelBooking();
  const tz = viewerTimeZone();
  const other = b.role === 'client' ? b.trainer : b.client;
  const otherName = `${other.firstName} ${other.lastName}`.trim();
  const otherUserId = b.role === 'client' ? b.trainer.userId : b.client.id;
  const when = formatWhen(b.start, tz);
  const open = b.status === 'requested' || b.status === 'confirmed';
  const hoursToStart = (Date.parse(b.start) - Date.now()) / 3_600_000;
  const lateIfCancelled = b.role === 'client' && b.status === 'confirmed' && hoursToStart < FREE_CANCELLATION_HOURS;

  const close = () => {
    setAction(null);
    setReason('');
    setError(null);
  };

  const onConfirm = () =>
    confirm.mutate(b.id, {
      onSuccess: () => onResult(`Confirmed: ${otherName}, ${when}.`),
      onError: (err) => onResult(apiErrorMessage(err, 'The request could not be confirmed. Please try again.')),
    });

  const submitReason = () => {
    const mutation = action === 'decline' ? decline : cancel;
    mutation.mutate(
      { id: b.id, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          close();
          if (action === 'decline') onResult(`Declined: ${otherName}, ${when}.`);
          else onResult(`Cancelled: ${when}.${updated.lateCancellation ? ' This was a late cancellation.' : ''}`);
        },
        onError: (err) => setError(apiErrorMessage(err, 'That did not work. Please try again.')),
      },
    );
  };

  const pending = decline.isPending || cancel.isPending;
  const reasonTooLong = reason.trim().length > BOOKING_REASON_MAX_LENGTH;

  return (
    <Item data-testid="booking" aria-labelledby={`booking-${b.id}-when`}>
      <Top>
        <When id={`booking-${b.id}-when`}>{when}</When>
        <Badges>
          <StatusBadge status={b.status} />
          {b.lateCancellation && <Badge tone="danger">Late cancellation</Badge>}
        </Badges>
      </Top>
      <Line>
        {b.role === 'client' ? (
          <>
            With <Link to={`/trainers/${b.trainer.id}`}>{otherName}</Link>
          </>
        ) : (
          <>Client: {otherName}</>
        )}{' '}
        · {SESSION_MODE_LABELS[b.mode]} · {formatTime(b.start, tz)}–{formatTime(b.end, tz)}
        {zonesDiffer(tz, b.timeZone, new Date(b.start)) && (
          <>
            {' '}
            ({formatTime(b.start, b.timeZone)} {zoneCity(b.timeZone)} time)
          </>
        )}
      </Line>
      {b.note && <Line>Note: {b.note}</Line>}
      {(b.status === 'declined' || b.status === 'cancelled') && (
        <Line>
          {b.status === 'declined' ? 'Declined' : 'Cancelled'}
          {b.cancelledBy ? ` by ${b.cancelledBy === b.role ? 'you' : b.cancelledBy === 'trainer' ? 'the trainer' : 'the client'}` : ''}
          {b.reason ? `: ${b.reason}` : '.'}
        </Line>
      )}
      {b.status === 'requested' && b.expiresAt && (
        <Line>
          {b.role === 'trainer' ? 'Answer by' : 'Waiting for the trainer; expires'} {formatWhen(b.expiresAt, tz)}.
        </Line>
      )}
      <Actions>
        {b.canConfirm && (
          <Button size="sm" onClick={onConfirm} loading={confirm.isPending} aria-label={`Confirm session with ${otherName}, ${when}`}>
            Confirm
          </Button>
        )}
        {b.canDecline && (
          <Button size="sm" variant="outline" onClick={() => setAction('decline')} aria-label={`Decline session with ${otherName}, ${when}`}>
            Decline
          </Button>
        )}
        {b.canCancel && (
          <Button size="sm" variant="secondary" onClick={() => setAction('cancel')} aria-label={`Cancel session with ${otherName}, ${when}`}>
            Cancel session
          </Button>
        )}
        {open && (
          <TextLink href={bookingIcsUrl(b.id)} download={`fitconnect-session-${b.id}.ics`} aria-label={`Add to calendar: session with ${otherName}, ${when}`}>
            Add to calendar
          </TextLink>
        )}
        <TextLink as={Link} to={`/messages/${otherUserId}`} aria-label={`Message ${otherName}`}>
          Message
        </TextLink>
      </Actions>

      <Dialog
        open={action !== null}
        onClose={() => {
          if (!pending) close();
        }}
        title={action === 'decline' ? 'Decline this request?' : 'Cancel this session?'}
        description={`${otherName}, ${when}.`}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={pending}>
              {action === 'decline' ? 'Keep request' : 'Keep session'}
            </Button>
            <Button variant="danger" onClick={submitReason} loading={pending} disabled={reasonTooLong}>
              {action === 'decline' ? 'Decline request' : 'Cancel session'}
            </Button>
          </>
        }
      >
        {action === 'cancel' && lateIfCancelled && (
          <Line role="note" style={{ marginBottom: 12 }}>
            It starts in less than {FREE_CANCELLATION_HOURS} hours: cancelling now counts as a late cancellation.
          </Line>
        )}
        <TextArea
          label={`Reason (optional, ${b.role === 'trainer' ? 'the client' : 'the trainer'} sees it)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={BOOKING_REASON_MAX_LENGTH + 50}
          error={reasonTooLong ? `Please keep the reason under ${BOOKING_REASON_MAX_LENGTH} characters` : error ?? undefined}
          data-autofocus
        />
      </Dialog>
    </Item>
  );
}
