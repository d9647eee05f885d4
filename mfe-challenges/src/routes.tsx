// The challenges area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { useEffect } from 'react';
import { matchPath } from 'react-router-dom';
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { ChallengesPage } from './features/challenges/components/ChallengesPage';
// The detail page is its own chunk, loaded on intent and before a server-rendered one hydrates (./features/challenges/lazy.ts).
import { ChallengeDetailPage } from './features/challenges/lazy';

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
  // A server-rendered challenge (issue 32): the page's chunk is loaded before it hydrates, so the first render in the
  // browser is the server's.
  prepare: (pathname) => (matchPath('/challenges/:id', pathname) ? ChallengeDetailPage.preload().catch(() => undefined) : Promise.resolve()),
};

export default challengesArea;
