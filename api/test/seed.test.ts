import { challengeTiming } from '@fitconnect/contracts';
import { startTestApi, type TestApi } from './helpers';
import { runSeed, DEMO_PASSWORD } from '../src/seed';
import { User } from '../src/users/model';
import { Trainer, TrainerReview } from '../src/trainers/model';
import { Challenge, ChallengeParticipant } from '../src/challenges/model';
import { CommunityReview } from '../src/community/model';

jest.setTimeout(120000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

async function counts() {
  return {
    users: await User.countDocuments({}),
    trainers: await Trainer.countDocuments({}),
    reviews: await TrainerReview.countDocuments({}),
    challenges: await Challenge.countDocuments({}),
    participants: await ChallengeParticipant.countDocuments({}),
    community: await CommunityReview.countDocuments({}),
  };
}

it('fills an empty database once, even when started twice at the same time', async () => {
  const results = await Promise.all([runSeed(), runSeed()]);
  expect(results.filter((r) => r.seeded)).toHaveLength(1);
  const first = await counts();
  expect(first.trainers).toBeGreaterThanOrEqual(8);
  expect(first.users).toBeGreaterThan(first.trainers);
  expect(first.reviews).toBeGreaterThan(first.trainers);
  expect(first.community).toBeGreaterThanOrEqual(5);

  const again = await runSeed();
  expect(again.seeded).toBe(false);
  expect(await counts()).toEqual(first);
});

it('places trainers in several UK cities with ratings that match their reviews', async () => {
  const trainerDocs = await Trainer.find({}).lean();
  const users = await User.find({ id: { $in: trainerDocs.map((t) => t.userId) } }).lean();
  expect(users.every((u) => u.isTrainer)).toBe(true);
  const cities = new Set(users.map((u) => u.location.split(',')[0]));
  for (const city of ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Bristol', 'Edinburgh']) expect(cities).toContain(city);
  for (const t of trainerDocs) {
    const reviews = await TrainerReview.find({ trainerId: t.id }).lean();
    expect(t.reviewCount).toBe(reviews.length);
    const avg = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
    expect(t.rating).toBeCloseTo(avg, 1);
    expect(t.description.length).toBeGreaterThanOrEqual(20);
    for (const r of reviews) expect(r.createdAt.getTime()).toBeLessThan(Date.now());
  }
});

it('has challenges in every timing state and community reviews in every category', async () => {
  const now = new Date();
  const states = (await Challenge.find({}).lean()).map((c) => challengeTiming(c.startDate, c.endDate, now));
  expect(new Set(states)).toEqual(new Set(['upcoming', 'active', 'ended']));
  const categories = await CommunityReview.distinct('category');
  expect(new Set(categories)).toEqual(new Set(['platform', 'community', 'features', 'trainers', 'workouts']));
  const completed = await ChallengeParticipant.find({ completed: true }).lean();
  for (const p of completed) {
    const c = await Challenge.findOne({ id: p.challengeId }).lean();
    expect(p.currentProgress).toBeGreaterThanOrEqual(c!.target);
  }
});

it('keeps one review per trainer per user and one participation per challenge per user', async () => {
  const review = await TrainerReview.findOne({}).lean();
  await expect(TrainerReview.create({ trainerId: review!.trainerId, userId: review!.userId, rating: 3 })).rejects.toMatchObject({ code: 11000 });
  const part = await ChallengeParticipant.findOne({}).lean();
  await expect(ChallengeParticipant.create({ challengeId: part!.challengeId, userId: part!.userId })).rejects.toMatchObject({ code: 11000 });
});

it('lets the demo account sign in', async () => {
  const r = await api.agent().post('/api/auth/login', { username: 'demo', password: DEMO_PASSWORD });
  expect(r.status).toBe(200);
  expect(r.body.user.username).toBe('demo');
});
