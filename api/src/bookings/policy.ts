import { BOOKING_MESSAGES, type BookingRole } from '@fitconnect/contracts';
import { forbidden, notFound } from '../http/errors';

type Who = { id: number };
type Participants = { clientId: number; trainerUserId: number };

/** Who may do what with a booking and a schedule. Non-participants learn nothing: 404, as for a missing booking. */

/** The caller's side of the booking, or 404 when they are neither its client nor its trainer. */
export function roleIn(user: Who, b: Participants): BookingRole {
  if (user.id === b.trainerUserId) return 'trainer';
  if (user.id === b.clientId) return 'client';
  throw notFound(BOOKING_MESSAGES.notFound);
}

/** See it, its .ics, cancel it: client or trainer. */
export const authorizeParticipant = roleIn;

/** Confirm or decline: the trainer only (the client gets 403; anyone else 404). */
export function authorizeAnswer(user: Who, b: Participants): void {
  if (roleIn(user, b) !== 'trainer') throw forbidden(BOOKING_MESSAGES.trainerOnly);
}

/** Edit a schedule: the trainer whose profile it is. */
export function authorizeEditAvailability(user: Who, trainer: { userId: number }): void {
  if (user.id !== trainer.userId) throw forbidden(BOOKING_MESSAGES.notOwnerAvailability);
}

/** Book: anyone signed in, except the trainer with themself. */
export function authorizeBook(user: Who, trainer: { userId: number }): void {
  if (user.id === trainer.userId) throw forbidden(BOOKING_MESSAGES.ownTrainer);
}
