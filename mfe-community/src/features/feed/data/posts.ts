/**
 * SPEC §2: the feed is three hard-coded sample posts, a welcome box, a promo box with fixed counts and a
 * static Local Fitness News list. None of it comes from a server; the page says it is sample content.
 */
export interface SamplePost {
  id: string;
  author: string;
  initials: string;
  isTrainer: boolean;
  /** How long ago it was 'posted', relative to now (the relative time stays believable). */
  minutesAgo: number;
  content: string;
  likes: number;
  comments: number;
}

export const SAMPLE_POSTS: SamplePost[] = [
  {
    id: 'sample-1',
    author: 'Sarah Johnson',
    initials: 'SJ',
    isTrainer: true,
    minutesAgo: 120,
    content:
      "Just wrapped up a 30-minute HIIT class with my morning group. Remember: consistency beats intensity! Who's joining tomorrow's 7am session?",
    likes: 24,
    comments: 8,
  },
  {
    id: 'sample-2',
    author: 'Mike Chen',
    initials: 'MC',
    isTrainer: false,
    minutesAgo: 5 * 60,
    content:
      'New personal best on my deadlift today: 140 kg! Three months of following my AI workout plans and building up slowly really paid off.',
    likes: 42,
    comments: 12,
  },
  {
    id: 'sample-3',
    author: 'Emma Davis',
    initials: 'ED',
    isTrainer: true,
    minutesAgo: 26 * 60,
    content:
      'Quick nutrition tip: aim for a source of protein with every meal, and drink a glass of water before each one. Small habits add up!',
    likes: 67,
    comments: 15,
  },
];

/** SPEC §9: the promo box's fixed counts. */
export const PROMO_COUNTS = { members: '1,245+', dailyActive: '24+' } as const;

export interface NewsItem {
  id: string;
  title: string;
  when: string;
  where: string;
}

export const LOCAL_FITNESS_NEWS: NewsItem[] = [
  { id: 'news-1', title: 'Free outdoor bootcamp in the park', when: 'Saturdays, 9am', where: 'Hyde Park, London' },
  { id: 'news-2', title: 'Community 5K fun run: registration open', when: 'Next month', where: 'Heaton Park, Manchester' },
  { id: 'news-3', title: 'New outdoor gym opens by the canal', when: 'Opening this week', where: 'Leeds city centre' },
];
