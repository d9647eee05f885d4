import { COMMUNITY_REVIEW_CATEGORIES } from '@fitconnect/contracts';
import { applyHelpful, authorName, filterByCategory, parseCategory, parseSort } from '../src/features/reviews/lib/filter';
import { makeReview } from './helpers';

test('filterByCategory keeps only the chosen category; all keeps everything', () => {
  const list = COMMUNITY_REVIEW_CATEGORIES.map((category) => makeReview({ category }));
  expect(filterByCategory(list, 'all')).toEqual(list);
  for (const c of COMMUNITY_REVIEW_CATEGORIES) {
    const out = filterByCategory(list, c);
    expect(out).toHaveLength(1);
    expect(out[0].category).toBe(c);
  }
});

test('URL values: unknown category or sort fall back to all / newest', () => {
  expect(parseCategory('trainers')).toBe('trainers');
  expect(parseCategory('gossip')).toBe('all');
  expect(parseCategory(null)).toBe('all');
  expect(parseSort('helpful')).toBe('helpful');
  expect(parseSort('oldest')).toBe('newest');
});

test("authorName: the author's name, or Anonymous User when anonymous or without a user", () => {
  expect(authorName(makeReview())).toEqual({ name: 'Priya Kapoor', anonymous: false });
  expect(authorName(makeReview({ isAnonymous: true, user: null }))).toEqual({ name: 'Anonymous User', anonymous: true });
  expect(authorName(makeReview({ isAnonymous: false, user: null }))).toEqual({ name: 'Anonymous User', anonymous: true });
  // Even if a user object came along with an anonymous review, it is not shown.
  expect(authorName(makeReview({ isAnonymous: true })).name).toBe('Anonymous User');
});

test('applyHelpful updates only that review', () => {
  const [a, b] = [makeReview({ helpful: 1 }), makeReview({ helpful: 5 })];
  const out = applyHelpful([a, b], b.id, 6, true);
  expect(out[0]).toBe(a);
  expect(out[1]).toMatchObject({ helpful: 6, votedHelpful: true });
});
