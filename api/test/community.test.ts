/**
 * Community reviews over real HTTP: creation rules, anonymity, the category filter, sorting, keyset
 * pagination under concurrent posting, helpful votes (once per person, exact under concurrency) and
 * reports (hidden at three distinct reporters, restored by a moderator).
 */
import { COMMUNITY_REVIEW_CATEGORIES, CommunityReview as ReviewSchema, type CommunityReview } from '@fitconnect/contracts';
import { z } from 'zod';
import { startTestApi, signUpAndLogin, type Agent, type AgentResponse, type TestApi } from './helpers';
import { hiddenReviews, restoreReview } from '../src/community/service';
import { CommunityReview as ReviewModel } from '../src/community/model';

jest.setTimeout(120_000);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

async function person(over: Parameters<typeof signUpAndLogin>[1] = {}) {
  const agent = api.agent();
  const { user, username } = await signUpAndLogin(agent, over);
  return { agent, user, username };
}

let titleSeq = 0;
function reviewBody(over: Record<string, unknown> = {}) {
  titleSeq += 1;
  return {
    rating: 4,
    title: `Review title ${titleSeq}`,
    comment: 'A comment that is long enough to pass.',
    category: 'platform',
    ...over,
  };
}

async function post(agent: Agent, over: Record<string, unknown> = {}): Promise<CommunityReview> {
  const res = await agent.post('/api/community-reviews', reviewBody(over));
  if (res.status !== 201) throw new Error(`post failed ${res.status} ${res.text}`);
  return res.body;
}

async function listAll(agent: Agent, query = ''): Promise<CommunityReview[]> {
  const out: CommunityReview[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? '&' : '';
    const res: AgentResponse<CommunityReview[]> = await agent.get(
      `/api/community-reviews?${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}&limit=50`,
    );
    expect(res.status).toBe(200);
    out.push(...res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return out;
}

describe('POST /api/community-reviews', () => {
  test('signed out: 401 Unauthorized, nothing stored', async () => {
    const before = await ReviewModel.countDocuments({});
    const res = await api.agent().post('/api/community-reviews', reviewBody());
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('Unauthorized');
    expect(await ReviewModel.countDocuments({})).toBe(before);
  });

  test('SPEC §5 rules on the server: rating 1-5, title 5-100, comment 10-1000, a real category', async () => {
    const { agent } = await person();
    const before = await ReviewModel.countDocuments({});
    const bad: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 3.5 }, 'rating'],
      [{ title: 'abcd' }, 'title'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ comment: 'too short' }, 'comment'],
      [{ comment: 'y'.repeat(1001) }, 'comment'],
      [{ category: 'all' }, 'category'],
      [{ category: 'gossip' }, 'category'],
      [{ isAnonymous: 'yes' }, 'isAnonymous'],
    ];
    for (const [over, field] of bad) {
      const res = await agent.post('/api/community-reviews', reviewBody(over));
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.issues.map((i: { path: string[] }) => i.path[0])).toContain(field);
    }
    expect(await ReviewModel.countDocuments({})).toBe(before);
    // The limits themselves are allowed.
    const ok = await agent.post('/api/community-reviews', reviewBody({ title: 'x'.repeat(100), comment: 'y'.repeat(1000), rating: 5 }));
    expect(ok.status).toBe(201);
    const ok2 = await agent.post('/api/community-reviews', reviewBody({ title: 'abcde', comment: '0123456789', rating: 1 }));
    expect(ok2.status).toBe(201);
  });

  test('the author is the signed-in user whatever the body says; isAnonymous defaults to false', async () => {
    const other = await person();
    const me = await person({ firstName: 'Marta', lastName: 'Quill' });
    const res = await me.agent.post('/api/community-reviews', { ...reviewBody(), userId: other.user.id, user: { username: other.username }, helpful: 99 });
    expect(res.status).toBe(201);
    const created = z.strictObject(ReviewSchema.shape).parse(res.body);
    expect(created.isAnonymous).toBe(false);
    expect(created.helpful).toBe(0);
    expect(created.isMine).toBe(true);
    expect(created.user).toEqual({ firstName: 'Marta', lastName: 'Quill', username: me.username });
    const stored = await ReviewModel.findOne({ id: created.id }).lean();
    expect(stored?.userId).toBe(me.user.id);
    // Others see it as not theirs.
    const seen = (await listAll(other.agent)).find((r) => r.id === created.id)!;
    expect(seen.isMine).toBe(false);
    expect(seen.user?.username).toBe(me.username);
  });
});

describe('anonymous reviews never reveal their author', () => {
  test('in no field, to nobody but the author (who learns only that it is theirs)', async () => {
    const author = await person({ firstName: 'Quintessa', lastName: 'Vandermolen' });
    const reader = await person();
    const anon = await post(author.agent, { isAnonymous: true, category: 'community' });
    const leaks = (text: string) =>
      text.includes(author.username) || text.includes('Quintessa') || text.includes('Vandermolen') || /"userId"|"_id"|"__v"|"email"/.test(text);

    const postRes = await author.agent.post('/api/community-reviews', reviewBody({ isAnonymous: true }));
    expect(postRes.status).toBe(201);
    expect(postRes.body.user).toBeNull();
    expect(leaks(postRes.text)).toBe(false);

    for (const who of [api.agent(), reader.agent, author.agent]) {
      for (const q of ['', 'category=community', 'sort=helpful', 'category=all&sort=newest']) {
        const res = await who.get(`/api/community-reviews?${q}`);
        expect(res.status).toBe(200);
        const mine = (res.body as CommunityReview[]).find((r) => r.id === anon.id)!;
        expect(mine).toBeDefined();
        expect(mine.user).toBeNull();
        expect(mine.isAnonymous).toBe(true);
        expect(leaks(res.text)).toBe(false);
        expect(Object.keys(mine).sort()).toEqual(Object.keys(ReviewSchema.shape).sort());
      }
    }
    const asAuthor = (await listAll(author.agent)).find((r) => r.id === anon.id)!;
    const asReader = (await listAll(reader.agent)).find((r) => r.id === anon.id)!;
    const asVisitor = (await listAll(api.agent())).find((r) => r.id === anon.id)!;
    expect(asAuthor.isMine).toBe(true);
    expect(asReader.isMine).toBe(false);
    expect(asVisitor.isMine).toBe(false);

    // Voting on it and the vote's answer name nobody either.
    const vote = await reader.agent.patch(`/api/community-reviews/${anon.id}/helpful`);
    expect(vote.status).toBe(200);
    expect(leaks(vote.text)).toBe(false);
    // The author's own refusal says 'your own' only to the author.
    const own = await author.agent.patch(`/api/community-reviews/${anon.id}/helpful`);
    expect(own.status).toBe(403);
  });
});

describe('GET /api/community-reviews', () => {
  test('filters by category on the server; all or absent is everything; unknown values are 400', async () => {
    const { agent } = await person();
    const made: Record<string, number> = {};
    for (const c of COMMUNITY_REVIEW_CATEGORIES) made[c] = (await post(agent, { category: c })).id;
    const everything = await listAll(api.agent());
    const allIds = everything.map((r) => r.id);
    for (const c of COMMUNITY_REVIEW_CATEGORIES) {
      const list = await listAll(api.agent(), `category=${c}`);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((r) => r.category === c)).toBe(true);
      expect(list.map((r) => r.id)).toContain(made[c]);
      const res = await api.agent().get(`/api/community-reviews?category=${c}`);
      expect(Number(res.headers.get('x-total-count'))).toBe(list.length);
    }
    expect((await listAll(api.agent(), 'category=all')).map((r) => r.id)).toEqual(allIds);
    expect(allIds).toEqual(expect.arrayContaining(Object.values(made)));
    for (const q of ['category=gossip', 'sort=oldest', 'limit=0', 'limit=500', 'cursor=not-a-cursor']) {
      const res = await api.agent().get(`/api/community-reviews?${q}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  test('newest first by default; sort=helpful puts the most helpful first', async () => {
    const list = await listAll(api.agent());
    const times = list.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const { agent } = await person();
    const target = await post(agent, { category: 'workouts' });
    const voters = await Promise.all([1, 2, 3].map(() => person()));
    for (const v of voters) expect((await v.agent.patch(`/api/community-reviews/${target.id}/helpful`)).status).toBe(200);
    const helpful = await listAll(api.agent(), 'sort=helpful');
    const counts = helpful.map((r) => r.helpful);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(helpful.map((r) => r.id).sort()).toEqual(list.map((r) => r.id).concat(target.id).sort());
  });

  test('pagination returns every review exactly once while new ones are posted', async () => {
    const writers = await Promise.all([1, 2, 3].map(() => person()));
    for (let i = 0; i < 45; i++) await post(writers[i % 3].agent, { category: i % 2 ? 'features' : 'trainers' });
    for (const sort of ['newest', 'helpful']) {
      const existing = (await listAll(api.agent(), `sort=${sort}`)).map((r) => r.id);
      expect(new Set(existing).size).toBe(existing.length);
      const reader = api.agent();
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: AgentResponse<CommunityReview[]> = await reader.get(
          `/api/community-reviews?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
        expect(res.body.length).toBeLessThanOrEqual(20);
        seen.push(...(res.body as CommunityReview[]).map((r) => r.id));
        cursor = res.headers.get('x-next-cursor');
        pages += 1;
        // Others keep posting between pages, some at the very same time as the next page is read.
        await Promise.all(writers.map((w) => post(w.agent, { category: 'platform' })));
      } while (cursor);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(new Set(seen).size).toBe(seen.length); // nothing twice
      expect(seen.filter((id) => existing.includes(id)).sort((a, b) => a - b)).toEqual([...existing].sort((a, b) => a - b)); // nothing missed
    }
  });
});

describe('PATCH /api/community-reviews/:id/helpful', () => {
  test('signed out: 401 whose message contains Unauthorized; the count is unchanged', async () => {
    const { agent } = await person();
    const r = await post(agent);
    const res = await api.agent().patch(`/api/community-reviews/${r.id}/helpful`);
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('Unauthorized');
    expect((await ReviewModel.findOne({ id: r.id }).lean())?.helpful).toBe(0);
  });

  test('unknown or malformed ids: 404 / 400', async () => {
    const { agent } = await person();
    expect((await agent.patch('/api/community-reviews/999999/helpful')).status).toBe(404);
    expect((await agent.patch('/api/community-reviews/abc/helpful')).status).toBe(400);
    expect((await agent.patch('/api/community-reviews/-3/helpful')).status).toBe(400);
  });

  test('you cannot mark your own review helpful', async () => {
    const { agent } = await person();
    const r = await post(agent);
    const res = await agent.patch(`/api/community-reviews/${r.id}/helpful`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot mark your own review as helpful');
    expect((await ReviewModel.findOne({ id: r.id }).lean())?.helpful).toBe(0);
  });

  test('twenty people at once give 20; all of them again at once still give 20', async () => {
    const author = await person();
    const r = await post(author.agent, { category: 'trainers' });
    const voters = await Promise.all(Array.from({ length: 20 }, () => person()));
    const first = await Promise.all(voters.map((v) => v.agent.patch(`/api/community-reviews/${r.id}/helpful`)));
    expect(first.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(first.every((x) => x.body.votedHelpful === true && x.body.id === r.id)).toBe(true);
    // Each answer carried the count right after that vote: 1..20, each once.
    expect(first.map((x) => x.body.helpful).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const again = await Promise.all(voters.flatMap((v) => [v.agent.patch(`/api/community-reviews/${r.id}/helpful`), v.agent.patch(`/api/community-reviews/${r.id}/helpful`)]));
    expect(again.every((x) => x.status === 200 && x.body.helpful === 20 && x.body.votedHelpful === true)).toBe(true);
    const listed = (await listAll(voters[0].agent, 'category=trainers')).find((x) => x.id === r.id)!;
    expect(listed.helpful).toBe(20);
    expect(listed.votedHelpful).toBe(true);
    const byAuthor = (await listAll(author.agent, 'category=trainers')).find((x) => x.id === r.id)!;
    expect(byAuthor.votedHelpful).toBe(false);
    const visitor = (await listAll(api.agent(), 'category=trainers')).find((x) => x.id === r.id)!;
    expect(visitor.votedHelpful).toBe(false);
    expect(visitor.helpful).toBe(20);
  });

  test('one person voting many times at once counts once', async () => {
    const author = await person();
    const voter = await person();
    const r = await post(author.agent);
    const res = await Promise.all(Array.from({ length: 10 }, () => voter.agent.patch(`/api/community-reviews/${r.id}/helpful`)));
    expect(res.every((x) => x.status === 200)).toBe(true);
    expect((await ReviewModel.findOne({ id: r.id }).lean())?.helpful).toBe(1);
  });
});

describe('POST /api/community-reviews/:id/report', () => {
  const visible = async (id: number, q = '') => (await listAll(api.agent(), q)).some((r) => r.id === id);

  test('signed out 401; own review 403; once per person (409); hidden at three distinct reporters; restored by a moderator', async () => {
    const author = await person();
    const r = await post(author.agent, { category: 'features' });
    expect((await api.agent().post(`/api/community-reviews/${r.id}/report`, {})).status).toBe(401);
    expect((await author.agent.post(`/api/community-reviews/${r.id}/report`, {})).status).toBe(403);
    expect((await author.agent.post(`/api/community-reviews/${r.id}/report`, { reason: 'x'.repeat(501) })).status).toBe(400);

    const [a, b, c] = await Promise.all([1, 2, 3].map(() => person()));
    expect((await a.agent.post(`/api/community-reviews/${r.id}/report`, { reason: 'Spam' })).status).toBe(201);
    // The same person again, even many times at once, is refused and does not count.
    const repeats = await Promise.all([1, 2, 3].map(() => a.agent.post(`/api/community-reviews/${r.id}/report`, {})));
    expect(repeats.map((x) => x.status)).toEqual([409, 409, 409]);
    expect(repeats[0].body.message).toBe('You have already reported this review');
    expect((await b.agent.post(`/api/community-reviews/${r.id}/report`)).status).toBe(201); // reason optional, no body
    expect(await visible(r.id)).toBe(true);
    expect(await visible(r.id, 'category=features')).toBe(true);

    const totalBefore = Number((await api.agent().get('/api/community-reviews')).headers.get('x-total-count'));
    expect((await c.agent.post(`/api/community-reviews/${r.id}/report`, { reason: 'Offensive' })).status).toBe(201);
    expect(await visible(r.id)).toBe(false);
    expect(await visible(r.id, 'category=features')).toBe(false);
    expect(await visible(r.id, 'sort=helpful')).toBe(false);
    expect(Number((await api.agent().get('/api/community-reviews')).headers.get('x-total-count'))).toBe(totalBefore - 1);
    // A hidden review cannot be voted on or reported further.
    const d = await person();
    expect((await d.agent.patch(`/api/community-reviews/${r.id}/helpful`)).status).toBe(404);
    expect((await d.agent.post(`/api/community-reviews/${r.id}/report`, {})).status).toBe(404);

    // The moderator's list shows it with its reports; restoring shows it again.
    const queue = await hiddenReviews();
    const entry = queue.find((h) => h.id === r.id)!;
    expect(entry.reports.map((x) => x.reason).sort()).toEqual(['', 'Offensive', 'Spam']);
    expect(await restoreReview(r.id)).toBe(true);
    expect(await visible(r.id)).toBe(true);
    expect((await hiddenReviews()).some((h) => h.id === r.id)).toBe(false);
    // Earlier reporters cannot report it again.
    expect((await a.agent.post(`/api/community-reviews/${r.id}/report`, {})).status).toBe(409);
  });

  test('three distinct reporters at the same moment hide it', async () => {
    const author = await person();
    const r = await post(author.agent);
    const reporters = await Promise.all([1, 2, 3].map(() => person()));
    const res = await Promise.all(reporters.map((p) => p.agent.post(`/api/community-reviews/${r.id}/report`, { reason: 'Spam' })));
    expect(res.map((x) => x.status)).toEqual([201, 201, 201]);
    expect(await visible(r.id)).toBe(false);
    const stored = await ReviewModel.findOne({ id: r.id }).lean();
    expect(stored?.hidden).toBe(true);
    expect(stored?.reportCount).toBe(3);
  });
});

test('every listed review matches the public schema exactly (no internal fields)', async () => {
  const list = await listAll(api.agent());
  expect(list.length).toBeGreaterThan(0);
  z.array(z.strictObject(ReviewSchema.shape)).parse(list);
});
