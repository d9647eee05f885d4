/**
 * What a finished guided session hands on. The session log of the offline issue hooks in at
 * `onWorkoutSessionFinished` (called once when the user presses Done at the end of a session); until then
 * it records nothing.
 */
export interface WorkoutSessionSummary {
  workoutId: number;
  /** Sets completed (not skipped). */
  completedSets: number;
  /** Exercises skipped. */
  skippedExercises: number;
  /** Seconds spent, pauses excluded. */
  elapsedSeconds: number;
  finishedAt: string;
}

/** Hook point for the session log (offline issue): intentionally a no-op for now. */
export function onWorkoutSessionFinished(summary: WorkoutSessionSummary): void {
  void summary;
}
