// The community area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { CommunityPage } from './features/community/CommunityPage';
import { preloadTabFor } from './features/community/lazyTabs';
import { useDocumentTitle } from './lib/useDocumentTitle';

function CommunityRoute() {
  useDocumentTitle('Community');
  return <CommunityPage />;
}

/** The community area: /community (feed, reviews, feedback: ?tab=feed|reviews|feedback). */
const communityArea: RemoteAreaModule = {
  area: 'community',
  routes: [{ path: '/community', Component: CommunityRoute }],
  // A server-rendered /community?tab=reviews|feedback (issue 32): that tab's chunk is loaded before the page hydrates,
  // so the first render in the browser is the server's (./features/community/lazyTabs.ts).
  prepare: (pathname, search = '') => (pathname === '/community' ? preloadTabFor(search).catch(() => undefined) : Promise.resolve()),
};

export default communityArea;
