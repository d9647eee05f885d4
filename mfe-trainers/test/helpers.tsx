import { useLocation } from 'react-router-dom';
import type { PublicUser, TrainerListItem, TrainerReview } from '@fitconnect/contracts';
import type { Reply as ReplySpec } from '@fitconnect/shared-ui/src/testing';

export { mockFetch, type Handler, type RecordedCall, type Reply, type Reply as ReplySpec } from '@fitconnect/shared-ui/src/testing';

export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
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

export const signedIn = (user: PublicUser = makeUser()) => ({ status: 200, body: { user } });
export const signedOut = { status: 200, body: { user: null } };

export function makeTrainer(over: Partial<TrainerListItem> = {}): TrainerListItem {
  const id = over.id ?? 3;
  const userId = over.userId ?? 30;
  return {
    id,
    userId,
    user: { id: userId, firstName: 'Hannah', lastName: 'Walsh', location: 'Leeds, LS1 4DY' },
    specialization: 'Yoga & Mobility',
    description: 'Calm, strong yoga classes for runners and desk workers alike.',
    yearsOfExperience: 6,
    specialties: ['Yoga', 'Mobility'],
    certifications: ['BWY Yoga Teacher'],
    education: 'BA Dance, Leeds Beckett',
    sessionPrice: 45,
    availableOnline: true,
    availableInPerson: true,
    profileImage: null,
    profileImageThumb: null,
    rating: 4.5,
    reviewCount: 12,
    instagramHandle: '',
    twitterHandle: '',
    websiteUrl: '',
    distanceMiles: null,
    ...over,
  };
}

export function makeReview(over: Partial<TrainerReview> = {}): TrainerReview {
  return {
    id: 1,
    trainerId: 3,
    rating: 5,
    comment: 'Brilliant sessions.',
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    user: { id: 9, firstName: 'Tom', lastName: 'Hughes' },
    verifiedClient: false,
    ...over,
  };
}

/** A list reply with the contract's headers. */
export function listReply(trainers: TrainerListItem[], opts: { total?: number; hasMore?: boolean; resolved?: boolean } = {}): ReplySpec {
  const headers: Record<string, string> = {
    'X-Total-Count': String(opts.total ?? trainers.length),
    'X-Has-More': String(!!opts.hasMore),
  };
  if (opts.resolved !== undefined) headers['X-Location-Resolved'] = String(opts.resolved);
  return { status: 200, body: trainers, headers };
}
