import { challengeTiming, type ChallengeTiming, type CreateChallengeBody, type LogProgressBody } from '@fitconnect/contracts';
import { notFound } from '../http/errors';
import { User } from '../users/model';
import { Challenge, ChallengeParticipant, MAX_PROGRESS_ENTRIES, type ChallengeFields, type ChallengeParticipantFields } from './model';
import { challengeFull, assertCanLog } from './policy';

export type StoredChallenge = Pick<ChallengeFields, keyof ChallengeFields>;
export type StoredParticipant = Pick<ChallengeParticipantFields, keyof ChallengeParticipantFields>;

export interface ChallengeCounts {
  participants: number;
  completed: number;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export const timingOf = (c: Pick<ChallengeFields, 'startDate' | 'endDate'>, now: Date): ChallengeTiming => challengeTiming(c.startDate, c.endDate, now);

export async function findChallenge(id: number): Promise<StoredChallenge> {
  const challenge = await Challenge.findOne({ id }).lean();
  if (!challenge) throw notFound('Challenge not found');
  return challenge;
}

/** Participants and completions per challenge, counted from the participations themselves. */
export async function countsFor(challengeIds: number[]): Promise<Map<number, ChallengeCounts>> {
  const out = new Map<number, ChallengeCounts>();
  if (challengeIds.length === 0) return out;
  const rows = await ChallengeParticipant.aggregate<{ _id: number; participants: number; completed: number }>([
    { $match: { challengeId: { $in: challengeIds } } },
    { $group: { _id: '$challengeId', participants: { $sum: 1 }, completed: { $sum: { $cond: ['$completed', 1, 0] } } } },
  ]);
  for (const r of rows) out.set(r._id, { participants: r.participants, completed: r.completed });
  return out;
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
  const all = await Challenge.find({}).sort({ endDate: -1, id: -1 }).limit(LIST_LIMIT).lean();
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
  const doc = await Challenge.create({ ...body, createdBy: userId, participantCount: 0 });
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
  if (max != null && typeof challenge.participantCount !== 'number') await backfillParticipantCount(challenge.id);
  const seat = await Challenge.updateOne(
    max == null ? { id: challenge.id, maxParticipants: null } : { id: challenge.id, participantCount: { $lt: max } },
    { $inc: { participantCount: 1 } },
  );
  if (seat.modifiedCount !== 1) {
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
    return { alreadyJoined: false };
  } catch (err) {
    await Challenge.updateOne({ id: challenge.id, participantCount: { $gt: 0 } }, { $inc: { participantCount: -1 } });
    if (isDuplicateKey(err)) return { alreadyJoined: true };
    throw err;
  }
}

/**
 * A challenge stored before the counter existed (a database seeded by an earlier version) gets it once,
 * counted from its participations; `$exists: false` makes a second, concurrent backfill a no-op. Until then
 * no join can pass the `$lt` filter, so the count cannot move under it.
 */
async function backfillParticipantCount(challengeId: number): Promise<void> {
  const count = await ChallengeParticipant.countDocuments({ challengeId });
  await Challenge.updateOne({ id: challengeId, participantCount: { $exists: false } }, { $set: { participantCount: count } });
}

export function findParticipation(challengeId: number, userId: number) {
  return ChallengeParticipant.findOne({ challengeId, userId }).lean<StoredParticipant>();
}

/**
 * Log progress: one atomic update adds the amount, keeps the entry and moves reachedAt; a second,
 * conditional one marks the participation completed the first time the total reaches the target
 * (exactly one of several simultaneous logs does it). Refused (nothing written) for non-participants.
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
    const done = await ChallengeParticipant.findOneAndUpdate(
      { challengeId: challenge.id, userId, completed: false, currentProgress: { $gte: challenge.target } },
      { $set: { completed: true, completedAt: now } },
      { returnDocument: 'after', lean: true },
    );
    if (done) {
      participation = done as StoredParticipant;
      justCompleted = true;
    } else {
      participation = (await findParticipation(challenge.id, userId)) ?? participation;
    }
  }
  return { participation, justCompleted };
}

/** The leaderboard: most progress first, ties to whoever reached their total first. */
export const LEADERBOARD_LIMIT = 500;

export async function leaderboard(challengeId: number) {
  const rows = await ChallengeParticipant.find({ challengeId })
    .sort({ currentProgress: -1, reachedAt: 1, id: 1 })
    .limit(LEADERBOARD_LIMIT)
    .select({ entries: 0 })
    .lean<StoredParticipant[]>();
  const users = await User.find({ id: { $in: rows.map((r) => r.userId) } })
    .select({ id: 1, firstName: 1, lastName: 1, location: 1 })
    .lean();
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.flatMap((r) => {
    const user = byId.get(r.userId);
    return user ? [{ participant: r, user }] : [];
  });
}

/** A user's participations with their challenges, newest joined first. */
export async function userChallenges(userId: number) {
  const parts = await ChallengeParticipant.find({ userId }).sort({ joinedAt: -1, id: -1 }).select({ entries: 0 }).lean<StoredParticipant[]>();
  const challenges = await Challenge.find({ id: { $in: parts.map((p) => p.challengeId) } }).lean();
  const byId = new Map(challenges.map((c) => [c.id, c]));
  return parts.flatMap((p) => {
    const challenge = byId.get(p.challengeId);
    return challenge ? [{ participant: p, challenge }] : [];
  });
}
