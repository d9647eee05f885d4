import { useLocation } from 'react-router-dom';
import type { CommunityReview, PublicUser } from '@fitconnect/contracts';
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

let nextId = 100;
export function makeReview(over: Partial<CommunityReview> = {}): CommunityReview {
  nextId += 1;
  return {
    id: nextId,
    category: 'platform',
    rating: 4,
    title: `Review ${nextId}`,
    comment: 'A perfectly ordinary comment.',
    helpful: 3,
    isAnonymous: false,
    createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    user: { firstName: 'Priya', lastName: 'Kapoor', username: 'priya.k' },
    isMine: false,
    votedHelpful: false,
    ...over,
  };
}

/** A list reply: the array body plus the total / next-cursor headers. */
export function listReply(reviews: CommunityReview[], opts: { total?: number; next?: string } = {}): Reply {
  const headers: Record<string, string> = { 'X-Total-Count': String(opts.total ?? reviews.length) };
  if (opts.next) headers['X-Next-Cursor'] = opts.next;
  return { status: 200, body: reviews, headers };
}
