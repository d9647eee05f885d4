import { areaForPath } from '@fitconnect/shared-ui';
import { renderAreaRoutes } from '@fitconnect/shared-ui/src/testing';
import { mockFetch, signedOut } from './helpers';
import area from '../src/routes';
import { ChallengesDashboardWidget } from '../src/features/challenges/components/ChallengesDashboardWidget';
import dashboardWidget from '../src/dashboardWidget';

// The remote's side of the shell contract: one RemoteAreaModule covering the area's SPEC routes.

test('exposes the challenges area with every SPEC route of the area, all owned by it', () => {
  expect(area.area).toBe('challenges');
  const paths = area.routes.map((r) => r.path);
  expect(paths).toEqual(expect.arrayContaining(['/challenges', '/challenges/:id']));
  for (const p of paths) expect(areaForPath(p.replace(/:[a-z]+/g, '1'))).toBe('challenges');
  for (const r of area.routes) expect(typeof r.Component).toBe('function');
});

test('no page asks the shell for a signed-in user: visitors browse challenges and leaderboards (SPEC §6)', () => {
  expect(area.routes.filter((r) => r.requiresAuth).map((r) => r.path)).toEqual([]);
});

test('the profile dashboard widget is a module of its own (./dashboardWidget), not part of the routes module', () => {
  expect(dashboardWidget).toBe(ChallengesDashboardWidget);
  expect(area).not.toHaveProperty('DashboardWidget');
});

test("prepare('/challenges/:id') loads the detail page's chunk, so a server-rendered challenge hydrates with no spinner", async () => {
  mockFetch({ 'GET /api/auth/user': signedOut });
  await area.prepare!('/challenges/5');
  renderAreaRoutes(area, '/challenges/5');
  // The first render is the page (its own loading state), not the lazy page's "Loading page" spinner.
  expect(document.body.textContent).not.toContain('Loading page');
  // The list needs no page of its own: nothing to prepare there.
  await expect(area.prepare!('/challenges')).resolves.toBeUndefined();
});
