/**
 * Issue 29: the booking routes where abuse is plausible are rate limited (at the configured scale 1, as in
 * production): creating bookings per user, and the cookie-less calendar feed per client address (guessing
 * tokens). The clock is driven, so the window passes without waiting.
 */
import { startTestApi, type TestApi } from '../helpers';
import { client, drivenClock, trainerWith } from './support';

jest.setTimeout(120_000);
const clock = drivenClock('2027-03-01T08:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock, config: { rateLimit: 1 } });
});
afterAll(async () => {
  await api?.stop();
});

it('a user may try 20 bookings in 10 minutes; the 21st gets 429 and stores nothing; later it works again', async () => {
  const { trainer } = await trainerWith(api);
  const c = await client(api);
  // Refused attempts (a slot outside the windows) count too: the limit is on attempts.
  for (let i = 0; i < 20; i++) {
    const r = await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-03T08:00:00Z', mode: 'online' });
    expect(r.status).toBe(400);
  }
  const limited = await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-03T09:00:00Z', mode: 'online' });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await c.agent.get('/api/bookings')).body).toEqual([]);
  clock.advance(10 * 60 * 1000 + 1000);
  expect((await c.agent.post('/api/bookings', { trainerId: trainer.id, start: '2027-03-03T09:00:00Z', mode: 'online' })).status).toBe(201);
});

it('guessing calendar tokens is cut off after 60 tries a minute per address', async () => {
  const anon = api.agent();
  for (let i = 0; i < 60; i++) expect((await anon.get(`/api/calendar/${String(i).padStart(43, 'a')}.ics`)).status).toBe(404);
  expect((await anon.get(`/api/calendar/${'b'.repeat(43)}.ics`)).status).toBe(429);
});
