// The challenges area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { useEffect } from 'react';
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { ChallengesPage } from './features/challenges/components/ChallengesPage';
import { ChallengeDetailPage } from './features/challenges/components/ChallengeDetailPage';

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | FitConnect`;
  }, [title]);
}

function ChallengesRoute() {
  useDocumentTitle('Fitness Challenges');
  return <ChallengesPage />;
}

function ChallengeDetailRoute() {
  useDocumentTitle('Challenge Details');
  return <ChallengeDetailPage />;
}

/** The challenges area: /challenges and /challenges/:id. (The profile dashboard's card is ./dashboardWidget.) */
const challengesArea: RemoteAreaModule = {
  area: 'challenges',
  routes: [
    { path: '/challenges', Component: ChallengesRoute },
    { path: '/challenges/:id', Component: ChallengeDetailRoute },
  ],
};

export default challengesArea;
