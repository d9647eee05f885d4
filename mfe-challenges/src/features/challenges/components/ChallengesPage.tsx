import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { UserChallenge } from '@fitconnect/contracts';
import { Banner, Button, EmptyState, PageContainer, PageHeading, Spinner, signInPath, useCurrentUser } from '@fitconnect/shared-ui';
import { isOfflineError, OfflineNotice, showsError, useOnline } from '@fitconnect/shared-ui/patterns';
import { useChallenges } from '../api/get-challenges';
import { useUserChallenges } from '../api/get-user-challenges';
import { progressPercent } from '../lib/format';
import { useRenderNow } from '../lib/clock';
import { timingOf } from '../lib/timing';
import { ChallengeSections } from './ChallengeSections';
import type { CreateChallengeDialogProps } from './CreateChallengeDialog';
import { loadCreateDialog } from '../lazy';
import { Icon } from './icons';
import { StatCards, type Stat } from './StatCards';

/** Average completion across the user's challenges, in percent (units differ between challenges, percentages do not). */
export function averageProgress(rows: UserChallenge[]): number {
  if (rows.length === 0) return 0;
  const sum = rows.reduce((acc, r) => acc + progressPercent(r.currentProgress, r.challenge.target), 0);
  return Math.round(sum / rows.length);
}

type DialogState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; Dialog: ComponentType<CreateChallengeDialogProps> };

/**
 * The create dialog's code, asked for on intent (a pointer over the button, focus, the press: `want()`), so the
 * list's first visit does not load it (../lazy.ts). A failed load is tried again on the next intent.
 */
function useCreateDialog(): { state: DialogState; want: () => void } {
  const [state, setState] = useState<DialogState>({ status: 'idle' });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const want = () => {
    if (state.status === 'ready' || state.status === 'loading') return;
    setState({ status: 'loading' });
    loadCreateDialog().then(
      (Dialog) => mounted.current && setState({ status: 'ready', Dialog }),
      () => mounted.current && setState({ status: 'failed' }),
    );
  };
  return { state, want };
}

/** /challenges: header, four stat cards, the cards grid, the create dialog (SPEC §2). */
export function ChallengesPage() {
  const { user, isSignedIn, isLoading: userLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const list = useChallenges(userId, !userLoading);
  const online = useOnline();
  const mine = useUserChallenges(userId);
  const [createOpen, setCreateOpen] = useState(false);
  const createDialog = useCreateDialog();
  const CreateDialog = createDialog.state.status === 'ready' ? createDialog.state.Dialog : null;
  const navigate = useNavigate();
  // The server's clock while a server-rendered page hydrates (lib/clock.ts), the browser's after.
  const now = useRenderNow();

  const createAction = isSignedIn ? (
    <Button
      onClick={() => {
        createDialog.want();
        setCreateOpen(true);
      }}
      onPointerEnter={createDialog.want}
      onFocus={createDialog.want}
    >
      <Icon name="plus" size={18} /> Create Challenge
    </Button>
  ) : (
    <Button as={Link} to={signInPath('/challenges')}>
      Sign In to Create
    </Button>
  );

  const mineReady = isSignedIn && mine.data;
  const activeStat: Stat = {
    label: 'Active Challenges',
    icon: <Icon name="flame" />,
    value: list.data ? list.data.filter((c) => timingOf(c, now) === 'active').length : '--',
    testId: 'stat-active',
  };
  // Signed out, the three personal cards would only ever say '--': one card invites sign-in instead.
  const stats: Stat[] =
    !userLoading && !isSignedIn
      ? [
          activeStat,
          {
            label: 'Your progress',
            icon: <Icon name="chart" />,
            value: <Link to={signInPath('/challenges')}>Sign in to track</Link>,
            testId: 'stat-sign-in',
          },
        ]
      : [
          activeStat,
          { label: 'Joined', icon: <Icon name="users" />, value: mineReady ? mine.data.length : '--', testId: 'stat-joined' },
          { label: 'Completed', icon: <Icon name="check" />, value: mineReady ? mine.data.filter((r) => r.completed).length : '--', testId: 'stat-completed' },
          { label: 'Total Progress', icon: <Icon name="chart" />, value: mineReady ? `${averageProgress(mine.data)}%` : '--', testId: 'stat-progress' },
        ];

  let content;
  // The challenges shown stay when a later refetch fails for the connection (showsError).
  const failed = showsError(list);
  // Offline (issue 31): a clear notice instead of a spinner that waits or an error.
  if ((!online && !list.data) || (failed && isOfflineError(list.error))) {
    content = <OfflineNotice action={<Button onClick={() => void list.refetch()}>Try Again</Button>}>Challenges need a connection.</OfflineNotice>;
  } else if (list.isPending) {
    content = <Spinner center label="Loading challenges" />;
  } else if (failed || !list.data) {
    content = (
      <div role="alert">
        <EmptyState
          icon={<Icon name="alert" size={40} />}
          title="Could not load challenges"
          description="Something went wrong while loading the challenges. Please try again."
          action={<Button onClick={() => void list.refetch()}>Try Again</Button>}
        />
      </div>
    );
  } else if (list.data.length === 0) {
    content = (
      <EmptyState
        icon={<Icon name="general" size={40} />}
        title="No Challenges Available"
        description={isSignedIn ? 'Be the first to create a fitness challenge for the community!' : 'Sign in to create the first fitness challenge.'}
        action={createAction}
      />
    );
  } else {
    // Issue 28.11: featured and popular first, new community challenges in their own (paged) section, then past ones.
    content = <ChallengeSections list={list.data} userId={userId} userKnown={!userLoading} signedIn={isSignedIn} now={now} />;
  }

  return (
    <PageContainer>
      <PageHeading subtitle="Join a challenge, log your progress and climb the leaderboard." actions={createAction}>
        Fitness Challenges
      </PageHeading>
      <StatCards label="Challenge statistics" stats={stats} />
      {content}
      {isSignedIn && createOpen && createDialog.state.status === 'failed' && (
        <Banner tone="danger" title="The form could not be opened">
          Check your connection, then press Create Challenge again.
        </Banner>
      )}
      {isSignedIn && CreateDialog && <CreateDialog open={createOpen} onClose={() => setCreateOpen(false)} onCreated={(c) => navigate(`/challenges/${c.id}`)} />}
    </PageContainer>
  );
}
