/**
 * SPEC §2's routes, with ids that exist in the seeded demo data (plus a made-up path for the 404 page): the
 * list the accessibility walk (a11y-routes.test.ts) and the CSP walk (csp.test.ts) both visit, so a new page
 * is added once. `workoutId` is a plan the test generated (the seed has none of the signed-in user's).
 */
export function specRoutes(workoutId: number): string[] {
  return [
    '/',
    '/ai-workout',
    '/trainers',
    '/trainers/1',
    '/trainer-profile/1/edit',
    '/messages',
    '/messages/1',
    '/profile',
    '/edit-profile',
    '/community',
    '/challenges',
    '/challenges/1',
    '/exercise-tutorials',
    '/signin',
    '/signup',
    '/trainer-signup',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/reset-password',
    '/privacy-policy',
    '/terms-of-service',
    `/workout-plan/${workoutId}`,
    '/no-such-page',
  ];
}
