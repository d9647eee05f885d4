import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { placeholderPage } from './Placeholder';

/** The challenges area: /challenges and /challenges/:id. */
const challengesArea: RemoteAreaModule = {
  area: 'challenges',
  routes: [
    { path: '/challenges', Component: placeholderPage('Fitness Challenges', 'Fitness challenges are not available yet.') },
    { path: '/challenges/:id', Component: placeholderPage('Challenge Details', 'Challenge details are not available yet.') },
  ],
};

export default challengesArea;
