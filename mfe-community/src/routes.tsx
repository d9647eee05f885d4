import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { placeholderPage } from './Placeholder';

/** The community area: /community (feed, reviews, feedback). */
const communityArea: RemoteAreaModule = {
  area: 'community',
  routes: [{ path: '/community', Component: placeholderPage('Community', 'The community feed and reviews are not available yet.') }],
};

export default communityArea;
