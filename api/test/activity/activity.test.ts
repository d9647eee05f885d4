/**
 * The Community feed's "Recent activity" (issue 28.9) over real HTTP: items written by the events
 * themselves (trainer created, challenge completed / reaching N participants, review posted / marked
 * helpful), newest first, paged by cursor; an anonymous review never names its author; a hidden or
 * deleted subject leaves the feed; new trainers are "near you" for a viewer with a location.
 */
import { ACTIVITY_PAGE_SIZE, ActivityPage, type ActivityItem } from '@fitconnect/contracts';
import { startTestApi, type Agent, type TestApi, newSignedInUser } from '../helpers';
import { deleteReview } from '../../src/community/service';
import { Activity } from '../../src/activity/model';

jest.setTimeout(120_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const newUser = (partial?: Parameters<typeof newSignedInUser>[1]) => newSignedInUser(api, partial);

/** Every item of the feed, page by page (and checks each page's shape). */
async function allItems(agent: Agent = api.agent()): Promise<ActivityItem[]> {
  const out: ActivityItem[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const r = await agent.get(`/api/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status).toBe(200);
    const page = ActivityPage.parse(r.body);
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}

async function postReview(agent: Agent, over: Record<string, unknown> = {}): Promise<number> {
  const r = await agent.post('/api/community-reviews', {
    category: 'community',
    rating: 5,
    title: 'Great community here',
    comment: 'Friendly people and useful tips every week.',
    isAnonymous: false,
    ...over,
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

const challengeBody = (over: Record<string, unknown> = {}) => ({
  title: 'Activity Steps',
  description: 'Walk more every day this week, together.',
  type: 'steps',
  target: 100,
  unit: 'steps',
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  difficulty: 'medium',
  category: 'general',
  maxParticipants: '',
  ...over,
});

test('an anonymous review never names its author, in any item about it; a named one shows first name and initial only', async () => {
  const author = await newUser({ firstName: 'Zebedee', lastName: 'Quillfeather', location: 'Leeds, LS1 4AP' });
  const anonId = await postReview(author.agent, { isAnonymous: true, title: 'Anonymous but glowing' });
  const namedId = await postReview(author.agent, { title: 'Signed and glowing' });
  // Three helpful marks: a 'review_helpful' item for the anonymous review too.
  for (let i = 0; i < 3; i++) {
    const voter = await newUser();
    expect((await voter.agent.patch(`/api/community-reviews/${anonId}/helpful`)).status).toBe(200);
  }
  for (const viewer of [api.agent(), author.agent]) {
    const items = await allItems(viewer);
    const aboutAnon = items.filter((i) => 'review' in i && i.review.id === anonId);
    expect(aboutAnon.map((i) => i.kind).sort()).toEqual(['review_helpful', 'review_posted']);
    const text = JSON.stringify(aboutAnon);
    for (const secret of ['Zebedee', 'Quillfeather', author.username, author.email, 'LS1', `"userId"`]) expect(text).not.toContain(secret);
    for (const i of aboutAnon) expect(i).toMatchObject({ person: null });
    const named = items.find((i) => 'review' in i && i.review.id === namedId);
    expect(named).toMatchObject({ kind: 'review_posted', person: { firstName: 'Zebedee', lastInitial: 'Q.' } });
    expect(JSON.stringify(named)).not.toContain('Quillfeather');
  }
  // Nor does the stored row keep who wrote it.
  const rows = await Activity.find({ refId: anonId, kind: { $in: ['review_posted', 'review_helpful'] } }).lean();
  expect(rows.map((r) => r.userId)).toEqual([null, null]);
});

test('newest first, paged by cursor: every item once, and an item added meanwhile does not shift the next page', async () => {
  const writer = await newUser();
  const ids: number[] = [];
  for (let i = 0; i < ACTIVITY_PAGE_SIZE + 3; i++) ids.push(await postReview(writer.agent, { title: `Paging review ${i}` }));
  const first = ActivityPage.parse((await api.agent().get('/api/activity')).body);
  expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
  expect(first.nextCursor).toEqual(expect.any(String));
  // The newest review comes first.
  expect(first.items[0]).toMatchObject({ kind: 'review_posted', review: { id: ids[ids.length - 1] } });
  await postReview(writer.agent, { title: 'Posted between pages' });
  const second = ActivityPage.parse((await api.agent().get(`/api/activity?cursor=${encodeURIComponent(first.nextCursor!)}`)).body);
  const seen = [...first.items, ...second.items].map((i) => i.id);
  expect(new Set(seen).size).toBe(seen.length);
  // The newest page-1 review ids, then page 2 carries on with the older ones (no repeat of the meanwhile post).
  const reviewIds = [...first.items, ...second.items].filter((i) => i.kind === 'review_posted').map((i) => (i as { review: { id: number } }).review.id);
  expect(reviewIds.slice(0, ids.length)).toEqual([...ids].reverse());
  // Newest first across everything.
  const all = await allItems();
  for (let i = 1; i < all.length; i++) {
    const a = all[i - 1];
    const b = all[i];
    expect(+new Date(a.at) > +new Date(b.at) || (+new Date(a.at) === +new Date(b.at) && a.id > b.id)).toBe(true);
  }
});

test('a hidden or deleted review, and a challenge hidden by reports, leave the feed', async () => {
  const author = await newUser();
  const reviewId = await postReview(author.agent, { title: 'Soon to be reported' });
  const goneId = await postReview(author.agent, { title: 'Soon to be deleted' });
  const has = async (pred: (i: ActivityItem) => boolean) => (await allItems()).some(pred);
  expect(await has((i) => 'review' in i && i.review.id === reviewId)).toBe(true);
  for (let k = 0; k < 3; k++) {
    const reporter = await newUser();
    expect((await reporter.agent.post(`/api/community-reviews/${reviewId}/report`, { reason: 'spam' })).status).toBe(201);
  }
  expect(await has((i) => 'review' in i && i.review.id === reviewId)).toBe(false);
  await deleteReview(goneId);
  expect(await has((i) => 'review' in i && i.review.id === goneId)).toBe(false);

  const creator = await newUser();
  const c = await creator.agent.post('/api/challenges', challengeBody({ title: 'Reported challenge' }));
  expect(c.status).toBe(201);
  const joiners = await Promise.all([newUser(), newUser(), newUser()]);
  for (const j of joiners) expect((await j.agent.post(`/api/challenges/${c.body.id}/join`)).status).toBe(201);
  expect(await has((i) => i.kind === 'challenge_popular' && i.challenge.id === c.body.id)).toBe(true);
  for (const j of joiners) expect((await j.agent.post(`/api/challenges/${c.body.id}/report`, { reason: 'Throwaway' })).status).toBe(201);
  expect(await has((i) => 'challenge' in i && i.challenge.id === c.body.id)).toBe(false);
});

test('a challenge reaching three participants is one item however the joins arrive; a completion names first name and initial', async () => {
  const creator = await newUser();
  const c = await creator.agent.post('/api/challenges', challengeBody({ title: 'Busy challenge' }));
  const joiners = await Promise.all(Array.from({ length: 5 }, (_, i) => newUser({ firstName: `Joiner${i}`, lastName: 'Walker' })));
  const res = await Promise.all(joiners.map((j) => j.agent.post(`/api/challenges/${c.body.id}/join`)));
  expect(res.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  const items = await allItems();
  const popular = items.filter((i) => i.kind === 'challenge_popular' && i.challenge.id === c.body.id);
  expect(popular).toHaveLength(1);
  expect(popular[0]).toMatchObject({ challenge: { title: 'Busy challenge' }, participants: 5 });

  expect((await joiners[0].agent.post(`/api/challenges/${c.body.id}/progress`, { progress: 100 })).status).toBe(201);
  const done = (await allItems()).filter((i) => i.kind === 'challenge_completed' && i.challenge.id === c.body.id);
  expect(done).toEqual([expect.objectContaining({ person: { firstName: 'Joiner0', lastInitial: 'W.' } })]);
  expect(JSON.stringify(done)).not.toContain('Walker');
});

test('a new trainer is an item; a viewer with a location sees trainers near them, with the distance', async () => {
  const trainer = await newUser({ isTrainer: true, firstName: 'Tamsin', lastName: 'Near', location: 'Leeds' });
  const t = await trainer.agent.post('/api/trainers/profile', {
    specialization: 'Strength',
    description: 'Strength sessions for busy people, online or in the park.',
    yearsOfExperience: 3,
    specialties: 'Strength',
    sessionPrice: 40,
    availableOnline: true,
    availableInPerson: true,
    location: 'Leeds, LS1 4AP',
  });
  expect(t.status).toBe(201);
  const find = (items: ActivityItem[]) => items.find((i) => i.kind === 'trainer_joined' && i.trainer.id === t.body.id);
  // Signed out: every new trainer, newest first, with the public location (district, never the full postcode).
  const anon = find(await allItems());
  expect(anon).toMatchObject({ trainer: { name: 'Tamsin Near', specialization: 'Strength', distanceMiles: null } });
  expect(JSON.stringify(anon)).not.toContain('4AP');
  const leeds = await newUser({ location: 'Leeds' });
  expect(find(await allItems(leeds.agent))).toMatchObject({ trainer: { distanceMiles: 0 } });
  const glasgow = await newUser({ location: 'Glasgow' });
  expect(find(await allItems(glasgow.agent))).toBeUndefined();
});

test('a forged cursor is a 400 with a message, not a 500', async () => {
  for (const bad of ['nonsense', Buffer.from('{"a":"x"}').toString('base64url'), 'x'.repeat(300)]) {
    const r = await api.agent().get(`/api/activity?cursor=${bad}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
});
