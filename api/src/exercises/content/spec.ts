/**
 * The ten entries SPEC §3 names, with their texts as the library first shipped them (moved here from
 * mfe-workouts/src/features/tutorials/data/exercises.ts). `plannerId` ties each to the planner's entry for the
 * same movement; the one without a planner entry (forward dumbbell lunges) carries its own planner fields.
 * The video ids were written from memory and could not be verified offline, so they are not embedded.
 */
import type { SpecEntry } from './spec-types';

export const SPEC_ENTRIES: readonly SpecEntry[] = [
  {
    id: 'push-ups',
    name: 'Push-Ups',
    category: 'Upper Body',
    muscleGroups: ['Chest', 'Shoulders', 'Triceps', 'Core'],
    equipment: ['Bodyweight'],
    difficulty: 'Beginner',
    duration: '3 sets of 10-15 reps',
    description:
      'The classic bodyweight press. Builds pushing strength in the chest, shoulders and triceps while the core holds a rigid plank.',
    instructions: [
      'Start in a high plank with hands slightly wider than shoulder-width and fingers pointing forward.',
      'Brace your core and squeeze your glutes so your body forms a straight line from head to heels.',
      'Bend your elbows to about 45 degrees from your body and lower until your chest is just above the floor.',
      'Press the floor away to straighten your arms, keeping the straight body line.',
      'Breathe in on the way down and out on the way up.',
    ],
    tips: [
      'Too hard? Put your hands on a bench or do them from your knees.',
      'Do not let your hips sag or pike up.',
      'Keep your neck neutral: look at the floor slightly ahead of your hands.',
    ],
  },
  {
    id: 'bodyweight-squats',
    name: 'Bodyweight Squats',
    category: 'Lower Body',
    muscleGroups: ['Quadriceps', 'Glutes', 'Hamstrings'],
    equipment: ['Bodyweight'],
    difficulty: 'Beginner',
    duration: '3 sets of 15-20 reps',
    description:
      'A fundamental lower-body movement that strengthens the legs and hips and trains the squat pattern used every day.',
    instructions: [
      'Stand with feet shoulder-width apart, toes turned out slightly.',
      'Brace your core and push your hips back as you bend your knees.',
      'Lower until your thighs are at least parallel to the floor, keeping your chest up.',
      'Keep your knees tracking in line with your toes.',
      'Drive through your whole foot to stand back up, squeezing your glutes at the top.',
    ],
    tips: [
      'Keep your heels on the floor throughout.',
      'Arms forward can help you balance.',
      'Go only as deep as you can while keeping a neutral spine.',
    ],
  },
  {
    id: 'planks',
    name: 'Planks',
    category: 'Core',
    muscleGroups: ['Abdominals', 'Obliques', 'Lower Back', 'Shoulders'],
    equipment: ['Bodyweight'],
    difficulty: 'Beginner',
    duration: '3 holds of 30-60 seconds',
    description:
      'An isometric core hold that teaches you to keep the trunk rigid, the foundation for safe lifting and running.',
    instructions: [
      'Place your forearms on the floor with elbows under your shoulders.',
      'Step your feet back so your body forms a straight line from head to heels.',
      'Brace your abs as if about to be poked in the stomach and squeeze your glutes.',
      'Hold the position while breathing steadily.',
      'Lower your knees to the floor to finish.',
    ],
    tips: [
      'Quality beats time: stop when your hips start to drop.',
      'Push the floor away so your upper back does not sink.',
      'Progress by adding 5-10 seconds per session.',
    ],
  },
  {
    id: 'dumbbell-bench-press',
    name: 'Dumbbell Bench Press',
    category: 'Upper Body',
    muscleGroups: ['Chest', 'Shoulders', 'Triceps'],
    equipment: ['Dumbbells', 'Bench'],
    difficulty: 'Intermediate',
    duration: '3-4 sets of 8-12 reps',
    description:
      'A free-weight press on a flat bench. Each arm works independently, which evens out strength imbalances and allows a deep range of motion.',
    instructions: [
      'Sit on the bench with a dumbbell on each thigh, then lie back bringing the weights to chest level.',
      'Plant your feet, squeeze your shoulder blades together and keep a slight arch in your upper back.',
      'Press the dumbbells up until your arms are straight above your chest.',
      'Lower them slowly to the sides of your chest with elbows about 45 degrees from your body.',
      'Press back up, bringing the dumbbells slightly together at the top.',
    ],
    tips: [
      'Choose a weight you can control for every rep.',
      'Keep your wrists straight over your elbows.',
      'Lower the weights to your thighs before sitting up at the end of a set.',
    ],
  },
  {
    id: 'dumbbell-bent-over-rows',
    name: 'Dumbbell Bent-Over Rows',
    category: 'Upper Body',
    muscleGroups: ['Upper Back', 'Lats', 'Biceps', 'Rear Deltoids'],
    equipment: ['Dumbbells'],
    difficulty: 'Intermediate',
    duration: '3-4 sets of 8-12 reps',
    description:
      'A hinge-position pull that strengthens the upper back and lats, balancing out pressing work and supporting good posture.',
    instructions: [
      'Hold a dumbbell in each hand, feet hip-width apart.',
      'Hinge at the hips with soft knees until your torso is at about 45 degrees, back flat.',
      'Let the dumbbells hang below your shoulders with palms facing each other.',
      'Pull the weights towards your lower ribs, squeezing your shoulder blades together.',
      'Lower them under control until your arms are straight.',
    ],
    tips: [
      'Keep your neck in line with your spine.',
      'Lead with the elbows, not the hands.',
      'Do not jerk the weight up with your lower back.',
    ],
  },
  {
    id: 'dumbbell-lunges',
    name: 'Dumbbell Lunges',
    category: 'Lower Body',
    muscleGroups: ['Quadriceps', 'Glutes', 'Hamstrings', 'Calves'],
    equipment: ['Dumbbells'],
    difficulty: 'Intermediate',
    duration: '3 sets of 10 reps per leg',
    description:
      'A single-leg exercise that builds leg strength, balance and hip stability, with dumbbells held at your sides for load.',
    instructions: [
      'Stand tall holding a dumbbell in each hand at your sides.',
      'Step forward with one leg and lower your hips until both knees are bent to about 90 degrees.',
      'Keep your front knee over your ankle and your torso upright.',
      'Push through the front heel to return to standing.',
      'Alternate legs or complete all reps on one side before switching.',
    ],
    tips: [
      'Take a long enough step that your front heel stays down.',
      'Start without weights until your balance is solid.',
      'Lower the back knee gently towards the floor without banging it.',
    ],
  },
  {
    id: 'deadlifts',
    name: 'Deadlifts',
    category: 'Full Body',
    muscleGroups: ['Hamstrings', 'Glutes', 'Lower Back', 'Upper Back', 'Forearms'],
    equipment: ['Barbell'],
    difficulty: 'Advanced',
    duration: '3-5 sets of 3-6 reps',
    description:
      'Lifting a loaded barbell from the floor to standing. One of the most effective whole-body strength exercises, and the most technical.',
    instructions: [
      'Stand with the bar over your mid-foot, feet hip-width apart.',
      'Hinge down and grip the bar just outside your knees.',
      'Bring your shins to the bar, lift your chest and flatten your back.',
      'Brace your core and push the floor away, keeping the bar close to your legs.',
      'Stand tall with hips and knees locked, then lower the bar along the same path.',
    ],
    tips: [
      'Never round your lower back: lighten the load instead.',
      'Take a big breath and brace before each rep.',
      'Learn the hinge with a light bar or a coach before going heavy.',
    ],
  },
  {
    id: 'barbell-back-squats',
    name: 'Barbell Back Squats',
    category: 'Lower Body',
    muscleGroups: ['Quadriceps', 'Glutes', 'Hamstrings', 'Core', 'Lower Back'],
    equipment: ['Barbell', 'Squat Rack'],
    difficulty: 'Advanced',
    duration: '3-5 sets of 5-8 reps',
    description:
      'The loaded squat with the bar across the upper back. A cornerstone of lower-body strength training, done in a rack for safety.',
    instructions: [
      'Set the bar in the rack at about upper-chest height and step under it, resting it on your upper back.',
      'Grip the bar, lift it out of the rack and take two or three steps back.',
      'Stand with feet shoulder-width apart, toes slightly out, and brace your core.',
      'Sit down between your hips until your thighs are at least parallel, knees tracking your toes.',
      'Drive up through your whole foot, keeping your chest up, and rack the bar when done.',
    ],
    tips: [
      'Set the safety bars just below your lowest squat position.',
      'Keep the bar over your mid-foot the whole time.',
      'Add weight gradually, a small step each session.',
    ],
  },
  {
    id: 'burpees',
    name: 'Burpees',
    category: 'Cardio',
    muscleGroups: ['Full Body', 'Chest', 'Quadriceps', 'Core', 'Shoulders'],
    equipment: ['Bodyweight'],
    difficulty: 'Intermediate',
    duration: '3 rounds of 30-45 seconds',
    description:
      'A squat, plank, push-up and jump in one movement. Raises the heart rate fast and builds conditioning without any equipment.',
    instructions: [
      'Stand with feet shoulder-width apart.',
      'Squat down and place your hands on the floor in front of you.',
      'Jump or step your feet back into a high plank.',
      'Optionally do a push-up, then jump or step your feet back towards your hands.',
      'Explode up into a jump with arms overhead and land softly.',
    ],
    tips: [
      'Step instead of jumping to make it low-impact.',
      'Keep your core tight in the plank so your hips do not sag.',
      'Pace yourself: steady reps beat a fast start and a collapse.',
    ],
  },
  {
    id: 'mountain-climbers',
    name: 'Mountain Climbers',
    category: 'Cardio',
    muscleGroups: ['Core', 'Shoulders', 'Hip Flexors', 'Quadriceps'],
    equipment: ['Bodyweight'],
    difficulty: 'Beginner',
    duration: '3 rounds of 30 seconds',
    description:
      'Running knees-to-chest from a plank. Trains the core and shoulders while getting the heart rate up.',
    instructions: [
      'Start in a high plank with hands under your shoulders.',
      'Drive one knee towards your chest, keeping your hips level.',
      'Switch legs quickly, bringing the other knee in as the first leg goes back.',
      'Keep alternating at a steady, controlled pace.',
      'Breathe rhythmically throughout.',
    ],
    tips: [
      'Keep your shoulders over your wrists.',
      'Slow down to make it a core exercise; speed up for cardio.',
      'Do not bounce your hips up and down.',
    ],
  },
];
