/**
 * Issue 29: slots across the daylight-saving changes of Europe/London in 2027 (Sunday 28 March: 01:00 GMT
 * jumps to 02:00 BST; Sunday 31 October: 02:00 BST falls back to 01:00 GMT), over real HTTP. A 00:00-04:00
 * window is the real time between local midnight and local 04:00: 3 hours in March, 5 in October. Every real
 * hour is offered once; none vanishes, none is doubled, and both 01:00s of October are bookable apart.
 */
import { startTestApi, type TestApi } from '../helpers';
import { WEEK, client, drivenClock, trainerWith } from './support';

jest.setTimeout(120_000);

const clock = drivenClock('2027-03-01T08:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  await api?.stop();
});

const NIGHT = {
  ...WEEK,
  sessionMinutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxAdvanceDays: 365,
  windows: [{ weekday: 7, start: '00:00', end: '04:00', online: true, inPerson: false }],
};

async function slots(trainerId: number, from: string, to = from) {
  const r = await api.agent().get(`/api/trainers/${trainerId}/slots?from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  return r.body.slots as { start: string; end: string; localDate: string; localTime: string }[];
}

function expectNoOverlapOrDuplicate(list: { start: string; end: string }[]) {
  const starts = list.map((s) => s.start);
  expect(new Set(starts).size).toBe(starts.length);
  for (let i = 1; i < list.length; i++) expect(Date.parse(list[i].start)).toBeGreaterThanOrEqual(Date.parse(list[i - 1].end));
  for (const s of list) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(60 * 60 * 1000);
}

it('the March change day (28 March 2027): 3 one-hour slots, 00:00 GMT then 02:00 and 03:00 BST', async () => {
  const { trainer } = await trainerWith(api, NIGHT);
  const day = await slots(trainer.id, '2027-03-28');
  expect(day.map((s) => [s.start, s.localTime])).toEqual([
    ['2027-03-28T00:00:00.000Z', '00:00'],
    ['2027-03-28T01:00:00.000Z', '02:00'],
    ['2027-03-28T02:00:00.000Z', '03:00'],
  ]);
  expectNoOverlapOrDuplicate(day);
  // The Sundays around it keep their 4 slots, at the same wall-clock times.
  expect((await slots(trainer.id, '2027-03-21')).map((s) => s.localTime)).toEqual(['00:00', '01:00', '02:00', '03:00']);
  const after = await slots(trainer.id, '2027-04-04');
  expect(after.map((s) => [s.start, s.localTime])).toEqual([
    ['2027-04-03T23:00:00.000Z', '00:00'],
    ['2027-04-04T00:00:00.000Z', '01:00'],
    ['2027-04-04T01:00:00.000Z', '02:00'],
    ['2027-04-04T02:00:00.000Z', '03:00'],
  ]);
  // A range across the change: every slot once, in order.
  const span = await slots(trainer.id, '2027-03-21', '2027-04-04');
  expect(span).toHaveLength(4 + 3 + 4);
  expectNoOverlapOrDuplicate(span);
});

it('the October change day (31 October 2027): 5 one-hour slots, both 01:00s, each bookable on its own', async () => {
  const { trainer } = await trainerWith(api, NIGHT);
  clock.set('2027-10-01T08:00:00Z');
  const day = await slots(trainer.id, '2027-10-31');
  expect(day.map((s) => [s.start, s.localTime])).toEqual([
    ['2027-10-30T23:00:00.000Z', '00:00'],
    ['2027-10-31T00:00:00.000Z', '01:00'],
    ['2027-10-31T01:00:00.000Z', '01:00'],
    ['2027-10-31T02:00:00.000Z', '02:00'],
    ['2027-10-31T03:00:00.000Z', '03:00'],
  ]);
  expectNoOverlapOrDuplicate(day);
  expect((await slots(trainer.id, '2027-11-07')).map((s) => s.start)).toEqual(
    ['00:00', '01:00', '02:00', '03:00'].map((t) => `2027-11-07T${t}:00.000Z`),
  );

  const a = await client(api);
  const b = await client(api);
  const bst = await a.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-10-31T01:00:00+01:00', mode: 'online' });
  const gmt = await b.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-10-31T01:00:00+00:00', mode: 'online' });
  expect([bst.status, gmt.status]).toEqual([201, 201]);
  expect([bst.body.start, gmt.body.start]).toEqual(['2027-10-31T00:00:00.000Z', '2027-10-31T01:00:00.000Z']);
  expect((await slots(trainer.id, '2027-10-31')).map((s) => s.start)).toEqual([
    '2027-10-30T23:00:00.000Z',
    '2027-10-31T02:00:00.000Z',
    '2027-10-31T03:00:00.000Z',
  ]);
});

it('half-hour sessions on the March change day step through real time: 6 slots, the one booked leaves the list', async () => {
  const { trainer } = await trainerWith(api, { ...NIGHT, sessionMinutes: 30 });
  clock.set('2027-03-01T08:00:00Z');
  expect((await slots(trainer.id, '2027-03-28')).map((s) => s.localTime)).toEqual(['00:00', '00:30', '02:00', '02:30', '03:00', '03:30']);
  const c = await client(api);
  // 01:30 UTC is 02:30 BST on that day (local 01:00-02:00 does not exist).
  const ok = await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-28T01:30:00+00:00', mode: 'online' });
  expect(ok.status).toBe(201);
  expect(ok.body.start).toBe('2027-03-28T01:30:00.000Z');
  const day = await slots(trainer.id, '2027-03-28');
  expect(day.map((s) => s.localTime)).toEqual(['00:00', '00:30', '02:00', '03:00', '03:30']);
});
