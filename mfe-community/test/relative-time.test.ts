import { formatFullDate, formatRelativeTime } from '../src/lib/relativeTime';

const now = new Date('2026-11-23T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

test.each([
  [ago(10_000), 'just now'],
  [new Date(now + 30_000), 'just now'],
  [ago(1 * MIN), '1 minute ago'],
  [ago(59 * MIN), '59 minutes ago'],
  [ago(1 * HOUR), '1 hour ago'],
  [ago(2 * HOUR + 5 * MIN), '2 hours ago'],
  [ago(23 * HOUR), '23 hours ago'],
  [ago(26 * HOUR), 'yesterday'],
  [ago(3 * DAY), '3 days ago'],
  [ago(8 * DAY), 'last week'],
  [ago(16 * DAY), '2 weeks ago'],
  [ago(65 * DAY), '2 months ago'],
  [ago(400 * DAY), 'last year'],
])('%s reads as %s', (date, text) => {
  expect(formatRelativeTime(date, now)).toBe(text);
});

test('accepts ISO strings and says nothing for an invalid date', () => {
  expect(formatRelativeTime('2026-11-23T09:00:00.000Z', now)).toBe('3 hours ago');
  expect(formatRelativeTime('not a date', now)).toBe('');
});

test('full date for the tooltip', () => {
  expect(formatFullDate('2026-11-23T09:00:00.000Z')).toBe('23 November 2026');
});
