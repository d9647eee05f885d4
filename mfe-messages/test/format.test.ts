import fc from 'fast-check';
import '@fitconnect/build-config/fast-check-seed';
import { dayLabel, listTime, timeOfDay } from '../src/features/messages/lib/format';

// The formatters are made once and reused (a new one per call cost about 70 µs, four times that at 4x CPU); what
// they answer must stay what toLocaleDateString / toLocaleTimeString answered, readable dates or not.

const instant = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

test('times and day labels read as toLocaleTimeString / toLocaleDateString read them', () => {
  fc.assert(
    fc.property(instant, instant, (at, now) => {
      const iso = at.toISOString();
      expect(timeOfDay(iso)).toBe(at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }));
      const label = dayLabel(iso, now);
      if (label !== 'Today' && label !== 'Yesterday') {
        expect(label).toBe(at.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));
      }
      const days = (now.getTime() - at.getTime()) / 86_400_000;
      const list = listTime(iso, now);
      if (list !== 'Yesterday' && list !== timeOfDay(iso) && !(days < 7 && days > 0)) {
        const sameYear = at.getFullYear() === now.getFullYear();
        expect(list).toBe(at.toLocaleDateString('en-GB', sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }));
      }
    }),
  );
});

test('a week ago reads as a weekday; an unreadable date as "Invalid Date", as before', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  expect(listTime('2026-11-24T09:00:00Z', now)).toBe('Tuesday');
  expect(listTime('2026-11-27T09:05:00Z', now)).toBe('09:05');
  expect(listTime('2025-03-02T09:05:00Z', now)).toBe('2 Mar 2025');
  expect(timeOfDay('not a date')).toBe('Invalid Date');
  expect(dayLabel('not a date', now)).toBe('Invalid Date');
});
