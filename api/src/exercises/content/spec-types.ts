export interface SpecEntry {
  id: string;
  name: string;
  category: string;
  muscleGroups: string[];
  equipment: string[];
  difficulty: string;
  duration: string;
  description: string;
  instructions: string[];
  tips: string[];
}
