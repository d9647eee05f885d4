/**
 * Tutorial content for one catalogue exercise, keyed by the planner's id (api/src/workouts/planner/catalogue.ts).
 * Written for a person training alone at home: set-up first, then the movement, then how to finish.
 */
export interface ExerciseContent {
  id: string;
  description: string;
  /** In order; the library numbers them. */
  instructions: string[];
  tips: string[];
}

export const c = (id: string, description: string, instructions: string[], tips: string[]): ExerciseContent => ({
  id,
  description,
  instructions,
  tips,
});
