import type { PublicUser } from '@fitconnect/contracts';

export { mockFetch, type RecordedCall as Call } from '@fitconnect/shared-ui/src/testing';

export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    username: 'janedoe',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    location: 'Leeds',
    isTrainer: false,
    promoTrainer: false,
    trainerNumber: null,
    ...over,
  };
}

export const signedOut = { 'GET /api/auth/user': { status: 200, body: { user: null } } };
export const signedIn = (user: PublicUser = makeUser()) => ({ 'GET /api/auth/user': { status: 200, body: { user } } });
