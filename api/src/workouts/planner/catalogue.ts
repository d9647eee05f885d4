import type { Equipment, Injury } from '@fitconnect/contracts';
import type { CatalogueExercise, Difficulty, Muscle, Pattern, Use } from './types';

/**
 * The built-in exercise catalogue, written for this project (structure inspired by what an exercise
 * database such as wger keeps: prime movers, helpers, equipment, difficulty, movement pattern).
 * `aggravates` is deliberately conservative: an exercise that loads or provokes a joint is listed against it.
 */
type Extra = Partial<Pick<CatalogueExercise, 'floor' | 'perSide' | 'gentle'>>;

function x(
  id: string,
  name: string,
  uses: Use[],
  pattern: Pattern,
  primary: Muscle[],
  secondary: Muscle[],
  equipment: Equipment[],
  difficulty: Difficulty,
  aggravates: Injury[],
  dose: 'reps' | 'time',
  cue: string,
  extra: Extra = {},
): CatalogueExercise {
  return { id, name, uses, pattern, primary, secondary, equipment, difficulty, aggravates, dose, cue, ...extra };
}

const W: Use[] = ['warm-up'];
const M: Use[] = ['main'];
const C: Use[] = ['cool-down'];
const CF: Use[] = ['cool-down', 'flexibility'];
const WF: Use[] = ['warm-up', 'flexibility'];
const F = { floor: true } as const;
const G = { gentle: true } as const;

export const CATALOGUE: readonly CatalogueExercise[] = [
  // ---------------------------------------------------------------- warm-up: pulse raisers and dynamic mobility
  x('march-in-place', 'Marching in Place', W, 'pulse raiser', ['hip flexors'], ['calves', 'abs'], [], 1, [], 'time', 'Lift knees to hip height and swing the arms; build the pace gradually.', G),
  x('step-jacks', 'Step Jacks', W, 'pulse raiser', ['shoulders', 'calves'], ['glutes'], [], 1, [], 'time', 'Step one foot out as the arms rise overhead, return, alternate sides.', G),
  x('jumping-jacks', 'Jumping Jacks', W, 'pulse raiser', ['calves', 'shoulders'], ['glutes', 'quads'], [], 1, ['knees', 'ankles'], 'time', 'Land softly on the balls of the feet; arms meet overhead.'),
  x('high-knees-easy', 'Easy High Knees', W, 'pulse raiser', ['hip flexors'], ['quads', 'calves'], [], 2, ['knees', 'ankles', 'hips'], 'time', 'Quick light steps, knees up toward hip height, stay tall.'),
  x('butt-kicks', 'Butt Kicks', W, 'pulse raiser', ['hamstrings'], ['calves', 'quads'], [], 1, ['knees', 'ankles'], 'time', 'Jog on the spot bringing the heels toward the glutes.'),
  x('lateral-shuffle', 'Lateral Shuffle', W, 'pulse raiser', ['adductors', 'glutes'], ['quads', 'calves'], [], 2, ['knees', 'ankles'], 'time', 'Stay low in an athletic stance and shuffle side to side without crossing the feet.'),
  x('arm-circles', 'Arm Circles', W, 'dynamic mobility', ['shoulders'], ['upper back'], [], 1, [], 'time', 'Small to large circles forwards, then backwards; keep the ribs down.', G),
  x('shoulder-rolls', 'Shoulder Rolls', W, 'dynamic mobility', ['upper back'], ['shoulders'], [], 1, [], 'time', 'Roll the shoulders up, back and down in slow circles.', G),
  x('wrist-circles', 'Wrist and Forearm Circles', W, 'dynamic mobility', ['forearms'], [], [], 1, [], 'time', 'Interlace the fingers and roll the wrists gently in both directions.', G),
  x('leg-swings', 'Leg Swings', W, 'dynamic mobility', ['hamstrings', 'hip flexors'], ['glutes'], [], 1, ['hips'], 'time', 'Hold a wall and swing one leg front to back within a comfortable range; switch legs.', { perSide: true }),
  x('hip-circles', 'Standing Hip Circles', W, 'dynamic mobility', ['glutes', 'hip flexors'], ['adductors'], [], 1, [], 'time', 'Hands on hips, draw slow wide circles with the pelvis in both directions.', G),
  x('ankle-rocks', 'Ankle Rocks', W, 'dynamic mobility', ['calves'], [], [], 1, [], 'time', 'In a split stance, rock the front knee over the toes and back, heel down.', { ...G, perSide: true }),
  x('torso-rotations', 'Standing Torso Rotations', W, 'dynamic mobility', ['obliques'], ['upper back'], [], 1, [], 'time', 'Feet hip-width, turn the chest side to side with loose arms; hips stay square.', G),
  x('bodyweight-good-morning', 'Bodyweight Good Morning', W, 'dynamic mobility', ['hamstrings'], ['glutes', 'lower back'], [], 1, ['lower back'], 'time', 'Hands behind the head, hinge at the hips with a long spine, then stand tall.'),
  x('squat-to-reach', 'Squat to Overhead Reach', W, 'dynamic mobility', ['quads', 'glutes'], ['shoulders', 'upper back'], [], 1, ['knees'], 'time', 'Sit into a comfortable squat, then stand and reach both arms overhead.'),
  x('walking-knee-hug', 'Knee Hugs', W, 'dynamic mobility', ['glutes', 'hip flexors'], ['hamstrings'], [], 1, ['knees'], 'time', 'Pull one knee to the chest while rising onto the other toes; alternate.'),
  x('inchworm', 'Inchworm', W, 'dynamic mobility', ['hamstrings', 'shoulders'], ['abs', 'chest'], [], 2, ['wrists', 'shoulders', 'lower back'], 'time', 'Hinge down, walk the hands out to a plank, then walk the feet to the hands.'),
  x('band-pull-apart-wu', 'Band Pull-Apart', W, 'dynamic mobility', ['upper back'], ['shoulders'], ['resistance bands'], 1, [], 'time', 'Arms straight at chest height, pull the band apart by squeezing the shoulder blades.', G),
  x('band-pass-through', 'Band Shoulder Pass-Through', W, 'dynamic mobility', ['shoulders'], ['chest', 'upper back'], ['resistance bands'], 2, ['shoulders'], 'time', 'Wide grip, take the band from the hips over the head and behind, arms straight.'),
  x('kettlebell-halo', 'Kettlebell Halo', W, 'dynamic mobility', ['shoulders'], ['upper back', 'abs'], ['kettlebell'], 2, ['shoulders', 'neck'], 'time', 'Hold a light bell by the horns and circle it slowly around the head.'),
  x('foam-roll-thoracic', 'Foam Roller Thoracic Extension', W, 'soft tissue', ['upper back'], ['lats'], ['foam roller'], 1, ['neck'], 'time', 'Roller across the upper back, hands support the head, extend gently over it.'),
  x('glute-bridge-wu', 'Glute Bridge Activation', W, 'dynamic mobility', ['glutes'], ['hamstrings'], [], 1, [], 'time', 'Lying on your back, lift and lower the hips slowly, squeezing the glutes at the top.', { ...F, ...G }),
  x('dead-bug-wu', 'Slow Dead Bug Breathing', W, 'dynamic mobility', ['abs'], ['hip flexors'], [], 1, [], 'time', 'On your back, lower opposite arm and leg slowly while breathing out; back stays flat.', { ...F, ...G }),

  // ---------------------------------------------------------------- mobility (warm-up and flexibility sessions)
  x('cat-cow', 'Cat-Cow', WF, 'dynamic mobility', ['lower back', 'upper back'], ['abs'], [], 1, ['wrists'], 'time', 'On hands and knees, round the spine up, then let it sag gently while lifting the chest.', { ...F, ...G }),
  x('worlds-greatest-stretch', "World's Greatest Stretch", WF, 'dynamic mobility', ['hip flexors', 'hamstrings'], ['upper back', 'glutes'], [], 2, ['hips', 'wrists', 'knees'], 'time', 'From a long lunge, elbow toward the instep, rotate and reach to the sky; switch sides.', { perSide: true }),
  x('thread-the-needle', 'Thread the Needle', WF, 'dynamic mobility', ['upper back'], ['shoulders', 'obliques'], [], 1, ['knees', 'wrists'], 'time', 'On hands and knees, slide one arm under the body, then open it to the ceiling.', { ...F, perSide: true }),
  x('open-book', 'Side-Lying Open Book', WF, 'dynamic mobility', ['upper back'], ['chest', 'obliques'], [], 1, [], 'time', 'Lying on your side, knees bent, open the top arm across to the other side and back.', { ...F, ...G, perSide: true }),
  x('hip-90-90', '90/90 Hip Switch', WF, 'dynamic mobility', ['glutes', 'hip flexors'], ['adductors'], [], 2, ['hips', 'knees'], 'time', 'Seated with both knees at 90 degrees, rotate both legs to the other side with a tall spine.', F),
  x('deep-squat-hold', 'Deep Squat Hold', ['flexibility'], 'dynamic mobility', ['adductors', 'glutes'], ['calves', 'quads'], [], 2, ['knees', 'hips', 'ankles'], 'time', 'Sit into the bottom of a squat, heels down, elbows gently pressing the knees out.'),
  x('downward-dog', 'Downward Dog', WF, 'static stretch', ['hamstrings', 'calves'], ['shoulders', 'lats'], [], 1, ['wrists', 'shoulders'], 'time', 'Hips high, push the floor away, pedal the heels toward the ground.', F),
  x('wall-slides', 'Wall Slides', WF, 'dynamic mobility', ['shoulders', 'upper back'], [], [], 1, ['shoulders'], 'time', 'Back against a wall, slide the forearms up and down keeping contact.'),
  x('band-hamstring-stretch', 'Band-Assisted Hamstring Stretch', CF, 'static stretch', ['hamstrings'], ['calves'], ['resistance bands'], 1, [], 'time', 'Lying down, loop the band over one foot and draw the straight leg up until you feel a stretch.', { ...F, ...G, perSide: true }),

  // ---------------------------------------------------------------- main: bodyweight
  x('push-up', 'Push-Up', M, 'horizontal push', ['chest'], ['triceps', 'shoulders', 'abs'], [], 2, ['wrists', 'shoulders'], 'reps', 'Body in one straight line, lower the chest to just above the floor, press back up.'),
  x('knee-push-up', 'Knee Push-Up', M, 'horizontal push', ['chest'], ['triceps', 'shoulders'], [], 1, ['wrists', 'shoulders', 'knees'], 'reps', 'From the knees, keep hips in line with the shoulders and lower with control.', F),
  x('wall-push-up', 'Wall Push-Up', M, 'horizontal push', ['chest'], ['triceps', 'shoulders'], [], 1, ['wrists'], 'reps', 'Hands on a wall at shoulder height, lean in with a straight body and press away.', G),
  x('diamond-push-up', 'Diamond Push-Up', M, 'elbow extension', ['triceps'], ['chest', 'shoulders'], [], 3, ['wrists', 'shoulders'], 'reps', 'Hands together under the chest, elbows brush the ribs as you lower.'),
  x('pike-push-up', 'Pike Push-Up', M, 'vertical push', ['shoulders'], ['triceps', 'upper back'], [], 2, ['wrists', 'shoulders', 'neck'], 'reps', 'Hips high in an inverted V, lower the head toward the floor between the hands.'),
  x('palm-press', 'Isometric Palm Press', M, 'chest isolation', ['chest'], ['shoulders', 'triceps'], [], 1, [], 'time', 'Press the palms together in front of the chest as hard as is comfortable and breathe steadily.', G),
  x('bodyweight-squat', 'Bodyweight Squat', M, 'squat', ['quads', 'glutes'], ['hamstrings', 'abs'], [], 1, ['knees'], 'reps', 'Feet shoulder-width, sit back and down, knees track over the toes, stand tall.'),
  x('box-squat', 'Bench Box Squat', M, 'squat', ['quads', 'glutes'], ['hamstrings'], ['bench'], 1, ['knees'], 'reps', 'Sit back to touch the bench lightly, then drive up through the whole foot.', G),
  x('reverse-lunge', 'Reverse Lunge', M, 'lunge', ['quads', 'glutes'], ['hamstrings', 'adductors'], [], 2, ['knees', 'hips'], 'reps', 'Step back and lower the back knee toward the floor, front shin near vertical.', { perSide: true }),
  x('lateral-lunge', 'Lateral Lunge', M, 'lunge', ['adductors', 'glutes'], ['quads'], [], 2, ['knees', 'hips'], 'reps', 'Step wide to one side, sit into that hip, the other leg stays straight.', { perSide: true }),
  x('glute-bridge', 'Glute Bridge', M, 'hinge', ['glutes'], ['hamstrings', 'abs'], [], 1, [], 'reps', 'Feet flat, drive the hips up until knees, hips and shoulders line up, pause, lower.', { ...F, ...G }),
  x('single-leg-glute-bridge', 'Single-Leg Glute Bridge', M, 'hinge', ['glutes'], ['hamstrings'], [], 2, [], 'reps', 'One foot down, the other leg extended; lift the hips without twisting.', { ...F, perSide: true }),
  x('wall-sit', 'Wall Sit', M, 'squat', ['quads'], ['glutes'], [], 1, ['knees'], 'time', 'Back flat on the wall, thighs as close to parallel as comfortable, hold.'),
  x('calf-raise', 'Standing Calf Raise', M, 'calf', ['calves'], [], [], 1, ['ankles'], 'reps', 'Rise onto the balls of the feet, pause, lower slowly; hold a wall for balance.'),
  x('side-lying-leg-raise', 'Side-Lying Leg Raise', M, 'hip abduction', ['glutes'], ['obliques'], [], 1, [], 'reps', 'Lying on your side, lift the top leg slightly behind the body, toes forward.', { ...F, ...G, perSide: true }),
  x('clamshell', 'Clamshell', M, 'hip abduction', ['glutes'], [], [], 1, [], 'reps', 'Side-lying with knees bent, open the top knee without rolling the pelvis back.', { ...F, ...G, perSide: true }),
  x('plank', 'Forearm Plank', M, 'anti-extension', ['abs'], ['shoulders', 'glutes'], [], 1, ['shoulders'], 'time', 'Elbows under shoulders, squeeze glutes and brace; do not let the hips sag.', F),
  x('side-plank', 'Side Plank', M, 'anti-rotation', ['obliques'], ['shoulders', 'glutes'], [], 2, ['shoulders'], 'time', 'Elbow under shoulder, lift the hips into a straight line; switch sides.', { ...F, perSide: true }),
  x('dead-bug', 'Dead Bug', M, 'anti-extension', ['abs'], ['hip flexors'], [], 1, [], 'reps', 'Back pressed down, extend opposite arm and leg slowly, return, alternate.', { ...F, ...G }),
  x('bird-dog', 'Bird Dog', M, 'anti-rotation', ['lower back', 'glutes'], ['abs', 'shoulders'], [], 1, ['wrists'], 'reps', 'On hands and knees, reach the opposite arm and leg long, pause, return.', { ...F, ...G }),
  x('heel-taps', 'Supine Heel Taps', M, 'anti-extension', ['abs'], ['hip flexors'], [], 1, [], 'reps', 'Knees bent in the air at 90 degrees, lower one heel to tap the floor, alternate.', { ...F, ...G }),
  x('bicycle-crunch', 'Bicycle Crunch', M, 'rotation', ['obliques', 'abs'], ['hip flexors'], [], 2, ['neck', 'lower back'], 'reps', 'Elbow toward the opposite knee as the other leg extends; do not pull on the neck.', F),
  x('reverse-crunch', 'Reverse Crunch', M, 'trunk flexion', ['abs'], ['hip flexors'], [], 2, ['lower back'], 'reps', 'Curl the knees toward the chest, lifting the hips slightly off the floor, lower slowly.', F),
  x('hollow-hold', 'Hollow Body Hold', M, 'anti-extension', ['abs'], ['hip flexors'], [], 3, ['lower back', 'neck'], 'time', 'Lower back glued to the floor, arms and legs extended just off the ground.', F),
  x('superman', 'Superman Hold', M, 'trunk extension', ['lower back'], ['glutes', 'upper back'], [], 1, ['lower back', 'neck'], 'time', 'Face down, lift arms, chest and legs a few centimetres, gaze down.', F),
  x('scapular-squeeze', 'Scapular Squeeze Hold', M, 'horizontal pull', ['upper back'], ['shoulders'], [], 1, [], 'time', 'Sit or stand tall, draw the shoulder blades back and down, hold, relax.', G),
  x('prone-y-raise', 'Prone Y Raise', M, 'shoulder isolation', ['upper back', 'shoulders'], ['lower back'], [], 1, ['shoulders'], 'reps', 'Face down, thumbs up, lift the arms in a Y shape just off the floor.', F),
  x('floor-dip', 'Floor Triceps Dip', M, 'elbow extension', ['triceps'], ['shoulders'], [], 1, ['wrists', 'shoulders'], 'reps', 'Seated, hands behind the hips fingers forward, lift the hips and bend and straighten the elbows.', F),
  x('close-grip-knee-push-up', 'Close-Grip Knee Push-Up', M, 'elbow extension', ['triceps'], ['chest'], [], 1, ['wrists', 'shoulders', 'knees'], 'reps', 'From the knees with hands under the shoulders, keep the elbows close to the ribs.', F),
  x('wall-lateral-iso', 'Wall Press Lateral Isometric', M, 'shoulder isolation', ['shoulders'], [], [], 1, [], 'time', 'Side-on to a wall, press the back of the wrist into it with a straight arm, hold.', { ...G, perSide: true }),
  x('plank-shoulder-tap', 'Plank Shoulder Taps', M, 'anti-rotation', ['shoulders', 'abs'], ['obliques', 'chest'], [], 2, ['wrists', 'shoulders'], 'reps', 'High plank with feet wide, tap the opposite shoulder without rocking the hips.'),
  x('towel-curl-iso', 'Isometric Towel Curl', M, 'elbow flexion', ['biceps'], ['forearms'], [], 1, [], 'time', 'Stand on the middle of a towel and pull up on its ends with elbows at 90 degrees, hold.', G),
  x('mountain-climber', 'Mountain Climbers', M, 'conditioning', ['abs', 'hip flexors'], ['shoulders', 'quads'], [], 2, ['wrists', 'shoulders', 'hips'], 'time', 'From a high plank, drive the knees in one at a time at a steady fast pace.'),
  x('burpee', 'Burpee', M, 'conditioning', ['quads', 'chest'], ['shoulders', 'abs', 'glutes'], [], 3, ['knees', 'wrists', 'shoulders', 'lower back', 'ankles'], 'time', 'Squat, kick back to a plank, return the feet and jump up with arms overhead.'),
  x('jump-squat', 'Jump Squat', M, 'plyometric', ['quads', 'glutes'], ['calves'], [], 2, ['knees', 'ankles', 'hips'], 'reps', 'Quarter squat then jump; land softly through the whole foot into the next rep.'),
  x('high-knees', 'High Knees', M, 'conditioning', ['hip flexors', 'quads'], ['calves', 'abs'], [], 2, ['knees', 'ankles', 'hips'], 'time', 'Run on the spot driving the knees to hip height with quick arms.'),
  x('skater-hops', 'Skater Hops', M, 'plyometric', ['glutes', 'adductors'], ['quads', 'calves'], [], 2, ['knees', 'ankles'], 'time', 'Bound side to side, landing on one leg with a soft knee.'),
  x('bear-crawl', 'Bear Crawl', M, 'conditioning', ['shoulders', 'abs'], ['quads', 'chest'], [], 2, ['wrists', 'shoulders'], 'time', 'Knees hover just off the floor; crawl forwards and back with a flat back.'),
  x('speed-march', 'Power March with Arm Drive', M, 'conditioning', ['hip flexors', 'glutes'], ['shoulders', 'calves'], [], 1, [], 'time', 'March briskly on the spot, pumping the arms; keep it low-impact and fast.', G),
  x('shadow-boxing', 'Shadow Boxing', M, 'conditioning', ['shoulders'], ['obliques', 'calves'], [], 1, ['shoulders', 'wrists'], 'time', 'Light on the feet, throw relaxed jab-cross combinations, guard up.'),
  x('standing-knee-drive', 'Standing Cross-Body Knee Drive', M, 'conditioning', ['obliques', 'hip flexors'], ['abs'], [], 1, ['hips'], 'time', 'Bring one knee up and across to the opposite elbow, alternate at pace.'),
  x('step-up', 'Step-Up', M, 'lunge', ['quads', 'glutes'], ['hamstrings', 'calves'], ['bench'], 1, ['knees', 'ankles'], 'reps', 'Whole foot on the bench, drive up through the heel, step down with control.', { perSide: true }),
  x('bench-dip', 'Bench Dip', M, 'elbow extension', ['triceps'], ['chest', 'shoulders'], ['bench'], 2, ['shoulders', 'wrists'], 'reps', 'Hands on the bench edge, lower until the elbows reach about 90 degrees, press up.'),
  x('bulgarian-split-squat', 'Bulgarian Split Squat', M, 'lunge', ['quads', 'glutes'], ['adductors', 'hamstrings'], ['bench'], 3, ['knees', 'hips'], 'reps', 'Back foot on the bench, drop straight down, front knee tracks the toes.', { perSide: true }),
  x('pull-up', 'Pull-Up', M, 'vertical pull', ['lats'], ['biceps', 'upper back', 'forearms'], ['pullup bar'], 3, ['shoulders'], 'reps', 'Overhand grip, pull the chest toward the bar, lower to straight arms with control.'),
  x('chin-up', 'Chin-Up', M, 'vertical pull', ['lats', 'biceps'], ['upper back', 'forearms'], ['pullup bar'], 3, ['shoulders', 'wrists'], 'reps', 'Underhand grip, lead with the chest, chin clears the bar.'),
  x('scapular-pull-up', 'Scapular Pull-Up', M, 'vertical pull', ['lats', 'upper back'], ['forearms'], ['pullup bar'], 1, ['shoulders'], 'reps', 'Hang with straight arms and pull the shoulder blades down and back, then relax.'),
  x('hanging-knee-raise', 'Hanging Knee Raise', M, 'trunk flexion', ['abs', 'hip flexors'], ['forearms'], ['pullup bar'], 2, ['shoulders'], 'reps', 'Hang tall, curl the knees up toward the chest without swinging.'),

  // ---------------------------------------------------------------- main: dumbbells
  x('goblet-squat', 'Dumbbell Goblet Squat', M, 'squat', ['quads', 'glutes'], ['abs', 'adductors'], ['dumbbell'], 1, ['knees'], 'reps', 'Hold one dumbbell at the chest, squat between the knees, chest proud.'),
  x('db-rdl', 'Dumbbell Romanian Deadlift', M, 'hinge', ['hamstrings', 'glutes'], ['lower back', 'forearms'], ['dumbbell'], 2, ['lower back'], 'reps', 'Soft knees, push the hips back sliding the weights down the thighs, flat back.'),
  x('db-bench-press', 'Dumbbell Bench Press', M, 'horizontal push', ['chest'], ['triceps', 'shoulders'], ['dumbbell', 'bench'], 2, ['shoulders'], 'reps', 'Lower the dumbbells to the sides of the chest, elbows about 45 degrees, press up.'),
  x('db-floor-press', 'Dumbbell Floor Press', M, 'horizontal push', ['chest', 'triceps'], ['shoulders'], ['dumbbell'], 1, ['wrists'], 'reps', 'Lying on the floor, lower until the upper arms touch down, press to lockout.', F),
  x('db-row', 'Dumbbell Bent-Over Row', M, 'horizontal pull', ['lats', 'upper back'], ['biceps', 'lower back'], ['dumbbell'], 2, ['lower back'], 'reps', 'Hinge to 45 degrees, row the dumbbells to the hips, squeeze the shoulder blades.'),
  x('db-bench-row', 'One-Arm Dumbbell Row', M, 'horizontal pull', ['lats', 'upper back'], ['biceps'], ['dumbbell', 'bench'], 1, [], 'reps', 'One hand and knee on the bench, row the dumbbell to the hip, lower fully.', { perSide: true }),
  x('db-shoulder-press', 'Dumbbell Shoulder Press', M, 'vertical push', ['shoulders'], ['triceps', 'upper back'], ['dumbbell'], 2, ['shoulders', 'neck'], 'reps', 'Press from shoulder height to overhead, ribs down, without arching the back.'),
  x('db-lateral-raise', 'Dumbbell Lateral Raise', M, 'shoulder isolation', ['shoulders'], ['upper back'], ['dumbbell'], 1, ['shoulders'], 'reps', 'Slight bend in the elbows, raise the arms to shoulder height, lower slowly.'),
  x('db-curl', 'Dumbbell Biceps Curl', M, 'elbow flexion', ['biceps'], ['forearms'], ['dumbbell'], 1, ['wrists'], 'reps', 'Elbows pinned to the sides, curl up, lower over two to three seconds.'),
  x('hammer-curl', 'Hammer Curl', M, 'elbow flexion', ['biceps', 'forearms'], [], ['dumbbell'], 1, [], 'reps', 'Palms facing each other, curl without swinging the torso.', G),
  x('db-overhead-extension', 'Dumbbell Overhead Triceps Extension', M, 'elbow extension', ['triceps'], ['shoulders'], ['dumbbell'], 2, ['shoulders'], 'reps', 'One dumbbell overhead in both hands, bend the elbows behind the head, extend.'),
  x('db-lying-extension', 'Dumbbell Lying Triceps Extension', M, 'elbow extension', ['triceps'], [], ['dumbbell'], 2, [], 'reps', 'Lying down, upper arms vertical, bend the elbows to lower the weights beside the head.', F),
  x('db-reverse-lunge', 'Dumbbell Reverse Lunge', M, 'lunge', ['quads', 'glutes'], ['hamstrings', 'forearms'], ['dumbbell'], 2, ['knees', 'hips'], 'reps', 'Dumbbells at the sides, step back and lower under control, drive through the front foot.', { perSide: true }),
  x('db-reverse-fly', 'Dumbbell Reverse Fly', M, 'horizontal pull', ['upper back', 'shoulders'], [], ['dumbbell'], 1, ['lower back'], 'reps', 'Hinged forward, raise the arms out to the sides leading with the elbows.'),
  x('db-thruster', 'Dumbbell Thruster', M, 'conditioning', ['quads', 'shoulders'], ['glutes', 'triceps', 'abs'], ['dumbbell'], 3, ['knees', 'shoulders', 'lower back'], 'reps', 'Front squat the dumbbells, then use the drive up to press them overhead.'),
  x('farmer-carry', "Farmer's Carry", M, 'carry', ['forearms', 'upper back'], ['abs', 'glutes'], ['dumbbell'], 1, [], 'time', 'Heavy dumbbells at the sides, walk tall with short quick steps.'),
  x('db-pullover', 'Dumbbell Pullover', M, 'vertical pull', ['lats', 'chest'], ['triceps'], ['dumbbell', 'bench'], 2, ['shoulders'], 'reps', 'Lying across the bench, lower one dumbbell behind the head with nearly straight arms.'),
  x('db-step-up', 'Dumbbell Step-Up', M, 'lunge', ['quads', 'glutes'], ['hamstrings'], ['dumbbell', 'bench'], 2, ['knees', 'ankles'], 'reps', 'Dumbbells at the sides, step onto the bench and stand fully before stepping down.', { perSide: true }),
  x('db-calf-raise', 'Dumbbell Calf Raise', M, 'calf', ['calves'], [], ['dumbbell'], 1, ['ankles'], 'reps', 'Hold a dumbbell, rise high onto the toes and lower slowly.'),
  x('db-fly', 'Dumbbell Chest Fly', M, 'chest isolation', ['chest'], ['shoulders'], ['dumbbell', 'bench'], 2, ['shoulders'], 'reps', 'Arms slightly bent, open wide until a stretch in the chest, hug back up.'),
  x('renegade-row', 'Renegade Row', M, 'horizontal pull', ['lats', 'abs'], ['shoulders', 'triceps'], ['dumbbell'], 3, ['wrists', 'shoulders', 'lower back'], 'reps', 'High plank on the dumbbells, row one to the hip without rotating the hips.'),
  x('db-hip-thrust', 'Dumbbell Hip Thrust', M, 'hinge', ['glutes'], ['hamstrings'], ['dumbbell'], 1, [], 'reps', 'Shoulders on the floor or a bench, dumbbell on the hips, drive up and squeeze.', F),
  x('db-shrug', 'Dumbbell Shrug', M, 'shoulder isolation', ['upper back'], ['forearms'], ['dumbbell'], 1, ['neck'], 'reps', 'Lift the shoulders straight up toward the ears, pause, lower.'),

  // ---------------------------------------------------------------- main: barbell
  x('back-squat', 'Barbell Back Squat', M, 'squat', ['quads', 'glutes'], ['hamstrings', 'lower back', 'abs'], ['barbell'], 3, ['knees', 'lower back', 'neck', 'shoulders'], 'reps', 'Bar on the upper back, brace, squat to depth with a neutral spine, drive up.'),
  x('front-squat', 'Barbell Front Squat', M, 'squat', ['quads'], ['glutes', 'abs', 'upper back'], ['barbell'], 3, ['knees', 'wrists', 'lower back'], 'reps', 'Bar on the front of the shoulders, elbows high, sit straight down.'),
  x('deadlift', 'Barbell Deadlift', M, 'hinge', ['hamstrings', 'glutes', 'lower back'], ['upper back', 'forearms', 'quads'], ['barbell'], 3, ['lower back'], 'reps', 'Bar over mid-foot, flat back, push the floor away and stand tall.'),
  x('bb-rdl', 'Barbell Romanian Deadlift', M, 'hinge', ['hamstrings', 'glutes'], ['lower back'], ['barbell'], 2, ['lower back'], 'reps', 'From standing, hinge the hips back with the bar close to the legs to mid-shin.'),
  x('bb-bench-press', 'Barbell Bench Press', M, 'horizontal push', ['chest'], ['triceps', 'shoulders'], ['barbell', 'bench'], 2, ['shoulders'], 'reps', 'Shoulder blades set, lower the bar to the mid-chest, press up; use a spotter for heavy sets.'),
  x('bb-overhead-press', 'Barbell Overhead Press', M, 'vertical push', ['shoulders'], ['triceps', 'upper back', 'abs'], ['barbell'], 3, ['shoulders', 'lower back', 'wrists'], 'reps', 'Glutes tight, press the bar straight up, head through at the top.'),
  x('bb-row', 'Barbell Bent-Over Row', M, 'horizontal pull', ['lats', 'upper back'], ['biceps', 'lower back'], ['barbell'], 2, ['lower back'], 'reps', 'Hinge to about 45 degrees, row the bar to the lower ribs.'),
  x('bb-hip-thrust', 'Barbell Hip Thrust', M, 'hinge', ['glutes'], ['hamstrings'], ['barbell', 'bench'], 2, [], 'reps', 'Upper back on the bench, padded bar on the hips, drive up to a flat torso.'),
  x('bb-curl', 'Barbell Curl', M, 'elbow flexion', ['biceps'], ['forearms'], ['barbell'], 1, ['wrists'], 'reps', 'Shoulder-width grip, curl without leaning back, lower slowly.'),
  x('bb-reverse-lunge', 'Barbell Reverse Lunge', M, 'lunge', ['quads', 'glutes'], ['hamstrings'], ['barbell'], 3, ['knees', 'hips', 'lower back'], 'reps', 'Bar on the back, step back and lower, stay tall.', { perSide: true }),

  // ---------------------------------------------------------------- main: kettlebell
  x('kb-swing', 'Kettlebell Swing', M, 'conditioning', ['glutes', 'hamstrings'], ['lower back', 'shoulders', 'abs'], ['kettlebell'], 2, ['lower back'], 'reps', 'Hike the bell back, snap the hips forward, let it float to chest height.'),
  x('kb-goblet-squat', 'Kettlebell Goblet Squat', M, 'squat', ['quads', 'glutes'], ['abs'], ['kettlebell'], 1, ['knees'], 'reps', 'Hold the bell by the horns at the chest and squat between the knees.'),
  x('kb-deadlift', 'Kettlebell Deadlift', M, 'hinge', ['hamstrings', 'glutes'], ['lower back', 'forearms'], ['kettlebell'], 1, ['lower back'], 'reps', 'Bell between the feet, hinge and grip, stand up with a flat back.'),
  x('turkish-get-up', 'Turkish Get-Up', M, 'carry', ['shoulders', 'abs'], ['glutes', 'obliques'], ['kettlebell'], 3, ['shoulders', 'wrists', 'knees', 'hips'], 'reps', 'Bell locked out overhead, move from lying to standing step by step and back.', { perSide: true }),
  x('kb-row', 'Kettlebell Single-Arm Row', M, 'horizontal pull', ['lats'], ['upper back', 'biceps'], ['kettlebell'], 1, ['lower back'], 'reps', 'Staggered stance, hand on the knee, row the bell to the hip.', { perSide: true }),
  x('kb-press', 'Kettlebell Overhead Press', M, 'vertical push', ['shoulders'], ['triceps', 'abs'], ['kettlebell'], 2, ['shoulders', 'wrists'], 'reps', 'Bell in the rack position, press overhead, biceps by the ear.', { perSide: true }),
  x('suitcase-carry', 'Kettlebell Suitcase Carry', M, 'carry', ['obliques', 'forearms'], ['upper back', 'glutes'], ['kettlebell'], 1, [], 'time', 'One bell at the side, walk tall without leaning toward it; switch hands.'),
  x('kb-clean-press', 'Kettlebell Clean and Press', M, 'conditioning', ['shoulders', 'glutes'], ['hamstrings', 'triceps', 'abs'], ['kettlebell'], 3, ['shoulders', 'wrists', 'lower back'], 'reps', 'Clean the bell to the rack, press it overhead, lower and repeat.', { perSide: true }),

  // ---------------------------------------------------------------- main: resistance bands
  x('band-row', 'Resistance Band Seated Row', M, 'horizontal pull', ['lats', 'upper back'], ['biceps'], ['resistance bands'], 1, [], 'reps', 'Band around the feet, sit tall and row the hands to the ribs.', { ...F, ...G }),
  x('band-chest-press', 'Resistance Band Chest Press', M, 'horizontal push', ['chest'], ['triceps', 'shoulders'], ['resistance bands'], 1, ['shoulders'], 'reps', 'Band anchored behind you, press the hands forward to full reach.'),
  x('band-pull-apart', 'Resistance Band Pull-Apart', M, 'horizontal pull', ['upper back'], ['shoulders'], ['resistance bands'], 1, [], 'reps', 'Straight arms at chest height, pull the band to the chest, slow return.', G),
  x('band-overhead-press', 'Resistance Band Overhead Press', M, 'vertical push', ['shoulders'], ['triceps'], ['resistance bands'], 1, ['shoulders'], 'reps', 'Stand on the band, press the handles overhead without arching.'),
  x('band-curl', 'Resistance Band Biceps Curl', M, 'elbow flexion', ['biceps'], ['forearms'], ['resistance bands'], 1, [], 'reps', 'Stand on the band, curl with the elbows at the sides.', G),
  x('band-pushdown', 'Resistance Band Triceps Pushdown', M, 'elbow extension', ['triceps'], [], ['resistance bands'], 1, [], 'reps', 'Band anchored high, push the hands down to straight arms, elbows still.', G),
  x('band-lateral-walk', 'Banded Lateral Walk', M, 'hip abduction', ['glutes'], ['adductors', 'quads'], ['resistance bands'], 1, [], 'reps', 'Band above the knees, half squat, step sideways keeping tension.', G),
  x('band-face-pull', 'Resistance Band Face Pull', M, 'horizontal pull', ['upper back', 'shoulders'], [], ['resistance bands'], 1, [], 'reps', 'Band anchored at face height, pull toward the eyes with elbows high and wide.', G),
  x('band-external-rotation', 'Band External Rotation', M, 'shoulder isolation', ['shoulders'], ['upper back'], ['resistance bands'], 1, [], 'reps', 'Elbow tucked at 90 degrees, rotate the forearm outwards against the band.', { ...G, perSide: true }),
  x('band-good-morning', 'Resistance Band Good Morning', M, 'hinge', ['hamstrings', 'glutes'], ['lower back'], ['resistance bands'], 1, ['lower back'], 'reps', 'Band under the feet and behind the neck, hinge forward with a flat back.'),
  x('pallof-press', 'Pallof Press', M, 'anti-rotation', ['obliques', 'abs'], ['shoulders'], ['resistance bands'], 1, [], 'reps', 'Band anchored to the side, press the hands straight out and resist the twist.', { ...G, perSide: true }),
  x('band-pulldown', 'Resistance Band Lat Pulldown', M, 'vertical pull', ['lats'], ['biceps', 'upper back'], ['resistance bands'], 1, [], 'reps', 'Band anchored overhead, pull the elbows down to the ribs.', G),
  x('band-squat', 'Resistance Band Squat', M, 'squat', ['quads', 'glutes'], ['hamstrings'], ['resistance bands'], 1, ['knees'], 'reps', 'Stand on the band with handles at the shoulders, squat and stand.'),

  // ---------------------------------------------------------------- main: cables
  x('cable-row', 'Seated Cable Row', M, 'horizontal pull', ['lats', 'upper back'], ['biceps'], ['cables'], 1, [], 'reps', 'Sit tall, pull the handle to the stomach, shoulders down and back.', G),
  x('cable-pulldown', 'Cable Lat Pulldown', M, 'vertical pull', ['lats'], ['biceps', 'upper back'], ['cables'], 1, ['shoulders'], 'reps', 'Pull the bar to the upper chest, lean back slightly, control the return.'),
  x('cable-pushdown', 'Cable Triceps Pushdown', M, 'elbow extension', ['triceps'], [], ['cables'], 1, [], 'reps', 'Elbows fixed at the sides, push the rope down and split it at the bottom.', G),
  x('cable-curl', 'Cable Biceps Curl', M, 'elbow flexion', ['biceps'], ['forearms'], ['cables'], 1, [], 'reps', 'Curl the bar from the low pulley, no swing.', G),
  x('cable-face-pull', 'Cable Face Pull', M, 'horizontal pull', ['upper back', 'shoulders'], [], ['cables'], 1, [], 'reps', 'Rope at face height, pull toward the forehead, elbows high.', G),
  x('cable-woodchop', 'Cable Woodchop', M, 'rotation', ['obliques'], ['abs', 'shoulders'], ['cables'], 2, ['lower back'], 'reps', 'Rotate through the torso pulling the handle diagonally across the body.', { perSide: true }),
  x('cable-fly', 'Cable Chest Fly', M, 'chest isolation', ['chest'], ['shoulders'], ['cables'], 2, ['shoulders'], 'reps', 'Soft elbows, bring the handles together in front of the chest.'),
  x('cable-pull-through', 'Cable Pull-Through', M, 'hinge', ['glutes', 'hamstrings'], [], ['cables'], 1, ['lower back'], 'reps', 'Facing away from the low pulley, hinge back and snap the hips forward.'),

  // ---------------------------------------------------------------- main: medicine ball
  x('mb-slam', 'Medicine Ball Slam', M, 'conditioning', ['lats', 'abs'], ['shoulders', 'glutes'], ['medicine ball'], 2, ['lower back', 'shoulders'], 'reps', 'Ball overhead, slam it down hard in front of the feet, pick it up with a squat.'),
  x('mb-russian-twist', 'Medicine Ball Russian Twist', M, 'rotation', ['obliques'], ['abs'], ['medicine ball'], 2, ['lower back'], 'reps', 'Lean back with a long spine, rotate the ball from hip to hip.', F),
  x('mb-chest-pass', 'Medicine Ball Wall Chest Pass', M, 'horizontal push', ['chest'], ['triceps', 'shoulders'], ['medicine ball'], 2, ['shoulders', 'wrists'], 'reps', 'Explosively pass the ball into a wall from the chest and catch it softly.'),
  x('mb-squat-press', 'Medicine Ball Squat to Press', M, 'conditioning', ['quads', 'shoulders'], ['glutes', 'triceps'], ['medicine ball'], 2, ['knees', 'shoulders'], 'reps', 'Ball at the chest, squat, then stand and press it overhead.'),
  x('mb-dead-bug', 'Medicine Ball Dead Bug', M, 'anti-extension', ['abs'], ['hip flexors'], ['medicine ball'], 2, [], 'reps', 'Hold the ball overhead between hands and knees, extend the legs alternately.', F),

  // ---------------------------------------------------------------- main: TRX
  x('trx-row', 'TRX Row', M, 'horizontal pull', ['lats', 'upper back'], ['biceps'], ['trx'], 1, [], 'reps', 'Lean back with a straight body, pull the chest to the handles.', G),
  x('trx-chest-press', 'TRX Chest Press', M, 'horizontal push', ['chest'], ['triceps', 'abs'], ['trx'], 2, ['shoulders', 'wrists'], 'reps', 'Facing away, lean into the straps and press back up in a plank line.'),
  x('trx-squat', 'TRX Assisted Squat', M, 'squat', ['quads', 'glutes'], [], ['trx'], 1, ['knees'], 'reps', 'Hold the straps for balance and sit deep, then stand.'),
  x('trx-hamstring-curl', 'TRX Hamstring Curl', M, 'hinge', ['hamstrings'], ['glutes', 'abs'], ['trx'], 2, [], 'reps', 'Heels in the cradles, hips up, pull the heels toward the glutes.', F),
  x('trx-y-fly', 'TRX Y-Fly', M, 'shoulder isolation', ['shoulders', 'upper back'], [], ['trx'], 2, ['shoulders'], 'reps', 'Lean back and raise straight arms into a Y shape.'),
  x('trx-pike', 'TRX Pike', M, 'anti-extension', ['abs'], ['shoulders', 'hip flexors'], ['trx'], 3, ['wrists', 'shoulders'], 'reps', 'Feet in the straps in a plank, lift the hips into a pike and lower.'),

  // ---------------------------------------------------------------- cool-down: static stretches and soft tissue
  x('quad-stretch', 'Standing Quad Stretch', CF, 'static stretch', ['quads'], ['hip flexors'], [], 1, ['knees'], 'time', 'Hold one ankle behind you, knees together, hips pushed gently forward.', { perSide: true }),
  x('hamstring-stretch', 'Seated Hamstring Stretch', CF, 'static stretch', ['hamstrings'], ['calves', 'lower back'], [], 1, ['lower back'], 'time', 'One leg straight, hinge from the hips toward the foot until you feel a stretch.', { ...F, perSide: true }),
  x('figure-four', 'Supine Figure-Four Stretch', CF, 'static stretch', ['glutes'], ['hip flexors'], [], 1, ['knees'], 'time', 'On your back, ankle across the opposite knee, draw the legs toward you.', { ...F, perSide: true }),
  x('childs-pose', "Child's Pose", CF, 'static stretch', ['lower back', 'lats'], ['upper back'], [], 1, ['knees'], 'time', 'Kneel, sit back to the heels and reach the arms forward, breathing slowly.', F),
  x('chest-stretch', 'Doorway Chest Stretch', CF, 'static stretch', ['chest'], ['shoulders', 'biceps'], [], 1, ['shoulders'], 'time', 'Forearm on a door frame at shoulder height, step through until the chest opens.', { perSide: true }),
  x('cross-body-shoulder', 'Cross-Body Shoulder Stretch', CF, 'static stretch', ['shoulders'], ['upper back'], [], 1, ['shoulders'], 'time', 'Draw one straight arm across the chest with the other hand.', { perSide: true }),
  x('triceps-stretch', 'Overhead Triceps Stretch', CF, 'static stretch', ['triceps'], ['lats'], [], 1, ['shoulders'], 'time', 'Hand behind the head, gently press the elbow down with the other hand.', { perSide: true }),
  x('calf-stretch', 'Wall Calf Stretch', CF, 'static stretch', ['calves'], [], [], 1, [], 'time', 'Hands on a wall, back leg straight with the heel down, lean in.', { ...G, perSide: true }),
  x('hip-flexor-stretch', 'Kneeling Hip Flexor Stretch', CF, 'static stretch', ['hip flexors'], ['quads'], [], 1, ['knees'], 'time', 'Half-kneeling, tuck the pelvis and shift forward until the front of the hip stretches.', { perSide: true }),
  x('standing-hip-flexor-stretch', 'Standing Hip Flexor Stretch', CF, 'static stretch', ['hip flexors'], ['quads'], [], 1, [], 'time', 'In a short split stance, tuck the pelvis and lean the hips gently forward.', { ...G, perSide: true }),
  x('cobra', 'Cobra Stretch', CF, 'static stretch', ['abs'], ['hip flexors', 'chest'], [], 1, ['lower back', 'wrists'], 'time', 'Face down, press the chest up on straight or bent arms, hips stay down.', F),
  x('supine-twist', 'Supine Spinal Twist', CF, 'static stretch', ['obliques', 'lower back'], ['glutes', 'chest'], [], 1, [], 'time', 'On your back, let both bent knees fall to one side, arms wide.', { ...F, ...G, perSide: true }),
  x('butterfly', 'Butterfly Stretch', CF, 'static stretch', ['adductors'], ['hip flexors'], [], 1, ['hips', 'knees'], 'time', 'Seated, soles together, let the knees fall out and sit tall.', F),
  x('neck-stretch', 'Upper Trap Neck Stretch', CF, 'static stretch', ['upper back'], [], [], 1, ['neck'], 'time', 'Tilt the ear toward the shoulder, the opposite hand reaching down.', { perSide: true }),
  x('upper-back-stretch', 'Seated Upper Back Stretch', CF, 'static stretch', ['upper back'], ['shoulders', 'lats'], [], 1, [], 'time', 'Clasp the hands in front, round the upper back and push the hands away.', G),
  x('biceps-wall-stretch', 'Biceps Wall Stretch', CF, 'static stretch', ['biceps'], ['chest', 'forearms'], [], 1, ['shoulders'], 'time', 'Palm on the wall behind you at shoulder height, turn the body away slowly.', { perSide: true }),
  x('forearm-stretch', 'Wrist Flexor Stretch', CF, 'static stretch', ['forearms'], ['biceps'], [], 1, ['wrists'], 'time', 'Arm straight, palm up, gently pull the fingers back with the other hand.', { perSide: true }),
  x('side-bend-stretch', 'Standing Side Bend Stretch', CF, 'static stretch', ['lats', 'obliques'], [], [], 1, [], 'time', 'Reach one arm overhead and lean to the opposite side, hips still.', { ...G, perSide: true }),
  x('chest-opener', 'Supine Chest Opener', CF, 'static stretch', ['chest'], ['shoulders'], [], 1, [], 'time', 'Lie on your back with the arms out in a cactus shape, palms up, and let the chest open.', { ...F, ...G }),
  x('roller-chest-opener', 'Foam Roller Chest Opener', CF, 'static stretch', ['chest'], ['shoulders'], ['foam roller'], 1, ['shoulders'], 'time', 'Lie lengthwise on the roller, arms wide with palms up, breathe into the chest.'),
  x('behind-back-chest-stretch', 'Behind-the-Back Chest Stretch', CF, 'static stretch', ['chest'], ['shoulders', 'biceps'], [], 1, ['shoulders'], 'time', 'Clasp the hands behind you, lift the chest and draw the hands gently away from the back.'),
  x('puppy-pose', 'Puppy Pose', CF, 'static stretch', ['shoulders', 'lats'], ['upper back'], [], 1, ['knees', 'shoulders'], 'time', 'From hands and knees, walk the hands forward and let the chest sink toward the floor, hips over knees.', F),
  x('eagle-arms', 'Eagle Arms Stretch', CF, 'static stretch', ['shoulders', 'upper back'], [], [], 1, [], 'time', 'Cross one arm under the other, bring the palms together and lift the elbows gently.', { ...G, perSide: true }),
  x('box-breathing', 'Box Breathing', C, 'breathing', ['abs'], [], [], 1, [], 'time', 'Lie or sit comfortably: in for 4, hold 4, out for 4, hold 4.', { ...G, ...F }),
  x('roll-quads', 'Foam Roll Quads', C, 'soft tissue', ['quads'], ['hip flexors'], ['foam roller'], 1, [], 'time', 'Face down on the roller, roll slowly from hip to just above the knee.', G),
  x('roll-upper-back', 'Foam Roll Upper Back', C, 'soft tissue', ['upper back'], ['lats'], ['foam roller'], 1, ['neck'], 'time', 'Roller under the shoulder blades, hips lifted, roll a short range.'),
  x('roll-calves', 'Foam Roll Calves', C, 'soft tissue', ['calves'], [], ['foam roller'], 1, [], 'time', 'Calf on the roller, the other leg on top for more pressure, roll slowly.', { ...G, perSide: true }),
  x('roll-glutes', 'Foam Roll Glutes', C, 'soft tissue', ['glutes'], ['hamstrings'], ['foam roller'], 1, ['hips'], 'time', 'Sit on the roller, cross one ankle over the knee and lean into that side.', { perSide: true }),
  x('roll-lats', 'Foam Roll Lats', C, 'soft tissue', ['lats'], ['upper back'], ['foam roller'], 1, ['shoulders'], 'time', 'On your side with the roller under the armpit, roll down the side of the back.', { perSide: true }),
];

export const CATALOGUE_BY_ID: ReadonlyMap<string, CatalogueExercise> = new Map(CATALOGUE.map((e) => [e.id, e]));
