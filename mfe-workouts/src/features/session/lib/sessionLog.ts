/**
 * What a finished (or stopped) guided session hands on to the session log (issue 31.4). The end-of-session
 * form (features/history/components/SessionEnd.tsx) calls `onWorkoutSessionFinished` once, on Save or Skip:
 * the session is queued on this device and sent at once when online, or later (features/history/lib).
 */
import { LogTrainingSessionBody } from '@fitconnect/contracts/training';
// Static, not import(): the session may end offline, when no further chunk can be fetched.
import { recordSession, type SendResult } from '../../history/lib/sync';

export interface WorkoutSessionSummary {
  /** The signed-in user (the queue never sends one account's sessions as another's). */
  userId: number;
  workoutId: number;
  workoutTitle: string;
  /** Sets completed (not skipped). */
  completedSets: number;
  /** Exercises skipped. */
  skippedExercises: number;
  exercisesDone: string[];
  exercisesSkipped: string[];
  /** False when stopped before the end. */
  completed: boolean;
  /** Seconds spent, pauses excluded. */
  elapsedSeconds: number;
  finishedAt: string;
  /** "How hard was it?" 1-10, when answered. */
  effort?: number | null;
  note?: string;
  /** Generated once per finished session, so a second press sends the same session. */
  clientKey: string;
}

/** Records the session: queued locally, then sent (see ../../history/lib/sync.ts). */
export async function onWorkoutSessionFinished(summary: WorkoutSessionSummary): Promise<SendResult> {
  const names = (list: string[]) => list.map((n) => n.trim().slice(0, 100)).filter(Boolean);
  const done = names(summary.exercisesDone).slice(0, 100);
  const body = {
    clientKey: summary.clientKey,
    workoutId: summary.workoutId,
    workoutTitle: summary.workoutTitle.slice(0, 200),
    finishedAt: summary.finishedAt,
    // At least one second: the API refuses an empty session.
    durationSeconds: Math.max(1, Math.min(summary.elapsedSeconds, 8 * 60 * 60)),
    completed: summary.completed,
    completedSets: summary.completedSets,
    exercisesDone: done,
    exercisesSkipped: names(summary.exercisesSkipped).slice(0, 100 - done.length),
    ...(summary.effort ? { effort: summary.effort } : {}),
    ...(summary.note ? { note: summary.note } : {}),
  };
  // The API's own rules (the shared contract): nothing the API would refuse is queued.
  const parsed = LogTrainingSessionBody.safeParse(body);
  if (!parsed.success) return { status: 'rejected', message: parsed.error.issues[0]?.message ?? 'The session could not be saved.' };
  return recordSession(summary.userId, parsed.data);
}
