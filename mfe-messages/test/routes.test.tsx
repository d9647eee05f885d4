import { areaForPath } from '@fitconnect/shared-ui';
import area from '../src/routes';
import { UnreadNavBadge } from '../src/features/messages/components/UnreadNavBadge';
import navBadge from '../src/navBadge';

// The remote's side of the shell contract: one RemoteAreaModule covering the area's SPEC routes.

test('exposes the messages area with every SPEC route of the area, all owned by it', () => {
  expect(area.area).toBe('messages');
  const paths = area.routes.map((r) => r.path);
  expect(paths).toEqual(expect.arrayContaining(['/messages', '/messages/:id']));
  for (const p of paths) expect(areaForPath(p.replace(/:[a-z]+/g, '1'))).toBe('messages');
  for (const r of area.routes) expect(typeof r.Component).toBe('function');
});

test('both pages ask the shell for a signed-in user (SPEC §2: redirect to /signin)', () => {
  const protectedPaths = area.routes.filter((r) => r.requiresAuth).map((r) => r.path);
  expect(protectedPaths.sort()).toEqual(['/messages', '/messages/:id']);
});

test('the unread badge for the Messages nav entry is a module of its own (./navBadge), not part of the routes module', () => {
  expect(navBadge).toBe(UnreadNavBadge);
  expect(area).not.toHaveProperty('NavBadge');
});
