import { forbidden } from '../http/errors';

/** Who may do what with a workout: only its owner may delete it. */
export function canDeleteWorkout(user: { id: number }, workout: { userId: number }): boolean {
  return user.id === workout.userId;
}

export function authorizeDelete(user: { id: number }, workout: { userId: number }): void {
  if (!canDeleteWorkout(user, workout)) throw forbidden('You can only delete your own workouts');
}
