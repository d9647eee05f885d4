import { forbidden } from '../http/errors';

/** Who may do what with a community review. Authors cannot vote for or report their own review. */
export function isAuthor(user: { id: number }, review: { userId: number | null }): boolean {
  return review.userId !== null && review.userId === user.id;
}

export function authorizeHelpfulVote(user: { id: number }, review: { userId: number | null }): void {
  if (isAuthor(user, review)) throw forbidden('You cannot mark your own review as helpful');
}

export function authorizeReport(user: { id: number }, review: { userId: number | null }): void {
  if (isAuthor(user, review)) throw forbidden('You cannot report your own review');
}
