import { screen } from '@testing-library/react';
import { areaForPath } from '@fitconnect/shared-ui';
import { renderAreaRoutes } from '@fitconnect/shared-ui/src/testing';
import area from '../src/routes';
import { mockFetch, signedOut } from './helpers';

// The remote's side of the shell contract: one RemoteAreaModule covering the area's SPEC routes.

test('exposes the trainers area with every SPEC route of the area, all owned by it', () => {
  expect(area.area).toBe('trainers');
  const paths = area.routes.map((r) => r.path);
  expect(paths).toEqual(expect.arrayContaining(['/trainers', '/trainers/:id', '/trainer-profile/:id/edit', '/trainer-signup']));
  for (const p of paths) expect(areaForPath(p.replace(/:[a-z]+/g, '1'))).toBe('trainers');
  for (const r of area.routes) expect(typeof r.Component).toBe('function');
});

test('exactly the signed-in-only pages ask the shell for a signed-in user', () => {
  const protectedPaths = area.routes.filter((r) => r.requiresAuth).map((r) => r.path);
  expect(protectedPaths.sort()).toEqual(['/trainer-profile', '/trainer-profile/:id/edit', '/trainers/me/schedule', '/trainers/me/sessions']);
});

// Runs before any other test of this file renders a profile: the profile page's chunk is not loaded yet.
test("prepare('/trainers/:id') loads the profile page's chunk, so a server-rendered profile hydrates with no spinner", async () => {
  mockFetch({ 'GET /api/auth/user': signedOut });
  await area.prepare!('/trainers/9');
  renderAreaRoutes(area, '/trainers/9');
  // The first render is the page (its own loading state), not the lazy page's "Loading page" spinner.
  expect(document.body.textContent).not.toContain('Loading page');
  expect(await screen.findByRole('heading', { level: 1, name: 'Trainer Not Found' })).toBeInTheDocument();
});

test("/trainer-profile/:id (SPEC's Cancel target) leads to the public profile /trainers/:id", async () => {
  const calls = mockFetch({ 'GET /api/auth/user': signedOut });
  renderAreaRoutes(area, '/trainer-profile/9');
  // The public profile page loads trainer 9 (unknown here: the not-found view).
  expect(await screen.findByRole('heading', { level: 1, name: 'Trainer Not Found' })).toBeInTheDocument();
  expect(calls.map((c) => c.path)).toContain('/api/trainers/9');
});
