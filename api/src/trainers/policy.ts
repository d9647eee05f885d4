import { TRAINER_MESSAGES } from '@fitconnect/contracts';
import { forbidden } from '../http/errors';

type Who = { id: number; isTrainer?: boolean };
type OwnedTrainer = { userId: number };

/** Who may do what with a trainer profile (SPEC §6): only its owner edits it; nobody reviews their own. */
export const isOwner = (user: Who, trainer: OwnedTrainer) => user.id === trainer.userId;

export function authorizeEdit(user: Who, trainer: OwnedTrainer): void {
  if (!isOwner(user, trainer)) throw forbidden(TRAINER_MESSAGES.notOwner);
}

export function authorizeReview(user: Who, trainer: OwnedTrainer): void {
  if (isOwner(user, trainer)) throw forbidden(TRAINER_MESSAGES.ownReview);
}

/** Only a trainer account (isTrainer, chosen at sign-up) creates a trainer profile. */
export function authorizeCreateProfile(user: Who): void {
  if (!user.isTrainer) throw forbidden(TRAINER_MESSAGES.trainersOnly);
}
