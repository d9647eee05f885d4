import Router from '@koa/router';
import { z } from 'zod';
import {
  CommunityChallengesQuery,
  CreateChallengeBody,
  IdParam,
  LEADERBOARD_MAX_ROWS,
  LEADERBOARD_TOP_ROWS,
  LeaderboardQuery,
  LogProgressBody,
  ReportChallengeBody,
  type ChallengeLeaderboard,
} from '@fitconnect/contracts';
import { currentUser, requireUser } from '../http/auth';
import { rateLimit } from '../http/rateLimit';
import { bodyOf, paramsOf, queryOf, validateBody, validateParams, validateQuery } from '../http/validate';
import { assertCreatableDates, assertJoinable, assertLoggable, assertWithinCap } from './policy';
import { presentChallenge, presentChallengeDetail, presentLeaderboardEntry, presentParticipation, presentUserChallenge } from './presenter';
import {
  communityChallenges,
  countsFor,
  createChallenge,
  currentCounts,
  findChallenge,
  findParticipation,
  joinChallenge,
  joinedIds,
  leaderboard,
  listChallenges,
  logProgress,
  ownLeaderboardRow,
  reportChallenge,
  timingOf,
  userChallenges,
} from './service';

const IdParams = z.object({ id: IdParam });

export const challengesRouter = new Router();

// The list, for everyone; a signed-in caller also learns which ones they joined.
challengesRouter.get('/api/challenges', async (ctx) => {
  const now = ctx.deps.clock.now();
  const challenges = await listChallenges(now);
  const ids = challenges.map((c) => c.id);
  const counts = await countsFor(challenges);
  const joined = ctx.state.user ? await joinedIds(ctx.state.user.id, ids) : null;
  ctx.body = challenges.map((c) => presentChallenge(c, { now, counts: counts.get(c.id), joined: joined ? joined.has(c.id) : undefined }));
});

// New community challenges (issue 28.11): people's own challenges, not ended, newest first, paged by cursor.
// Registered before /:id.
challengesRouter.get('/api/challenges/community', validateQuery(CommunityChallengesQuery), async (ctx) => {
  const { cursor } = queryOf(ctx, CommunityChallengesQuery);
  const now = ctx.deps.clock.now();
  const page = await communityChallenges(now, cursor);
  const ids = page.challenges.map((c) => c.id);
  const counts = await countsFor(page.challenges);
  const joined = ctx.state.user ? await joinedIds(ctx.state.user.id, ids) : null;
  ctx.body = {
    challenges: page.challenges.map((c) => presentChallenge(c, { now, counts: counts.get(c.id), joined: joined ? joined.has(c.id) : undefined })),
    nextCursor: page.nextCursor,
  };
});

challengesRouter.post('/api/challenges', requireUser(), validateBody(CreateChallengeBody), async (ctx) => {
  const user = currentUser(ctx);
  const body = bodyOf(ctx, CreateChallengeBody);
  const now = ctx.deps.clock.now();
  assertCreatableDates(body, now);
  const challenge = await createChallenge(user.id, body);
  ctx.status = 201;
  ctx.body = presentChallenge(challenge, { now, joined: false });
});

challengesRouter.get('/api/challenges/:id', validateParams(IdParams), async (ctx) => {
  const { id } = paramsOf(ctx, IdParams);
  const now = ctx.deps.clock.now();
  const challenge = await findChallenge(id);
  // The counters on the challenge itself: constant time however many took part (issue 35.4).
  const counts = await countsFor([challenge]);
  const user = ctx.state.user;
  const participation = user ? await findParticipation(id, user.id) : null;
  ctx.body = presentChallengeDetail(challenge, { now, counts: counts.get(id), participation, signedIn: !!user });
});

// The whole board as SPEC §7's client reads it (an array, the top 500); ?limit= takes fewer.
challengesRouter.get('/api/challenges/:id/participants', validateParams(IdParams), validateQuery(LeaderboardQuery), async (ctx) => {
  const { id } = paramsOf(ctx, IdParams);
  const { limit } = queryOf(ctx, LeaderboardQuery);
  await findChallenge(id);
  const rows = await leaderboard(id, limit ?? LEADERBOARD_MAX_ROWS);
  ctx.body = rows.map((row) => presentLeaderboardEntry(row, row.rank));
});

// The challenge page's board (issue 35.4): the top rows (10 unless ?limit= says otherwise) and the signed-in
// caller's own row with their rank, counted over the board's index (never by reading the board); the
// challenge's counts. A visitor or a non-participant gets `me: null`; nobody else's own row is ever answered.
challengesRouter.get('/api/challenges/:id/leaderboard', validateParams(IdParams), validateQuery(LeaderboardQuery), async (ctx) => {
  const { id } = paramsOf(ctx, IdParams);
  const { limit } = queryOf(ctx, LeaderboardQuery);
  const challenge = await findChallenge(id);
  const user = ctx.state.user;
  const [rows, me, counts] = await Promise.all([leaderboard(id, limit ?? LEADERBOARD_TOP_ROWS), user ? ownLeaderboardRow(id, user) : null, countsFor([challenge])]);
  const c = counts.get(id);
  ctx.body = {
    entries: rows.map((row) => presentLeaderboardEntry(row, row.rank)),
    me: me ? presentLeaderboardEntry(me, me.rank) : null,
    participantCount: c?.participants ?? 0,
    completedCount: c?.completed ?? 0,
  } satisfies ChallengeLeaderboard;
});

challengesRouter.post('/api/challenges/:id/join', requireUser(), validateParams(IdParams), async (ctx) => {
  const user = currentUser(ctx);
  const { id } = paramsOf(ctx, IdParams);
  const now = ctx.deps.clock.now();
  const challenge = await findChallenge(id);
  assertJoinable(timingOf(challenge, now));
  const { alreadyJoined } = await joinChallenge(challenge, user.id, now);
  const counts = new Map([[id, await currentCounts(id)]]);
  ctx.status = alreadyJoined ? 200 : 201;
  ctx.body = {
    message: alreadyJoined ? 'You have already joined this challenge' : "You've successfully joined the challenge.",
    alreadyJoined,
    challenge: presentChallenge(challenge, { now, counts: counts.get(id), joined: true }),
  };
});

challengesRouter.post('/api/challenges/:id/progress', requireUser(), validateParams(IdParams), validateBody(LogProgressBody), async (ctx) => {
  const user = currentUser(ctx);
  const { id } = paramsOf(ctx, IdParams);
  const body = bodyOf(ctx, LogProgressBody);
  const now = ctx.deps.clock.now();
  const challenge = await findChallenge(id);
  assertLoggable(timingOf(challenge, now));
  assertWithinCap(challenge, body.progress);
  const { participation, justCompleted } = await logProgress(challenge, user.id, body, now);
  ctx.status = 201;
  ctx.body = { message: 'Your progress has been recorded.', participation: presentParticipation(participation), justCompleted };
});

// The signed-in user's challenges with their progress (SPEC §7 refreshes it after a join).
challengesRouter.get('/api/user/challenges', requireUser(), async (ctx) => {
  const user = currentUser(ctx);
  const now = ctx.deps.clock.now();
  const rows = await userChallenges(user.id);
  const counts = await countsFor(rows.map((r) => r.challenge));
  ctx.body = rows.map((r) => presentUserChallenge(r, { now, counts: counts.get(r.challenge.id) }));
});

// Report a challenge (issue 28.11), as a community review is reported: once per person; enough reports hide it.
challengesRouter.post(
  '/api/challenges/:id/report',
  requireUser(),
  rateLimit({ name: 'challenge-report', limit: 30, windowMs: 60 * 60 * 1000, key: (ctx) => `user:${ctx.state.user?.id ?? 'anon'}` }),
  validateParams(IdParams),
  validateBody(ReportChallengeBody),
  async (ctx) => {
    const user = currentUser(ctx);
    const { id } = paramsOf(ctx, IdParams);
    await reportChallenge(id, user.id, bodyOf(ctx, ReportChallengeBody), ctx.deps.clock.now());
    ctx.status = 201;
    ctx.body = { id, message: 'Thank you. A moderator will take a look at this challenge.' };
  },
);
