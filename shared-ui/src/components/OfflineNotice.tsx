import { useSyncExternalStore, type ReactNode } from 'react';
import styled from 'styled-components';
import { WifiOff } from 'lucide';
import { LineIcon } from '@fitconnect/shared-ui';

/**
 * "You're offline" (issue 31.3): what a page that needs the network shows instead of an error when the
 * browser is offline (trainers search, messages, challenges). The service worker keeps the site itself
 * and the signed-in user's saved plans readable offline; these pages' data is live.
 */

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, kept current (true where unknown, e.g. server rendering). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    () => true,
  );
}

/**
 * True when a failed request failed because there is no connection: the browser says it is offline, or
 * fetch itself rejected (a TypeError: no answer at all) rather than the server answering an error.
 */
export function isOfflineError(err: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return err instanceof TypeError && /fetch|network|load failed/i.test(err.message);
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Icon = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Desc = styled.p`
  margin: 0;
  max-width: 52ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface OfflineNoticeProps {
  /** What needs the connection, as a sentence ("Searching for trainers needs a connection."). */
  children?: ReactNode;
  /** Heading level of the title (default h2). */
  headingAs?: 'h1' | 'h2' | 'h3';
  /** e.g. a "Try again" button. */
  action?: ReactNode;
}

export function OfflineNotice({ children, headingAs = 'h2', action }: OfflineNoticeProps) {
  return (
    <Box role="status" data-offline-notice="">
      <Icon aria-hidden="true">
        <LineIcon icon={WifiOff} size={32} focusable="false" />
      </Icon>
      <Title as={headingAs}>You&apos;re offline</Title>
      <Desc>
        {children ?? 'This page needs a connection.'} It will load again once you&apos;re back online; your saved workout plans work
        offline.
      </Desc>
      {action}
    </Box>
  );
}
