import { CHALLENGE_TYPES, UNIT_FOR_TYPE } from '@fitconnect/contracts';
import { defaultChallengeValues, validateChallengeForm, withType } from '../src/features/challenges/lib/form';
import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { formatAmount, formatDate, formatDateTime, progressPercent } from '../src/features/challenges/lib/format';
import { daysLeft, durationDays, timingLabel } from '../src/features/challenges/lib/timing';

const start = '2026-01-01T00:00:00.000Z';
const end = '2026-01-08T00:00:00.000Z';

describe('timing labels (SPEC §4: inclusive of both dates)', () => {
  it.each([
    ['2025-12-31T23:59:59.999Z', 'Starts Soon'],
    ['2026-01-01T00:00:00.000Z', 'Active Now'],
    ['2026-01-04T12:00:00.000Z', 'Active Now'],
    ['2026-01-08T00:00:00.000Z', 'Active Now'],
    ['2026-01-08T00:00:00.001Z', 'Ended'],
  ])('at %s the label is %s', (now, label) => {
    expect(timingLabel({ startDate: start, endDate: end }, new Date(now))).toBe(label);
  });
});

describe('days left (rounded up to the end date)', () => {
  it.each([
    ['2026-01-07T23:00:00.000Z', 1],
    ['2026-01-07T00:00:00.000Z', 1],
    ['2026-01-06T23:59:59.000Z', 2],
    ['2026-01-01T00:00:00.000Z', 7],
    ['2025-12-20T00:00:00.000Z', 19],
    ['2026-01-08T00:00:00.000Z', 0],
    ['2026-02-01T00:00:00.000Z', 0],
  ])('at %s: %i', (now, want) => expect(daysLeft(end, new Date(now))).toBe(want));

  it('gives the duration in whole days, at least 1', () => {
    expect(durationDays(start, end)).toBe(7);
    expect(durationDays(start, '2026-01-01T06:00:00.000Z')).toBe(1);
    expect(durationDays(start, '2026-01-08T00:01:00.000Z')).toBe(8);
  });
});

describe('progress percentage', () => {
  it('is capped at 100 and never negative', () => {
    expect(progressPercent(5000, 10000)).toBe(50);
    expect(progressPercent(10000, 10000)).toBe(100);
    expect(progressPercent(25000, 10000)).toBe(100);
    expect(progressPercent(-5, 10)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
  });
});

describe('create form', () => {
  it('starts with the SPEC §9 defaults: steps, 10000 steps, medium, general, now to 7 days later', () => {
    const now = new Date(2026, 10, 23, 9, 5);
    expect(defaultChallengeValues(now)).toMatchObject({
      type: 'steps',
      target: '10000',
      unit: 'steps',
      difficulty: 'medium',
      category: 'general',
      startDate: '2026-11-23T09:05',
      endDate: '2026-11-30T09:05',
      maxParticipants: '',
    });
  });

  it('sets the unit from the type (SPEC §5)', () => {
    const v = defaultChallengeValues();
    expect(CHALLENGE_TYPES.map((t) => withType({ ...v, unit: 'whatever' }, t).unit)).toEqual(['steps', 'miles', 'minutes', 'calories', 'units']);
    expect(withType(v, 'distance')).toMatchObject({ type: 'distance', unit: UNIT_FOR_TYPE.distance });
  });

  it('validates with the SPEC messages and puts the date order error on endDate', () => {
    const v = defaultChallengeValues();
    const r = validateChallengeForm({ ...v, title: 'ab', description: 'short', target: '0', unit: ' ', endDate: v.startDate });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      title: 'Title must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      target: 'Target must be at least 1',
      unit: 'Unit is required',
      endDate: 'End date must be after start date',
    });
  });

  it('gives the body to send: numbers, dates, empty max as unlimited', () => {
    const v = { ...defaultChallengeValues(), title: 'Walk on', description: 'Walk every day, together.' };
    const r = validateChallengeForm(v);
    expect(r.ok && r.body).toMatchObject({ target: 10000, maxParticipants: null, startDate: new Date(v.startDate), endDate: new Date(v.endDate) });
    const capped = validateChallengeForm({ ...v, maxParticipants: '12' });
    expect(capped.ok && capped.body.maxParticipants).toBe(12);
  });
});

describe('formatters made once (a new Intl formatter per call was ~30-70 µs): the same text as toLocaleString', () => {
  const instant = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
  const zone = fc.constantFrom(undefined, 'UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo');

  test('amounts, dates in any zone, date and time', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), instant, zone, (n, at, timeZone) => {
        expect(formatAmount(n)).toBe(n.toLocaleString('en-GB', { maximumFractionDigits: 2 }));
        const iso = at.toISOString();
        expect(formatDate(iso, timeZone)).toBe(at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', ...(timeZone ? { timeZone } : {}) }));
        expect(formatDateTime(iso)).toBe(at.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));
      }),
    );
  });

  test('an unreadable date reads "Invalid Date", as before', () => {
    expect(formatDate('nope')).toBe('Invalid Date');
    expect(formatDate('nope', 'UTC')).toBe('Invalid Date');
    expect(formatDateTime('nope')).toBe('Invalid Date');
  });
});
