import {
  CHALLENGE_ENDED_MESSAGE,
  CHALLENGE_FULL_MESSAGE,
  CHALLENGE_NOT_STARTED_MESSAGE,
  NOT_A_PARTICIPANT_MESSAGE,
  maxProgressPerLog,
  progressCapMessage,
  type ChallengeTiming,
  type ChallengeType,
} from '@fitconnect/contracts';
import { badRequest, conflict, forbidden } from '../http/errors';

/**
 * Who may do what with a challenge:
 * - anyone signed in may create one and join one that is upcoming or active (not ended);
 * - only a participant may log progress, only while the challenge is active, and no more per log than
 *   the plausibility cap (the whole target, or a day's ceiling for the type).
 */
export function assertJoinable(timing: ChallengeTiming): void {
  if (timing === 'ended') throw conflict(CHALLENGE_ENDED_MESSAGE);
}

export const challengeFull = () => conflict(CHALLENGE_FULL_MESSAGE);

export function assertLoggable(timing: ChallengeTiming): void {
  if (timing === 'upcoming') throw conflict(CHALLENGE_NOT_STARTED_MESSAGE);
  if (timing === 'ended') throw conflict(CHALLENGE_ENDED_MESSAGE);
}

export function assertWithinCap(challenge: { type: ChallengeType; target: number; unit: string }, amount: number): void {
  if (amount > maxProgressPerLog(challenge)) {
    throw badRequest(progressCapMessage(challenge), [{ path: ['progress'], message: progressCapMessage(challenge) }]);
  }
}

/** The progress update matched no participation: the caller has not joined. */
export function assertCanLog<T>(participation: T | null): asserts participation is T {
  if (!participation) throw forbidden(NOT_A_PARTICIPANT_MESSAGE);
}

/** Creating: the challenge must end in the future, and may not start long before now. */
export const START_GRACE_MS = 60 * 60 * 1000;
export function assertCreatableDates(body: { startDate: Date; endDate: Date }, now: Date): void {
  if (body.endDate.getTime() <= now.getTime()) {
    throw badRequest('End date must be in the future', [{ path: ['endDate'], message: 'End date must be in the future' }]);
  }
  if (body.startDate.getTime() < now.getTime() - START_GRACE_MS) {
    throw badRequest('Start date cannot be in the past', [{ path: ['startDate'], message: 'Start date cannot be in the past' }]);
  }
}

/** The creator cannot report their own challenge. */
export function authorizeReport(user: { id: number }, challenge: { createdBy: number | null }): void {
  if (challenge.createdBy != null && challenge.createdBy === user.id) throw forbidden('You cannot report your own challenge');
}
