import { Link, useLocation } from 'react-router-dom';
import type { ChallengeTiming } from '@fitconnect/contracts';
import { Button, LineIcon, signInPath, type ButtonSize } from '@fitconnect/shared-ui';
import { Check } from 'lucide';
import { useJoinChallenge } from '../api/mutations';

export interface JoinButtonProps {
  challengeId: number;
  timing: ChallengeTiming;
  signedIn: boolean;
  joined: boolean;
  /** Label of the join action ('Join' on cards, 'Join Challenge' on the detail page). */
  joinLabel: string;
  /** Label of the disabled button once ended ('Ended' on cards, 'Challenge Ended' on the detail page). */
  endedLabel: string;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Accessible name suffix, e.g. the challenge title on a card. */
  context?: string;
}

/**
 * SPEC §2: Join (signed in, active or upcoming), 'Sign In to Join' (signed out), disabled Ended
 * otherwise. Someone who already takes part sees a disabled 'Joined'.
 */
export function JoinButton({ challengeId, timing, signedIn, joined, joinLabel, endedLabel, size, fullWidth, context }: JoinButtonProps) {
  const join = useJoinChallenge();
  const location = useLocation();
  const label = (text: string) => (context ? `${text}: ${context}` : undefined);
  if (timing === 'ended') {
    return (
      <Button variant="secondary" size={size} fullWidth={fullWidth} disabled aria-label={label(endedLabel)}>
        {endedLabel}
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <Button as={Link} to={signInPath(location.pathname)} size={size} fullWidth={fullWidth} aria-label={label('Sign In to Join')}>
        Sign In to Join
      </Button>
    );
  }
  if (joined) {
    return (
      <Button variant="outline" size={size} fullWidth={fullWidth} disabled aria-label={label('Joined')}>
        <LineIcon icon={Check} size={16} strokeWidth={2.5} aria-hidden="true" focusable="false" /> Joined
      </Button>
    );
  }
  return (
    <Button size={size} fullWidth={fullWidth} loading={join.isPending} onClick={() => join.mutate(challengeId)} aria-label={label(joinLabel)}>
      {joinLabel}
    </Button>
  );
}
