import type { ChallengeCategory, ChallengeDifficulty, ChallengeType, CommunityReviewCategory } from '@fitconnect/contracts';

/** Every seeded account signs in with this password. */
export const DEMO_PASSWORD = 'demo1234';

export interface SeedClient {
  username: string;
  firstName: string;
  lastName: string;
  location: string;
}

/** Clients: the demo account plus a few people who write the reviews and join challenges. */
export const clients: SeedClient[] = [
  { username: 'demo', firstName: 'Alex', lastName: 'Morgan', location: 'London, SE1 7PB' },
  { username: 'priya.k', firstName: 'Priya', lastName: 'Kapoor', location: 'Manchester, M20 2RN' },
  { username: 'tom.hughes', firstName: 'Tom', lastName: 'Hughes', location: 'Leeds, LS6 1AN' },
  { username: 'fiona.mac', firstName: 'Fiona', lastName: 'MacLeod', location: 'Glasgow, G12 8QQ' },
  { username: 'jamal.b', firstName: 'Jamal', lastName: 'Brooks', location: 'Birmingham, B15 2TT' },
];

export interface SeedTrainer extends SeedClient {
  specialization: string;
  description: string;
  yearsOfExperience: number;
  specialties: string[];
  certifications: string[];
  education: string;
  sessionPrice: number;
  availableOnline: boolean;
  availableInPerson: boolean;
  instagramHandle?: string;
  twitterHandle?: string;
  websiteUrl?: string;
  /** [client username, rating, comment, days ago] */
  reviews: [string, number, string, number][];
}

export const trainers: SeedTrainer[] = [
  {
    username: 'marcus.reid', firstName: 'Marcus', lastName: 'Reid', location: 'London, E1 6QL',
    specialization: 'Strength & Conditioning',
    description: 'Former rugby S&C coach helping busy Londoners get stronger with simple, progressive programmes. Sessions in Shoreditch or over video with whatever kit you have at home.',
    yearsOfExperience: 9, specialties: ['Strength training', 'Powerlifting', 'Athletic performance'],
    certifications: ['REPs Level 3 Personal Trainer', 'UKSCA Accredited S&C Coach'], education: 'BSc Sport & Exercise Science, Loughborough University',
    sessionPrice: 55, availableOnline: true, availableInPerson: true, instagramHandle: 'marcusreid.strength',
    reviews: [
      ['demo', 5, 'Marcus rebuilt my deadlift from scratch. Clear cues and he actually listens.', 12],
      ['priya.k', 5, 'The video sessions are as good as in person. My squat has gone up 20 kg in three months.', 30],
      ['tom.hughes', 4, 'Tough but fair. Great programme, would like a bit more flexibility on times.', 45],
    ],
  },
  {
    username: 'sophie.turner', firstName: 'Sophie', lastName: 'Turner', location: 'Manchester, M4 1HN',
    specialization: 'Yoga & Mobility',
    description: 'Vinyasa and yin teacher focused on mobility for desk workers and runners. Calm, practical classes that fit into a lunch break, online or in the Northern Quarter.',
    yearsOfExperience: 7, specialties: ['Yoga', 'Mobility', 'Breathwork', 'Flexibility'],
    certifications: ['RYT-500 Yoga Alliance', 'Level 3 Diploma in Personal Training'], education: 'Yoga teacher training, Mysore',
    sessionPrice: 40, availableOnline: true, availableInPerson: true, instagramHandle: 'sophieflowsmcr',
    reviews: [
      ['priya.k', 5, 'My lower back pain has all but gone. Sophie is patient and explains everything.', 8],
      ['fiona.mac', 5, 'Lovely online sessions, I feel looser and sleep better.', 20],
    ],
  },
  {
    username: 'daniel.okafor', firstName: 'Daniel', lastName: 'Okafor', location: 'Birmingham, B1 1BB',
    specialization: 'HIIT & Fat Loss',
    description: 'High-energy interval training with sensible nutrition coaching. I help clients lose fat without giving up the foods they love, with weekly check-ins and home workout plans.',
    yearsOfExperience: 6, specialties: ['HIIT', 'Weight loss', 'Nutrition coaching'],
    certifications: ['Level 3 Personal Trainer (Active IQ)', 'Precision Nutrition Level 1'], education: 'BSc Nutrition, Aston University',
    sessionPrice: 45, availableOnline: true, availableInPerson: true, twitterHandle: 'dan_okafor_fit',
    reviews: [
      ['jamal.b', 5, 'Down 9 kg and never felt like I was on a diet. Sessions fly by.', 5],
      ['demo', 4, 'Great energy, workouts are hard but scalable. Check-ins keep me honest.', 22],
      ['tom.hughes', 5, 'Best money I have spent on fitness.', 60],
    ],
  },
  {
    username: 'hannah.walsh', firstName: 'Hannah', lastName: 'Walsh', location: 'Leeds, LS1 4DY',
    specialization: 'Pre & Postnatal Fitness',
    description: 'Specialist in training through pregnancy and returning to exercise after birth: pelvic floor aware, core rehab and strength that fits around family life.',
    yearsOfExperience: 11, specialties: ['Pre and postnatal', 'Core rehabilitation', 'Strength training'],
    certifications: ['Level 3 Pre and Postnatal Exercise', 'Level 4 Lower Back Pain Specialist'], education: 'BA Physical Education, Leeds Beckett University',
    sessionPrice: 50, availableOnline: true, availableInPerson: true, websiteUrl: 'https://hannahwalshfitness.co.uk',
    reviews: [
      ['tom.hughes', 5, 'Hannah trained my partner and me after our baby arrived. Knowledgeable and kind.', 14],
      ['priya.k', 4, 'Really thoughtful programming, I felt safe the whole time.', 40],
    ],
  },
  {
    username: 'callum.fraser', firstName: 'Callum', lastName: 'Fraser', location: 'Glasgow, G2 3BZ',
    specialization: 'Endurance Running Coach',
    description: 'Marathon and ultra coach. Personalised training plans from couch-to-5K to sub-3 marathons, with gait analysis and strength work for runners who keep getting injured.',
    yearsOfExperience: 12, specialties: ['Running', 'Marathon training', 'Endurance'],
    certifications: ['UK Athletics Coach in Running Fitness', 'Level 3 Personal Trainer'], education: 'MSc Sports Physiology, University of Glasgow',
    sessionPrice: 35, availableOnline: true, availableInPerson: false, instagramHandle: 'runwithcallum',
    reviews: [
      ['fiona.mac', 5, 'Took me from barely running to finishing the Glasgow half. Brilliant plans.', 3],
      ['demo', 5, 'Remote coaching done right: detailed feedback on every run.', 33],
      ['jamal.b', 4, 'Great plans, the strength sessions made a real difference to my knees.', 50],
    ],
  },
  {
    username: 'aisha.rahman', firstName: 'Aisha', lastName: 'Rahman', location: 'Bristol, BS1 5TR',
    specialization: 'Pilates & Core',
    description: 'Mat and reformer Pilates instructor. Small-group and one-to-one sessions building a strong, stable core, better posture and pain-free movement for all ages.',
    yearsOfExperience: 8, specialties: ['Pilates', 'Core strength', 'Posture'],
    certifications: ['STOTT Pilates Mat & Reformer', 'Level 3 Personal Trainer'], education: 'BSc Physiotherapy (studying), UWE Bristol',
    sessionPrice: 42, availableOnline: false, availableInPerson: true,
    reviews: [
      ['priya.k', 5, 'Aisha is fantastic, my posture has transformed.', 18],
      ['fiona.mac', 4, 'Very precise cueing. Studio sessions are a treat.', 27],
    ],
  },
  {
    username: 'euan.stewart', firstName: 'Euan', lastName: 'Stewart', location: 'Edinburgh, EH1 1YZ',
    specialization: 'Boxing Fitness',
    description: 'Ex-amateur boxer running pad work and boxing conditioning sessions. No sparring, just a brilliant full-body workout that builds fitness, coordination and confidence.',
    yearsOfExperience: 5, specialties: ['Boxing', 'Conditioning', 'Cardio'],
    certifications: ['England Boxing Level 1 Coach', 'Level 2 Gym Instructor'], education: 'HNC Fitness, Health and Exercise, Edinburgh College',
    sessionPrice: 38, availableOnline: true, availableInPerson: true, instagramHandle: 'euanboxfit',
    reviews: [
      ['jamal.b', 5, 'Most fun I have had training. Pad sessions are addictive.', 9],
      ['tom.hughes', 3, 'Good sessions, though a couple started late.', 70],
    ],
  },
  {
    username: 'grace.bennett', firstName: 'Grace', lastName: 'Bennett', location: 'Cardiff, CF10 1EP',
    specialization: 'Rehab & Injury Prevention',
    description: 'Sports therapist and trainer bridging the gap between physio and the gym. I help people return to training after injury and build resilient joints for the long term.',
    yearsOfExperience: 10, specialties: ['Injury rehabilitation', 'Mobility', 'Older adults'],
    certifications: ['BSc Sports Therapy (GSR)', 'Level 4 Exercise Referral'], education: 'BSc Sports Therapy, Cardiff Metropolitan University',
    sessionPrice: 60, availableOnline: true, availableInPerson: true, websiteUrl: 'https://gracebennett-rehab.co.uk',
    reviews: [
      ['demo', 5, 'Got me back to running after a knee injury when nothing else worked.', 15],
      ['fiona.mac', 5, 'Expert knowledge and a clear plan. Highly recommended.', 38],
    ],
  },
  {
    username: 'liam.oconnor', firstName: 'Liam', lastName: "O'Connor", location: 'Newcastle upon Tyne, NE1 4ST',
    specialization: 'Functional Fitness',
    description: 'Functional training with kettlebells, bodyweight and minimal kit: ideal for home workouts. Programmes for general fitness, weight loss and feeling better day to day.',
    yearsOfExperience: 4, specialties: ['Kettlebells', 'Functional training', 'Home workouts'],
    certifications: ['StrongFirst SFG Level 1', 'Level 3 Personal Trainer'], education: 'BSc Sport Coaching, Northumbria University',
    sessionPrice: 30, availableOnline: true, availableInPerson: true,
    reviews: [['priya.k', 4, 'Great value and the kettlebell plan is perfect for my flat.', 11]],
  },
];

const DAY = 24 * 60 * 60 * 1000;

export interface SeedChallenge {
  title: string;
  description: string;
  type: ChallengeType;
  target: number;
  unit: string;
  /** Offsets from now, in days. */
  startInDays: number;
  endInDays: number;
  difficulty: ChallengeDifficulty;
  category: ChallengeCategory;
  maxParticipants: number | null;
  createdBy: string;
  /** [username, progress] */
  participants: [string, number][];
}

export const challenges: SeedChallenge[] = [
  {
    title: '10K Steps a Day', description: 'Walk 70,000 steps this week: about 10,000 a day. Log your steps each evening and keep each other moving.',
    type: 'steps', target: 70000, unit: 'steps', startInDays: -3, endInDays: 4, difficulty: 'easy', category: 'cardio', maxParticipants: null,
    createdBy: 'demo', participants: [['demo', 31250], ['priya.k', 42000], ['tom.hughes', 18900], ['jamal.b', 70000]],
  },
  {
    title: 'Plank Power Month', description: 'Build a rock-solid core by holding planks for a total of 300 minutes over the month. Little and often wins.',
    type: 'workout_time', target: 300, unit: 'minutes', startInDays: -10, endInDays: 20, difficulty: 'medium', category: 'strength', maxParticipants: 50,
    createdBy: 'marcus.reid', participants: [['fiona.mac', 95], ['demo', 60]],
  },
  {
    title: 'Spring 5K Run Prep', description: 'Run 30 miles over five weeks to get ready for a spring 5K. Plans for beginners and improvers in the details.',
    type: 'distance', target: 30, unit: 'miles', startInDays: 5, endInDays: 40, difficulty: 'medium', category: 'endurance', maxParticipants: 100,
    createdBy: 'callum.fraser', participants: [['fiona.mac', 0], ['jamal.b', 0]],
  },
  {
    title: 'Core Crusher Week', description: 'Seven days, seven short core sessions. Complete 7 sessions to finish the challenge.',
    type: 'custom', target: 7, unit: 'sessions', startInDays: 2, endInDays: 9, difficulty: 'hard', category: 'strength', maxParticipants: 30,
    createdBy: 'aisha.rahman', participants: [],
  },
  {
    title: 'New Year Calorie Burn', description: 'Burn 5,000 active calories in a month with any workouts you enjoy. Every session counts.',
    type: 'calories', target: 5000, unit: 'calories', startInDays: -45, endInDays: -15, difficulty: 'hard', category: 'cardio', maxParticipants: null,
    createdBy: 'daniel.okafor', participants: [['jamal.b', 5400], ['demo', 3900], ['tom.hughes', 5000]],
  },
  {
    title: 'Flexibility Fortnight', description: 'Stretch for at least 10 minutes a day for two weeks: 140 minutes in total. Great for desk workers.',
    type: 'workout_time', target: 140, unit: 'minutes', startInDays: -30, endInDays: -16, difficulty: 'easy', category: 'flexibility', maxParticipants: 40,
    createdBy: 'sophie.turner', participants: [['priya.k', 150], ['fiona.mac', 120]],
  },
];

export const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * DAY);

export interface SeedCommunityReview {
  category: CommunityReviewCategory;
  rating: number;
  title: string;
  comment: string;
  /** How many seeded people (never the author, never 'demo') mark it helpful: one real vote each. */
  helpful: number;
  isAnonymous: boolean;
  /** null: written without an account. */
  author: string | null;
  daysAgo: number;
}

export const communityReviews: SeedCommunityReview[] = [
  { category: 'platform', rating: 5, title: 'Everything in one place', comment: 'Plans, trainers and challenges in one app. I finally stopped juggling three different apps.', helpful: 10, isAnonymous: false, author: 'demo', daysAgo: 2 },
  { category: 'platform', rating: 4, title: 'Clean and quick', comment: 'Fast and easy to use on my phone. Dark mode is a nice touch for late-night planning.', helpful: 6, isAnonymous: true, author: 'tom.hughes', daysAgo: 9 },
  { category: 'community', rating: 5, title: 'Friendly and motivating', comment: 'The challenges leaderboard keeps me going. People here are genuinely supportive.', helpful: 8, isAnonymous: false, author: 'priya.k', daysAgo: 4 },
  { category: 'community', rating: 4, title: 'Great to share progress', comment: 'Love seeing how others get on with the same challenge. Would like more local events.', helpful: 3, isAnonymous: false, author: 'fiona.mac', daysAgo: 16 },
  { category: 'features', rating: 5, title: 'AI plans are spot on', comment: 'The generated workouts respect my dodgy knee and only use the kit I have at home.', helpful: 12, isAnonymous: false, author: 'jamal.b', daysAgo: 6 },
  { category: 'features', rating: 3, title: 'Want more exercise videos', comment: 'The tutorial library is useful but I would love more exercises and variations.', helpful: 2, isAnonymous: true, author: null, daysAgo: 21 },
  { category: 'trainers', rating: 5, title: 'Found a brilliant coach', comment: 'Searched by my postcode and found a running coach ten minutes away. Best decision this year.', helpful: 7, isAnonymous: false, author: 'fiona.mac', daysAgo: 3 },
  { category: 'trainers', rating: 4, title: 'Good range of trainers', comment: 'Plenty of choice in Birmingham with clear prices per hour. Messaging them was easy.', helpful: 4, isAnonymous: false, author: 'jamal.b', daysAgo: 12 },
  { category: 'workouts', rating: 5, title: 'Perfect home workouts', comment: 'Forty-five minute sessions with just dumbbells that still leave me wrecked. Brilliant.', helpful: 5, isAnonymous: false, author: 'tom.hughes', daysAgo: 1 },
  { category: 'workouts', rating: 4, title: 'Solid beginner plans', comment: 'As a complete beginner the warm-ups and cool-downs helped me avoid getting sore.', helpful: 5, isAnonymous: true, author: 'priya.k', daysAgo: 25 },
];
