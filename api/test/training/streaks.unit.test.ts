/**
 * Issue 31.5: streaks and weeks in the user's time zone (api/src/training/streaks.ts), across zones and the
 * daylight-saving changes (Europe/London 2027: 28 March 01:00 GMT -> 02:00 BST, 31 October 02:00 BST -> 01:00
 * GMT; America/New_York 2027: 14 March, 7 November; Australia/Sydney 2027: 4 April back, 3 October forward).
 */
import { addDays, dayIn, streaksOf, summarize, weekStartOf } from '../../src/training/streaks';

const at = (iso: string) => new Date(iso);
const s = (iso: string, durationSeconds = 1800) => ({ finishedAt: at(iso), durationSeconds });

describe('days in a time zone', () => {
  test('the same instant is a different day in different zones', () => {
    const t = at('2027-06-01T23:30:00Z');
    expect(dayIn(t, 'UTC')).toBe('2027-06-01');
    expect(dayIn(t, 'Europe/London')).toBe('2027-06-02'); // 00:30 BST
    expect(dayIn(t, 'America/New_York')).toBe('2027-06-01'); // 19:30 EDT
    expect(dayIn(t, 'Asia/Tokyo')).toBe('2027-06-02');
    expect(dayIn(t, 'Pacific/Kiritimati')).toBe('2027-06-02'); // UTC+14
    expect(dayIn(at('2027-06-01T10:59:00Z'), 'Pacific/Pago_Pago')).toBe('2027-05-31'); // UTC-11
  });

  test('calendar arithmetic ignores the length of a day (23 and 25 hours on DST changes)', () => {
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(addDays('2027-10-31', -1)).toBe('2027-10-30');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekStartOf('2027-03-28')).toBe('2027-03-22'); // a Sunday belongs to the week of the Monday before
    expect(weekStartOf('2027-03-29')).toBe('2027-03-29');
  });
});

describe('streaksOf', () => {
  test('nothing: 0 and 0', () => {
    expect(streaksOf([], '2027-03-10')).toEqual({ current: 0, longest: 0 });
  });

  test('current counts back from today, or from yesterday while today has no session yet', () => {
    const days = ['2027-03-07', '2027-03-08', '2027-03-09'];
    expect(streaksOf(days, '2027-03-09')).toEqual({ current: 3, longest: 3 });
    expect(streaksOf(days, '2027-03-10')).toEqual({ current: 3, longest: 3 });
    expect(streaksOf(days, '2027-03-11')).toEqual({ current: 0, longest: 3 });
  });

  test('several sessions on one day count once; the longest run is kept after a gap', () => {
    const days = ['2027-01-01', '2027-01-02', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-10', '2027-01-11'];
    expect(streaksOf(days, '2027-01-11')).toEqual({ current: 2, longest: 4 });
  });

  test('a run across a month and a year end', () => {
    expect(streaksOf(['2026-12-30', '2026-12-31', '2027-01-01'], '2027-01-01')).toEqual({ current: 3, longest: 3 });
  });
});

describe('summarize across zones and DST', () => {
  test('London, spring forward: one session each evening 27-29 March is a 3-day streak (the 23-hour day counts once)', () => {
    const sessions = [s('2027-03-27T20:00:00Z'), s('2027-03-28T19:00:00Z'), s('2027-03-29T19:00:00Z')];
    const r = summarize(sessions, 'Europe/London', at('2027-03-29T21:00:00Z'), 4);
    expect(r.today).toBe('2027-03-29');
    expect(r.currentStreak).toBe(3);
    expect(r.longestStreak).toBe(3);
  });

  test('London, fall back: late sessions 30 Oct-1 Nov are three days in London, even where UTC sees them otherwise', () => {
    // 23:30 BST on the 30th is 22:30 UTC; 00:30 GMT on 1 November is 00:30 UTC (still the 1st); 31 Oct is 25 hours long.
    const sessions = [s('2027-10-30T22:30:00Z'), s('2027-10-31T23:59:00Z'), s('2027-11-01T00:30:00Z')];
    const r = summarize(sessions, 'Europe/London', at('2027-11-01T12:00:00Z'), 2);
    expect(r.currentStreak).toBe(3);
    expect(r.totalSessions).toBe(3);
  });

  test('a session just after local midnight belongs to the next day in that zone only', () => {
    // 2027-06-01 23:30 UTC: 2 June in London (BST), 1 June in New York. With a session on 1 June at noon UTC:
    const sessions = [s('2027-06-01T12:00:00Z'), s('2027-06-01T23:30:00Z')];
    const now = at('2027-06-02T12:00:00Z');
    expect(summarize(sessions, 'Europe/London', now, 1)).toMatchObject({ currentStreak: 2, longestStreak: 2, today: '2027-06-02' });
    expect(summarize(sessions, 'America/New_York', now, 1)).toMatchObject({ currentStreak: 1, longestStreak: 1, today: '2027-06-02' });
    expect(summarize(sessions, 'UTC', now, 1)).toMatchObject({ currentStreak: 1, longestStreak: 1 });
  });

  test('New York DST start (14 March 2027) and Sydney DST start (3 October 2027): consecutive local days stay consecutive', () => {
    const ny = [s('2027-03-13T23:00:00Z'), s('2027-03-14T23:00:00Z'), s('2027-03-15T23:00:00Z')]; // 18:00 EST, 19:00 EDT, 19:00 EDT
    expect(summarize(ny, 'America/New_York', at('2027-03-16T02:00:00Z'), 1)).toMatchObject({ currentStreak: 3, today: '2027-03-15' });
    // Sydney: 07:00 local each morning; the 2nd (AEST, UTC+10) is 1 Oct 21:00 UTC, the 3rd and 4th (AEDT, UTC+11) 20:00 UTC.
    const syd = [s('2027-10-01T21:00:00Z'), s('2027-10-02T20:00:00Z'), s('2027-10-03T20:00:00Z')];
    expect(summarize(syd, 'Australia/Sydney', at('2027-10-04T01:00:00Z'), 1)).toMatchObject({ currentStreak: 3, longestStreak: 3, today: '2027-10-04' });
  });

  test('weeks are Monday-based in the zone, oldest first, ending with this week; minutes are rounded per session', () => {
    const sessions = [
      s('2027-03-29T08:00:00Z', 1500), // Mon 29 March: 25 min
      s('2027-04-04T22:30:00Z', 89), // Sunday 4 April, 23:30 BST: the week of 29 March; 1 min
      s('2027-04-05T06:00:00Z', 3600), // Mon 5 April: 60 min, this week
      s('2027-01-01T10:00:00Z', 600), // long ago: in the totals, not in the weeks shown
    ];
    const r = summarize(sessions, 'Europe/London', at('2027-04-06T09:00:00Z'), 3);
    expect(r.weeks.map((w) => w.weekStart)).toEqual(['2027-03-22', '2027-03-29', '2027-04-05']);
    expect(r.weeks.map((w) => [w.sessions, w.minutes])).toEqual([
      [0, 0],
      [2, 26],
      [1, 60],
    ]);
    expect(r.thisWeek).toEqual({ weekStart: '2027-04-05', sessions: 1, minutes: 60 });
    expect(r.totalSessions).toBe(4);
    expect(r.totalMinutes).toBe(25 + 1 + 60 + 10);
    // Sunday the 4th and Monday the 5th (London days) have a session each.
    expect(r.currentStreak).toBe(2);
  });
});
