/**
 * Issue 35.4: the directory's X-Total-Count stays exact with the count cache (src/trainers/countCache.ts).
 * Over real HTTP: the total of a search is the number of trainers matching it, the same on every page;
 * every trainer write this instance makes (profile created or edited, specialties, a review that moves a
 * rating) shows in the next total at once; a write made elsewhere (another instance, the seed: here a
 * direct database write) shows once the TTL has passed on the app's clock, never later.
 */
import { keyOf as countKeyOf } from '../../src/trainers/countCache';
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import { Trainer, TrainerReview } from '../../src/trainers/model';
import { makeTrainer } from './support';

jest.setTimeout(120000);

let api: TestApi;
let now = Date.parse('2026-11-26T09:00:00Z');
beforeAll(async () => {
  api = await startTestApi({ clock: { now: () => new Date(now) } });
  await Trainer.deleteMany({});
  await TrainerReview.deleteMany({});
});
afterAll(async () => {
  await api?.stop();
});

async function total(path: string): Promise<{ total: number; hasMore: string | null; n: number }> {
  const r = await api.agent().get(path);
  expect(r.status).toBe(200);
  return { total: Number(r.headers.get('x-total-count')), hasMore: r.headers.get('x-has-more'), n: r.body.length };
}

it('is exact on every page, and moves at once with each trainer write made here', async () => {
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await makeTrainer(api.agent(), { location: 'Leeds, LS1 4DY', profile: { sessionPrice: 30 + i, availableOnline: i % 2 === 0, specialties: i < 3 ? 'Yoga, Pilates' : 'Boxing' } }));
  const online = '/api/trainers?online=true&limit=2';
  expect(await total(online)).toEqual({ total: 3, hasMore: 'true', n: 2 });
  expect(await total(`${online}&page=2`)).toEqual({ total: 3, hasMore: 'false', n: 1 });

  // A new profile.
  const owner = api.agent();
  const sixth = await makeTrainer(owner, { location: 'LS6 1AN', profile: { availableOnline: true, specialties: 'Yoga' } });
  expect((await total(online)).total).toBe(4);
  expect((await total('/api/trainers?location=LS6&sort=price')).total).toBe(6);

  // An edit that leaves the filter (PATCH) and one that changes a specialty (POST .../specialties).
  const yoga = '/api/trainers?specialty=yoga';
  expect((await total(yoga)).total).toBe(4);
  const edit = await owner.patch(`/api/trainers/${sixth.trainer.id}`, { availableOnline: false });
  expect(edit.status).toBe(200);
  expect((await total(online)).total).toBe(3);
  const spec = await owner.post(`/api/trainers/${sixth.trainer.id}/specialties`, { specialties: ['Boxing'] });
  expect(spec.status).toBe(200);
  expect((await total(yoga)).total).toBe(3);

  // A review that moves a rating above a minRating filter.
  const rated = '/api/trainers?minRating=4';
  expect((await total(rated)).total).toBe(0);
  const client = api.agent();
  await signUpAndLogin(client);
  const review = await client.post('/api/reviews', { trainerId: made[1].trainer.id, rating: 5, comment: 'Great' });
  expect(review.status).toBe(201);
  expect((await total(rated)).total).toBe(1);
});

it('a write made elsewhere shows once the TTL (1 s) has passed on the app clock, never later', async () => {
  const path = '/api/trainers?maxPrice=31';
  const before = (await total(path)).total;
  expect(before).toBeGreaterThan(0);
  // Another instance (or the seed) changes the data: not this instance's write, so nothing is dropped here.
  await Trainer.updateMany({ sessionPrice: { $lte: 31 } }, { $set: { sessionPrice: 90, priceSort: 90 } });
  now += 999;
  expect((await total(path)).total).toBe(before);
  now += 2;
  expect((await total(path)).total).toBe(0);
  // The page itself is never cached: it already showed no trainer at that price.
});

it('the total is the count of the matching trainers for each filter combination', async () => {
  const all = await Trainer.find({}).lean();
  const combos: [string, (t: (typeof all)[number]) => boolean][] = [
    ['online=true', (t) => t.availableOnline],
    ['inPerson=true&maxPrice=40', (t) => t.availableInPerson && t.sessionPrice !== null && t.sessionPrice <= 40],
    ['specialty=pil&online=true', (t) => t.availableOnline && t.specialties.some((s) => /pil/i.test(s))],
    ['minRating=1', (t) => t.rating >= 1],
    ['location=LS6&sort=rating', (t) => !!t.point],
    ['location=Nowhere%20Town', (t) => /Nowhere Town/i.test(t.location)],
  ];
  now += 5000;
  for (const [q, match] of combos) expect([q, (await total(`/api/trainers?${q}`)).total]).toEqual([q, all.filter(match).length]);
});

test('two searches that differ only in a regular expression never share a cached total (the key writes the pattern out)', () => {
  expect(countKeyOf({ location: /leeds/i })).not.toBe(countKeyOf({ location: /york/i }));
  expect(countKeyOf({ location: /leeds/i })).not.toBe(countKeyOf({ location: /leeds/ }));
  expect(countKeyOf({ location: { $regex: 'leeds', $options: 'i' } })).toBe(countKeyOf({ location: { $regex: 'leeds', $options: 'i' } }));
});
