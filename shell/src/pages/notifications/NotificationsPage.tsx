import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationKind, type NotificationPreferences } from '@fitconnect/contracts/auth';
import { apiErrorMessage, apiRequest, isApiError, Badge, Banner, Button, Card, CardBody, CardDescription, CardHeader, CardTitle, PageContainer, Spinner } from '@fitconnect/shared-ui';
// A lazy page: the patterns' chunk loads with it, never on the landing page. showsError: the settings shown stay
// when a later refetch fails for the connection.
import { showsError } from '@fitconnect/shared-ui/patterns';
import { focusRing } from '../styles';
import { currentSubscription, disablePush, enablePush, pushPermission, type PushPermission } from './push';

export const PREFERENCES_KEY = ['notifications', 'preferences'] as const;

const KINDS: { kind: NotificationKind; title: string; description: string }[] = [
  { kind: 'messages', title: 'Messages', description: 'A summary when a message is still unread after 10 minutes (at most one an hour per conversation).' },
  { kind: 'sessions', title: 'Sessions', description: 'Session requests, confirmations, declines and cancellations, and a reminder 24 hours before a confirmed session.' },
];

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 720px;
`;

const Fieldset = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    font-weight: 700;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Toggles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.xl}`};
`;

const ToggleLabel = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ $disabled, theme }) => ($disabled ? theme.colors.textMuted : theme.colors.text)};
`;

/** A real checkbox (role switch) drawn as a switch. */
const Switch = styled.input`
  appearance: none;
  flex: none;
  position: relative;
  width: 44px;
  height: 24px;
  margin: 0;
  border-radius: 999px;
  border: 2px solid ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  cursor: inherit;
  transition: background 0.15s ease;
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textMuted};
    transition: transform 0.15s ease;
  }
  &:checked {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:checked::after {
    transform: translateX(20px);
    background: ${({ theme }) => theme.colors.primaryText};
  }
  &:disabled {
    opacity: 0.55;
  }
  ${focusRing}
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &::after {
      transition: none;
    }
  }
`;

const PushActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
`;

const Status = styled.p`
  margin: 0;
  min-height: 1.5em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  ${focusRing}
`;

type PushState = { permission: PushPermission; subscription: PushSubscription | null; checking: boolean };

function usePushState() {
  const [state, setState] = useState<PushState>({ permission: pushPermission(), subscription: null, checking: true });
  useEffect(() => {
    let live = true;
    currentSubscription()
      .catch(() => null)
      .then((subscription) => live && setState({ permission: pushPermission(), subscription, checking: false }));
    return () => {
      live = false;
    };
  }, []);
  return [state, setState] as const;
}

function pushExplanation(p: PushState): string {
  if (p.permission === 'unsupported') return 'This browser does not support push notifications.';
  if (p.permission === 'denied') return 'Notifications are blocked for this site. Allow them in your browser’s site settings to turn push on.';
  if (!p.subscription) return 'Push switches turn on once you enable push notifications in this browser.';
  return 'Push notifications are on for this browser.';
}

/** A failure of the browser's push APIs says what went wrong in its own words; the API's, in the API's. */
function pushErrorMessage(err: unknown, fallback: string): string {
  if (!isApiError(err) && err instanceof Error && err.message) return err.message;
  return apiErrorMessage(err, fallback);
}

/** /profile/notifications: what FitConnect tells the signed-in user about, by email and by push. */
export function NotificationsPage() {
  const queryClient = useQueryClient();
  const pushHelpId = useId();
  const pushTitleId = useId();
  const kindsTitleId = useId();
  const securityTitleId = useId();
  const prefs = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () => apiRequest<NotificationPreferences>('GET', '/api/notifications/preferences'),
  });
  const [push, setPush] = usePushState();
  const [status, setStatus] = useState('');
  const [pushError, setPushError] = useState<string | null>(null);
  const [pushBusy, setPushBusy] = useState(false);
  // The switches show the choice the moment it is clicked. React restores a controlled checkbox to its rendered
  // value at the end of the click; react-query's onMutate runs only after an await, so without this state the
  // switch would flick back until the cache was updated (and a test reading it straight after the click saw no change).
  const [pending, setPending] = useState<NotificationPreferences | null>(null);

  const save = useMutation({
    mutationFn: (next: NotificationPreferences) => apiRequest<NotificationPreferences>('PUT', '/api/notifications/preferences', next),
    onMutate: async (next) => {
      setStatus('Saving…');
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<NotificationPreferences>(PREFERENCES_KEY);
      queryClient.setQueryData(PREFERENCES_KEY, next);
      return { before };
    },
    onError: (err, _next, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
      setStatus(apiErrorMessage(err, 'Your change could not be saved. Please try again.'));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      setStatus('Saved.');
    },
    onSettled: (_data, _err, next) => setPending((p) => (p === next ? null : p)),
  });

  const current = pending ?? prefs.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const pushReady = push.permission === 'granted' && push.subscription !== null;

  const toggle = (kind: NotificationKind, channel: 'email' | 'push', on: boolean) => {
    const next = { ...current, [kind]: { ...current[kind], [channel]: on } };
    setPending(next);
    save.mutate(next);
  };

  const onEnable = async () => {
    setPushBusy(true);
    setPushError(null);
    try {
      const subscription = await enablePush();
      setPush({ permission: pushPermission(), subscription, checking: false });
      setStatus('Push notifications are enabled for this browser. Choose what to receive below.');
    } catch (err) {
      setPush((p) => ({ ...p, permission: pushPermission() }));
      setPushError(pushErrorMessage(err, 'Push notifications could not be enabled. Please try again.'));
    } finally {
      setPushBusy(false);
    }
  };

  const onDisable = async () => {
    if (!push.subscription) return;
    setPushBusy(true);
    setPushError(null);
    try {
      await disablePush(push.subscription);
      setPush((p) => ({ ...p, subscription: null }));
      setStatus('Push notifications are off for this browser.');
    } catch (err) {
      setPushError(pushErrorMessage(err, 'Push notifications could not be turned off. Please try again.'));
    } finally {
      setPushBusy(false);
    }
  };

  return (
    <PageContainer>
      <Title>Notifications</Title>
      <Lead>
        Choose what FitConnect tells you about, by email and by push. <BackLink to="/profile">Back to your profile</BackLink>
      </Lead>
      <Stack>
        <Card as="section" aria-labelledby={pushTitleId}>
          <CardHeader>
            <CardTitle as="h2" id={pushTitleId}>
              Push notifications in this browser
            </CardTitle>
            <CardDescription id={pushHelpId}>{push.checking ? 'Checking this browser…' : pushExplanation(push)}</CardDescription>
          </CardHeader>
          <CardBody>
            <PushActions>
              {!pushReady && push.permission !== 'unsupported' && push.permission !== 'denied' && (
                <Button onClick={onEnable} loading={pushBusy} disabled={push.checking}>
                  Enable push notifications
                </Button>
              )}
              {pushReady && (
                <Button variant="outline" onClick={onDisable} loading={pushBusy}>
                  Turn off push in this browser
                </Button>
              )}
            </PushActions>
            {pushError && (
              <Banner tone="danger" title="Push notifications">
                {pushError}
              </Banner>
            )}
          </CardBody>
        </Card>

        <Card as="section" aria-labelledby={kindsTitleId}>
          <CardHeader>
            <CardTitle as="h2" id={kindsTitleId}>
              What to tell you about
            </CardTitle>
          </CardHeader>
          <CardBody>
            {prefs.isPending ? (
              <Spinner label="Loading your notification settings" />
            ) : showsError(prefs) ? (
              <Banner tone="danger" title="Could not load your notification settings">
                {apiErrorMessage(prefs.error, 'Please try again.')}{' '}
                <Button variant="outline" size="sm" onClick={() => void prefs.refetch()}>
                  Try again
                </Button>
              </Banner>
            ) : (
              KINDS.map(({ kind, title, description }) => (
                <Fieldset key={kind}>
                  <legend>{title}</legend>
                  <Muted>{description}</Muted>
                  <Toggles>
                    <ToggleLabel $disabled={false}>
                      <Switch type="checkbox" role="switch" checked={current[kind].email} onChange={(e) => toggle(kind, 'email', e.target.checked)} />
                      Email
                    </ToggleLabel>
                    <ToggleLabel $disabled={!pushReady}>
                      <Switch
                        type="checkbox"
                        role="switch"
                        checked={current[kind].push}
                        disabled={!pushReady}
                        aria-describedby={pushReady ? undefined : pushHelpId}
                        onChange={(e) => toggle(kind, 'push', e.target.checked)}
                      />
                      Push
                    </ToggleLabel>
                  </Toggles>
                </Fieldset>
              ))
            )}
            <Status role="status" aria-live="polite">
              {status}
            </Status>
          </CardBody>
        </Card>

        <Card as="section" aria-labelledby={securityTitleId}>
          <CardHeader>
            <CardTitle as="h2" id={securityTitleId}>
              Security notices
            </CardTitle>
            <CardDescription>Always sent by email, to keep your account safe. They cannot be switched off.</CardDescription>
          </CardHeader>
          <CardBody>
            <List>
              <li>
                <span>Your password was changed</span>
                <Badge tone="success">Always on</Badge>
              </li>
              <li>
                <span>Your email address was changed (sent to the old address)</span>
                <Badge tone="success">Always on</Badge>
              </li>
            </List>
          </CardBody>
        </Card>
      </Stack>
    </PageContainer>
  );
}
