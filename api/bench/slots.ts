/**
 * Bench (not a test) for issue 29's budget: the free slots of 14 days of a busy trainer in at most 20 ms of
 * server time. Two measurements, each the median / p95 / max of 200 runs after 20 warm-ups:
 *   1. slots.ts alone (freeSlots): the pure computation, given the bookings;
 *   2. the service's slotsOf: the schedule read, the lazy-expiry sweep, the bookings read and the computation,
 *      against the embedded database (in memory), as GET /api/trainers/:id/slots runs it.
 * The busy trainer: 30-minute sessions with a 5-minute buffer, windows 06:00-22:00 every day (Europe/London),
 * about two thirds of every day booked (confirmed or requested), a day off in the range.
 *
 *   npx tsx api/bench/slots.ts
 */
import { performance } from 'node:perf_hooks';
import { startEmbeddedMongo } from '@fitconnect/embedded-mongo';
import { connectDb, disconnectDb } from '../src/db/connect';
import { Availability, Booking } from '../src/bookings/model';
import { slotsOf } from '../src/bookings/service';
import { freeSlots, windowSlots, type Schedule } from '../src/bookings/slots';

const NOW = new Date('2027-03-22T07:00:00Z'); // 14 days from here cross the March DST change
const FROM = '2027-03-22';
const TO = '2027-04-04';
const schedule: Schedule = {
  timeZone: 'Europe/London',
  sessionMinutes: 30,
  bufferMinutes: 5,
  minNoticeHours: 2,
  maxAdvanceDays: 60,
  windows: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
    { weekday, start: '06:00', end: '12:00', online: true, inPerson: true },
    { weekday, start: '12:00', end: '22:00', online: true, inPerson: false },
  ]),
  daysOff: [{ from: '2027-03-30', to: '2027-03-30', note: '' }],
};

function stats(label: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  console.log(`${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s[s.length - 1].toFixed(2)} ms (${s.length} runs)`);
}

function time(fn: () => unknown, runs = 200, warm = 20): number[] {
  for (let i = 0; i < warm; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function timeAsync(fn: () => Promise<unknown>, runs = 200, warm = 20): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function main() {
  // Two of every three window slots booked.
  const busy: { start: number; blockedUntil: number }[] = [];
  const dates: string[] = [];
  for (let t = Date.parse(`${FROM}T00:00:00Z`); t <= Date.parse(`${TO}T00:00:00Z`); t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));
  for (const d of dates) windowSlots(schedule, d).forEach((c, i) => i % 3 !== 2 && busy.push({ start: c.start, blockedUntil: c.end + 5 * 60_000 }));
  const free = freeSlots(schedule, FROM, TO, busy, NOW);
  console.log(`busy trainer: ${busy.length} booked sessions, ${free.length} free slots in ${dates.length} days`);
  stats('freeSlots (pure, 14 days)', time(() => freeSlots(schedule, FROM, TO, busy, NOW)));

  const db = await startEmbeddedMongo();
  try {
    await connectDb(db.uri);
    await Availability.create({ ...schedule, trainerId: 1, trainerUserId: 1, requiresConfirmation: true, updatedAt: NOW });
    await Booking.insertMany(
      busy.map((b, i) => ({
        trainerId: 1,
        trainerUserId: 1,
        clientId: 100 + (i % 40),
        start: new Date(b.start),
        end: new Date(b.blockedUntil - 5 * 60_000),
        blockedUntil: new Date(b.blockedUntil),
        timeZone: schedule.timeZone,
        mode: 'online',
        status: i % 4 === 0 ? 'requested' : 'confirmed',
        expiresAt: i % 4 === 0 ? new Date(b.start) : null,
        createdAt: NOW,
        updatedAt: NOW,
      })),
    );
    const trainer = { id: 1, userId: 1 };
    const r = await slotsOf(trainer, { from: FROM, to: TO }, NOW);
    if (r.slots.length !== free.length) throw new Error(`service gave ${r.slots.length} slots, the pure computation ${free.length}`);
    stats('slotsOf (service: database reads + computation, embedded DB in memory)', await timeAsync(() => slotsOf(trainer, { from: FROM, to: TO }, NOW)));
  } finally {
    await disconnectDb();
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
