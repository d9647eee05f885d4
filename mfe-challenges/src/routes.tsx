// The challenges area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { useEffect } from 'react';
import { lazyPage, type RemoteAreaModule } from '@fitconnect/shared-ui';

// Route-level code splitting: the list does not load the detail page (leaderboard, progress form).
const ChallengesPage = lazyPage(() => import('./features/challenges/components/ChallengesPage'), 'ChallengesPage');
const ChallengeDetailPage = lazyPage(() => import('./features/challenges/components/ChallengeDetailPage'), 'ChallengeDetailPage');

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
