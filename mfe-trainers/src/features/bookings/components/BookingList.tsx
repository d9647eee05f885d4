import { useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Booking } from '@fitconnect/contracts/bookings';
import { Button, Spinner } from '@fitconnect/shared-ui';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { BookingCard } from './BookingCard';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** Says what an action did, for everyone: visible, and read out by screen readers (polite). */
export const LiveStatus = styled.p`
  margin: 0;
  font-weight: 600;
  &:empty {
    display: none;
  }
`;

export interface BookingListProps {
  /** What to list: the query's sessions, or the part of them this list shows (undefined while it has none). */
  bookings: Booking[] | undefined;
  /** The sessions' query: its loading and error states, and Try again. */
  query: UseQueryResult<Booking[]>;
  /** Shown when there are none. */
  empty: ReactNode;
  /** Accessible name of the list. */
  label: string;
  limit?: number;
}

/**
 * Sessions with their loading, empty and error states, and one live region for what was just done. The sessions
 * shown stay when a later refetch fails for the connection (showsError).
 */
export function BookingList({ bookings, query, empty, label, limit }: BookingListProps) {
  const [status, setStatus] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  // After an action its button may be gone (a cancelled session has no Cancel): focus goes to what happened.
  const onResult = (message: string) => {
    setStatus(message);
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  let body: ReactNode;
  if (query.isPending) body = <Spinner label={`Loading ${label.toLowerCase()}`} />;
  else if (showsError(query))
    body = (
      <div role="alert">
        <Muted>Your sessions could not be loaded right now.</Muted>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} style={{ marginTop: 8 }}>
          Try again
        </Button>
      </div>
    );
  else if (!bookings || bookings.length === 0) body = <Muted>{empty}</Muted>;
  else
    body = (
      <List aria-label={label}>
        {bookings.slice(0, limit ?? bookings.length).map((b) => (
          <BookingCard key={b.id} booking={b} onResult={onResult} />
        ))}
      </List>
    );
  return (
    <>
      <LiveStatus ref={statusRef} tabIndex={-1} role="status" aria-live="polite" data-testid="booking-result">
        {status}
      </LiveStatus>
      {body}
    </>
  );
}
