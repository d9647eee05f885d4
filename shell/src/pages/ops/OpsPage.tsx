import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { OpsAction, OpsRolloutsResponse, RolloutAreaStatus, RolloutAuditEntry } from '@fitconnect/contracts/src/rollout';
import { apiErrorMessage, apiRequest, Badge, Banner, Button, Card, CardBody, CardHeader, CardTitle, EmptyState, isApiError, PageContainer, Spinner, toast, visuallyHidden } from '@fitconnect/shared-ui';
import { TextArea } from '@fitconnect/shared-ui/forms';
import { Dialog } from '@fitconnect/shared-ui/widgets';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { HealthCharts } from './HealthCharts';

const OPS_KEY = ['ops', 'rollouts'] as const;
const LOG_KEY = ['ops', 'rollouts', 'log'] as const;

const Areas = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.md};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;
const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
  li[aria-current='step'] {
    font-weight: 700;
    text-decoration: underline;
  }
`;
const LogTable = styled.div`
  overflow-x: auto;
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td.reason {
    min-width: 16rem;
  }
  caption {
    ${visuallyHidden}
  }
`;
const SectionTitle = styled.h2`
  margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;
const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xs};
`;
const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;
/** The Banner has no margin of its own: the page keeps the cards below it at the page's spacing. */
const Notice = styled.div`
  margin: 0 0 ${({ theme }) => theme.space.lg};
`;

const ACTION_LABEL: Record<OpsAction, string> = { pause: 'Pause', resume: 'Resume', promote: 'Promote', rollback: 'Roll back', kill: 'Kill', release: 'Release' };
const ACTION_HELP: Record<OpsAction, string> = {
  pause: 'The plan takes no decision until it is resumed; the share stays where it is.',
  resume: 'The plan runs again; its next decision comes one interval from now.',
  promote: 'The candidate becomes the stable version for every visitor.',
  rollback: 'The candidate goes to 0 %: every visitor gets the stable version from their next page load.',
  kill: 'Every visitor gets the stable version at once; no plan advances until released.',
  release: 'Ends the kill: the candidate’s visitors get it again.',
};

/** The buttons an area's state allows. */
function actionsFor(a: RolloutAreaStatus): OpsAction[] {
  const out: OpsAction[] = [];
  if (a.plan?.state === 'running') out.push('pause');
  if (a.plan?.state === 'paused') out.push('resume');
  if (a.candidate && !a.killed) out.push('promote');
  if (a.candidate && a.candidate.percent > 0) out.push('rollback');
  out.push(a.killed ? 'release' : 'kill');
  return out;
}

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '–');

function ReasonDialog({ area, action, onClose }: { area: string; action: OpsAction; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const qc = useQueryClient();
  const run = useMutation({
    mutationFn: (r: string) => apiRequest('POST', `/api/ops/rollouts/${area}/${action}`, { reason: r }),
    onSuccess: async () => {
      toast({ title: `${ACTION_LABEL[action]}: ${area}`, description: 'Done. The audit log records it with your reason.', variant: 'success' });
      await Promise.all([qc.invalidateQueries({ queryKey: OPS_KEY }), qc.invalidateQueries({ queryKey: LOG_KEY })]);
      onClose();
    },
    onError: (err) => setError(apiErrorMessage(err, 'The action could not be done.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError('A reason is required: it goes into the audit log.');
      return;
    }
    setError(undefined);
    run.mutate(reason.trim());
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${ACTION_LABEL[action]} ${area}`}
      description={ACTION_HELP[action]}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} type="button">
            Cancel
          </Button>
          <Button type="submit" form="ops-reason-form" variant={action === 'kill' || action === 'rollback' ? 'danger' : 'primary'} disabled={run.isPending}>
            {run.isPending ? 'Working…' : ACTION_LABEL[action]}
          </Button>
        </>
      }
    >
      <form id="ops-reason-form" onSubmit={submit} noValidate>
        <TextArea label="Reason" name="reason" required maxLength={500} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} error={error} hint="Recorded in the audit log with your email." />
      </form>
    </Dialog>
  );
}

function AreaCard({ a, series, onAction }: { a: RolloutAreaStatus; series: OpsRolloutsResponse['series'][string]; onAction: (action: OpsAction) => void }) {
  const h = a.health;
  return (
    <Card as="section" aria-labelledby={`ops-${a.area}`} data-ops-area={a.area}>
      <CardHeader>
        <CardTitle as="h2" id={`ops-${a.area}`}>
          {a.area}{' '}
          {a.killed ? <Badge tone="danger">Killed</Badge> : a.candidate && a.candidate.percent > 0 ? <Badge tone="info">Candidate at {a.candidate.percent} %</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardBody>
        {a.killed && (
          <Banner tone="danger">
            Killed {when(a.killed.at)} by {a.killed.by}: {a.killed.reason}
          </Banner>
        )}
        <Facts>
          <dt>Stable</dt>
          <dd>{a.stable.version}</dd>
          <dt>Candidate</dt>
          <dd data-ops-candidate>{a.candidate ? `${a.candidate.version} at ${a.candidate.percent} %` : 'none'}</dd>
          {a.plan && (
            <>
              <dt>Plan</dt>
              <dd>
                <Steps aria-label="Steps">
                  {a.plan.steps.map((s, i) => (
                    <li key={s} aria-current={i === a.plan!.stepIndex && a.plan!.state === 'running' ? 'step' : undefined}>
                      {s} %
                    </li>
                  ))}
                </Steps>
                {a.plan.state}
                {a.plan.state === 'running' ? `: step ${a.plan.stepIndex + 1} of ${a.plan.steps.length}, next decision ${when(a.plan.nextDecisionAt)}` : a.plan.endedReason ? `: ${a.plan.endedReason}` : ''}
              </dd>
              {a.plan.lastDecision && (
                <>
                  <dt>Last decision</dt>
                  <dd>{a.plan.lastDecision.reason}</dd>
                </>
              )}
            </>
          )}
          {a.autoRollback && (
            <>
              <dt>Automatic rollback</dt>
              <dd>
                {when(a.autoRollback.at)}: {a.autoRollback.reason}
              </dd>
            </>
          )}
          {h && (
            <>
              <dt>Health (this run)</dt>
              <dd>
                candidate {h.candidate.visitors} visitors, {h.candidate.errorVisitors} with errors, {h.candidate.api5xxVisitors} of {h.candidate.apiVisitors} with API 5xx, LCP p75{' '}
                {h.candidate.lcpP75 ?? '–'} ms, INP p75 {h.candidate.inpP75 ?? '–'} ms; stable {h.stable.visitors} visitors, {h.stable.errorVisitors} with errors,{' '}
                {h.stable.api5xxVisitors} of {h.stable.apiVisitors} with API 5xx, LCP p75 {h.stable.lcpP75 ?? '–'} ms, INP p75 {h.stable.inpP75 ?? '–'} ms
              </dd>
            </>
          )}
        </Facts>
        {a.candidate && <HealthCharts area={a.area} series={series ?? []} />}
        <Actions aria-label={`Actions on ${a.area}`} role="group">
          {actionsFor(a).map((action) => (
            <Button key={action} variant={action === 'kill' || action === 'rollback' ? 'danger' : 'secondary'} onClick={() => onAction(action)}>
              {ACTION_LABEL[action]}
            </Button>
          ))}
        </Actions>
      </CardBody>
    </Card>
  );
}

function AuditLog() {
  const log = useQuery({ queryKey: LOG_KEY, queryFn: () => apiRequest<{ entries: RolloutAuditEntry[] }>('GET', '/api/ops/rollouts/log?limit=50') });
  if (log.isPending) return <Spinner label="Loading the audit log" />;
  if (showsError(log) || !log.data) return <Banner tone="danger">The audit log could not be loaded: {apiErrorMessage(log.error, 'please try again.')}</Banner>;
  if (log.data.entries.length === 0) return <p>No changes yet.</p>;
  return (
    <LogTable>
      <table data-ops-log>
        <caption>Rollout audit log, newest first</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Time</th>
            <th scope="col">Area</th>
            <th scope="col">Action</th>
            <th scope="col">Who</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {log.data.entries.map((e) => (
            <tr key={e.id}>
              <td>{e.id}</td>
              <td>{when(e.at)}</td>
              <td>{e.area}</td>
              <td>{e.action}</td>
              <td>{e.actor}</td>
              <td className="reason">{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </LogTable>
  );
}

/** /ops: every area's rollout, its health over time and the audit log, for signed-in operators. */
export function OpsPage() {
  useEffect(() => {
    document.title = 'Rollouts | FitConnect operations';
  }, []);
  const [open, setOpen] = useState<{ area: string; action: OpsAction } | null>(null);
  const ops = useQuery({ queryKey: OPS_KEY, queryFn: () => apiRequest<OpsRolloutsResponse>('GET', '/api/ops/rollouts'), refetchInterval: 30_000 });
  if (ops.isPending) return <Spinner center label="Loading rollouts" />;
  // A refetch (every 30 s) that fails for the connection keeps the status on screen, and an open reason dialog with
  // it, under a notice that it may be out of date (showsError); a refusal (403) or nothing loaded yet shows here.
  if (showsError(ops) || !ops.data) {
    const forbidden = isApiError(ops.error) && ops.error.status === 403;
    return (
      <PageContainer>
        <EmptyState
          headingAs="h1"
          title={forbidden ? 'Operators only' : 'Rollouts could not be loaded'}
          description={forbidden ? 'This page is for operators. Ask one to run `npm run rollout -- operator grant <your email>`.' : apiErrorMessage(ops.error, 'Please try again in a moment.')}
          action={forbidden ? undefined : <Button onClick={() => void ops.refetch()}>Retry</Button>}
        />
      </PageContainer>
    );
  }
  const { status, series, operator } = ops.data;
  return (
    <PageContainer>
      <Title>Rollouts</Title>
      <Muted>Signed in as operator {operator}. Every action asks for a reason and is recorded in the audit log.</Muted>
      {ops.isError && (
        <Notice>
          <Banner tone="warning" title="Could not refresh the rollouts">
            {apiErrorMessage(ops.error, 'The connection failed.')} What is shown is the last status loaded; it is tried again every 30 seconds.
          </Banner>
        </Notice>
      )}
      <Areas>
        {status.areas.map((a) => (
          <AreaCard key={a.area} a={a} series={series[a.area] ?? []} onAction={(action) => setOpen({ area: a.area, action })} />
        ))}
      </Areas>
      <SectionTitle>Audit log</SectionTitle>
      <AuditLog />
      {open && <ReasonDialog area={open.area} action={open.action} onClose={() => setOpen(null)} />}
    </PageContainer>
  );
}
