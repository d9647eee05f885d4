import { createHash } from 'node:crypto';
import { BUCKETS, bucketOf, inCandidate } from '../src/rollout/bucket';

// 10,000 distinct visitor ids shaped like the real ones (22 base64url characters), the same on every run:
// with random ids the spread checks below would fail about once in 200 runs by chance alone.
const visitors = Array.from({ length: 10_000 }, (_, i) => createHash('sha256').update(`visitor-${i}`).digest('base64url').slice(0, 22));

test('the same visitor, area and version always get the same bucket, inside [0, 10000)', () => {
  for (const v of visitors.slice(0, 200)) {
    const b = bucketOf(v, 'trainers', '0.2.0-abcdef12');
    expect(b).toBe(bucketOf(v, 'trainers', '0.2.0-abcdef12'));
    expect(Number.isInteger(b) && b >= 0 && b < BUCKETS).toBe(true);
  }
});

test('raising the percentage keeps everyone who was in: every visitor in at 10 % is in at 30 %', () => {
  const at10 = visitors.filter((v) => inCandidate(v, 'trainers', 'c1', 10));
  const at30 = new Set(visitors.filter((v) => inCandidate(v, 'trainers', 'c1', 30)));
  expect(at10.length).toBeGreaterThan(0);
  for (const v of at10) expect(at30.has(v)).toBe(true);
  expect(at30.size).toBeGreaterThan(at10.length);
});

test.each([10, 30, 50])('at %i %% the share of 10,000 random visitors is within 1.5 points of it', (percent) => {
  const share = (visitors.filter((v) => inCandidate(v, 'trainers', 'c1', percent)).length / visitors.length) * 100;
  expect(Math.abs(share - percent)).toBeLessThanOrEqual(1.5);
});

test('0 % gives nobody the candidate and 100 % gives everybody', () => {
  expect(visitors.some((v) => inCandidate(v, 'workouts', 'c1', 0))).toBe(false);
  expect(visitors.every((v) => inCandidate(v, 'workouts', 'c1', 100))).toBe(true);
});

test('a new candidate version reshuffles: the 30 % of the next version is a different set of visitors', () => {
  const first = visitors.filter((v) => inCandidate(v, 'trainers', 'c1', 30));
  const second = new Set(visitors.filter((v) => inCandidate(v, 'trainers', 'c2', 30)));
  const overlap = first.filter((v) => second.has(v)).length / first.length;
  // Independent draws: about 30 % of the first group are in the second one too (not 100 %).
  expect(overlap).toBeGreaterThan(0.2);
  expect(overlap).toBeLessThan(0.4);
});

test('areas are bucketed independently (being in one area\'s candidate says nothing about another\'s)', () => {
  const a = visitors.filter((v) => inCandidate(v, 'trainers', 'c1', 30));
  const b = new Set(visitors.filter((v) => inCandidate(v, 'workouts', 'c1', 30)));
  const overlap = a.filter((v) => b.has(v)).length / a.length;
  expect(overlap).toBeGreaterThan(0.2);
  expect(overlap).toBeLessThan(0.4);
});
