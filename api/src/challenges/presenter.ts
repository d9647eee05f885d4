import type { ChallengeDetail, ChallengeSummary, LeaderboardEntry, MyParticipation, UserChallenge } from '@fitconnect/contracts';
import type { UserFields } from '../users/model';
import { publicLocation } from '../users/presenter';
import { timingOf, type ChallengeCounts, type StoredChallenge, type StoredParticipant } from './service';

const iso = (d: Date | string) => new Date(d).toISOString();

/** What the outside sees of a challenge (never _id or __v). */
export function presentChallenge(c: StoredChallenge, opts: { now: Date; counts?: ChallengeCounts; joined?: boolean }): ChallengeSummary {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    type: c.type,
    target: c.target,
    unit: c.unit,
    startDate: iso(c.startDate),
    endDate: iso(c.endDate),
    difficulty: c.difficulty,
    category: c.category,
    maxParticipants: c.maxParticipants ?? null,
    status: timingOf(c, opts.now),
    participantCount: opts.counts?.participants ?? 0,
    completedCount: opts.counts?.completed ?? 0,
    createdBy: c.createdBy ?? null,
    createdAt: iso(c.createdAt),
    featured: Boolean(c.featured),
    ...(opts.joined !== undefined ? { joined: opts.joined } : {}),
  };
}

/** The caller's own participation, history newest first. */
export function presentParticipation(p: StoredParticipant): MyParticipation {
  return {
    currentProgress: p.currentProgress,
    completed: p.completed,
    completedAt: p.completedAt ? iso(p.completedAt) : null,
    joinedAt: iso(p.joinedAt),
    entries: [...(p.entries ?? [])].reverse().map((e) => ({ amount: e.amount, ...(e.note ? { note: e.note } : {}), at: iso(e.at) })),
  };
}

export function presentChallengeDetail(
  c: StoredChallenge,
  opts: { now: Date; counts?: ChallengeCounts; participation: StoredParticipant | null; signedIn: boolean },
): ChallengeDetail {
  return {
    ...presentChallenge(c, { now: opts.now, counts: opts.counts, joined: opts.signedIn ? !!opts.participation : undefined }),
    myParticipation: opts.participation ? presentParticipation(opts.participation) : null,
  };
}

/** A leaderboard row: the user's name and public location only (SPEC §3), never an email or a full postcode. */
export function presentLeaderboardEntry(
  row: { participant: StoredParticipant; user: Pick<UserFields, 'id' | 'firstName' | 'lastName' | 'location'> },
  rank: number,
): LeaderboardEntry {
  const p = row.participant;
  return {
    id: p.id,
    rank,
    currentProgress: p.currentProgress,
    completed: p.completed,
    completedAt: p.completedAt ? iso(p.completedAt) : null,
    joinedAt: iso(p.joinedAt),
    // The town / postcode district only: never a full postcode (issue 26).
    user: { id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName, location: publicLocation(row.user.location) },
  };
}

export function presentUserChallenge(
  row: { participant: StoredParticipant; challenge: StoredChallenge },
  opts: { now: Date; counts?: ChallengeCounts },
): UserChallenge {
  const p = row.participant;
  return {
    challenge: presentChallenge(row.challenge, { now: opts.now, counts: opts.counts, joined: true }),
    currentProgress: p.currentProgress,
    completed: p.completed,
    completedAt: p.completedAt ? iso(p.completedAt) : null,
    joinedAt: iso(p.joinedAt),
  };
}
