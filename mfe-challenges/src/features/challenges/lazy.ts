import { preloadablePage } from '@fitconnect/shared-ui';
import type { CreateChallengeDialogProps } from './components/CreateChallengeDialog';
import type { ComponentType } from 'react';

/*
 * What the challenges list (the area's first visit) does not carry (issue 35.3): the detail page (its leaderboard,
 * progress form, report dialog) and the create dialog (its form). Together with the area's schemas and zod, which
 * only they use (the list takes its rules from '@fitconnect/contracts/challenge-rules'), that is about 17 KB gzip
 * less on a first visit. Each loads ahead of need:
 * - the detail page on intent from a card's "View Details" link (a pointer over it, focus, a touch), before a
 *   server-rendered one hydrates (the routes module's `prepare`) and on the server before it renders (../../server.tsx),
 *   otherwise with its first render (lazyPage's spinner, then the page);
 * - the create dialog on intent from the "Create Challenge" button (ChallengesPage).
 */
export const ChallengeDetailPage = preloadablePage(() => import('./components/ChallengeDetailPage'), 'ChallengeDetailPage');

/** Intent to open a challenge: start the detail page's files, quietly (a failed load is tried again when it renders). */
export function preloadChallengeOnIntent(): void {
  ChallengeDetailPage.preload().catch(() => undefined);
}

let createDialog: Promise<ComponentType<CreateChallengeDialogProps>> | null = null;
/** The create dialog's component (once; a failed load is tried again next time). */
export function loadCreateDialog(): Promise<ComponentType<CreateChallengeDialogProps>> {
  createDialog ??= import('./components/CreateChallengeDialog').then(
    (m) => m.CreateChallengeDialog,
    (err: unknown) => {
      createDialog = null;
      throw err;
    },
  );
  return createDialog;
}
