import { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@fitconnect/shared-ui';
import { fakeSsrApi } from '@fitconnect/shared-ui/src/testing';
import { prefetch, area } from '../src/server';
import { RENDERED_AT_KEY, formatFullDate } from '../src/lib/relativeTime';
import { makeReview } from './helpers';

// The community area's server module (issue 32 stage 2, src/server.tsx): what /community's first render reads,
// under the page's own query keys; a page it cannot render exactly is left to the browser ({ ok: false }).

const activity = { items: [], nextCursor: null };

function setup(reviews: unknown[] = [], { total, nextCursor }: { total?: number; nextCursor?: string } = {}) {
  const queryClient = new QueryClient();
  const asked: string[] = [];
  const api = fakeSsrApi(
    async (path: string) => {
      asked.push(path);
      if (path === '/api/activity') return activity;
      if (path.startsWith('/api/community-reviews')) return reviews;
      throw Object.assign(new Error('404'), { status: 404 });
    },
    (path) => (path.startsWith('/api/community-reviews') ? { 'x-total-count': String(total ?? reviews.length), ...(nextCursor ? { 'x-next-cursor': nextCursor } : {}) } : {}),
  );
  return { queryClient, api, asked };
}

test('exports the browser build\'s routes module', () => {
  expect(area.area).toBe('community');
});

test('the feed: the recent activity, the signed-out user and the instant it is rendered at', async () => {
  const { queryClient, api, asked } = setup();
  expect(await prefetch('/community', { queryClient, api })).toEqual({ ok: true, page: 'community feed' });
  expect(asked).toEqual(['/api/activity']);
  expect(queryClient.getQueryData(['/api/activity', 0])).toEqual({ pages: [activity], pageParams: [null] });
  expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
  expect(typeof queryClient.getQueryData(RENDERED_AT_KEY)).toBe('number');
});

test('the reviews tab: the first page under the filter\'s key, with the total and next cursor from the headers', async () => {
  const reviews = [makeReview({ category: 'workouts' }), makeReview({ category: 'workouts', isAnonymous: true, user: null })];
  const { queryClient, api, asked } = setup(reviews, { total: 57, nextCursor: 'abc' });
  expect(await prefetch('/community?tab=reviews&category=workouts&sort=helpful', { queryClient, api })).toMatchObject({ ok: true });
  expect(asked).toEqual(['/api/community-reviews?category=workouts&sort=helpful']);
  expect(queryClient.getQueryData(['/api/community-reviews', 'workouts', 'helpful', 0])).toEqual({
    pages: [{ reviews, nextCursor: 'abc', total: 57 }],
    pageParams: [null],
  });
});

test('the feedback tab reads nothing; other URLs are not rendered', async () => {
  const { queryClient, api, asked } = setup();
  expect(await prefetch('/community?tab=feedback', { queryClient, api })).toMatchObject({ ok: true });
  expect(asked).toEqual([]);
  for (const url of ['/community/x', '/trainers', '/']) expect(await prefetch(url, { queryClient, api })).toEqual({ ok: false });
});

test('a review\'s full date is its UTC calendar day, whatever the machine\'s zone', () => {
  expect(formatFullDate('2026-11-23T23:30:00Z')).toBe('23 November 2026');
  expect(formatFullDate('2026-11-24T00:30:00Z')).toBe('24 November 2026');
});
