// The community area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { CommunityPage } from './features/community/CommunityPage';
import { useDocumentTitle } from './lib/useDocumentTitle';

function CommunityRoute() {
  useDocumentTitle('Community');
  return <CommunityPage />;
}

/** The community area: /community (feed, reviews, feedback: ?tab=feed|reviews|feedback). */
const communityArea: RemoteAreaModule = {
  area: 'community',
  routes: [{ path: '/community', Component: CommunityRoute }],
};

export default communityArea;
