import {
  ACTIVITY_POPULAR_PARTICIPANTS,
  CHALLENGE_REPORT_HIDE_THRESHOLD,
  COMMUNITY_CHALLENGES_PAGE_SIZE,
  LEADERBOARD_MAX_ROWS,
  challengeTiming,
  type ChallengeTiming,
  type CreateChallengeBody,
  type LogProgressBody,
  type ReportChallengeBody,
} from '@fitconnect/contracts';
import { badRequest, conflict, notFound } from '../http/errors';
import { User, type UserFields } from '../users/model';
import { recordActivity } from '../activity/service';
import { Challenge, ChallengeParticipant, ChallengeReport, MAX_PROGRESS_ENTRIES, type ChallengeFields, type ChallengeParticipantFields } from './model';
import { challengeFull, assertCanLog, authorizeReport } from './policy';

export type StoredChallenge = Pick<ChallengeFields, keyof ChallengeFields>;
export type StoredParticipant = Pick<ChallengeParticipantFields, keyof ChallengeParticipantFields>;

export interface ChallengeCounts {
  participants: number;
  completed: number;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export const timingOf = (c: Pick<ChallengeFields, 'startDate' | 'endDate'>, now: Date): ChallengeTiming => challengeTiming(c.startDate, c.endDate, now);

/** A challenge that is not hidden by reports (a hidden one answers 404 until a moderator restores it). */
export async function findChallenge(id: number): Promise<StoredChallenge> {
  const challenge = await Challenge.findOne({ id, hidden: { $ne: true } }).lean();
  if (!challenge) throw notFound('Challenge not found');
  return challenge;
}

const hasCounters = (c: Pick<StoredChallenge, 'participantCount' | 'completedCount'>) =>
  typeof c.participantCount === 'number' && typeof c.completedCount === 'number';

/**
 * Participants and completions per challenge, read from the counters each challenge document keeps
 * (participantCount, completedCount): constant time however many participations there are (issue 35.4: counting
 * them read all 10,000 at 10x). A document without counters (stored before they existed, or by the demo seed)
 * gets them once, counted from its participations (ensureCounters).
 */
export async function countsFor(challenges: Pick<StoredChallenge, 'id' | 'participantCount' | 'completedCount'>[]): Promise<Map<number, ChallengeCounts>> {
  const out = new Map<number, ChallengeCounts>();
  for (const c of challenges) {
    out.set(c.id, hasCounters(c) ? { participants: c.participantCount, completed: c.completedCount as number } : await ensureCounters(c.id));
  }
  return out;
}

/** The counts of one challenge as stored now (after a join changed them). */
export async function currentCounts(id: number): Promise<ChallengeCounts> {
  const c = await Challenge.findOne({ id }).select({ id: 1, participantCount: 1, completedCount: 1 }).lean();
  if (!c) return { participants: 0, completed: 0 };
  return (await countsFor([c])).get(id) as ChallengeCounts;
}

/**
 * The lazy migration: a challenge without a counter gets it, counted from its participations, in a conditional
 * `$set` (`$exists: false`, so a second, concurrent fix-up is a no-op). Exact under concurrency because no
 * write can move a counter that does not exist yet: a join takes its seat (`$inc`) before it inserts its
 * participation and only from a counter that exists; a completion likewise reserves its `$inc` before it marks
 * the participation completed. So every participation the count sees came in without a counter update, and
 * every one that comes after the `$set` brings its own.
 */
export async function ensureCounters(challengeId: number): Promise<ChallengeCounts> {
  const [row] = await ChallengeParticipant.aggregate<{ participants: number; completed: number }>([
    { $match: { challengeId } },
    { $group: { _id: null, participants: { $sum: 1 }, completed: { $sum: { $cond: ['$completed', 1, 0] } } } },
  ]);
  const counted = { participants: row?.participants ?? 0, completed: row?.completed ?? 0 };
  await Challenge.updateOne({ id: challengeId, participantCount: { $exists: false } }, { $set: { participantCount: counted.participants } });
  await Challenge.updateOne({ id: challengeId, completedCount: { $exists: false } }, { $set: { completedCount: counted.completed } });
  const stored = await Challenge.findOne({ id: challengeId }).select({ participantCount: 1, completedCount: 1 }).lean();
  return { participants: stored?.participantCount ?? counted.participants, completed: stored?.completedCount ?? counted.completed };
}

/** The challenges a user takes part in (ids). */
export async function joinedIds(userId: number, challengeIds?: number[]): Promise<Set<number>> {
  const filter = challengeIds ? { userId, challengeId: { $in: challengeIds } } : { userId };
  const rows = await ChallengeParticipant.find(filter).select({ challengeId: 1 }).lean();
  return new Set(rows.map((r) => r.challengeId));
}

const TIMING_ORDER: Record<ChallengeTiming, number> = { active: 0, upcoming: 1, ended: 2 };

/** Most challenges listed. */
export const LIST_LIMIT = 200;

/**
 * The list: active first (ending soonest first), then upcoming (starting soonest first), then ended
 * (most recently ended first).
 */
export async function listChallenges(now: Date): Promise<StoredChallenge[]> {
  const all = await Challenge.find({ hidden: { $ne: true } }).sort({ endDate: -1, id: -1 }).limit(LIST_LIMIT).lean();
  return all.sort((a, b) => {
    const ta = timingOf(a, now);
    const tb = timingOf(b, now);
    if (ta !== tb) return TIMING_ORDER[ta] - TIMING_ORDER[tb];
    if (ta === 'active') return +a.endDate - +b.endDate || a.id - b.id;
    if (ta === 'upcoming') return +a.startDate - +b.startDate || a.id - b.id;
    return +b.endDate - +a.endDate || b.id - a.id;
  });
}

export async function createChallenge(userId: number, body: CreateChallengeBody): Promise<StoredChallenge> {
  const doc = await Challenge.create({ ...body, createdBy: userId, participantCount: 0, completedCount: 0 });
  return doc.toObject();
}

export type JoinOutcome = { alreadyJoined: boolean };

/**
 * Join a challenge. The seat comes from one conditional atomic update of the challenge's participantCount
 * (only while below maxParticipants), so simultaneous joins can never overfill it; the participation itself
 * is guarded by the unique (challengeId, userId) index, and a duplicate gives its seat back.
 * The caller has checked that the challenge is upcoming or active.
 */
export async function joinChallenge(challenge: StoredChallenge, userId: number, now: Date): Promise<JoinOutcome> {
  if (await ChallengeParticipant.exists({ challengeId: challenge.id, userId })) return { alreadyJoined: true };

  const max = challenge.maxParticipants;
  if (typeof challenge.participantCount !== 'number') await ensureCounters(challenge.id);
  // Only from a counter that exists (see ensureCounters): `$lt` matches no missing field, `$exists` says so for the unlimited case.
  const seat = await Challenge.findOneAndUpdate(
    max == null ? { id: challenge.id, maxParticipants: null, participantCount: { $exists: true } } : { id: challenge.id, participantCount: { $lt: max } },
    { $inc: { participantCount: 1 } },
    { returnDocument: 'after', lean: true },
  );
  if (!seat) {
    // Full, unless this same user's other request took the last seat a moment ago.
    if (await ChallengeParticipant.exists({ challengeId: challenge.id, userId })) return { alreadyJoined: true };
    throw challengeFull();
  }
  try {
    await ChallengeParticipant.create({
      challengeId: challenge.id,
      userId,
      currentProgress: 0,
      completed: false,
      completedAt: null,
      reachedAt: now,
      entries: [],
      joinedAt: now,
    });
  } catch (err) {
    await Challenge.updateOne({ id: challenge.id, participantCount: { $gt: 0 } }, { $inc: { participantCount: -1 } });
    if (isDuplicateKey(err)) return { alreadyJoined: true };
    throw err;
  }
  // The activity feed (issue 28.9): the join that took the Nth seat says so, once (unique key). The seat
  // counter, not a count of every participation (that grew with the challenge).
  if ((seat.participantCount ?? 0) >= ACTIVITY_POPULAR_PARTICIPANTS) {
    await recordActivity({ kind: 'challenge_popular', refId: challenge.id, key: `challenge_popular:${challenge.id}`, at: now });
  }
  return { alreadyJoined: false };
}

export function findParticipation(challengeId: number, userId: number) {
  return ChallengeParticipant.findOne({ challengeId, userId }).lean<StoredParticipant>();
}

/**
 * Log progress: one atomic update adds the amount, keeps the entry and moves reachedAt; a second,
 * conditional one marks the participation completed the first time the total reaches the target
 * (exactly one of several simultaneous logs does it). The challenge's completedCount is reserved (`$inc`) just
 * before that update, as a join takes its seat before it inserts, and given back when another log won the
 * completion: so it counts each completion once, and a lazy fix-up can never count one twice (ensureCounters).
 * Refused (nothing written) for non-participants.
 */
export async function logProgress(
  challenge: StoredChallenge,
  userId: number,
  body: LogProgressBody,
  now: Date,
): Promise<{ participation: StoredParticipant; justCompleted: boolean }> {
  const entry = { amount: body.progress, at: now, ...(body.note ? { note: body.note } : {}) };
  const updated = await ChallengeParticipant.findOneAndUpdate(
    { challengeId: challenge.id, userId },
    {
      $inc: { currentProgress: body.progress },
      $set: { reachedAt: now },
      $push: { entries: { $each: [entry], $slice: -MAX_PROGRESS_ENTRIES } },
    },
    { returnDocument: 'after', lean: true },
  );
  assertCanLog(updated);
  let participation = updated as StoredParticipant;
  let justCompleted = false;
  if (!participation.completed && participation.currentProgress >= challenge.target) {
    const reserved = await reserveCompletion(challenge);
    const done = await ChallengeParticipant.findOneAndUpdate(
      { challengeId: challenge.id, userId, completed: false, currentProgress: { $gte: challenge.target } },
      { $set: { completed: true, completedAt: now } },
      { returnDocument: 'after', lean: true },
    );
    if (done) {
      participation = done as StoredParticipant;
      justCompleted = true;
      await recordActivity({ kind: 'challenge_completed', refId: challenge.id, userId, key: `challenge_completed:${challenge.id}:${userId}`, at: now });
    } else {
      if (reserved) await Challenge.updateOne({ id: challenge.id, completedCount: { $gt: 0 } }, { $inc: { completedCount: -1 } });
      participation = (await findParticipation(challenge.id, userId)) ?? participation;
    }
  }
  return { participation, justCompleted };
}

/** One more completion on the challenge's counter, only once it exists (false: the challenge is gone). */
async function reserveCompletion(challenge: StoredChallenge): Promise<boolean> {
  if (typeof challenge.completedCount !== 'number') await ensureCounters(challenge.id);
  const res = await Challenge.updateOne({ id: challenge.id, completedCount: { $exists: true } }, { $inc: { completedCount: 1 } });
  return res.modifiedCount === 1;
}

/** The leaderboard: most progress first, ties to whoever reached their total first, then to whoever joined first. */
export const LEADERBOARD_LIMIT = LEADERBOARD_MAX_ROWS;
const USERS_PER_QUERY = 200;
/** The board's order; the index { challengeId: 1, currentProgress: -1, reachedAt: 1, id: 1 } walks it. */
const BOARD_ORDER = { currentProgress: -1, reachedAt: 1, id: 1 } as const;

export interface LeaderboardRow {
  participant: StoredParticipant;
  user: Pick<UserFields, 'id' | 'firstName' | 'lastName' | 'location'>;
  /** 1 + the participations ahead of this one in the board's order. */
  rank: number;
}

/**
 * The top `limit` rows, each with its rank: the position among the challenge's participations in the board's
 * order (so a row's rank is what leaderboardRank counts for it; a participation whose user is gone is left out
 * and keeps its place).
 */
export async function leaderboard(challengeId: number, limit: number = LEADERBOARD_LIMIT): Promise<LeaderboardRow[]> {
  const rows = await ChallengeParticipant.find({ challengeId })
    .sort(BOARD_ORDER)
    .limit(Math.min(Math.max(1, limit), LEADERBOARD_MAX_ROWS))
    .select({ entries: 0 })
    .lean<StoredParticipant[]>();
  // The users in lists of at most 200 ids, read at once: a longer $in is a collection scan in the embedded
  // database (its planner walks at most 200 index intervals; MongoDB walks any number). With 10,000 users
  // one list of 500 read every user (api/bench/leaderboard.ts --explain).
  const ids = rows.map((r) => r.userId);
  const chunks = Array.from({ length: Math.ceil(ids.length / USERS_PER_QUERY) }, (_, i) => ids.slice(i * USERS_PER_QUERY, (i + 1) * USERS_PER_QUERY));
  const users = (
    await Promise.all(
      chunks.map((chunk) =>
        User.find({ id: { $in: chunk } })
          .select({ id: 1, firstName: 1, lastName: 1, location: 1 })
          .lean(),
      ),
    )
  ).flat();
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.flatMap((r, i) => {
    const user = byId.get(r.userId);
    return user ? [{ participant: r, user, rank: i + 1 }] : [];
  });
}

/**
 * A participant's rank without reading the board (issue 35.4): 1 + the participations ahead of theirs in the
 * board's order, counted as three ranges of the board's index, which together are exactly "ahead":
 * more progress; as much progress, reached earlier; as much, reached at the same moment, lower id.
 * (One $or of the three would not go through the index in the embedded database, whose planner reads no $or.)
 * Each count walks only the index keys of its range: the work grows with the rank, not with the challenge.
 */
export async function leaderboardRank(p: Pick<StoredParticipant, 'challengeId' | 'currentProgress' | 'reachedAt' | 'id'>): Promise<number> {
  const { challengeId, currentProgress, reachedAt, id } = p;
  const ahead = await Promise.all([
    countParticipants({ challengeId, currentProgress: { $gt: currentProgress } }),
    countParticipants({ challengeId, currentProgress, reachedAt: { $lt: reachedAt } }),
    countParticipants({ challengeId, currentProgress, reachedAt, id: { $lt: id } }),
  ]);
  return ahead.reduce((a, b) => a + b, 1);
}

/**
 * The `count` command rather than countDocuments (an aggregate of $match and $group): the same index walk in
 * MongoDB (COUNT_SCAN either way), but the embedded database hands an aggregate's matched documents to its
 * pipeline as deep copies, several times the work of the count command's match for a rank in the thousands
 * (api/bench/leaderboard.ts). Its one caveat (deprecated for that reason: orphaned documents of a sharded
 * cluster's moved chunks can be counted) does not apply to a single replica set, which is what runs here.
 */
function countParticipants(filter: Record<string, unknown>): Promise<number> {
  return ChallengeParticipant.collection.count(filter);
}

/** The caller's own row: their participation (without its history) and their rank, or null when not taking part. */
export async function ownLeaderboardRow(
  challengeId: number,
  user: Pick<UserFields, 'id' | 'firstName' | 'lastName' | 'location'>,
): Promise<LeaderboardRow | null> {
  const participant = await ChallengeParticipant.findOne({ challengeId, userId: user.id }).select({ entries: 0 }).lean<StoredParticipant>();
  if (!participant) return null;
  return { participant, user, rank: await leaderboardRank(participant) };
}

/** A user's participations with their challenges, newest joined first (a challenge hidden by reports is left out). */
export async function userChallenges(userId: number) {
  const parts = await ChallengeParticipant.find({ userId }).sort({ joinedAt: -1, id: -1 }).select({ entries: 0 }).lean<StoredParticipant[]>();
  const challenges = await Challenge.find({ id: { $in: parts.map((p) => p.challengeId) }, hidden: { $ne: true } }).lean();
  const byId = new Map(challenges.map((c) => [c.id, c]));
  return parts.flatMap((p) => {
    const challenge = byId.get(p.challengeId);
    return challenge ? [{ participant: p, challenge }] : [];
  });
}

// --- New community challenges (issue 28.11) ---

interface ListCursor {
  c: number;
  i: number;
}

function decodeListCursor(raw: string): ListCursor {
  let o: Partial<ListCursor> | null = null;
  try {
    o = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<ListCursor>;
  } catch {
    o = null;
  }
  if (!o || !Number.isFinite(o.c) || !Number.isInteger(o.i)) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return o as ListCursor;
}

/**
 * GET /api/challenges/community: challenges people created (not the curated ones), not ended and not hidden,
 * newest first, one page; the cursor continues strictly after the last row returned (createdAt, id).
 */
export async function communityChallenges(now: Date, cursor: string | undefined): Promise<{ challenges: StoredChallenge[]; nextCursor: string | null }> {
  const base = { createdBy: { $ne: null }, featured: { $ne: true }, hidden: { $ne: true }, endDate: { $gte: now } };
  let filter: Record<string, unknown> = base;
  if (cursor) {
    const c = decodeListCursor(cursor);
    const at = new Date(c.c);
    filter = { $and: [base, { $or: [{ createdAt: { $lt: at } }, { createdAt: at, id: { $lt: c.i } }] }] };
  }
  const rows = await Challenge.find(filter).sort({ createdAt: -1, id: -1 }).limit(COMMUNITY_CHALLENGES_PAGE_SIZE + 1).lean();
  const page = rows.slice(0, COMMUNITY_CHALLENGES_PAGE_SIZE);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > COMMUNITY_CHALLENGES_PAGE_SIZE && last
      ? Buffer.from(JSON.stringify({ c: new Date(last.createdAt).getTime(), i: last.id })).toString('base64url')
      : null;
  return { challenges: page, nextCursor };
}

// --- Reports (issue 28.11), as community reviews are reported ---

/**
 * POST /api/challenges/{id}/report: once per person (unique (challengeId, userId); a duplicate, even a
 * simultaneous one, is a 409 and counts nothing). The report that brings reportCount to the threshold hides it.
 */
export async function reportChallenge(id: number, userId: number, body: ReportChallengeBody, now: Date): Promise<{ hidden: boolean }> {
  const challenge = await findChallenge(id);
  authorizeReport({ id: userId }, challenge);
  try {
    await ChallengeReport.create({ challengeId: id, userId, reason: body.reason, resolved: false, createdAt: now });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict('You have already reported this challenge');
    throw err;
  }
  const updated = await Challenge.findOneAndUpdate({ id }, { $inc: { reportCount: 1 } }, { returnDocument: 'after', lean: true });
  if (updated && updated.reportCount >= CHALLENGE_REPORT_HIDE_THRESHOLD) {
    await Challenge.updateOne({ id, hidden: { $ne: true } }, { $set: { hidden: true, hiddenAt: now } });
    return { hidden: true };
  }
  return { hidden: false };
}

export interface HiddenChallenge {
  id: number;
  title: string;
  description: string;
  createdBy: number | null;
  hiddenAt: Date | null;
  reports: { userId: number; reason: string; at: Date }[];
}

/** Moderation (npm run moderate -- challenges): challenges hidden by reports, newest hidden first. */
export async function hiddenChallenges(): Promise<HiddenChallenge[]> {
  const rows = await Challenge.find({ hidden: true }).sort({ hiddenAt: -1, id: -1 }).lean();
  const out: HiddenChallenge[] = [];
  for (const c of rows) {
    const reports = await ChallengeReport.find({ challengeId: c.id, resolved: false }).sort({ createdAt: 1 }).lean();
    out.push({
      id: c.id,
      title: c.title,
      description: c.description,
      createdBy: c.createdBy ?? null,
      hiddenAt: c.hiddenAt ?? null,
      reports: reports.map((r) => ({ userId: r.userId, reason: r.reason, at: r.createdAt })),
    });
  }
  return out;
}

/** A moderator keeps the challenge: it shows again, open reports resolved, count from zero. */
export async function restoreChallenge(id: number): Promise<boolean> {
  const res = await Challenge.updateOne({ id, hidden: true }, { $set: { hidden: false, hiddenAt: null, reportCount: 0 } });
  if (res.matchedCount === 0) return false;
  await ChallengeReport.updateMany({ challengeId: id, resolved: false }, { $set: { resolved: true } });
  return true;
}

/** A moderator removes a challenge for good, with its participations and reports. */
export async function deleteChallenge(id: number): Promise<boolean> {
  const res = await Challenge.deleteOne({ id });
  if (res.deletedCount === 0) return false;
  await Promise.all([ChallengeParticipant.deleteMany({ challengeId: id }), ChallengeReport.deleteMany({ challengeId: id })]);
  return true;
}
