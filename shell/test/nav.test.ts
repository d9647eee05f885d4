import { bottomTabs, isNavActive, topBarLinks } from '../src/layout/nav';

const link = (to: string) => bottomTabs(true).concat(topBarLinks(true)).find((l) => l.to === to)!;

describe('isNavActive (which tab/link is highlighted)', () => {
  test('any path starting with /trainers highlights Trainers', () => {
    for (const p of ['/trainers', '/trainers/12', '/trainers/12/reviews', '/trainers?q=leeds']) {
      expect(isNavActive(link('/trainers'), p)).toBe(true);
    }
    expect(isNavActive(link('/trainers'), '/')).toBe(false);
    expect(isNavActive(link('/trainers'), '/community')).toBe(false);
  });

  test('Home is highlighted only on / itself', () => {
    expect(isNavActive(link('/'), '/')).toBe(true);
    expect(isNavActive(link('/'), '/trainers')).toBe(false);
    expect(isNavActive(link('/'), '/profile')).toBe(false);
  });

  test('other links match themselves and their sub-paths, not look-alike prefixes', () => {
    expect(isNavActive(link('/messages'), '/messages/42')).toBe(true);
    expect(isNavActive(link('/community'), '/communityx')).toBe(false);
    expect(isNavActive(link('/exercise-tutorials'), '/exercise-tutorials')).toBe(true);
    expect(isNavActive(link('/ai-workout'), '/workout-plan/3')).toBe(true);
    expect(isNavActive(link('/profile'), '/edit-profile')).toBe(true);
    expect(isNavActive(link('/profile'), '/messages')).toBe(false);
  });

  test('exactly one bottom tab is active on each section page', () => {
    for (const p of ['/', '/ai-workout', '/exercise-tutorials', '/trainers/5', '/community', '/messages/2', '/profile']) {
      expect(bottomTabs(true).filter((t) => isNavActive(t, p))).toHaveLength(1);
    }
    expect(bottomTabs(false).filter((t) => isNavActive(t, '/signin')).map((t) => t.label)).toEqual(['Sign In']);
  });
});

describe('link sets', () => {
  test('top bar: Messages and Profile only when signed in', () => {
    expect(topBarLinks(false).map((l) => l.label)).toEqual(['Home', 'AI Workouts', 'Trainers', 'Exercise Tutorials', 'Challenges', 'Community']);
    expect(topBarLinks(true).map((l) => l.label)).toEqual([
      'Home',
      'AI Workouts',
      'Trainers',
      'Exercise Tutorials',
      'Challenges',
      'Community',
      'Messages',
      'Profile',
    ]);
  });

  test('bottom tabs: Messages and Profile when signed in, otherwise Sign In', () => {
    expect(bottomTabs(false).map((l) => l.label)).toEqual(['Home', 'AI Workouts', 'Tutorials', 'Trainers', 'Community', 'Sign In']);
    expect(bottomTabs(true).map((l) => l.label)).toEqual(['Home', 'AI Workouts', 'Tutorials', 'Trainers', 'Community', 'Messages', 'Profile']);
  });
});
