import { useState, type FormEvent } from 'react';
import { Button, apiErrorMessage, toast } from '@fitconnect/shared-ui';
import { TextArea } from '@fitconnect/shared-ui/forms';
import { Dialog } from '@fitconnect/shared-ui/widgets';
import { ReportChallengeBody, type ChallengeSummary } from '@fitconnect/contracts/challenges';
import { useReportChallenge } from '../api/report-challenge';

/**
 * "Report this challenge" (issue 28.11), as a community review is reported: an optional reason, once per
 * person; a challenge reported by three people is hidden until a moderator looks (`npm run moderate`).
 * Not offered to its creator (the API refuses it too).
 */
export function ReportChallenge({ challenge }: { challenge: Pick<ChallengeSummary, 'id' | 'title'> }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const report = useReportChallenge({
    onSuccess: () => {
      setOpen(false);
      setReported(true);
      toast({ title: 'Report sent', description: 'Thank you. A moderator will take a look at this challenge.', variant: 'success' });
    },
    onError: (err) => {
      const message = apiErrorMessage(err, 'Failed to report this challenge.');
      if (/already reported/i.test(message)) {
        setOpen(false);
        setReported(true);
      }
      toast({ title: 'Error', description: message, variant: 'destructive' });
    },
  });
  const close = () => {
    if (report.isPending) return;
    setReason('');
    setError(undefined);
    setOpen(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = ReportChallengeBody.safeParse({ reason });
    if (!r.success) {
      setError(r.error.issues[0]?.message);
      return;
    }
    report.mutate({ id: challenge.id, reason: r.data.reason });
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} disabled={reported}>
        {reported ? 'Reported' : 'Report this challenge'}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Report Challenge"
        description={`Tell us what is wrong with “${challenge.title}”. A challenge reported by several people is hidden until a moderator checks it.`}
        size="sm"
      >
        <form onSubmit={submit} noValidate>
          <TextArea
            label="Reason (optional)"
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            error={error}
            disabled={report.isPending}
          />
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16, flexWrap: 'wrap' }}>
            <Button variant="outline" onClick={close} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={report.isPending}>
              Report Challenge
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
