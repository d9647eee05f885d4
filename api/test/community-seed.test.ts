/**
 * The community part of the demo seed: every helpful count is backed by one real vote per person (so the
 * API's once-per-person rule holds for seeded data too), 'demo' has votes left to cast, and the seeded
 * anonymous reviews do not name their authors in the list.
 */
import { startTestApi, type TestApi } from './helpers';
import { runSeed } from '../src/seed';
import { CommunityReview, HelpfulVote } from '../src/community/model';
import { User } from '../src/users/model';

jest.setTimeout(60_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  const r = await runSeed({ now: new Date() });
  expect(r.seeded).toBe(true);
});
afterAll(async () => {
  await api?.stop();
});

test('every seeded helpful count equals its votes; nobody votes for their own review; demo has not voted', async () => {
  const reviews = await CommunityReview.find({}).lean();
  expect(reviews.length).toBeGreaterThanOrEqual(5);
  const demo = await User.findOne({ usernameLower: 'demo' }).lean();
  for (const r of reviews) {
    const votes = await HelpfulVote.find({ reviewId: r.id }).lean();
    expect(votes).toHaveLength(r.helpful);
    expect(votes.some((v) => v.userId === r.userId)).toBe(false);
    expect(votes.some((v) => v.userId === demo!.id)).toBe(false);
  }
  expect(reviews.some((r) => r.helpful > 0)).toBe(true);
});

test('seeded anonymous reviews are listed without their authors', async () => {
  const res = await api.agent().get('/api/community-reviews?limit=50');
  expect(res.status).toBe(200);
  const anonymous = (await CommunityReview.find({ isAnonymous: true, userId: { $ne: null } }).lean()).map((r) => r.id);
  expect(anonymous.length).toBeGreaterThan(0);
  const authors = await User.find({ id: { $in: (await CommunityReview.find({ id: { $in: anonymous } }).lean()).map((r) => r.userId) } }).lean();
  for (const id of anonymous) {
    const listed = res.body.find((r: { id: number }) => r.id === id);
    expect(listed.user).toBeNull();
    const text = JSON.stringify(listed);
    for (const a of authors) {
      expect(text).not.toContain(a.username);
      expect(text).not.toContain(a.lastName);
    }
  }
});

test('a seeded vote counts: a voter who already voted in the seed cannot add a second one', async () => {
  const vote = await HelpfulVote.findOne({}).lean();
  const review = await CommunityReview.findOne({ id: vote!.reviewId }).lean();
  const voter = await User.findOne({ id: vote!.userId }).lean();
  const agent = api.agent();
  const login = await agent.post('/api/auth/login', { username: voter!.username, password: 'demo1234' });
  expect(login.status).toBe(200);
  const res = await agent.patch(`/api/community-reviews/${review!.id}/helpful`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ id: review!.id, helpful: review!.helpful, votedHelpful: true });
});
