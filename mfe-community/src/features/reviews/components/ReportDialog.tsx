import { useState, type FormEvent } from 'react';
import { Button } from '@fitconnect/shared-ui';
import { TextArea } from '@fitconnect/shared-ui/forms';
import { Dialog } from '@fitconnect/shared-ui/widgets';
import { ReportCommunityReviewBody, type CommunityReview } from '@fitconnect/contracts/community';

export interface ReportDialogProps {
  review: CommunityReview | null;
  onClose: () => void;
  onSubmit: (id: number, reason: string) => void;
  pending?: boolean;
}

/** Report a review, with an optional reason. Three different reporters hide it until a moderator looks. */
export function ReportDialog({ review, onClose, onSubmit, pending = false }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    if (pending) return;
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!review) return;
    const r = ReportCommunityReviewBody.safeParse({ reason });
    if (!r.success) {
      setError(r.error.issues[0]?.message);
      return;
    }
    onSubmit(review.id, r.data.reason);
  };
  return (
    <Dialog
      open={review !== null}
      onClose={close}
      title="Report Review"
      description="Tell us what is wrong with this review. A review reported by several people is hidden until a moderator checks it."
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
          disabled={pending}
        />
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16, flexWrap: 'wrap' }}>
          <Button variant="outline" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            Report Review
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
