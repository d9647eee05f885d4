/**
 * Issue 28.11 over real HTTP: reporting a challenge (once per person, also when the same person's reports
 * arrive at once; hidden from lists and its page after three; signed out 401; the creator cannot), the
 * featured flag, and GET /api/challenges/community (people's challenges, newest first, paged).
 */
import { CHALLENGE_REPORT_HIDE_THRESHOLD, COMMUNITY_CHALLENGES_PAGE_SIZE, ChallengeSummary } from '@fitconnect/contracts';
import { z } from 'zod';
import { startTestApi, type Agent, type TestApi, newSignedInUser } from './helpers';
import { Challenge, ChallengeReport } from '../src/challenges/model';
import { hiddenChallenges, restoreChallenge } from '../src/challenges/service';

jest.setTimeout(120_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const newUser = (partial?: Parameters<typeof newSignedInUser>[1]) => newSignedInUser(api, partial);

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Report me maybe',
  description: 'A challenge made to be reported in a test.',
  type: 'steps',
  target: 1000,
  unit: 'steps',
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  difficulty: 'easy',
  category: 'general',
  maxParticipants: '',
  ...over,
});

async function create(agent: Agent, over: Record<string, unknown> = {}): Promise<number> {
  const r = await agent.post('/api/challenges', body(over));
  expect(r.status).toBe(201);
  return r.body.id as number;
}

const listed = async (id: number) => ((await api.agent().get('/api/challenges')).body as { id: number }[]).some((c) => c.id === id);

test('signed out is a 401 and writes nothing; the creator cannot report their own (403); a bad id is a 400, unknown 404', async () => {
  const creator = await newUser();
  const id = await create(creator.agent);
  const anon = await api.agent().post(`/api/challenges/${id}/report`, { reason: 'spam' });
  expect(anon.status).toBe(401);
  expect((await creator.agent.post(`/api/challenges/${id}/report`, {})).status).toBe(403);
  expect(await ChallengeReport.countDocuments({ challengeId: id })).toBe(0);
  const other = await newUser();
  expect((await other.agent.post('/api/challenges/abc/report', {})).status).toBe(400);
  expect((await other.agent.post('/api/challenges/99999999/report', {})).status).toBe(404);
  expect((await other.agent.post(`/api/challenges/${id}/report`, { reason: 'x'.repeat(501) })).status).toBe(400);
  expect((await Challenge.findOne({ id }).lean())?.reportCount).toBe(0);
});

test('once per person: a repeat is a 409, and ten simultaneous reports by one person count once', async () => {
  const creator = await newUser();
  const id = await create(creator.agent);
  const reporter = await newUser();
  const all = await Promise.all(Array.from({ length: 10 }, () => reporter.agent.post(`/api/challenges/${id}/report`, { reason: 'Throwaway' })));
  expect(all.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  expect((await reporter.agent.post(`/api/challenges/${id}/report`, {})).status).toBe(409);
  expect((await Challenge.findOne({ id }).lean())?.reportCount).toBe(1);
  expect(await listed(id)).toBe(true);
});

test(`hidden after ${CHALLENGE_REPORT_HIDE_THRESHOLD} people report it (also at once): gone from the lists and its page; a moderator restores it`, async () => {
  const creator = await newUser();
  const id = await create(creator.agent);
  const reporters = await Promise.all(Array.from({ length: CHALLENGE_REPORT_HIDE_THRESHOLD }, () => newUser()));
  const res = await Promise.all(reporters.map((r) => r.agent.post(`/api/challenges/${id}/report`, { reason: 'Test junk' })));
  expect(res.map((r) => r.status)).toEqual(Array(CHALLENGE_REPORT_HIDE_THRESHOLD).fill(201));
  expect(await listed(id)).toBe(false);
  expect((await api.agent().get(`/api/challenges/${id}`)).status).toBe(404);
  expect((await creator.agent.get(`/api/challenges/${id}`)).status).toBe(404);
  const community = (await api.agent().get('/api/challenges/community')).body.challenges as { id: number }[];
  expect(community.some((c) => c.id === id)).toBe(false);
  expect((await (await newUser()).agent.post(`/api/challenges/${id}/join`)).status).toBe(404);
  // npm run moderate -- challenges / restore-challenge
  const hidden = await hiddenChallenges();
  expect(hidden.find((h) => h.id === id)?.reports).toHaveLength(CHALLENGE_REPORT_HIDE_THRESHOLD);
  expect(await restoreChallenge(id)).toBe(true);
  expect(await listed(id)).toBe(true);
  expect((await Challenge.findOne({ id }).lean())?.reportCount).toBe(0);
});

test('featured is in the list; /api/challenges/community lists people’s challenges newest first, paged, without curated or ended ones', async () => {
  const creator = await newUser();
  const featured = await create(creator.agent, { title: 'Curated one' });
  await Challenge.updateOne({ id: featured }, { $set: { featured: true } });
  const ids: number[] = [];
  for (let i = 0; i < COMMUNITY_CHALLENGES_PAGE_SIZE + 2; i++) ids.push(await create(creator.agent, { title: `Community ${i}` }));
  const list = z.array(z.object(ChallengeSummary.shape)).parse((await api.agent().get('/api/challenges')).body);
  expect(list.find((c) => c.id === featured)?.featured).toBe(true);
  expect(list.find((c) => c.id === ids[0])?.featured).toBe(false);

  const first = (await api.agent().get('/api/challenges/community')).body as { challenges: { id: number }[]; nextCursor: string | null };
  expect(first.challenges).toHaveLength(COMMUNITY_CHALLENGES_PAGE_SIZE);
  expect(first.challenges.map((c) => c.id)).toEqual([...ids].reverse().slice(0, COMMUNITY_CHALLENGES_PAGE_SIZE));
  const second = (await api.agent().get(`/api/challenges/community?cursor=${first.nextCursor}`)).body as { challenges: { id: number }[]; nextCursor: string | null };
  const seen = [...first.challenges, ...second.challenges].map((c) => c.id);
  expect(seen).not.toContain(featured);
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual(expect.arrayContaining(ids));
  expect((await api.agent().get('/api/challenges/community?cursor=forged')).status).toBe(400);
});
