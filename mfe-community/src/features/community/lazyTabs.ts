import { preloadablePage } from '@fitconnect/shared-ui';
import { parseTab } from './parseTab';

/*
 * The Community Reviews and Feedback tabs are chunks of their own (issue 35.3): the feed, which a first visit of
 * /community shows, needs neither their code nor the area's schemas and zod, which only they use (about 18 KB gzip
 * less on that visit). Each loads ahead of need:
 * - on intent, when a pointer comes over the tab list or a tab takes the focus (`preloadTabsOnIntent`);
 * - before a server-rendered /community?tab=... hydrates (the routes module's `prepare`), and on the server before it
 *   renders (../../server.tsx), so the first render in the browser is the server's;
 * - otherwise (a link straight to the tab, no intent) with the panel's first render: a spinner, then the tab.
 */
export const ReviewsTab = preloadablePage(() => import('../reviews/components/ReviewsTab'), 'ReviewsTab');
export const FeedbackCard = preloadablePage(() => import('../feedback/components/FeedbackCard'), 'FeedbackCard');

/** Loads the code of the tab a /community URL's query shows (nothing for the feed, which is in the routes module). */
export function preloadTabFor(search: string): Promise<unknown> {
  const tab = parseTab(new URLSearchParams(search).get('tab'));
  if (tab === 'reviews') return ReviewsTab.preload();
  if (tab === 'feedback') return FeedbackCard.preload();
  return Promise.resolve();
}

/** Intent toward the tabs: start both other tabs' files, quietly (a failed load is tried again when one renders). */
export function preloadTabsOnIntent(): void {
  ReviewsTab.preload().catch(() => undefined);
  FeedbackCard.preload().catch(() => undefined);
}
