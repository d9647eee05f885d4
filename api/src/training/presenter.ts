import type { TrainingSession } from '@fitconnect/contracts';
import type { TrainingSessionFields } from './model';

/** A session as its owner sees it (nobody else ever does). */
export function presentSession(s: TrainingSessionFields): TrainingSession {
  return {
    id: s.id,
    clientKey: s.clientKey,
    workoutId: s.workoutId,
    workoutTitle: s.workoutTitle,
    finishedAt: new Date(s.finishedAt).toISOString(),
    durationSeconds: s.durationSeconds,
    completed: s.completed,
    completedSets: s.completedSets,
    exercisesDone: [...s.exercisesDone],
    exercisesSkipped: [...s.exercisesSkipped],
    effort: s.effort ?? null,
    note: s.note ?? '',
    createdAt: new Date(s.createdAt).toISOString(),
  };
}
