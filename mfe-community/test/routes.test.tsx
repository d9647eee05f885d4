import { screen } from '@testing-library/react';
import { areaForPath } from '@fitconnect/shared-ui';
import { renderAreaRoutes } from '@fitconnect/shared-ui/src/testing';
import area from '../src/routes';
import { listReply, mockFetch, signedOut } from './helpers';

// The remote's side of the shell contract: one RemoteAreaModule covering the area's SPEC routes.

test('exposes the community area with every SPEC route of the area, all owned by it', () => {
  expect(area.area).toBe('community');
  const paths = area.routes.map((r) => r.path);
  expect(paths).toEqual(expect.arrayContaining(['/community']));
  for (const p of paths) expect(areaForPath(p.replace(/:[a-z]+/g, '1'))).toBe('community');
  for (const r of area.routes) expect(typeof r.Component).toBe('function');
});

test('exactly the signed-in-only pages ask the shell for a signed-in user', () => {
  const protectedPaths = area.routes.filter((r) => r.requiresAuth).map((r) => r.path);
  expect(protectedPaths.sort()).toEqual([]);
});

test('/community shows the Community heading and its tabs', async () => {
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ user: null }), headers: { get: () => null, has: () => false } })) as unknown as typeof fetch;
  renderAreaRoutes(area, '/community');
  expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Community Feed' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Community Reviews' })).toBeInTheDocument();
  expect(document.title).toBe('Community | FitConnect');
});

test("prepare('/community', '?tab=reviews') loads that tab's chunk, so a server-rendered tab hydrates with no spinner", async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([]) });
  // The feed is in the routes module: nothing to load.
  await expect(area.prepare!('/community', '')).resolves.toBeUndefined();
  await area.prepare!('/community', '?tab=reviews&sort=highest');
  renderAreaRoutes(area, '/community?tab=reviews&sort=highest');
  // The first render has the reviews tab itself (its own loading state), not the lazy tab's "Loading page" spinner.
  expect(document.body.textContent).not.toContain('Loading page');
  expect(screen.getByRole('tab', { name: 'Community Reviews' })).toHaveAttribute('aria-selected', 'true');
});
