import { useLocation } from 'react-router-dom';
import type { ChallengeDetail, ChallengeSummary, LeaderboardEntry, PublicUser, UserChallenge } from '@fitconnect/contracts';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export type Reply = { status: number; body?: unknown };
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Replace global fetch with a router of `'METHOD /path'` -> handler (or fixed reply). Unknown calls answer
 * 404. Returns the calls made, in order.
 */
export function mockFetch(routes: Record<string, Handler | Reply>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply = route === undefined ? { status: 404, body: { message: 'Not found' } } : typeof route === 'function' ? await route(call) : route;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: String(reply.status),
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return calls;
}

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

export function makeUserChallenge(over: Partial<UserChallenge> = {}): UserChallenge {
  return { challenge: makeChallenge({ joined: true }), currentProgress: 0, completed: false, completedAt: null, joinedAt: fromNow(-1), ...over };
}
