/**
 * Issue 29 demo data: the seeded trainers have schedules and a few sessions, marked as demo data like the rest
 * of the seed: `npm run demo -- remove` (removeDemoData) takes the demo users' bookings, schedules and
 * calendar feeds away, and a real user's booking with a real trainer stays.
 */
import { startTestApi, type TestApi } from '../helpers';
import { runSeed, removeDemoData, findDemoData, DEMO_PASSWORD } from '../../src/seed';
import { Availability, Booking, CalendarFeed, SlotClaim } from '../../src/bookings/model';
import { client, trainerWith } from './support';

jest.setTimeout(180_000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

it('seeds schedules and sessions for the demo trainers, and `demo remove` removes them and nothing real', async () => {
  await runSeed();
  const visitor = api.agent();
  const trainers = (await visitor.get('/api/trainers?limit=48')).body as { id: number }[];
  expect(trainers.length).toBeGreaterThan(3);
  for (const t of trainers) {
    const a = (await visitor.get(`/api/trainers/${t.id}/availability`)).body;
    expect(a.configured).toBe(true);
    expect((await visitor.get(`/api/trainers/${t.id}/slots`)).body.slots.length).toBeGreaterThan(0);
  }
  // The demo account sees its sessions, one of them completed.
  const demo = api.agent();
  expect((await demo.post('/api/auth/login', { username: 'demo', password: DEMO_PASSWORD })).status).toBe(200);
  const mine = (await demo.get('/api/bookings')).body as { status: string }[];
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.map((b) => b.status)).toContain('completed');
  expect((await demo.get('/api/calendar/token')).status).toBe(200);

  // A real trainer and client book outside the demo data.
  const real = await trainerWith(api);
  const c = await client(api);
  const slot = (await visitor.get(`/api/trainers/${real.trainer.id}/slots`)).body.slots[0];
  expect((await c.agent.post('/api/bookings', { trainerId: real.trainer.id, start: slot.start, mode: 'online' })).status).toBe(201);

  const found = await findDemoData();
  expect(found.report.bookings).toBe((await Booking.countDocuments({})) - 1);
  expect(found.report.schedules).toBe(trainers.length);
  await removeDemoData();
  expect(await Booking.countDocuments({})).toBe(1);
  expect(await Availability.countDocuments({})).toBe(1);
  expect(await CalendarFeed.countDocuments({})).toBe(0);
  const left = await Booking.findOne({}).lean();
  expect(left).toMatchObject({ clientId: c.user.id, trainerUserId: real.trainer.userId });
  expect(new Set((await SlotClaim.find({}).lean()).map((x) => x.bookingId))).toEqual(new Set([left!.id]));
  expect((await c.agent.get('/api/bookings')).body).toHaveLength(1);
});
