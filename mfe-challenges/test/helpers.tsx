import { useLocation } from 'react-router-dom';
import type { ChallengeDetail, ChallengeLeaderboard, ChallengeSummary, LeaderboardEntry, PublicUser, UserChallenge } from '@fitconnect/contracts';

import type { Reply } from '@fitconnect/shared-ui/src/testing';

export { mockFetch, type Handler, type RecordedCall, type Reply } from '@fitconnect/shared-ui/src/testing';

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    username: 'alex',
    email: 'alex@example.com',
    firstName: 'Alex',
    lastName: 'Moss',
    location: 'Leeds',
    isTrainer: false,
    promoTrainer: false,
    trainerNumber: null,
    ...over,
  };
}

export const signedIn = (user: PublicUser = makeUser()): Reply => ({ status: 200, body: { user } });
export const signedOut: Reply = { status: 200, body: { user: null } };

const DAY = 24 * 60 * 60 * 1000;
/** An ISO time `days` from the real now (components read the real clock). */
export const fromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function makeChallenge(over: Partial<ChallengeSummary> = {}): ChallengeSummary {
  return {
    id: 7,
    title: '10K Steps a Day',
    description: 'Walk 70,000 steps this week.',
    type: 'steps',
    target: 70000,
    unit: 'steps',
    startDate: fromNow(-3),
    endDate: fromNow(4),
    difficulty: 'easy',
    category: 'cardio',
    maxParticipants: null,
    status: 'active',
    participantCount: 0,
    completedCount: 0,
    createdBy: 2,
    createdAt: fromNow(-5),
    ...over,
  };
}

export function makeDetail(over: Partial<ChallengeDetail> = {}): ChallengeDetail {
  return { ...makeChallenge(), myParticipation: null, ...over };
}

export function makeEntry(rank: number, over: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    id: 100 + rank,
    rank,
    currentProgress: 1000 * (10 - rank),
    completed: false,
    completedAt: null,
    joinedAt: fromNow(-2),
    user: { id: 10 + rank, firstName: `First${rank}`, lastName: `Last${rank}`, location: `Town${rank}` },
    ...over,
  };
}

/** GET /api/challenges/{id}/leaderboard's answer: these rows, no own row unless given, counts from the rows. */
export function boardOf(entries: LeaderboardEntry[], over: Partial<ChallengeLeaderboard> = {}): ChallengeLeaderboard {
  return { entries, me: null, participantCount: entries.length, completedCount: entries.filter((e) => e.completed).length, ...over };
}

export function makeUserChallenge(over: Partial<UserChallenge> = {}): UserChallenge {
  return { challenge: makeChallenge({ joined: true }), currentProgress: 0, completed: false, completedAt: null, joinedAt: fromNow(-1), ...over };
}
